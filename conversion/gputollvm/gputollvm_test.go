package gputollvm_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/internal/filecheck"
	"github.com/strata-ir/strata/internal/passtest"
	"github.com/strata-ir/strata/internal/testutil"
)

// TestFileCheck runs gpu-to-llvm on each file of testdata (its first line
// may give other flags: `// FLAGS: ...`) and matches the output against
// the file's CHECK lines.
func TestFileCheck(t *testing.T) {
	passtest.CheckFiles(t, "testdata", "-gpu-to-llvm")
}

// TestFileCheckExtensions runs gpu-to-llvm on testdata/extensions, where
// Strata lowers what mlir-opt-22 leaves invalid, and matches the CHECK
// lines.
func TestFileCheckExtensions(t *testing.T) {
	passtest.CheckFiles(t, filepath.Join("testdata", "extensions"), "-gpu-to-llvm")
}

// TestMLIROpt compares the output of each file of testdata, in custom and
// generic form, with mlir-opt-22's.
func TestMLIROpt(t *testing.T) {
	passtest.MatchMLIROpt(t, "testdata", "-gpu-to-llvm")
}

// integrationDir holds upstream's CUDA integration tests in the shared
// conformance corpus.
const integrationDir = "../../../shared/conformance/gpu-integration/CUDA"

// hostDiffers lists the integration tests whose host side gpu-to-llvm
// does not yet lower as mlir-opt-22 does, with the reason.
var hostDiffers = map[string]string{}

// TestIntegrationHostSide lowers each upstream CUDA integration test that
// mlir-opt-22 takes with Strata (gpu-kernel-outlining, convert-scf-to-cf,
// convert-gpu-to-nvvm on the gpu.modules) and compares what gpu-to-llvm
// makes of the result with what mlir-opt-22's makes of the same input.
func TestIntegrationHostSide(t *testing.T) {
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	var files []string
	filepath.WalkDir(integrationDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".mlir") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		if testutil.InCI() {
			t.Fatalf("no upstream CUDA integration tests under %s", integrationDir)
		}
		t.Skipf("no upstream CUDA integration tests under %s", integrationDir)
	}
	same := 0
	for _, f := range files {
		name, _ := filepath.Rel(integrationDir, f)
		t.Run(name, func(t *testing.T) {
			pre := "--pass-pipeline=builtin.module(gpu-kernel-outlining,convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm))"
			if _, _, code := testutil.Run(t, mlirOpt, pre, f); code != 0 {
				t.Skip("mlir-opt-22 does not take it")
			}
			mid, errs, code := passtest.Opt(pre, f)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errs)
			}
			in := filepath.Join(t.TempDir(), "in.mlir")
			if err := os.WriteFile(in, []byte(mid), 0o644); err != nil {
				t.Fatal(err)
			}
			want, wantErr, wantCode := testutil.Run(t, mlirOpt, "-gpu-to-llvm", in)
			got, gotErr, gotCode := passtest.Opt("-gpu-to-llvm", in)
			reason, known := hostDiffers[filepath.ToSlash(name)]
			switch {
			case got == want && (gotCode == 0) == (wantCode == 0):
				same++
				if known {
					t.Errorf("identical, but listed as differing (%s)", reason)
				}
			case known:
				t.Logf("differs (%s)", reason)
			default:
				t.Errorf("exit %d, mlir-opt-22 %d; stdout (-want +got):\n%s\nstderr (-want +got):\n%s",
					gotCode, wantCode, cmp.Diff(want, got), cmp.Diff(wantErr, gotErr))
			}
		})
	}
	t.Logf("%d identical to mlir-opt-22", same)
}

// TestBarePointersForHost: under use-bare-pointers-for-host a memref that
// cannot pass as a pointer (dynamic shape, unranked) leaves its function
// illegal, reported at the function (mlir-opt-22 leaves the func.func
// unconverted instead); testdata/bare-host.mlir checks the conversions.
func TestBarePointersForHost(t *testing.T) {
	for _, c := range []struct{ name, src, err string }{
		{"scalars", "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n", ""},
		{"static memref", "func.func @f(%a: memref<4xf32>) -> memref<4xf32> {\n  return %a : memref<4xf32>\n}\n", ""},
		{"dynamic memref", "func.func @f(%a: memref<?xf32>) {\n  return\n}\n",
			"in.mlir:1:1: error: failed to legalize operation 'func.func'"},
		{"unranked result", "func.func @f(%a: i32) {\n  return\n}\nfunc.func private @g() -> memref<*xf32>\n",
			"in.mlir:4:1: error: failed to legalize operation 'func.func'"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := filepath.Join(t.TempDir(), "in.mlir")
			if err := os.WriteFile(in, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			_, stderr, code := passtest.Opt("--gpu-to-llvm=use-bare-pointers-for-host=true", in)
			if c.err == "" {
				if code != 0 {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				return
			}
			if code == 0 || !strings.Contains(stderr, c.err) {
				t.Fatalf("exit %d, stderr %q; want an error containing %q", code, stderr, c.err)
			}
		})
	}
}

// TestIntersperseSizes runs gpu-to-llvm with bare pointers and
// intersperse-sizes-for-kernels on testdata/intersperse/sizes.mlir:
// the output matches its CHECK lines and, in custom and generic form,
// mlir-opt-22's, and the launches upstream refuses are refused with the
// same errors (mlir-opt-22 adds a note dumping the operation).
func TestIntersperseSizes(t *testing.T) {
	file := filepath.Join("testdata", "intersperse", "sizes.mlir")
	flag := "--gpu-to-llvm=use-bare-pointers-for-kernels=1 intersperse-sizes-for-kernels=1"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	out, _, code := passtest.Opt("--split-input-file", flag, file)
	if code == 0 {
		t.Errorf("exit 0: the refused launches must fail")
	}
	if err := filecheck.Match(out, filecheck.Parse(string(src), "CHECK")); err != nil {
		t.Errorf("%v\noutput:\n%s", err, out)
	}
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	errors := func(s string) string {
		var keep []string
		for _, l := range strings.Split(s, "\n") {
			if strings.Contains(l, ": error: ") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	for _, generic := range []bool{false, true} {
		args := []string{"--split-input-file", flag, file}
		if generic {
			args = append(args, "--mlir-print-op-generic")
		}
		want, wantErr, wantCode := testutil.Run(t, mlirOpt, args...)
		got, gotErr, gotCode := passtest.Opt(args...)
		if got != want || errors(gotErr) != errors(wantErr) || (gotCode == 0) != (wantCode == 0) {
			t.Errorf("%v: exit %d, mlir-opt-22 %d; stdout (-want +got):\n%s\nerrors (-want +got):\n%s",
				args, gotCode, wantCode, cmp.Diff(want, got), cmp.Diff(errors(wantErr), errors(gotErr)))
		}
	}
}
