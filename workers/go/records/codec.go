package records

import (
	"fmt"
	"runtime/debug"
	"sort"
	"sync"
)

// Codec is one record-go codec: whole batches to bytes and back.
type Codec struct {
	ID      string // record-go/<name>
	Format  string // the standard format of docs/workers.md, "" for Go's own
	Module  string // Go module whose version names the library ("" = stdlib)
	Name    string // library name shown in hello
	Summary string
	// New makes a coder for one dataset; it may keep buffers between calls.
	New func(ds Dataset) (Coder, error)
}

// Coder encodes and decodes whole batches of one dataset. The bytes Encode
// returns stay valid until its next call.
type Coder interface {
	Encode(b *Batch) ([]byte, error)
	Decode(data []byte) (*Batch, error)
}

var (
	registry   = map[string]*Codec{}
	registryMu sync.Mutex
)

func register(c *Codec) {
	registryMu.Lock()
	defer registryMu.Unlock()
	registry[c.ID] = c
}

// Lookup finds a codec by id.
func Lookup(id string) (*Codec, bool) {
	c, ok := registry[id]
	return c, ok
}

// All lists the codecs by id.
func All() []*Codec {
	out := make([]*Codec, 0, len(registry))
	for _, c := range registry {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Library is the library with its module version, e.g. "fxamacker/cbor
// v2.10.0", or the Go version for the standard library.
func (c *Codec) Library() string {
	if c.Module == "" {
		return c.Name + " (Go standard library)"
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == c.Module {
				if d.Replace != nil {
					d = d.Replace
				}
				return c.Name + " " + d.Version
			}
		}
	}
	return c.Name + " (version unknown)"
}

// safely runs f and turns a panic inside a library into an error: the last
// line of defence for the decode op on hostile bytes.
func safely(what string, f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s: panicked: %v", what, r)
		}
	}()
	return f()
}

// DecodeForeign decodes bytes another program wrote: any failure, a panic
// inside a library included, is an error.
func DecodeForeign(c *Codec, ds Dataset, data []byte) (b *Batch, err error) {
	err = safely(c.ID, func() error {
		coder, err := c.New(ds)
		if err != nil {
			return err
		}
		b, err = coder.Decode(data)
		if err != nil {
			return err
		}
		_, err = WriteJSONL(b) // rejects values JSON cannot carry (NaN)
		return err
	})
	return b, err
}
