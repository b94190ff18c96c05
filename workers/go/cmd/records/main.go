// Command records is encbench's Go record worker: the codec matrix's record
// batches through Go's libraries (package encbench.local/worker/records),
// speaking the record-worker protocol of docs/workers.md on stdin/stdout.
//
// The Avro schemas are read from the encbench repository: -root DIR, else
// $ENCBENCH_ROOT, else found by walking up from the executable.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"time"

	"encbench.local/worker/records"
)

type request struct {
	Op         string `json:"op"`
	Codec      string `json:"codec"`
	Dataset    string `json:"dataset"`
	Input      string `json:"input"`
	EncodedOut string `json:"encoded_out"`
	DecodedOut string `json:"decoded_out"`
	What       string `json:"what"`
	Iters      int64  `json:"iters"`
}

type reply map[string]any

type codecInfo struct {
	ID      string  `json:"id"`
	Format  *string `json:"format"`
	Library string  `json:"library"`
	Summary string  `json:"summary"`
}

// prepared is one codec ready to time over one dataset.
type prepared struct {
	coder   records.Coder
	batch   *records.Batch
	encoded []byte
}

var sink int

func main() {
	// encbench pins the worker to one CPU: one P, so the collector's
	// background workers do not queue behind the timed goroutine.
	runtime.GOMAXPROCS(1)
	root := flag.String("root", "", "encbench repository root (default $ENCBENCH_ROOT, else found from the executable)")
	flag.Parse()
	if *root != "" {
		records.SetRoot(*root)
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	w := bufio.NewWriter(os.Stdout)
	out := json.NewEncoder(w)
	say := func(r reply) {
		_ = out.Encode(r)
		_ = w.Flush()
	}
	// Every codec prepared in this process, by id: run names one (or means
	// the last prepared), so one process serves a whole dataset.
	byCodec := map[string]*prepared{}
	var p *prepared
	for in.Scan() {
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			say(reply{"ok": false, "error": "bad request: " + err.Error()})
			continue
		}
		var r reply
		var err error
		switch req.Op {
		case "hello":
			r = hello()
		case "prepare":
			delete(byCodec, req.Codec)
			p = nil
			p, r, err = prepare(req)
			if p != nil {
				byCodec[req.Codec] = p
			}
		case "run":
			target := p
			if req.Codec != "" {
				target = byCodec[req.Codec]
			}
			r, err = run(target, req)
		case "decode":
			r, err = decodeForeign(req)
		case "quit":
			return
		default:
			err = fmt.Errorf("unknown op %q", req.Op)
		}
		if err != nil {
			r = reply{"ok": false, "error": err.Error()}
		}
		say(r)
	}
}

func hello() reply {
	var codecs []codecInfo
	for _, c := range records.All() {
		info := codecInfo{ID: c.ID, Library: c.Library(), Summary: c.Summary}
		if c.Format != "" {
			f := c.Format
			info.Format = &f
		}
		codecs = append(codecs, info)
	}
	return reply{"ok": true, "language": "go", "runtime": runtime.Version(), "codecs": codecs}
}

func lookup(req request) (*records.Codec, records.Dataset, error) {
	c, ok := records.Lookup(req.Codec)
	if !ok {
		return nil, 0, fmt.Errorf("unknown codec %q", req.Codec)
	}
	ds, err := records.ParseDataset(req.Dataset)
	return c, ds, err
}

