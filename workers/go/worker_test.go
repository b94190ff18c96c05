package main

import "testing"

// The same values the Rust side checks: byte-for-byte vectors shared across languages.
func TestVectors(t *testing.T) {
	cases := []struct {
		codec string
		value int
		hex   string
	}{
		{"go/put-uint64", 1, "0100000000000000"},
		{"go/binary-write", -2, "feffffffffffffff"},
		{"go/put-varint", -1, "01"},
		{"go/put-varint", 150, "ac02"},
		{"go/strconv", -42, "2d3432"},
	}
	for _, c := range cases {
		enc, err := codecs[c.codec].encode(c.value)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, b := range enc {
			got += string("0123456789abcdef"[b>>4]) + string("0123456789abcdef"[b&15])
		}
		if got != c.hex {
			t.Errorf("%s(%d) = %s, want %s", c.codec, c.value, got, c.hex)
		}
	}
}

// Every codec's decoder takes its encoder's output back, and rejects garbage without panicking.
func TestRoundTripAndGarbage(t *testing.T) {
	for id, c := range codecs {
		for _, v := range []int{0, 1, -1, 1 << 40, -(1 << 62)} {
			enc, err := c.encode(v)
			if err != nil {
				t.Fatal(err)
			}
			back, err := c.decode(enc)
			if err != nil || back != v {
				t.Errorf("%s: %d came back as %d (%v)", id, v, back, err)
			}
		}
		if _, err := c.decode([]byte{0xff}); err == nil && id != "go/strconv" {
			t.Errorf("%s accepted a lone 0xff", id)
		}
	}
}
