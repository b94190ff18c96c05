package main

import (
	"math/rand"
	"testing"
)

// The seed's benchmarks, for comparing `go test -bench .` with what encbench
// measures through the worker on the same machine.

// mixedValues mirrors encbench's int-codecs dataset: magnitudes of 1 to 63
// bits, either sign, so variable-length encodings see every length.
func mixedValues(n int) []int {
	r := rand.New(rand.NewSource(1))
	out := make([]int, n)
	for i := range out {
		bits := 1 + r.Intn(63)
		v := int(r.Uint64() >> (64 - bits))
		if r.Intn(2) == 0 {
			v = -v
		}
		out[i] = v
	}
	return out
}

func benchCodec(b *testing.B, id string) {
	c := codecs[id]
	values := mixedValues(1024)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		enc, _ := c.encode(values[i&1023])
		v, _ := c.decode(enc)
		sink += v
	}
}

func BenchmarkEncodeIntBinary(b *testing.B)   { benchCodec(b, "go/binary-write") }
func BenchmarkEncodeIntEncoding(b *testing.B) { benchCodec(b, "go/put-uint64") }
func BenchmarkEncodeIntGob(b *testing.B)      { benchCodec(b, "go/gob") }
func BenchmarkEncodeIntStr(b *testing.B)      { benchCodec(b, "go/strconv") }
func BenchmarkEncodeIntVarint(b *testing.B)   { benchCodec(b, "go/put-varint") }
