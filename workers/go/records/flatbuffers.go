package records

import (
	"errors"
	"fmt"
	"slices"

	"encbench.local/worker/records/fb"
	flatbuffers "github.com/google/flatbuffers/go"
)

// FlatBuffers: the size-prefixed Batch table (as Rust writes it) of crates/codecs/src/flatbuf/records.fbs
// through flatc's Go code (fb, from a layout-identical derived schema: see
// fb/records.fbs). Decoding reads every field into the native structs. The
// Go runtime has no verifier, so Decode bounds the vector lengths by the
// buffer size and DecodeForeign recovers from an out-of-range read.

type fbCoder struct {
	ds Dataset
	b  *flatbuffers.Builder
	// scratch offsets, reused
	offs, inner, inner2 []flatbuffers.UOffsetT
}

func (c *fbCoder) str(s string) flatbuffers.UOffsetT { return c.b.CreateString(s) }

func (c *fbCoder) optStr(s *string) flatbuffers.UOffsetT {
	if s == nil {
		return 0
	}
	return c.b.CreateString(*s)
}

// vector writes a vector of offsets (tables or strings).
func (c *fbCoder) vector(offs []flatbuffers.UOffsetT) flatbuffers.UOffsetT {
	c.b.StartVector(4, len(offs), 4)
	for i := len(offs) - 1; i >= 0; i-- {
		c.b.PrependUOffsetT(offs[i])
	}
	return c.b.EndVector(len(offs))
}

func (c *fbCoder) Encode(batch *Batch) ([]byte, error) {
	b := c.b
	b.Reset()
	var vec flatbuffers.UOffsetT
	switch batch.Dataset {
	case Logs:
		c.offs = c.offs[:0]
		for i := range batch.Logs {
			r := &batch.Logs[i]
			method, path, ref, ua := c.str(r.Method), c.str(r.Path), c.optStr(r.Referrer), c.str(r.UserAgent)
			fb.LogRecordStart(b)
			fb.LogRecordAddTimestampMs(b, r.TimestampMs)
			fb.LogRecordAddIp(b, fb.CreateIpv4(b, r.IP[0], r.IP[1], r.IP[2], r.IP[3]))
			fb.LogRecordAddUserId(b, r.UserID)
			fb.LogRecordAddMethod(b, method)
			fb.LogRecordAddPath(b, path)
			fb.LogRecordAddStatus(b, r.Status)
			fb.LogRecordAddBytes(b, r.Bytes)
			if ref != 0 {
				fb.LogRecordAddReferrer(b, ref)
			}
			fb.LogRecordAddUserAgent(b, ua)
			c.offs = append(c.offs, fb.LogRecordEnd(b))
		}
		vec = c.vector(c.offs)
	case TelemetryRows:
		fb.BatchStartTelemetryVector(b, len(batch.Telemetry))
		for i := len(batch.Telemetry) - 1; i >= 0; i-- {
			r := &batch.Telemetry[i]
			rd, ct := &r.Readings, &r.Counters
			fb.CreateTelemetry(b, r.TimestampUs, r.Sensor, rd[0], rd[1], rd[2], rd[3], rd[4], rd[5], rd[6], rd[7],
				ct[0], ct[1], ct[2], ct[3], r.Flags)
		}
		vec = b.EndVector(len(batch.Telemetry))
	case Orders:
		c.offs = c.offs[:0]
		for i := range batch.Orders {
			r := &batch.Orders[i]
			cu := &r.Customer
			name, email := c.str(cu.Name), c.optStr(cu.Email)
			var tags flatbuffers.UOffsetT
			if len(cu.Tags) > 0 {
				c.inner = c.inner[:0]
				for _, t := range cu.Tags {
					c.inner = append(c.inner, c.str(t))
				}
				tags = c.vector(c.inner)
			}
			fb.CustomerStart(b)
			fb.CustomerAddId(b, cu.ID)
			fb.CustomerAddName(b, name)
			if email != 0 {
				fb.CustomerAddEmail(b, email)
			}
			if tags != 0 {
				fb.CustomerAddTags(b, tags)
			}
			customer := fb.CustomerEnd(b)
			var items flatbuffers.UOffsetT
			if len(r.Items) > 0 {
				c.inner = c.inner[:0]
				for k := range r.Items {
					l := &r.Items[k]
					sku := c.str(l.Sku)
					fb.LineItemStart(b)
					fb.LineItemAddSku(b, sku)
					fb.LineItemAddQuantity(b, l.Quantity)
					fb.LineItemAddPriceCents(b, l.PriceCents)
					if l.Discount != nil {
						fb.LineItemAddDiscount(b, *l.Discount)
					}
					c.inner = append(c.inner, fb.LineItemEnd(b))
				}
				items = c.vector(c.inner)
			}
			var attrs flatbuffers.UOffsetT
			if len(r.Attributes) > 0 {
				keys := make([]string, 0, len(r.Attributes))
				for k := range r.Attributes {
					keys = append(keys, k)
				}
				slices.Sort(keys)
				c.inner2 = c.inner2[:0]
				for _, k := range keys {
					ko, vo := c.str(k), c.str(r.Attributes[k])
					fb.AttributeStart(b)
					fb.AttributeAddKey(b, ko)
					fb.AttributeAddValue(b, vo)
					c.inner2 = append(c.inner2, fb.AttributeEnd(b))
				}
				attrs = c.vector(c.inner2)
			}
			note := c.optStr(r.Note)
			fb.OrderStart(b)
			fb.OrderAddId(b, r.ID)
			fb.OrderAddCustomer(b, customer)
			if items != 0 {
				fb.OrderAddItems(b, items)
			}
			if attrs != 0 {
				fb.OrderAddAttributes(b, attrs)
			}
			if note != 0 {
				fb.OrderAddNote(b, note)
			}
			c.offs = append(c.offs, fb.OrderEnd(b))
		}
		vec = c.vector(c.offs)
	}
	fb.BatchStart(b)
	switch batch.Dataset {
	case Logs:
		fb.BatchAddLogs(b, vec)
	case TelemetryRows:
		fb.BatchAddTelemetry(b, vec)
	case Orders:
		fb.BatchAddOrders(b, vec)
	}
	b.FinishSizePrefixed(fb.BatchEnd(b)) // as Rust: FlatBuffers' 4-byte length prefix
	return b.FinishedBytes(), nil
}

