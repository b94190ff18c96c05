package records

import (
	"bytes"
	"encoding/json"

	gojson "github.com/goccy/go-json"
)

// The json batch: one JSON array of record objects, field names as serde's.
// Go writes floats in its own shortest form (-0, 1e-300, 2), which
// serde_json reads back to the same f64 values.

type stdJSON struct {
	ds  Dataset
	buf bytes.Buffer
}

func (c *stdJSON) Encode(b *Batch) ([]byte, error) {
	c.buf.Reset()
	enc := json.NewEncoder(&c.buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(b.slice()); err != nil {
		return nil, err
	}
	out := c.buf.Bytes()
	return out[:len(out)-1], nil // Encode's newline
}

func (c *stdJSON) Decode(data []byte) (*Batch, error) {
	return unmarshalInto(c.ds, data, json.Unmarshal)
}

type goJSON struct {
	ds  Dataset
	buf bytes.Buffer
}

func (c *goJSON) Encode(b *Batch) ([]byte, error) {
	c.buf.Reset()
	enc := gojson.NewEncoder(&c.buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(b.slice()); err != nil {
		return nil, err
	}
	out := c.buf.Bytes()
	return out[:len(out)-1], nil
}

func (c *goJSON) Decode(data []byte) (*Batch, error) {
	return unmarshalInto(c.ds, data, gojson.Unmarshal)
}

// unmarshalInto decodes with a reflection-based library's Unmarshal.
func unmarshalInto(ds Dataset, data []byte, unmarshal func([]byte, any) error) (*Batch, error) {
	b, p := target(ds)
	if err := unmarshal(data, p); err != nil {
		return nil, err
	}
	return b, nil
}

func init() {
	register(&Codec{ID: "record-go/encoding-json", Format: "json", Name: "encoding/json",
		Summary: "encoding/json (reflection), one JSON array of records",
		New:     func(ds Dataset) (Coder, error) { return &stdJSON{ds: ds}, nil }})
	register(&Codec{ID: "record-go/go-json", Format: "json", Module: "github.com/goccy/go-json", Name: "goccy/go-json",
		Summary: "goccy/go-json (encoding/json-compatible, code-generating at run time), one JSON array of records",
		New:     func(ds Dataset) (Coder, error) { return &goJSON{ds: ds}, nil }})
}
