// Package records is encbench's Go record worker: the three record types of
// crates/codecs/src/records/types.rs as Go structs, and the codec matrix
// (encoding/json, go-json, gob, protobuf, msgpack, CBOR, Avro, FlatBuffers,
// Cap'n Proto, Arrow IPC, Parquet, BSON) over whole batches of them. Each
// standard format writes the batch encbench's own Rust codec writes, and
// reads the Rust codec's bytes (docs/workers.md, "Record workers").
package records

import "fmt"

// IPv4 is the address octets in order (Rust [u8; 4]); it travels as an array
// of 4 integers in the self-describing formats (custom msgpack and BSON
// marshalling, since those libraries would write [4]byte as binary).
type IPv4 [4]uint8

// LogRecord is one web access-log line.
type LogRecord struct {
	TimestampMs int64   `json:"timestamp_ms" msgpack:"timestamp_ms" cbor:"timestamp_ms" bson:"timestamp_ms" avro:"timestamp_ms"`
	IP          IPv4    `json:"ip" msgpack:"ip" cbor:"ip" bson:"ip" avro:"ip"`
	UserID      uint64  `json:"user_id" msgpack:"user_id" cbor:"user_id" bson:"user_id" avro:"user_id"`
	Method      string  `json:"method" msgpack:"method" cbor:"method" bson:"method" avro:"method"`
	Path        string  `json:"path" msgpack:"path" cbor:"path" bson:"path" avro:"path"`
	Status      uint16  `json:"status" msgpack:"status" cbor:"status" bson:"status" avro:"status"`
	Bytes       uint64  `json:"bytes" msgpack:"bytes" cbor:"bytes" bson:"bytes" avro:"bytes"`
	Referrer    *string `json:"referrer" msgpack:"referrer" cbor:"referrer" bson:"referrer" avro:"referrer"`
	UserAgent   string  `json:"user_agent" msgpack:"user_agent" cbor:"user_agent" bson:"user_agent" avro:"user_agent"`
}

// Telemetry is one sensor reading row.
type Telemetry struct {
	TimestampUs int64      `json:"timestamp_us" msgpack:"timestamp_us" cbor:"timestamp_us" bson:"timestamp_us" avro:"timestamp_us"`
	Sensor      uint32     `json:"sensor" msgpack:"sensor" cbor:"sensor" bson:"sensor" avro:"sensor"`
	Readings    [8]float64 `json:"readings" msgpack:"readings" cbor:"readings" bson:"readings" avro:"readings"`
	Counters    [4]int32   `json:"counters" msgpack:"counters" cbor:"counters" bson:"counters" avro:"counters"`
	Flags       uint8      `json:"flags" msgpack:"flags" cbor:"flags" bson:"flags" avro:"flags"`
}

// Order is one order with its customer and line items.
type Order struct {
	ID         uint64            `json:"id" msgpack:"id" cbor:"id" bson:"id" avro:"id"`
	Customer   Customer          `json:"customer" msgpack:"customer" cbor:"customer" bson:"customer" avro:"customer"`
	Items      []LineItem        `json:"items" msgpack:"items" cbor:"items" bson:"items" avro:"items"`
	Attributes map[string]string `json:"attributes" msgpack:"attributes" cbor:"attributes" bson:"attributes" avro:"attributes"`
	Note       *string           `json:"note" msgpack:"note" cbor:"note" bson:"note" avro:"note"`
}

// Customer is the customer of an Order.
type Customer struct {
	ID    uint64   `json:"id" msgpack:"id" cbor:"id" bson:"id" avro:"id"`
	Name  string   `json:"name" msgpack:"name" cbor:"name" bson:"name" avro:"name"`
	Email *string  `json:"email" msgpack:"email" cbor:"email" bson:"email" avro:"email"`
	Tags  []string `json:"tags" msgpack:"tags" cbor:"tags" bson:"tags" avro:"tags"`
}

// LineItem is one line of an Order.
type LineItem struct {
	Sku        string   `json:"sku" msgpack:"sku" cbor:"sku" bson:"sku" avro:"sku"`
	Quantity   uint32   `json:"quantity" msgpack:"quantity" cbor:"quantity" bson:"quantity" avro:"quantity"`
	PriceCents int64    `json:"price_cents" msgpack:"price_cents" cbor:"price_cents" bson:"price_cents" avro:"price_cents"`
	Discount   *float64 `json:"discount" msgpack:"discount" cbor:"discount" bson:"discount" avro:"discount"`
}

// Dataset names one of the three record types.
type Dataset int

const (
	Logs Dataset = iota
	TelemetryRows
	Orders
)

// ParseDataset reads encbench's dataset name.
func ParseDataset(s string) (Dataset, error) {
	switch s {
	case "logs":
		return Logs, nil
	case "telemetry":
		return TelemetryRows, nil
	case "orders":
		return Orders, nil
	}
	return 0, fmt.Errorf("unknown dataset %q (logs, telemetry, orders)", s)
}

func (d Dataset) String() string {
	return [...]string{"logs", "telemetry", "orders"}[d]
}

// Batch is one dataset's records; only the slice of its Dataset is used.
type Batch struct {
	Dataset   Dataset
	Logs      []LogRecord
	Telemetry []Telemetry
	Orders    []Order
}

// Len is the number of records.
func (b *Batch) Len() int {
	switch b.Dataset {
	case Logs:
		return len(b.Logs)
	case TelemetryRows:
		return len(b.Telemetry)
	}
	return len(b.Orders)
}

// slice is the records as the value reflection-based libraries encode.
func (b *Batch) slice() any {
	switch b.Dataset {
	case Logs:
		return b.Logs
	case TelemetryRows:
		return b.Telemetry
	}
	return b.Orders
}

// target is a new Batch and a pointer to its slice, for reflection-based
// libraries to decode into.
func target(ds Dataset) (*Batch, any) {
	b := &Batch{Dataset: ds}
	switch ds {
	case Logs:
		return b, &b.Logs
	case TelemetryRows:
		return b, &b.Telemetry
	}
	return b, &b.Orders
}
