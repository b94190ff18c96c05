package records

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
)

var (
	rootMu   sync.Mutex
	rootPath string
)

// SetRoot names the encbench repository root (the -root flag).
func SetRoot(dir string) {
	rootMu.Lock()
	defer rootMu.Unlock()
	rootPath = dir
}

// Root is the encbench repository root, where the worker reads the schemas
// it shares with the Rust codecs (the Avro .avsc files): the -root flag,
// else $ENCBENCH_ROOT, else the first directory holding Cargo.toml and
// crates/codecs walking up from the executable, then from the working
// directory.
func Root() (string, error) {
	rootMu.Lock()
	defer rootMu.Unlock()
	if rootPath != "" {
		return rootPath, nil
	}
	if env := os.Getenv("ENCBENCH_ROOT"); env != "" {
		rootPath = env
		return rootPath, nil
	}
	var starts []string
	if exe, err := os.Executable(); err == nil {
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
		starts = append(starts, filepath.Dir(exe))
	}
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	for _, dir := range starts {
		for {
			if isRoot(dir) {
				rootPath = dir
				return rootPath, nil
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	return "", errors.New("encbench repository root not found: pass -root or set ENCBENCH_ROOT")
}

func isRoot(dir string) bool {
	if _, err := os.Stat(filepath.Join(dir, "Cargo.toml")); err != nil {
		return false
	}
	st, err := os.Stat(filepath.Join(dir, "crates", "codecs", "src", "avro"))
	return err == nil && st.IsDir()
}
