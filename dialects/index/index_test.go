package index_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/index"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata with mlir-opt-22's output")

// strataOpt runs strata-opt with args on the file in, returning its
// output, its errors and its exit code.
func strataOpt(args []string, in string) (string, string, int) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb strings.Builder
	code := opt.Run(ctx, append(args, in), opt.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// TestGolden prints, prints generically and canonicalizes the programs of
// testdata and compares the output with mlir-opt-22's, kept in the golden
// files (-update rewrites them from mlir-opt-22).
func TestGolden(t *testing.T) {
	for _, c := range []struct {
		in, golden string
		args       []string
	}{
		{"ops.mlir", "ops.golden", nil},
		{"ops.mlir", "ops.generic.golden", []string{"--mlir-print-op-generic"}},
		{"fold.mlir", "fold.golden", []string{"--canonicalize"}},
	} {
		t.Run(c.golden, func(t *testing.T) {
			in := filepath.Join("testdata", c.in)
			golden := filepath.Join("testdata", c.golden)
			if *update {
				out, errs, code := testutil.Run(t, testutil.Tool(t, "mlir-opt-22"), append(c.args, in)...)
				if code != 0 {
					t.Fatalf("mlir-opt-22: %s", errs)
				}
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			out, errs, code := strataOpt(c.args, in)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if out != string(want) {
				t.Errorf("output differs from mlir-opt-22's:\n%s\nwant:\n%s", out, want)
			}
			// The generic form parses back to the same program.
			if c.golden == "ops.generic.golden" {
				back, errs, code := strataOpt(nil, golden)
				if code != 0 {
					t.Fatalf("reparsing: exit %d: %s", code, errs)
				}
				custom, _ := os.ReadFile(filepath.Join("testdata", "ops.golden"))
				if back != string(custom) {
					t.Errorf("the generic form reparsed differs:\n%s", back)
				}
			}
		})
	}
}

// TestInvalid checks the verifier's messages, which are upstream's.
func TestInvalid(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"func.func @f(%a: i32) {\n  %0 = index.casts %a : i32 to i32\n  return\n}\n",
			"2:8: error: 'index.casts' op operand type 'i32' and result type 'i32' are cast incompatible"},
		{"func.func @f(%a: index) {\n  %0 = index.castu %a : index to index\n  return\n}\n",
			"2:8: error: 'index.castu' op operand type 'index' and result type 'index' are cast incompatible"},
		{"func.func @f(%a: index) {\n  %0 = \"index.add\"(%a, %a) : (index, index) -> i32\n  return\n}\n",
			"2:8: error: 'index.add' op result #0 must be index, but got 'i32'"},
		{"func.func @f(%a: index) {\n  %0 = index.cmp lt(%a, %a)\n  return\n}\n",
			"2:18: error: custom op 'index.cmp' expected ::mlir::index::IndexCmpPredicate to be one of: eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge"},
		{"func.func @f(%a: f32) {\n  %0 = index.casts %a : f32 to index\n  return\n}\n",
			"2:8: error: 'index.casts' op operand #0 must be integer or index, but got 'f32'"},
	} {
		path := filepath.Join(t.TempDir(), "in.mlir")
		if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, errs, code := strataOpt(nil, path)
		if code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("exit %d, errors:\n%s\nwant %q", code, errs, c.want)
		}
	}
}

// TestCompute checks the arithmetic the folders and the interpreter share
// against hand-computed values, on 64 and 32 bits.
func TestCompute(t *testing.T) {
	neg := func(v int64) uint64 { return uint64(v) }
	for _, c := range []struct {
		op   string
		a, b uint64
		w    uint
		want uint64
		ok   bool
	}{
		{"ceildivs", 7, neg(-2), 64, neg(-3), true},
		{"ceildivs", 7, 2, 64, 4, true},
		{"ceildivs", neg(-7), neg(-2), 64, 4, true},
		{"floordivs", 7, neg(-2), 64, neg(-4), true},
		{"floordivs", neg(-7), 2, 64, neg(-4), true},
		{"floordivs", 6, neg(-2), 64, neg(-3), true},
		{"ceildivu", 7, 2, 64, 4, true},
		{"ceildivu", 0, 2, 64, 0, true},
		{"rems", neg(-7), 2, 64, neg(-1), true},
		{"divs", 1 << 31, neg(-1), 32, 0, false},
		{"divu", 1, 0, 64, 0, false},
		{"shl", 1, 32, 32, 0, false},
		{"shl", 1, 32, 64, 1 << 32, true},
		{"shrs", neg(-8), 1, 64, neg(-4), true},
		{"shru", 1 << 31, 31, 32, 1, true},
		{"maxs", neg(-1), 1, 64, 1, true},
		{"maxu", neg(-1), 1, 64, neg(-1), true},
		{"add", 0xffffffff, 1, 32, 0, true},
	} {
		got, ok := index.Compute(c.op, c.a, c.b, c.w)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("%s(%#x, %#x) on %d bits = %#x, %v; want %#x, %v", c.op, c.a, c.b, c.w, got, ok, c.want, c.ok)
		}
	}
}
