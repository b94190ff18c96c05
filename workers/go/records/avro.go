package records

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hamba/avro/v2"
	"github.com/hamba/avro/v2/ocf"
)

// Avro: an object container file, null codec, with the schemas Rust uses,
// read at run time from crates/codecs/src/avro/*.avsc. Avro has no unsigned
// types: u64 travels as long (as apache-avro's serde mapping does: a value
// above i64::MAX cannot be written), u32 as long, u16/u8 as int, [u8; 4] as
// fixed(4). hamba/avro maps records to Go structs by the avro tags below;
// the native structs are converted to these (signed, slice-typed) shapes.

type avroLog struct {
	TimestampMs int64   `avro:"timestamp_ms"`
	IP          [4]byte `avro:"ip"`
	UserID      int64   `avro:"user_id"`
	Method      string  `avro:"method"`
	Path        string  `avro:"path"`
	Status      int32   `avro:"status"`
	Bytes       int64   `avro:"bytes"`
	Referrer    *string `avro:"referrer"`
	UserAgent   string  `avro:"user_agent"`
}

type avroTelemetry struct {
	TimestampUs int64     `avro:"timestamp_us"`
	Sensor      int64     `avro:"sensor"`
	Readings    []float64 `avro:"readings"`
	Counters    []int32   `avro:"counters"`
	Flags       int32     `avro:"flags"`
}

type avroCustomer struct {
	ID    int64    `avro:"id"`
	Name  string   `avro:"name"`
	Email *string  `avro:"email"`
	Tags  []string `avro:"tags"`
}

type avroItem struct {
	Sku        string   `avro:"sku"`
	Quantity   int64    `avro:"quantity"`
	PriceCents int64    `avro:"price_cents"`
	Discount   *float64 `avro:"discount"`
}

type avroOrder struct {
	ID         int64             `avro:"id"`
	Customer   avroCustomer      `avro:"customer"`
	Items      []avroItem        `avro:"items"`
	Attributes map[string]string `avro:"attributes"`
	Note       *string           `avro:"note"`
}

var avroFiles = [...]string{"log_record.avsc", "telemetry.avsc", "order.avsc"}

// avroAPI bounds what hostile bytes can make the decoder allocate.
var avroAPI = avro.Config{MaxByteSliceSize: 1 << 28, MaxSliceAllocSize: 1 << 26}.Freeze()

type avroCoder struct {
	ds     Dataset
	schema avro.Schema
	buf    bytes.Buffer
}

