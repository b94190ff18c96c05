package records

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/fxamacker/cbor/v2"
	"github.com/vmihailenco/msgpack/v5"
	"go.mongodb.org/mongo-driver/v2/bson"
)

// ---- MessagePack: as rmp-serde with_struct_map writes it: structs as maps
// with string keys in field order, integers in their smallest form, f64 as
// float 64, None as nil, [u8; 4] as an array of 4 integers.

// EncodeMsgpack writes the address as an array of 4 integers, as serde does.
func (ip *IPv4) EncodeMsgpack(enc *msgpack.Encoder) error {
	if err := enc.EncodeArrayLen(4); err != nil {
		return err
	}
	for _, o := range ip {
		if err := enc.EncodeUint(uint64(o)); err != nil {
			return err
		}
	}
	return nil
}

// DecodeMsgpack reads an array of 4 integers (or a 4-byte bin).
func (ip *IPv4) DecodeMsgpack(dec *msgpack.Decoder) error {
	code, err := dec.PeekCode()
	if err != nil {
		return err
	}
	if code == 0xc4 { // bin 8
		b, err := dec.DecodeBytes()
		if err != nil {
			return err
		}
		if len(b) != 4 {
			return fmt.Errorf("ip: %d bytes, want 4", len(b))
		}
		copy(ip[:], b)
		return nil
	}
	n, err := dec.DecodeArrayLen()
	if err != nil {
		return err
	}
	if n != 4 {
		return fmt.Errorf("ip: %d octets, want 4", n)
	}
	for i := range ip {
		if ip[i], err = dec.DecodeUint8(); err != nil {
			return err
		}
	}
	return nil
}

type msgpackCoder struct {
	ds  Dataset
	buf bytes.Buffer
	enc *msgpack.Encoder
}

func newMsgpack(ds Dataset) (Coder, error) {
	c := &msgpackCoder{ds: ds}
	c.enc = msgpack.NewEncoder(&c.buf)
	c.enc.UseCompactInts(true)
	c.enc.SetSortMapKeys(true)
	return c, nil
}

func (c *msgpackCoder) Encode(b *Batch) ([]byte, error) {
	c.buf.Reset()
	if err := c.enc.Encode(b.slice()); err != nil {
		return nil, err
	}
	return c.buf.Bytes(), nil
}

func (c *msgpackCoder) Decode(data []byte) (*Batch, error) {
	b, p := target(c.ds)
	dec := msgpack.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(p); err != nil {
		return nil, err
	}
	return b, nil
}

// ---- CBOR: as ciborium writes it: an array of maps with text keys in field
// order, integers in their smallest form, floats in the shortest width that
// keeps the value (ciborium does the same), None as null.

type cborCoder struct {
	ds  Dataset
	em  cbor.EncMode
	dm  cbor.DecMode
	buf bytes.Buffer
}

func newCBOR(ds Dataset) (Coder, error) {
	em, err := cbor.EncOptions{
		ShortestFloat: cbor.ShortestFloat16,
		ByteArray:     cbor.ByteArrayToArray,
		Sort:          cbor.SortNone,
		NaNConvert:    cbor.NaNConvertNone,
		InfConvert:    cbor.InfConvertNone,
	}.EncMode()
	if err != nil {
		return nil, err
	}
	dm, err := cbor.DecOptions{
		MaxArrayElements: 1 << 30,
		MaxMapPairs:      1 << 30,
	}.DecMode()
	if err != nil {
		return nil, err
	}
	return &cborCoder{ds: ds, em: em, dm: dm}, nil
}

func (c *cborCoder) Encode(b *Batch) ([]byte, error) {
	c.buf.Reset()
	if b.Dataset == Orders {
		// Go maps iterate in random order; write attributes in key order, as
		// Rust's BTreeMap does, through a sorted key/value view.
		if err := c.em.NewEncoder(&c.buf).Encode(sortedOrders(b.Orders)); err != nil {
			return nil, err
		}
		return c.buf.Bytes(), nil
	}
	if err := c.em.NewEncoder(&c.buf).Encode(b.slice()); err != nil {
		return nil, err
	}
	return c.buf.Bytes(), nil
}

func (c *cborCoder) Decode(data []byte) (*Batch, error) {
	return unmarshalInto(c.ds, data, c.dm.Unmarshal)
}

// sortedMap is a string map CBOR-encoded in key order.
type sortedMap map[string]string

// MarshalCBOR writes the map with its keys in order (as Rust's BTreeMap).
func (m sortedMap) MarshalCBOR() ([]byte, error) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := appendCBORHead(nil, 5, uint64(len(m)))
	for _, k := range keys {
		out = appendCBORHead(out, 3, uint64(len(k)))
		out = append(out, k...)
		v := m[k]
		out = appendCBORHead(out, 3, uint64(len(v)))
		out = append(out, v...)
	}
	return out, nil
}

