#!/bin/sh
# Regenerates src/generated/v{1,2,3}.rs and src/tape/{schema,decode}_v{1,2,3}.rs
# from the ASN.1 that Erlang/OTP's
# megaco ships, src/tape/text/names_v{1,2,3}.rs from its binary name resolvers, and tests/vectors/{ber,per}.txt from Erlang's own encoders.
# Needs: rasn-compiler 0.16.0 built with its CLI
#   (cargo install rasn-compiler --version 0.16.0 --features cli),
# Erlang/OTP with megaco (Debian: erlang-base erlang-asn1 erlang-megaco
# erlang-src erlang-examples), python3 and rustfmt.
# Run from the repository root: sh crates/megaco-asn1/tools/regenerate.sh
set -eu
crate=crates/megaco-asn1
megaco=$(erl -noshell -eval 'io:format("~s", [code:lib_dir(megaco)]), halt().')
data=${ENCBENCH_DATA_DIR:-../shared/data}
for v in 1 2 3; do
    rasn_compiler_cli -m "$megaco/src/binary/MEDIA-GATEWAY-CONTROL-v$v.asn" -o "$crate/src/generated/v$v.rs"
    rustfmt --edition 2021 "$crate/src/generated/v$v.rs"
    python3 "$crate/tools/fix_extension_constraints.py" "$crate/src/generated/v$v.rs"
    python3 "$crate/tools/gen_schema.py" "$megaco/src/binary/MEDIA-GATEWAY-CONTROL-v$v.asn" \
        "$crate/src/tape/schema_v$v.rs" "V$v" "$crate/src/tape/decode_v$v.rs"
done
escript "$crate/tools/gen_names.escript"
escript workers/erlang/megaco_vectors.escript "$data/megaco/time_test.msgs" "$crate/tests/vectors"
