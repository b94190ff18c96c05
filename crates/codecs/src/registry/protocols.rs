//! Protocol messages: Megaco (seed 004) and BGP.

use crate::{CodecInfo, Family, Input, Ops};

/// Scenario `bgp`: the routing table's encodings and `bgp dump` against bgpdump.
pub const BGP_CODECS: &[CodecInfo] = &[
    bgp(
        "bgp/wire",
        Family::SchemaBinary,
        "BGP-4 UPDATE messages (RFC 4271, 4-byte ASNs), ≤ 4096 bytes each",
    )
    .decoder("encbench"),
    bgp(
        "bgp/text-bgpdump",
        Family::Text,
        "one `bgpdump -m` line per prefix",
    )
    .decoder("encbench"),
    bgp(
        "bgp/json-exabgp",
        Family::Text,
        "ExaBGP-style JSON, one update object per line (serde_json)",
    )
    .decoder("serde_json"),
    bgp(
        "bgp/cbor",
        Family::SchemalessBinary,
        "the UPDATE model as CBOR (ciborium)",
    )
    .decoder("ciborium"),
    bgp(
        "bgp-dump/encbench",
        Family::Text,
        "`encbench bgp dump FILE` as a child process: MRT to bgpdump -m text",
    )
    .ops(Ops::DECODE)
    .decoder("encbench"),
    bgp(
        "bgp-dump/encbench-in-process",
        Family::Text,
        "the same dump in-process, without process start-up",
    )
    .ops(Ops::DECODE)
    .decoder("encbench"),
    bgp(
        "bgp-dump/bgpdump-m",
        Family::Worker,
        "C: Debian's `bgpdump -m FILE` as a child process",
    )
    .ops(Ops::DECODE),
];

/// Our BGP decoders attacked by `robust` on their own (the rows of `bgp`
/// measure them through the encodings above).
pub const BGP_DECODERS: &[CodecInfo] = &[
    bgp(
        "bgp/update",
        Family::SchemaBinary,
        "BGP-4 UPDATE message parser (RFC 4271, 4-byte AS numbers)",
    )
    .ops(Ops::DECODE)
    .decoder("encbench"),
    bgp(
        "bgp/update-as2",
        Family::SchemaBinary,
        "BGP-4 UPDATE message parser, 2-byte AS numbers (pre-RFC 6793 speakers)",
    )
    .ops(Ops::DECODE)
    .decoder("encbench"),
    bgp(
        "bgp/mrt",
        Family::SchemaBinary,
        "MRT reader (RFC 6396): TABLE_DUMP_V2 RIBs and BGP4MP updates",
    )
    .ops(Ops::DECODE)
    .decoder("encbench"),
];

/// Scenario `megaco`: the text model's codecs (`crates/megaco`), ours in
/// ASN.1 (`crates/megaco-asn1`), and Erlang/OTP's own in the Erlang worker.
pub const MEGACO_CODECS: &[CodecInfo] = &[
    megaco(
        "megaco/pretty",
        Family::Text,
        "Megaco pretty text (long tokens, indented): hand-written parser and encoder",
    )
    .decoder("encbench"),
    megaco(
        "megaco/compact",
        Family::Text,
        "Megaco compact text (short tokens, no white space): same parser, compact encoder",
    )
    .decoder("encbench"),
    megaco(
        "megaco/cbor",
        Family::SchemalessBinary,
        "the Megaco message model as CBOR (ciborium via serde)",
    )
    .decoder("ciborium"),
    megaco(
        "megaco/postcard",
        Family::SchemaBinary,
        "the Megaco message model as postcard (serde, varints, no field names)",
    )
    .decoder("postcard"),
    megaco(
        "megaco/ber",
        Family::SchemaBinary,
        "Megaco in ASN.1 BER (rasn, MEDIA-GATEWAY-CONTROL v1-v3 as Erlang's megaco ships them)",
    )
    .decoder("rasn"),
    megaco(
        "megaco/per",
        Family::SchemaBinary,
        "Megaco in ASN.1 aligned PER (rasn, same modules)",
    )
    .decoder("rasn"),
    megaco(
        "megaco/ber-tape",
        Family::SchemaBinary,
        "Megaco in ASN.1 BER, purpose-built: decoders generated per type from the same modules, into a flat tape",
    )
    .decoder("encbench"),
    megaco(
        "megaco/per-tape",
        Family::SchemaBinary,
        "Megaco in ASN.1 aligned PER, purpose-built, into the same tape",
    )
    .decoder("encbench"),
    megaco(
        "megaco/compact-tape",
        Family::Text,
        "Megaco compact text, purpose-built with the same care as the BER and PER tapes: into and out of the same tape, names and term ids mapped as Erlang's binary codecs map them",
    )
    .decoder("encbench"),
    megaco(
        "megaco/pretty-tape",
        Family::Text,
        "Megaco pretty text, purpose-built: the same text tape decoder, a pretty encoder",
    )
    .decoder("encbench"),
    megaco(
        "megaco/erlang-pretty",
        Family::Worker,
        "Erlang/OTP megaco: pretty text encoder and decoder",
    ),
    megaco(
        "megaco/erlang-compact",
        Family::Worker,
        "Erlang/OTP megaco: compact text encoder and decoder",
    ),
    megaco(
        "megaco/erlang-ber",
        Family::Worker,
        "Erlang/OTP megaco: BER with the text-name transformation",
    ),
    megaco(
        "megaco/erlang-per",
        Family::Worker,
        "Erlang/OTP megaco: aligned PER with the text-name transformation",
    ),
    megaco(
        "megaco/erlang-ber-native",
        Family::Worker,
        "Erlang/OTP megaco: BER on wire-form values (native)",
    ),
    megaco(
        "megaco/erlang-per-native",
        Family::Worker,
        "Erlang/OTP megaco: aligned PER on wire-form values (native)",
    ),
];

const fn megaco(id: &'static str, family: Family, summary: &'static str) -> CodecInfo {
    CodecInfo::new(id, family, Input::Megaco, summary)
}

const fn bgp(id: &'static str, family: Family, summary: &'static str) -> CodecInfo {
    CodecInfo::new(id, family, Input::Bgp, summary)
}