func prepare(req request) (*prepared, reply, error) {
	c, ds, err := lookup(req)
	if err != nil {
		return nil, nil, err
	}
	batch, err := loaded(req.Input, ds)
	if err != nil {
		return nil, nil, err
	}
	coder, err := c.New(ds)
	if err != nil {
		return nil, nil, err
	}
	enc, err := coder.Encode(batch)
	if err != nil {
		return nil, nil, fmt.Errorf("encoding: %w", err)
	}
	enc = bytes.Clone(enc)
	if req.EncodedOut != "" {
		if err := os.WriteFile(req.EncodedOut, enc, 0o644); err != nil {
			return nil, nil, err
		}
	}
	dec, err := coder.Decode(enc)
	if err != nil {
		return nil, nil, fmt.Errorf("decoding its own bytes: %w", err)
	}
	got, err := records.WriteJSONL(dec)
	if err != nil {
		return nil, nil, err
	}
	if req.DecodedOut != "" {
		if err := os.WriteFile(req.DecodedOut, got, 0o644); err != nil {
			return nil, nil, err
		}
	}
	want, err := records.WriteJSONL(batch)
	if err != nil {
		return nil, nil, err
	}
	if !bytes.Equal(got, want) {
		return nil, nil, fmt.Errorf("%s: the decoded records differ from the input (%s)", c.ID, firstDifference(got, want))
	}
	return &prepared{coder: coder, batch: batch, encoded: enc},
		reply{"ok": true, "records": batch.Len(), "encoded_bytes": len(enc)}, nil
}

// The records of the dataset being measured: one copy per process, shared
// by every codec prepared on it, so the live heap each collection marks is
// one dataset, not one per codec.
var loadedBatch struct {
	input string
	ds    records.Dataset
	batch *records.Batch
}

func loaded(input string, ds records.Dataset) (*records.Batch, error) {
	if loadedBatch.batch != nil && loadedBatch.input == input && loadedBatch.ds == ds {
		return loadedBatch.batch, nil
	}
	loadedBatch.batch = nil
	runtime.GC() // the previous dataset's copy goes before the next is read
	batch, err := records.ReadJSONL(input, ds)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", input, err)
	}
	loadedBatch.input, loadedBatch.ds, loadedBatch.batch = input, ds, batch
	return batch, nil
}

func firstDifference(got, want []byte) string {
	g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := range min(len(g), len(w)) {
		if !bytes.Equal(g[i], w[i]) {
			return fmt.Sprintf("record %d: %s, want %s", i, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d records, want %d", len(g)-1, len(w)-1)
}

func run(p *prepared, req request) (reply, error) {
	if p == nil || req.Iters < 1 {
		return nil, fmt.Errorf("run needs a prepared codec and iters >= 1")
	}
	var op func() error
	switch req.What {
	case "encode":
		op = func() error {
			b, err := p.coder.Encode(p.batch)
			sink += len(b)
			return err
		}
	case "decode":
		op = func() error {
			b, err := p.coder.Decode(p.encoded)
			if err == nil {
				sink += b.Len()
			}
			return err
		}
	default:
		return nil, fmt.Errorf("run: what is encode or decode, not %q", req.What)
	}
	if err := op(); err != nil { // warm-up
		return nil, err
	}
	// The collector stays out of the batch and runs once after it, timed
	// and counted in the sample: where its cycles would land inside a batch
	// (and how its background marking shares the one P) moved Go rows by
	// tens of percent between runs, while collecting one batch's garbage
	// in one place costs the same every time. The sample still pays for
	// the garbage the operations made. The memory limit is a safety net
	// for a batch that allocates far more than expected.
	runtime.GC()
	previous := debug.SetGCPercent(-1)
	limit := debug.SetMemoryLimit(-1)
	debug.SetMemoryLimit(batchMemoryLimit)
	defer func() {
		debug.SetGCPercent(previous)
		debug.SetMemoryLimit(limit)
	}()
	start := time.Now()
	for i := int64(0); i < req.Iters; i++ {
		if err := op(); err != nil {
			return nil, err
		}
	}
	runtime.GC()
	return reply{"ok": true, "ns": time.Since(start).Nanoseconds()}, nil
}

// batchMemoryLimit bounds the heap while the collector is off for a batch:
// past it, the runtime collects anyway.
const batchMemoryLimit = 4 << 30

func decodeForeign(req request) (reply, error) {
	c, ds, err := lookup(req)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(req.Input)
	if err != nil {
		return nil, err
	}
	b, err := records.DecodeForeign(c, ds, data)
	if err != nil {
		return nil, err
	}
	out, err := records.WriteJSONL(b)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(req.DecodedOut, out, 0o644); err != nil {
		return nil, err
	}
	return reply{"ok": true, "records": b.Len()}, nil
}
