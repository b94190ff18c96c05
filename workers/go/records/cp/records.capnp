# GENERATED INPUT: crates/codecs/src/capnproto/records.capnp with the Go
# annotations capnpc-go needs appended (same file id, same structs, so the
# same wire layout). Regenerate records.capnp.go with workers/go/records/gen.sh.
# The codec matrix's records in Cap'n Proto. The Rust code generated from
# this file is committed beside it (records_capnp.rs); README.md gives the
# command that regenerates it.
#
# Layout choices: Cap'n Proto has no fixed-size arrays, so the IPv4 address
# is one UInt32 (octets big-endian, network order) and Telemetry's readings
# and counters are lists that must hold exactly 8 and 4 values. Optional
# strings are null pointers; the optional discount is a union. A string map
# is a list of key/value entries in key order.

@0xb177d5a565a3cb47;

struct LogRecord {
  timestampMs @0 :Int64;
  ip @1 :UInt32;
  userId @2 :UInt64;
  method @3 :Text;
  path @4 :Text;
  status @5 :UInt16;
  bytes @6 :UInt64;
  referrer @7 :Text;      # null when absent
  userAgent @8 :Text;
}

struct Telemetry {
  timestampUs @0 :Int64;
  sensor @1 :UInt32;
  readings @2 :List(Float64);  # exactly 8
  counters @3 :List(Int32);    # exactly 4
  flags @4 :UInt8;
}

struct Customer {
  id @0 :UInt64;
  name @1 :Text;
  email @2 :Text;          # null when absent
  tags @3 :List(Text);
}

struct LineItem {
  sku @0 :Text;
  quantity @1 :UInt32;
  priceCents @2 :Int64;
  discount :union {
    none @3 :Void;
    some @4 :Float64;
  }
}

struct Attribute {
  key @0 :Text;
  value @1 :Text;
}

struct Order {
  id @0 :UInt64;
  customer @1 :Customer;
  items @2 :List(LineItem);
  attributes @3 :List(Attribute);  # in key order
  note @4 :Text;                   # null when absent
}

# A batch holds one record type: the other two lists are null.
struct Batch {
  logs @0 :List(LogRecord);
  telemetry @1 :List(Telemetry);
  orders @2 :List(Order);
}

using Go = import "/go.capnp";
$Go.package("cp");
$Go.import("encbench.local/worker/records/cp");
