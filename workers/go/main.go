// Command worker is encbench's Go worker: seed 003's four ways of turning an
// int into bytes and back, written as the seed wrote them, plus
// binary.PutVarint. It times itself with Go's monotonic clock and speaks
// encbench's worker protocol: one JSON object per line on stdin and stdout.
package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"time"
)

type request struct {
	Op     string `json:"op"`
	Codec  string `json:"codec"`
	Input  string `json:"input"`
	Format string `json:"format"`
	Iters  int64  `json:"iters"`
}

type reply map[string]any

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := json.NewEncoder(os.Stdout)
	var prepared runner
	for in.Scan() {
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			_ = out.Encode(reply{"ok": false, "error": "bad request: " + err.Error()})
			continue
		}
		switch req.Op {
		case "hello":
			_ = out.Encode(reply{"ok": true, "language": "go", "runtime": runtime.Version(), "codecs": append(codecIDs(), "go/wkb-go-geom")})
		case "prepare":
			prepared = nil
			if req.Codec == "go/wkb-go-geom" {
				if req.Format != "wkb-list" {
					_ = out.Encode(reply{"ok": false, "error": "go/wkb-go-geom reads format wkb-list"})
					continue
				}
				b, canonical, err := prepareWKB(req.Input)
				if err != nil {
					_ = out.Encode(reply{"ok": false, "error": err.Error()})
					continue
				}
				prepared = b
				_ = out.Encode(reply{"ok": true, "items": len(b.geometries), "encoded_hex": canonical})
				continue
			}
			b, err := prepare(req)
			if err != nil {
				_ = out.Encode(reply{"ok": false, "error": err.Error()})
				continue
			}
			prepared = b
			encoded, decoded, err := b.everyValue()
			if err != nil {
				_ = out.Encode(reply{"ok": false, "error": err.Error()})
				continue
			}
			_ = out.Encode(reply{"ok": true, "items": len(b.values), "encoded_hex": encoded, "decoded": decoded})
		case "run":
			if prepared == nil || req.Iters < 1 {
				_ = out.Encode(reply{"ok": false, "error": "run needs a prepared codec and iters >= 1"})
				continue
			}
			ns, err := prepared.run(req.Iters)
			if err != nil {
				_ = out.Encode(reply{"ok": false, "error": err.Error()})
				continue
			}
			_ = out.Encode(reply{"ok": true, "ns": ns})
		case "quit":
			return
		default:
			_ = out.Encode(reply{"ok": false, "error": fmt.Sprintf("unknown op %q", req.Op)})
		}
	}
}

// runner is anything prepared that can time iters operations.
type runner interface {
	run(iters int64) (int64, error)
}

// bench is one codec ready to run over the dataset's values.
type bench struct {
	codec  codec
	values []int
}

// prepare loads the dataset; encbench compares every value itself (everyValue).
func prepare(req request) (*bench, error) {
	c, ok := codecs[req.Codec]
	if !ok {
		return nil, fmt.Errorf("unknown codec %s", req.Codec)
	}
	if req.Format != "i64-le" {
		return nil, fmt.Errorf("codec %s reads format i64-le, not %q", req.Codec, req.Format)
	}
	values, err := readInt64s(req.Input)
	if err != nil {
		return nil, err
	}
	if len(values) == 0 {
		return nil, fmt.Errorf("%s holds no values", req.Input)
	}
	return &bench{codec: c, values: values}, nil
}

// everyValue encodes every value and decodes each encoding back, for
// encbench to compare: the encodings as hex, the decoded values as decimal
// strings (JSON numbers would lose 64-bit precision).
func (b *bench) everyValue() ([]string, []string, error) {
	encoded := make([]string, 0, len(b.values))
	decoded := make([]string, 0, len(b.values))
	for _, v := range b.values {
		enc, err := b.codec.encode(v)
		if err != nil {
			return nil, nil, fmt.Errorf("encoding %d: %w", v, err)
		}
		back, err := b.codec.decode(enc)
		if err != nil {
			return nil, nil, fmt.Errorf("decoding the encoding of %d: %w", v, err)
		}
		encoded = append(encoded, hex.EncodeToString(enc))
		decoded = append(decoded, strconv.Itoa(back))
	}
	return encoded, decoded, nil
}

var sink int

// run encodes and decodes iters values, cycling through the dataset, as the
// seed's benchmarks did (encode + decode per op).
func (b *bench) run(iters int64) (int64, error) {
	n := len(b.values)
	start := time.Now()
	idx := 0
	for i := int64(0); i < iters; i++ {
		enc, err := b.codec.encode(b.values[idx])
		if err != nil {
			return 0, err
		}
		v, err := b.codec.decode(enc)
		if err != nil {
			return 0, err
		}
		sink += v
		idx++
		if idx == n {
			idx = 0
		}
	}
	return time.Since(start).Nanoseconds(), nil
}

func readInt64s(path string) ([]int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(data)%8 != 0 {
		return nil, fmt.Errorf("%s: %d bytes is not a whole number of int64s", path, len(data))
	}
	values := make([]int, len(data)/8)
	for i := range values {
		var u uint64
		for k := 7; k >= 0; k-- {
			u = u<<8 | uint64(data[i*8+k])
		}
		values[i] = int(int64(u))
	}
	return values, nil
}
