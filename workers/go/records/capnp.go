package records

import (
	"errors"
	"fmt"
	"slices"

	capnp "capnproto.org/go/capnp/v3"

	"encbench.local/worker/records/cp"
)

// Cap'n Proto: the Batch struct of crates/codecs/src/capnproto/records.capnp
// through capnpc-go's code (cp), standard (unpacked) stream framing. The
// address is one UInt32 read big-endian, absent strings are null pointers,
// the discount a union, attributes a list of entries in key order. Decoding
// reads every field into the native structs; the message's traversal limit
// bounds hostile input.

type capnpCoder struct{ ds Dataset }

func first(errs ...error) error { return errors.Join(errs...) }

func (c *capnpCoder) Encode(b *Batch) ([]byte, error) {
	msg, seg, err := capnp.NewMessage(capnp.SingleSegment(nil))
	if err != nil {
		return nil, err
	}
	root, err := cp.NewRootBatch(seg)
	if err != nil {
		return nil, err
	}
	switch b.Dataset {
	case Logs:
		list, err := root.NewLogs(int32(len(b.Logs)))
		if err != nil {
			return nil, err
		}
		for i := range b.Logs {
			r, m := &b.Logs[i], list.At(i)
			m.SetTimestampMs(r.TimestampMs)
			m.SetIp(ipToU32(r.IP))
			m.SetUserId(r.UserID)
			m.SetStatus(r.Status)
			m.SetBytes(r.Bytes)
			// texts in field order, as Rust writes them (same bytes)
			if err := first(m.SetMethod(r.Method), m.SetPath(r.Path)); err != nil {
				return nil, err
			}
			if r.Referrer != nil {
				if err := m.SetReferrer(*r.Referrer); err != nil {
					return nil, err
				}
			}
			if err := m.SetUserAgent(r.UserAgent); err != nil {
				return nil, err
			}
		}
	case TelemetryRows:
		list, err := root.NewTelemetry(int32(len(b.Telemetry)))
		if err != nil {
			return nil, err
		}
		for i := range b.Telemetry {
			r, m := &b.Telemetry[i], list.At(i)
			m.SetTimestampUs(r.TimestampUs)
			m.SetSensor(r.Sensor)
			m.SetFlags(r.Flags)
			rd, err := m.NewReadings(8)
			if err != nil {
				return nil, err
			}
			for k, v := range r.Readings {
				rd.Set(k, v)
			}
			ct, err := m.NewCounters(4)
			if err != nil {
				return nil, err
			}
			for k, v := range r.Counters {
				ct.Set(k, v)
			}
		}
	case Orders:
		list, err := root.NewOrders(int32(len(b.Orders)))
		if err != nil {
			return nil, err
		}
		var keys []string
		for i := range b.Orders {
			r, m := &b.Orders[i], list.At(i)
			m.SetId(r.ID)
			cu, err := m.NewCustomer()
			if err != nil {
				return nil, err
			}
			cu.SetId(r.Customer.ID)
			if err := cu.SetName(r.Customer.Name); err != nil {
				return nil, err
			}
			if r.Customer.Email != nil {
				if err := cu.SetEmail(*r.Customer.Email); err != nil {
					return nil, err
				}
			}
			tags, err := cu.NewTags(int32(len(r.Customer.Tags)))
			if err != nil {
				return nil, err
			}
			for k, t := range r.Customer.Tags {
				if err := tags.Set(k, t); err != nil {
					return nil, err
				}
			}
			items, err := m.NewItems(int32(len(r.Items)))
			if err != nil {
				return nil, err
			}
			for k := range r.Items {
				l, it := &r.Items[k], items.At(k)
				if err := it.SetSku(l.Sku); err != nil {
					return nil, err
				}
				it.SetQuantity(l.Quantity)
				it.SetPriceCents(l.PriceCents)
				if l.Discount != nil {
					it.Discount().SetSome(*l.Discount)
				} else {
					it.Discount().SetNone()
				}
			}
			keys = keys[:0]
			for k := range r.Attributes {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			attrs, err := m.NewAttributes(int32(len(keys)))
			if err != nil {
				return nil, err
			}
			for k, key := range keys {
				a := attrs.At(k)
				if err := first(a.SetKey(key), a.SetValue(r.Attributes[key])); err != nil {
					return nil, err
				}
			}
			if r.Note != nil {
				if err := m.SetNote(*r.Note); err != nil {
					return nil, err
				}
			}
		}
	}
	return msg.Marshal()
}

// text reads a Text field; a null pointer reads as nil.
func text(has bool, get func() (string, error)) (*string, error) {
	if !has {
		return nil, nil
	}
	s, err := get()
	return &s, err
}

func (c *capnpCoder) Decode(data []byte) (*Batch, error) {
	msg, err := capnp.Unmarshal(data)
	if err != nil {
		return nil, err
	}
	root, err := cp.ReadRootBatch(msg)
	if err != nil {
		return nil, err
	}
	out := &Batch{Dataset: c.ds}
	switch c.ds {
	case Logs:
		list, err := root.Logs()
		if err != nil {
			return nil, err
		}
		out.Logs = make([]LogRecord, list.Len())
		for i := range out.Logs {
			m, r := list.At(i), &out.Logs[i]
			r.TimestampMs, r.IP, r.UserID, r.Status, r.Bytes = m.TimestampMs(), u32ToIP(m.Ip()), m.UserId(), m.Status(), m.Bytes()
			var e1, e2, e3, e4 error
			r.Method, e1 = m.Method()
			r.Path, e2 = m.Path()
			r.UserAgent, e3 = m.UserAgent()
			r.Referrer, e4 = text(m.HasReferrer(), m.Referrer)
			if err := first(e1, e2, e3, e4); err != nil {
				return nil, err
			}
		}
	case TelemetryRows:
		list, err := root.Telemetry()
		if err != nil {
			return nil, err
		}
		out.Telemetry = make([]Telemetry, list.Len())
		for i := range out.Telemetry {
			m, r := list.At(i), &out.Telemetry[i]
			r.TimestampUs, r.Sensor, r.Flags = m.TimestampUs(), m.Sensor(), m.Flags()
			rd, e1 := m.Readings()
			ct, e2 := m.Counters()
			if err := first(e1, e2); err != nil {
				return nil, err
			}
			if rd.Len() != 8 || ct.Len() != 4 {
				return nil, fmt.Errorf("capnp: record %d has %d readings and %d counters, want 8 and 4", i, rd.Len(), ct.Len())
			}
			for k := range r.Readings {
				r.Readings[k] = rd.At(k)
			}
			for k := range r.Counters {
				r.Counters[k] = ct.At(k)
			}
		}
	case Orders:
		list, err := root.Orders()
		if err != nil {
			return nil, err
		}
		out.Orders = make([]Order, list.Len())
		for i := range out.Orders {
			m, r := list.At(i), &out.Orders[i]
			r.ID = m.Id()
			if !m.HasCustomer() {
				return nil, fmt.Errorf("capnp: record %d has no customer", i)
			}
			cu, e1 := m.Customer()
			tags, e2 := cu.Tags()
			items, e3 := m.Items()
			attrs, e4 := m.Attributes()
			note, e5 := text(m.HasNote(), m.Note)
			email, e6 := text(cu.HasEmail(), cu.Email)
			name, e7 := cu.Name()
			if err := first(e1, e2, e3, e4, e5, e6, e7); err != nil {
				return nil, err
			}
			r.Note = note
			r.Customer = Customer{ID: cu.Id(), Name: name, Email: email, Tags: make([]string, tags.Len())}
			for k := range r.Customer.Tags {
				if r.Customer.Tags[k], err = tags.At(k); err != nil {
					return nil, err
				}
			}
			r.Items = make([]LineItem, items.Len())
			for k := range r.Items {
				it := items.At(k)
				sku, err := it.Sku()
				if err != nil {
					return nil, err
				}
				l := LineItem{Sku: sku, Quantity: it.Quantity(), PriceCents: it.PriceCents()}
				switch it.Discount().Which() {
				case cp.LineItem_discount_Which_some:
					d := it.Discount().Some()
					l.Discount = &d
				case cp.LineItem_discount_Which_none:
				default:
					return nil, fmt.Errorf("capnp: record %d item %d: unknown discount variant", i, k)
				}
				r.Items[k] = l
			}
			r.Attributes = make(map[string]string, attrs.Len())
			for k := range attrs.Len() {
				a := attrs.At(k)
				key, e1 := a.Key()
				val, e2 := a.Value()
				if err := first(e1, e2); err != nil {
					return nil, err
				}
				r.Attributes[key] = val
			}
		}
	}
	return out, nil
}

func init() {
	register(&Codec{ID: "record-go/capnp", Format: "capnp", Module: "capnproto.org/go/capnp/v3", Name: "capnproto.org/go/capnp/v3",
		Summary: "go-capnp with capnpc-go code for records.capnp, unpacked stream framing; decode reads every field into structs",
		New:     func(ds Dataset) (Coder, error) { return &capnpCoder{ds: ds}, nil }})
}
