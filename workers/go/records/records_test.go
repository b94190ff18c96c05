package records

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var datasets = []Dataset{Logs, TelemetryRows, Orders}

func fixturePath(ds Dataset) string {
	return filepath.Join("..", "..", "testdata", "records-"+ds.String()+".jsonl")
}

func fixture(t *testing.T, ds Dataset) (*Batch, []string) {
	t.Helper()
	data, err := os.ReadFile(fixturePath(ds))
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseJSONL(data, ds)
	if err != nil {
		t.Fatal(err)
	}
	return b, strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

func sameRecords(t *testing.T, what string, got *Batch, want []string) {
	t.Helper()
	lines, err := CanonicalLines(got)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if len(lines) != len(want) {
		t.Fatalf("%s: %d records, want %d", what, len(lines), len(want))
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Fatalf("%s: record %d\n got %s\nwant %s", what, i, lines[i], want[i])
		}
	}
}

// The canonical writer reproduces serde_json's lines byte for byte.
func TestCanonicalJSONL(t *testing.T) {
	for _, ds := range datasets {
		b, want := fixture(t, ds)
		sameRecords(t, ds.String(), b, want)
	}
}

func TestAppendFloat(t *testing.T) {
	for f, want := range map[float64]string{
		0.1: "0.1", 2: "2.0", 1e300: "1e+300", 1e-300: "1e-300", 2.2250738585072014e-308: "2.2250738585072014e-308",
		-2.5: "-2.5", 1e16: "1e+16", 1e15: "1000000000000000.0", 0.0001: "0.0001", 0.00001: "0.00001", 0.000001: "1e-6", 123.456e20: "1.23456e+22",
		1.5e-7: "1.5e-7", 12345678901234567890: "1.2345678901234567e+19",
	} {
		if got := string(AppendFloat(nil, f)); got != want {
			t.Errorf("%v: got %s want %s", f, got, want)
		}
	}
}

// Every codec round-trips every fixture.
func TestRoundTrip(t *testing.T) {
	for _, c := range All() {
		for _, ds := range datasets {
			t.Run(strings.TrimPrefix(c.ID, "record-go/")+"/"+ds.String(), func(t *testing.T) {
				b, want := fixture(t, ds)
				coder, err := c.New(ds)
				if err != nil {
					t.Fatal(err)
				}
				enc, err := coder.Encode(b)
				if err != nil {
					t.Fatal(err)
				}
				enc = bytes.Clone(enc)
				for range 2 { // twice: reused buffers must not leak between calls
					got, err := coder.Decode(enc)
					if err != nil {
						t.Fatal(err)
					}
					sameRecords(t, c.ID, got, want)
					again, err := coder.Encode(b)
					if err != nil {
						t.Fatal(err)
					}
					if c.Format != "avro" && !bytes.Equal(again, enc) {
						t.Fatalf("encoding twice gives different bytes")
					}
				}
			})
		}
	}
}

// rustName is the Rust codec of each standard format (record/<name>).
var rustName = map[string]string{
	"json": "json", "cbor": "cbor", "msgpack": "msgpack", "protobuf": "protobuf", "avro": "avro",
	"arrow-ipc": "arrow-ipc", "parquet": "parquet", "flatbuffers": "flatbuffers", "capnp": "capnp", "bson": "bson",
}

// Decoding the bytes Rust wrote gives the fixture records; whether Go's
// bytes equal Rust's is logged (go test -v).
func TestRustBytes(t *testing.T) {
	for _, c := range All() {
		if c.Format == "" {
			continue
		}
		for _, ds := range datasets {
			t.Run(strings.TrimPrefix(c.ID, "record-go/")+"/"+ds.String(), func(t *testing.T) {
				b, want := fixture(t, ds)
				rust, err := os.ReadFile(filepath.Join("..", "..", "testdata", "rust", ds.String(), rustName[c.Format]))
				if err != nil {
					t.Fatal(err)
				}
				coder, err := c.New(ds)
				if err != nil {
					t.Fatal(err)
				}
				got, err := coder.Decode(rust)
				if err != nil {
					t.Fatalf("decoding Rust's %s: %v", rustName[c.Format], err)
				}
				sameRecords(t, c.ID+" on Rust bytes", got, want)
				enc, err := coder.Encode(b)
				if err != nil {
					t.Fatal(err)
				}
				if bytes.Equal(enc, rust) {
					t.Logf("%s %s: bytes equal Rust's (%d)", c.ID, ds, len(enc))
				} else {
					t.Logf("%s %s: bytes differ from Rust's (%d vs %d), first at %d", c.ID, ds, len(enc), len(rust), firstDiff(enc, rust))
				}
			})
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// Garbage, truncated and empty input is an error, never a panic.
func TestHostileBytes(t *testing.T) {
	inputs := map[string][]byte{
		"empty":   {},
		"garbage": []byte("\xff\xfe\x00garbage\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"),
		"huge":    {0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xdd, 0xff, 0xff, 0xff, 0xff},
	}
	for _, c := range All() {
		for _, ds := range datasets {
			b, _ := fixture(t, ds)
			coder, err := c.New(ds)
			if err != nil {
				t.Fatal(err)
			}
			enc, err := coder.Encode(b)
			if err != nil {
				t.Fatal(err)
			}
			enc = bytes.Clone(enc)
			cases := map[string][]byte{"truncated": enc[:len(enc)/2], "flipped": flip(enc)}
			for k, v := range inputs {
				cases[k] = v
			}
			for name, in := range cases {
				got, err := DecodeForeign(c, ds, in)
				if err == nil && name != "flipped" && got.Len() == b.Len() && name != "empty" {
					t.Errorf("%s %s %s: no error", c.ID, ds, name)
				}
			}
		}
	}
}

func flip(b []byte) []byte {
	out := bytes.Clone(b)
	for i := 7; i < len(out); i += 13 {
		out[i] ^= 0x5a
	}
	return out
}
