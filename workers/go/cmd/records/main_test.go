package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The protocol end to end, through the built command.
func TestProtocol(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "records")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	root, _ := filepath.Abs(filepath.Join("..", "..", "..", ".."))
	cmd := exec.Command(exe, "-root", root)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	lines := bufio.NewScanner(stdout)
	lines.Buffer(make([]byte, 1<<20), 1<<24)
	ask := func(req map[string]any) map[string]any {
		t.Helper()
		b, _ := json.Marshal(req)
		if _, err := fmt.Fprintf(stdin, "%s\n", b); err != nil {
			t.Fatal(err)
		}
		if !lines.Scan() {
			t.Fatalf("no answer to %s", b)
		}
		var r map[string]any
		if err := json.Unmarshal(lines.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", lines.Bytes(), err)
		}
		return r
	}
	h := ask(map[string]any{"op": "hello"})
	codecs, _ := h["codecs"].([]any)
	if h["ok"] != true || h["language"] != "go" || len(codecs) < 8 {
		t.Fatalf("hello: %v", h)
	}
	testdata := filepath.Join(root, "workers", "testdata")
	garbage := filepath.Join(dir, "garbage")
	_ = os.WriteFile(garbage, []byte("\x00\xffnot a batch at all\x13\x37"), 0o644)
	for _, ci := range codecs {
		id := ci.(map[string]any)["id"].(string)
		if lib, _ := ci.(map[string]any)["library"].(string); !strings.Contains(lib, " ") {
			t.Fatalf("%s: library %q names no version", id, lib)
		}
		for _, ds := range []string{"logs", "telemetry", "orders"} {
			input := filepath.Join(testdata, "records-"+ds+".jsonl")
			enc, dec := filepath.Join(dir, "enc"), filepath.Join(dir, "dec")
			r := ask(map[string]any{"op": "prepare", "codec": id, "dataset": ds, "input": input, "encoded_out": enc, "decoded_out": dec})
			if r["ok"] != true {
				t.Fatalf("prepare %s %s: %v", id, ds, r)
			}
			want, _ := os.ReadFile(input)
			got, _ := os.ReadFile(dec)
			if string(got) != string(want) {
				t.Fatalf("%s %s: decoded_out differs from the input", id, ds)
			}
			for _, what := range []string{"encode", "decode"} {
				if r := ask(map[string]any{"op": "run", "what": what, "iters": 3}); r["ok"] != true || r["ns"].(float64) <= 0 {
					t.Fatalf("run %s %s %s: %v", what, id, ds, r)
				}
			}
			back := filepath.Join(dir, "back")
			if r := ask(map[string]any{"op": "decode", "codec": id, "dataset": ds, "input": enc, "decoded_out": back}); r["ok"] != true {
				t.Fatalf("decode %s %s: %v", id, ds, r)
			}
			if got, _ := os.ReadFile(back); string(got) != string(want) {
				t.Fatalf("%s %s: decode op's output differs from the input", id, ds)
			}
			if r := ask(map[string]any{"op": "decode", "codec": id, "dataset": ds, "input": garbage, "decoded_out": back}); r["ok"] != false {
				t.Fatalf("decode %s %s of garbage: %v", id, ds, r)
			}
		}
	}
	if r := ask(map[string]any{"op": "run", "what": "sideways", "iters": 1}); r["ok"] != false {
		t.Fatalf("bad run: %v", r)
	}
	_, _ = fmt.Fprintln(stdin, `{"op":"quit"}`)
}
