package main

import "testing"

// The seed's benchmarks, for comparing `go test -bench .` with what encbench
// measures through the worker on the same machine.

func benchCodec(b *testing.B, id string) {
	c := codecs[id]
	for i := 0; i < b.N; i++ {
		enc, _ := c.encode(i)
		v, _ := c.decode(enc)
		sink += v
	}
}

func BenchmarkEncodeIntBinary(b *testing.B)   { benchCodec(b, "go/binary-write") }
func BenchmarkEncodeIntEncoding(b *testing.B) { benchCodec(b, "go/put-uint64") }
func BenchmarkEncodeIntGob(b *testing.B)      { benchCodec(b, "go/gob") }
func BenchmarkEncodeIntStr(b *testing.B)      { benchCodec(b, "go/strconv") }
func BenchmarkEncodeIntVarint(b *testing.B)   { benchCodec(b, "go/put-varint") }
