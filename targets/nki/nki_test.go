package nki_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	_ "github.com/strata-ir/strata/targets/nki"
	"github.com/strata-ir/strata/translate"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func translateFile(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb bytes.Buffer
	code := translate.Main(ctx, args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// TestGolden translates each testdata/*.mlir (kernels at the neuron level,
// as tile-to-neuron makes them from tests/neuron's tile programs) in both
// spellings and compares with testdata/NAME.py and NAME.legacy.py; -update
// rewrites them.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no tests in testdata")
	}
	for _, path := range files {
		for _, legacy := range []bool{false, true} {
			golden := strings.TrimSuffix(path, ".mlir") + ".py"
			args := []string{"--mlir-to-nki", path}
			if legacy {
				golden = strings.TrimSuffix(path, ".mlir") + ".legacy.py"
				args = []string{"--mlir-to-nki", "--nki-legacy", path}
			}
			t.Run(filepath.Base(golden), func(t *testing.T) {
				out, errs, code := translateFile(t, args...)
				if code != 0 {
					t.Fatalf("exit %d:\n%s", code, errs)
				}
				if *update {
					if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run with -update)", err)
				}
				if out != string(want) {
					t.Errorf("output differs from %s (run with -update to accept):\n%s", golden, out)
				}
			})
		}
	}
}

// TestErrors checks that what the emitter cannot translate is a located
// error and a non-zero exit.
func TestErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, src, want string
		args            []string
	}{
		{"tile-level", `tile.func @k(%a: memref<4x4xf32>) grid [parallel] {
  %A = tile.view %a : memref<4x4xf32> -> !tile.view<4x4xf32>
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] : !tile.view<4x4xf32> -> tensor<4x4xf32>
  tile.return
}
`, "1:1: error: kernel '@k' is at the tile level: lower it with tile-to-neuron first", nil},
		{"no-kernel", "func.func @f() {\n  return\n}\n", "error: no tile.func kernel to translate to NKI", nil},
		{"unknown-kernel", `tile.func @k() grid [parallel] attributes {neuron.chip = "trn1"} {
  tile.return
}
`, "error: no kernel named '@nope' (found @k)", []string{"--nki-kernel=nope"}},
		{"strided-view", `tile.func @k(%a: memref<64xf32>) grid [parallel] attributes {neuron.chip = "trn1"} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %V = tile.view %a offset %c0 sizes [%c8, %c8] strides [%c8, %c1] : memref<64xf32> -> !tile.view<8x8xf32, strided<[8, 1]>>
  tile.return
}
`, "5:8: error: the NKI emitter takes views of whole arguments only", nil},
		{"float-scalar", `tile.func @k(%a: memref<4x4xf32>) grid [parallel] attributes {neuron.chip = "trn1"} {
  %c = arith.constant 1.0 : f32
  %d = arith.addf %c, %c : f32
  tile.return
}
`, "2:8: error: the NKI emitter takes integer and index constants only", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name+".mlir")
			if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			_, errs, code := translateFile(t, append(append([]string{"--mlir-to-nki"}, c.args...), path)...)
			if code == 0 {
				t.Fatal("expected a failure")
			}
			if !strings.Contains(errs, c.want) {
				t.Errorf("stderr %q does not contain %q", errs, c.want)
			}
		})
	}
}