func newAvro(ds Dataset) (Coder, error) {
	root, err := Root()
	if err != nil {
		return nil, err
	}
	path := filepath.Join(root, "crates", "codecs", "src", "avro", avroFiles[ds])
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	schema, err := avro.ParseBytesWithCache(text, "", &avro.SchemaCache{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &avroCoder{ds: ds, schema: schema}, nil
}

func (c *avroCoder) Encode(b *Batch) ([]byte, error) {
	c.buf.Reset()
	enc, err := ocf.NewEncoderWithSchema(c.schema, &c.buf, ocf.WithCodec(ocf.Null), ocf.WithBlockLength(1<<20),
		ocf.WithEncodingConfig(avroAPI))
	if err != nil {
		return nil, err
	}
	switch b.Dataset {
	case Logs:
		for i := range b.Logs {
			r := &b.Logs[i]
			if r.UserID > 1<<63-1 || r.Bytes > 1<<63-1 {
				return nil, fmt.Errorf("record %d: a u64 above i64::MAX has no Avro long", i)
			}
			if err := enc.Encode(&avroLog{r.TimestampMs, r.IP, int64(r.UserID), r.Method, r.Path, int32(r.Status), int64(r.Bytes), r.Referrer, r.UserAgent}); err != nil {
				return nil, err
			}
		}
	case TelemetryRows:
		for i := range b.Telemetry {
			r := &b.Telemetry[i]
			if err := enc.Encode(&avroTelemetry{r.TimestampUs, int64(r.Sensor), r.Readings[:], r.Counters[:], int32(r.Flags)}); err != nil {
				return nil, err
			}
		}
	case Orders:
		for i := range b.Orders {
			r := &b.Orders[i]
			if r.ID > 1<<63-1 || r.Customer.ID > 1<<63-1 {
				return nil, fmt.Errorf("record %d: a u64 above i64::MAX has no Avro long", i)
			}
			items := make([]avroItem, len(r.Items))
			for k, l := range r.Items {
				items[k] = avroItem{l.Sku, int64(l.Quantity), l.PriceCents, l.Discount}
			}
			o := avroOrder{int64(r.ID), avroCustomer{int64(r.Customer.ID), r.Customer.Name, r.Customer.Email, r.Customer.Tags},
				items, r.Attributes, r.Note}
			if err := enc.Encode(&o); err != nil {
				return nil, err
			}
		}
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return c.buf.Bytes(), nil
}

func (c *avroCoder) Decode(data []byte) (*Batch, error) {
	dec, err := ocf.NewDecoder(bytes.NewReader(data), ocf.WithDecoderConfig(avroAPI))
	if err != nil {
		return nil, err
	}
	b := &Batch{Dataset: c.ds}
	for i := 0; dec.HasNext(); i++ {
		switch c.ds {
		case Logs:
			var r avroLog
			if err := dec.Decode(&r); err != nil {
				return nil, err
			}
			if r.UserID < 0 || r.Bytes < 0 || r.Status < 0 || r.Status > 0xffff {
				return nil, fmt.Errorf("record %d: a value out of range of its Rust type", i)
			}
			b.Logs = append(b.Logs, LogRecord{r.TimestampMs, r.IP, uint64(r.UserID), r.Method, r.Path, uint16(r.Status), uint64(r.Bytes), r.Referrer, r.UserAgent})
		case TelemetryRows:
			var r avroTelemetry
			if err := dec.Decode(&r); err != nil {
				return nil, err
			}
			if len(r.Readings) != 8 || len(r.Counters) != 4 {
				return nil, fmt.Errorf("record %d: %d readings and %d counters, want 8 and 4", i, len(r.Readings), len(r.Counters))
			}
			if r.Sensor < 0 || r.Sensor > 1<<32-1 || r.Flags < 0 || r.Flags > 0xff {
				return nil, fmt.Errorf("record %d: a value out of range of its Rust type", i)
			}
			t := Telemetry{TimestampUs: r.TimestampUs, Sensor: uint32(r.Sensor), Flags: uint8(r.Flags)}
			copy(t.Readings[:], r.Readings)
			copy(t.Counters[:], r.Counters)
			b.Telemetry = append(b.Telemetry, t)
		case Orders:
			var r avroOrder
			if err := dec.Decode(&r); err != nil {
				return nil, err
			}
			if r.ID < 0 || r.Customer.ID < 0 {
				return nil, fmt.Errorf("record %d: a negative id", i)
			}
			o := Order{ID: uint64(r.ID), Attributes: r.Attributes, Note: r.Note,
				Customer: Customer{uint64(r.Customer.ID), r.Customer.Name, r.Customer.Email, r.Customer.Tags}}
			if o.Customer.Tags == nil {
				o.Customer.Tags = []string{}
			}
			if o.Attributes == nil {
				o.Attributes = map[string]string{}
			}
			o.Items = make([]LineItem, len(r.Items))
			for k, l := range r.Items {
				if l.Quantity < 0 || l.Quantity > 1<<32-1 {
					return nil, fmt.Errorf("record %d: quantity %d is not a u32", i, l.Quantity)
				}
				o.Items[k] = LineItem{l.Sku, uint32(l.Quantity), l.PriceCents, l.Discount}
			}
			b.Orders = append(b.Orders, o)
		}
	}
	if err := dec.Error(); err != nil {
		return nil, err
	}
	return b, nil
}

func init() {
	register(&Codec{ID: "record-go/avro", Format: "avro", Module: "github.com/hamba/avro/v2", Name: "hamba/avro",
		Summary: "hamba/avro object container file (null codec), schemas read from crates/codecs/src/avro",
		New:     newAvro})
}
