package run_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/run"
)

// runLeakCheck runs strata-run with every dialect registered.
func runLeakCheck(args []string) (string, int) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb bytes.Buffer
	code := run.Run(ctx, args, run.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return errb.String(), code
}

// TestCheckLeaks runs programs with --check-leaks: heap buffers that are
// not freed (or handed back by the entry) are located errors, stack
// buffers and freed ones are not.
func TestCheckLeaks(t *testing.T) {
	tests := []struct {
		name, body string
		flags      []string
		code       int
		want       string
	}{
		{"leaked alloc", "  %m = memref.alloc() : memref<4xf32>\n", nil, 1,
			"p.mlir:2:8: error: buffer allocated here is still live when '@main' returns"},
		{"leaked clone", "  %m = memref.alloca() : memref<4xf32>\n  %c = bufferization.clone %m : memref<4xf32> to memref<4xf32>\n", nil, 1,
			"p.mlir:3:8: error: buffer allocated here is still live when '@main' returns"},
		{"two leaks", "  %m = memref.alloc() : memref<4xf32>\n  %n = memref.alloc() : memref<4xf32>\n", nil, 1,
			"p.mlir:3:8: note: a buffer allocated here is still live too"},
		{"freed", "  %m = memref.alloc() : memref<4xf32>\n  memref.dealloc %m : memref<4xf32>\n", nil, 0, ""},
		{"freed by bufferization.dealloc",
			"  %true = arith.constant true\n  %m = memref.alloc() : memref<4xf32>\n  %v = memref.subview %m[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>\n" +
				"  %b, %o, %s, %st = memref.extract_strided_metadata %v : memref<2xf32, strided<[1], offset: 1>> -> memref<f32>, index, index, index\n" +
				"  bufferization.dealloc (%b : memref<f32>) if (%true)\n", nil, 0, ""},
		{"retained is not freed",
			"  %true = arith.constant true\n  %m = memref.alloc() : memref<4xf32>\n  %r = bufferization.dealloc (%m : memref<4xf32>) if (%true) retain (%m : memref<4xf32>)\n", nil, 1,
			"p.mlir:3:8: error: buffer allocated here is still live when '@main' returns"},
		{"stack", "  %m = memref.alloca() : memref<4xf32>\n", nil, 0, ""},
		{"without the flag", "  %m = memref.alloc() : memref<4xf32>\n", []string{}, 0, ""},
		{"cpu engine", "", []string{"--check-leaks", "--engine=cpu"}, run.ExitUsage, "--check-leaks is not supported with --engine=cpu"},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "func.func @main() {\n" + tc.body + "  return\n}\n"
			file := filepath.Join(dir, "p.mlir")
			if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			flags := tc.flags
			if flags == nil {
				flags = []string{"--check-leaks"}
			}
			errs, code := runLeakCheck(append(flags, "-entry-point-result=void", file))
			if code != tc.code || !strings.Contains(errs, tc.want) {
				t.Errorf("got exit %d, %q; want %d, %q", code, errs, tc.code, tc.want)
			}
		})
	}
}

// TestCheckLeaksDoubleFree checks that bufferization.dealloc frees a
// buffer listed twice once, and that freeing a freed buffer is an error.
func TestCheckLeaksDoubleFree(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ body, want string }{
		{"  %true = arith.constant true\n  %m = memref.alloc() : memref<4xf32>\n  bufferization.dealloc (%m, %m : memref<4xf32>, memref<4xf32>) if (%true, %true)\n", ""},
		{"  %true = arith.constant true\n  %m = memref.alloc() : memref<4xf32>\n  memref.dealloc %m : memref<4xf32>\n  bufferization.dealloc (%m : memref<4xf32>) if (%true)\n",
			"p.mlir:5:3: error: double deallocation of a memref"},
	} {
		file := filepath.Join(dir, "p.mlir")
		if err := os.WriteFile(file, []byte("func.func @main() {\n"+tc.body+"  return\n}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		errs, code := runLeakCheck([]string{"--check-leaks", "-entry-point-result=void", file})
		if (tc.want == "") != (code == 0) || !strings.Contains(errs, tc.want) {
			t.Errorf("got exit %d, %q; want %q", code, errs, tc.want)
		}
	}
}