func appendCBORHead(dst []byte, major byte, n uint64) []byte {
	m := major << 5
	switch {
	case n < 24:
		return append(dst, m|byte(n))
	case n <= 0xff:
		return append(dst, m|24, byte(n))
	case n <= 0xffff:
		return append(dst, m|25, byte(n>>8), byte(n))
	case n <= 0xffffffff:
		return append(dst, m|26, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
	}
	return append(dst, m|27, byte(n>>56), byte(n>>48), byte(n>>40), byte(n>>32), byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
}

// orderOut is Order with its attributes written in key order.
type orderOut struct {
	ID         uint64     `cbor:"id"`
	Customer   Customer   `cbor:"customer"`
	Items      []LineItem `cbor:"items"`
	Attributes sortedMap  `cbor:"attributes"`
	Note       *string    `cbor:"note"`
}

func sortedOrders(in []Order) []orderOut {
	out := make([]orderOut, len(in))
	for i := range in {
		o := &in[i]
		out[i] = orderOut{o.ID, o.Customer, o.Items, sortedMap(o.Attributes), o.Note}
	}
	return out
}

// ---- BSON: one document {"r": [records...]}, as the bson crate writes it:
// u64 and u32 as int64, u16/u8/i32 as int32, f64 as double, None as null,
// [u8; 4] as an array of 4 int32, attributes a sub-document in key order.

// MarshalBSONValue writes the address as an array of 4 int32, as serde does.
func (ip IPv4) MarshalBSONValue() (byte, []byte, error) {
	// the array document by hand: length, 4 × (int32 tag, key "0".."3", value), NUL
	data := make([]byte, 0, 33)
	data = append(data, 33, 0, 0, 0)
	for i, o := range ip {
		data = append(data, byte(bson.TypeInt32), '0'+byte(i), 0, o, 0, 0, 0)
	}
	return byte(bson.TypeArray), append(data, 0), nil
}

// UnmarshalBSONValue reads an array of 4 integers.
func (ip *IPv4) UnmarshalBSONValue(t byte, data []byte) error {
	if bson.Type(t) != bson.TypeArray {
		return fmt.Errorf("ip: BSON type %v, want an array", bson.Type(t))
	}
	vals, err := bson.RawArray(data).Values()
	if err != nil {
		return err
	}
	if len(vals) != 4 {
		return fmt.Errorf("ip: %d octets, want 4", len(vals))
	}
	for i, v := range vals {
		n, ok := v.AsInt64OK()
		if !ok || n < 0 || n > 255 {
			return fmt.Errorf("ip: octet %d is not a byte", i)
		}
		ip[i] = uint8(n)
	}
	return nil
}

// MarshalBSONValue writes the map as a document in key order.
func (m sortedMap) MarshalBSONValue() (byte, []byte, error) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	d := make(bson.D, len(keys))
	for i, k := range keys {
		d[i] = bson.E{Key: k, Value: m[k]}
	}
	t, data, err := bson.MarshalValue(d)
	return byte(t), data, err
}

type bsonOrder struct {
	ID         uint64     `bson:"id"`
	Customer   Customer   `bson:"customer"`
	Items      []LineItem `bson:"items"`
	Attributes sortedMap  `bson:"attributes"`
	Note       *string    `bson:"note"`
}

type bsonCoder struct {
	ds  Dataset
	buf bytes.Buffer
}

func (c *bsonCoder) Encode(b *Batch) ([]byte, error) {
	var v any = b.slice()
	if b.Dataset == Orders {
		orders := make([]bsonOrder, len(b.Orders))
		for i := range b.Orders {
			o := &b.Orders[i]
			orders[i] = bsonOrder{o.ID, o.Customer, o.Items, sortedMap(o.Attributes), o.Note}
		}
		v = orders
	}
	c.buf.Reset()
	if err := bson.NewEncoder(bson.NewDocumentWriter(&c.buf)).Encode(bson.D{{Key: "r", Value: v}}); err != nil {
		return nil, err
	}
	return c.buf.Bytes(), nil
}

func (c *bsonCoder) Decode(data []byte) (*Batch, error) {
	b, p := target(c.ds)
	doc := struct {
		R any `bson:"r"`
	}{R: p}
	if err := bson.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	return b, nil
}

func init() {
	register(&Codec{ID: "record-go/msgpack", Format: "msgpack", Module: "github.com/vmihailenco/msgpack/v5", Name: "vmihailenco/msgpack",
		Summary: "vmihailenco/msgpack v5 (reflection), an array of maps with string keys, compact ints",
		New:     newMsgpack})
	register(&Codec{ID: "record-go/cbor", Format: "cbor", Module: "github.com/fxamacker/cbor/v2", Name: "fxamacker/cbor",
		Summary: "fxamacker/cbor (reflection), an array of maps with text keys, shortest floats as ciborium",
		New:     newCBOR})
	register(&Codec{ID: "record-go/bson", Format: "bson", Module: "go.mongodb.org/mongo-driver/v2", Name: "mongo-driver/v2 bson",
		Summary: `mongo-driver v2 bson (reflection), one document {"r": [...]}, unsigned 64-bit as int64`,
		New:     func(ds Dataset) (Coder, error) { return &bsonCoder{ds: ds}, nil }})
}
