//go:build cgo && (linux || darwin || freebsd)

package opt_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPluginNotGo loads files that are not Go plugins: each must be a
// clean error, not the runtime's fatal error for a library without Go
// module data.
func TestPluginNotGo(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "text.so")
	if err := os.WriteFile(text, []byte("not a library\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := []string{text}
	if out, err := exec.Command("gcc", "-print-file-name=libc.so.6").Output(); err == nil {
		if p := strings.TrimSpace(string(out)); filepath.IsAbs(p) {
			files = append(files, p)
		}
	}
	// A C shared library built here, when a C compiler is present.
	csrc, cso := filepath.Join(dir, "c.c"), filepath.Join(dir, "c.so")
	os.WriteFile(csrc, []byte("int f(void) { return 1; }\n"), 0o644)
	if err := exec.Command("gcc", "-shared", "-fPIC", "-o", cso, csrc).Run(); err == nil {
		files = append(files, cso)
	}
	for _, f := range files {
		for _, flag := range []string{"--load-dialect-plugin=", "--load-pass-plugin="} {
			_, stderr, code := runOpt(t, []string{flag + f, "-"})
			if code == 0 || !strings.Contains(stderr, "plugin") {
				t.Errorf("%s%s: exit %d, stderr %q; want a plugin error", flag, f, code, stderr)
			}
		}
	}
}
