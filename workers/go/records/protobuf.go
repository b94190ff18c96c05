package records

import (
	"encoding/binary"
	"fmt"

	"encbench.local/worker/records/pb"
	"google.golang.org/protobuf/proto"
)

// protobuf: the LogBatch/TelemetryBatch/OrderBatch messages of
// crates/codecs/src/protobuf/records.proto through protoc-gen-go's code (pb).
// The native structs are converted to the generated messages and back (the
// generated types are not the native objects: they carry presence and
// internal state). Maps are written in key order (Deterministic), as prost's
// BTreeMap writes them.

type protoCoder struct {
	ds  Dataset
	buf []byte
	opt proto.MarshalOptions
}

func ipToU32(ip IPv4) uint32 { return binary.BigEndian.Uint32(ip[:]) }

func u32ToIP(v uint32) (ip IPv4) {
	binary.BigEndian.PutUint32(ip[:], v)
	return ip
}

func (c *protoCoder) Encode(b *Batch) ([]byte, error) {
	var msg proto.Message
	switch b.Dataset {
	case Logs:
		recs := make([]pb.LogRecord, len(b.Logs))
		ptrs := make([]*pb.LogRecord, len(b.Logs))
		for i := range b.Logs {
			r, m := &b.Logs[i], &recs[i]
			m.TimestampMs, m.Ip, m.UserId, m.Method, m.Path = r.TimestampMs, ipToU32(r.IP), r.UserID, r.Method, r.Path
			m.Status, m.Bytes, m.Referrer, m.UserAgent = uint32(r.Status), r.Bytes, r.Referrer, r.UserAgent
			ptrs[i] = m
		}
		msg = &pb.LogBatch{Records: ptrs}
	case TelemetryRows:
		recs := make([]pb.Telemetry, len(b.Telemetry))
		ptrs := make([]*pb.Telemetry, len(b.Telemetry))
		for i := range b.Telemetry {
			r, m := &b.Telemetry[i], &recs[i]
			m.TimestampUs, m.Sensor, m.Flags = r.TimestampUs, r.Sensor, uint32(r.Flags)
			m.Readings, m.Counters = r.Readings[:], r.Counters[:]
			ptrs[i] = m
		}
		msg = &pb.TelemetryBatch{Records: ptrs}
	case Orders:
		ptrs := make([]*pb.Order, len(b.Orders))
		for i := range b.Orders {
			r := &b.Orders[i]
			items := make([]pb.LineItem, len(r.Items))
			itemPtrs := make([]*pb.LineItem, len(r.Items))
			for k := range r.Items {
				l, m := &r.Items[k], &items[k]
				m.Sku, m.Quantity, m.PriceCents, m.Discount = l.Sku, l.Quantity, l.PriceCents, l.Discount
				itemPtrs[k] = m
			}
			ptrs[i] = &pb.Order{
				Id:         r.ID,
				Customer:   &pb.Customer{Id: r.Customer.ID, Name: r.Customer.Name, Email: r.Customer.Email, Tags: r.Customer.Tags},
				Items:      itemPtrs,
				Attributes: r.Attributes,
				Note:       r.Note,
			}
		}
		msg = &pb.OrderBatch{Records: ptrs}
	}
	var err error
	c.buf, err = c.opt.MarshalAppend(c.buf[:0], msg)
	return c.buf, err
}

func (c *protoCoder) Decode(data []byte) (*Batch, error) {
	b := &Batch{Dataset: c.ds}
	switch c.ds {
	case Logs:
		var m pb.LogBatch
		if err := proto.Unmarshal(data, &m); err != nil {
			return nil, err
		}
		b.Logs = make([]LogRecord, len(m.Records))
		for i, r := range m.Records {
			if r.Status > 0xffff {
				return nil, fmt.Errorf("record %d: status %d is not a u16", i, r.Status)
			}
			b.Logs[i] = LogRecord{r.TimestampMs, u32ToIP(r.Ip), r.UserId, r.Method, r.Path, uint16(r.Status), r.Bytes, r.Referrer, r.UserAgent}
		}
	case TelemetryRows:
		var m pb.TelemetryBatch
		if err := proto.Unmarshal(data, &m); err != nil {
			return nil, err
		}
		b.Telemetry = make([]Telemetry, len(m.Records))
		for i, r := range m.Records {
			if len(r.Readings) != 8 || len(r.Counters) != 4 {
				return nil, fmt.Errorf("record %d: %d readings and %d counters, want 8 and 4", i, len(r.Readings), len(r.Counters))
			}
			if r.Flags > 0xff {
				return nil, fmt.Errorf("record %d: flags %d is not a u8", i, r.Flags)
			}
			t := &b.Telemetry[i]
			t.TimestampUs, t.Sensor, t.Flags = r.TimestampUs, r.Sensor, uint8(r.Flags)
			copy(t.Readings[:], r.Readings)
			copy(t.Counters[:], r.Counters)
		}
	case Orders:
		var m pb.OrderBatch
		if err := proto.Unmarshal(data, &m); err != nil {
			return nil, err
		}
		b.Orders = make([]Order, len(m.Records))
		for i, r := range m.Records {
			if r.Customer == nil {
				return nil, fmt.Errorf("record %d: no customer", i)
			}
			o := &b.Orders[i]
			o.ID, o.Note = r.Id, r.Note
			o.Customer = Customer{ID: r.Customer.Id, Name: r.Customer.Name, Email: r.Customer.Email, Tags: r.Customer.Tags}
			if o.Customer.Tags == nil {
				o.Customer.Tags = []string{}
			}
			o.Items = make([]LineItem, len(r.Items))
			for k, l := range r.Items {
				o.Items[k] = LineItem{l.Sku, l.Quantity, l.PriceCents, l.Discount}
			}
			o.Attributes = r.Attributes
			if o.Attributes == nil {
				o.Attributes = map[string]string{}
			}
		}
	}
	return b, nil
}

func init() {
	register(&Codec{ID: "record-go/protobuf", Format: "protobuf", Module: "google.golang.org/protobuf", Name: "google.golang.org/protobuf",
		Summary: "google.golang.org/protobuf with protoc-gen-go code for records.proto; native structs converted to the generated messages",
		New: func(ds Dataset) (Coder, error) {
			return &protoCoder{ds: ds, opt: proto.MarshalOptions{Deterministic: true}}, nil
		}})
}