var errFBShape = errors.New("flatbuffers: a vector longer than the buffer")

func optString(b []byte) *string {
	if b == nil {
		return nil
	}
	s := string(b)
	return &s
}

func (c *fbCoder) Decode(data []byte) (*Batch, error) {
	if len(data) < 12 {
		return nil, errors.New("flatbuffers: too short for a size-prefixed root table")
	}
	if size := flatbuffers.GetSizePrefix(data, 0); int64(size) != int64(len(data))-4 {
		return nil, fmt.Errorf("flatbuffers: the size prefix says %d bytes, %d follow", size, len(data)-4)
	}
	root := fb.GetSizePrefixedRootAsBatch(data, 0)
	out := &Batch{Dataset: c.ds}
	limit := len(data) / 4
	switch c.ds {
	case Logs:
		n := root.LogsLength()
		if n > limit {
			return nil, errFBShape
		}
		out.Logs = make([]LogRecord, n)
		var t fb.LogRecord
		var ip fb.Ipv4
		for i := range n {
			root.Logs(&t, i)
			if t.Ip(&ip) == nil || t.Method() == nil || t.Path() == nil || t.UserAgent() == nil {
				return nil, fmt.Errorf("flatbuffers: record %d lacks a required field", i)
			}
			out.Logs[i] = LogRecord{t.TimestampMs(), IPv4{ip.O0(), ip.O1(), ip.O2(), ip.O3()}, t.UserId(),
				string(t.Method()), string(t.Path()), t.Status(), t.Bytes(), optString(t.Referrer()), string(t.UserAgent())}
		}
	case TelemetryRows:
		n := root.TelemetryLength()
		if n > len(data)/104 {
			return nil, errFBShape
		}
		out.Telemetry = make([]Telemetry, n)
		var t fb.Telemetry
		for i := range n {
			root.Telemetry(&t, i)
			out.Telemetry[i] = Telemetry{t.TimestampUs(), t.Sensor(),
				[8]float64{t.Readings0(), t.Readings1(), t.Readings2(), t.Readings3(), t.Readings4(), t.Readings5(), t.Readings6(), t.Readings7()},
				[4]int32{t.Counters0(), t.Counters1(), t.Counters2(), t.Counters3()}, t.Flags()}
		}
	case Orders:
		n := root.OrdersLength()
		if n > limit {
			return nil, errFBShape
		}
		out.Orders = make([]Order, n)
		var t fb.Order
		var cu fb.Customer
		var li fb.LineItem
		var at fb.Attribute
		for i := range n {
			root.Orders(&t, i)
			if t.Customer(&cu) == nil || cu.Name() == nil {
				return nil, fmt.Errorf("flatbuffers: record %d lacks its customer", i)
			}
			o := &out.Orders[i]
			o.ID, o.Note = t.Id(), optString(t.Note())
			nt := cu.TagsLength()
			if nt > limit {
				return nil, errFBShape
			}
			o.Customer = Customer{ID: cu.Id(), Name: string(cu.Name()), Email: optString(cu.Email()), Tags: make([]string, nt)}
			for k := range nt {
				o.Customer.Tags[k] = string(cu.Tags(k))
			}
			ni := t.ItemsLength()
			if ni > limit {
				return nil, errFBShape
			}
			o.Items = make([]LineItem, ni)
			for k := range ni {
				t.Items(&li, k)
				if li.Sku() == nil {
					return nil, fmt.Errorf("flatbuffers: record %d item %d lacks its sku", i, k)
				}
				var d *float64
				if p := li.Discount(); p != nil {
					v := *p
					d = &v
				}
				o.Items[k] = LineItem{string(li.Sku()), li.Quantity(), li.PriceCents(), d}
			}
			na := t.AttributesLength()
			if na > limit {
				return nil, errFBShape
			}
			o.Attributes = make(map[string]string, na)
			for k := range na {
				t.Attributes(&at, k)
				if at.Key() == nil || at.Value() == nil {
					return nil, fmt.Errorf("flatbuffers: record %d attribute %d lacks its key or value", i, k)
				}
				o.Attributes[string(at.Key())] = string(at.Value())
			}
		}
	}
	return out, nil
}

func init() {
	register(&Codec{ID: "record-go/flatbuffers", Format: "flatbuffers", Module: "github.com/google/flatbuffers", Name: "google/flatbuffers",
		Summary: "google/flatbuffers with flatc's Go code for records.fbs; decode reads every field into structs",
		New: func(ds Dataset) (Coder, error) {
			return &fbCoder{ds: ds, b: flatbuffers.NewBuilder(1 << 16)}, nil
		}})
}
