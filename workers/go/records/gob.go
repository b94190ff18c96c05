package records

import (
	"bytes"
	"encoding/gob"
)

// gob is Go's own format: one stream holding the type description and the
// slice. A fresh Encoder per batch, so each batch is self-contained.
type gobCoder struct {
	ds  Dataset
	buf bytes.Buffer
}

func (c *gobCoder) Encode(b *Batch) ([]byte, error) {
	c.buf.Reset()
	if err := gob.NewEncoder(&c.buf).Encode(b.slice()); err != nil {
		return nil, err
	}
	return c.buf.Bytes(), nil
}

func (c *gobCoder) Decode(data []byte) (*Batch, error) {
	b, p := target(c.ds)
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(p); err != nil {
		return nil, err
	}
	return b, nil
}

func init() {
	register(&Codec{ID: "record-go/gob", Format: "", Name: "encoding/gob",
		Summary: "encoding/gob, Go's own self-describing stream (type description + slice)",
		New:     func(ds Dataset) (Coder, error) { return &gobCoder{ds: ds}, nil }})
}
