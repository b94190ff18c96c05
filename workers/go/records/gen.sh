#!/bin/sh
# Regenerates the committed generated code of the Go record worker. A dev-time
# tool only: building and testing need none of these generators.
#   apt-get install -y protobuf-compiler flatbuffers-compiler capnproto
#   go install google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.12
#   go install capnproto.org/go/capnp/v3/capnpc-go@v3.1.0-alpha.1
# Versions used: protoc 3.21.12, flatc 2.0.8, capnp 0.9.2.
# fb/records.fbs and cp/records.capnp are derived copies of the Rust schemas
# (see their headers); when crates/codecs/src/{flatbuf,capnproto} change,
# change them the same way.
set -e
cd "$(dirname "$0")"
ROOT=../../..
GOBIN=$(go env GOPATH)/bin
note() { # prepend how to regenerate
  for f in "$@"; do
    { echo "// Regenerate with workers/go/records/gen.sh; do not edit."; cat "$f"; } > "$f.tmp" && mv "$f.tmp" "$f"
  done
}
protoc -I "$ROOT/crates/codecs/src/protobuf" --plugin=protoc-gen-go="$GOBIN/protoc-gen-go" \
  --go_out=pb --go_opt=paths=source_relative \
  --go_opt=Mrecords.proto=encbench.local/worker/records/pb \
  "$ROOT/crates/codecs/src/protobuf/records.proto"
note pb/records.pb.go
(cd fb && rm -f ./*.go && flatc --go --go-namespace fb -o . records.fbs && mv fb/*.go . && rmdir fb)
gofmt -w fb
note fb/*.go
STD=$(go list -m -f '{{.Dir}}' capnproto.org/go/capnp/v3)/std
(cd cp && PATH="$GOBIN:$PATH" capnp compile -I"$STD" -ogo records.capnp)
note cp/records.capnp.go
