package main

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"time"

	"github.com/twpayne/go-geom/encoding/wkb"
)

// wkbBench parses a list of WKB geometries with go-geom, the library of the
// seed's WKB benchmark.
type wkbBench struct {
	geometries [][]byte
}

// readWKBList reads the "wkb-list" format: repeated u32 little-endian length, then that many bytes.
func readWKBList(path string) ([][]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for off := 0; off < len(data); {
		if off+4 > len(data) {
			return nil, fmt.Errorf("%s: truncated length at byte %d", path, off)
		}
		n := int(binary.LittleEndian.Uint32(data[off:]))
		off += 4
		if off+n > len(data) {
			return nil, fmt.Errorf("%s: geometry at byte %d claims %d bytes, %d remain", path, off, n, len(data)-off)
		}
		out = append(out, data[off:off+n])
		off += n
	}
	return out, nil
}

// prepareWKB parses every geometry and writes each back with go-geom as
// little-endian WKB (hex), so encbench can compare go-geom's reading of
// every geometry with its own, value by value.
func prepareWKB(path string) (*wkbBench, []string, error) {
	geoms, err := readWKBList(path)
	if err != nil {
		return nil, nil, err
	}
	canonical := make([]string, 0, len(geoms))
	for i, g := range geoms {
		parsed, err := wkb.Unmarshal(g)
		if err != nil {
			return nil, nil, fmt.Errorf("geometry %d: %w", i, err)
		}
		again, err := wkb.Marshal(parsed, binary.LittleEndian)
		if err != nil {
			return nil, nil, fmt.Errorf("geometry %d: writing it back: %w", i, err)
		}
		canonical = append(canonical, hex.EncodeToString(again))
	}
	return &wkbBench{geometries: geoms}, canonical, nil
}

func (b *wkbBench) run(iters int64) (int64, error) {
	start := time.Now()
	for i := int64(0); i < iters; i++ {
		for _, g := range b.geometries {
			parsed, err := wkb.Unmarshal(g)
			if err != nil {
				return 0, err
			}
			sink += parsed.Stride()
		}
	}
	return time.Since(start).Nanoseconds(), nil
}
