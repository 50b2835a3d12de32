package tests

import (
	"runtime"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/opt"
	"github.com/strata-ir/strata/run"
)

// TestLazySplats checks that a dense splat of a hundred million elements
// is never materialized when it is parsed, folded (arith, math, tensor and
// vector folders) and printed: the whole run must allocate far less than
// the 400 MB one tensor of the file would take, and print the folded
// splats.
func TestLazySplats(t *testing.T) {
	const src = `func.func @f(%i: index, %b: i1) -> (f32, tensor<10000x10000xf32>, tensor<100000000xf16>, tensor<100000000xi32>, tensor<100000000xf32>, vector<100000000xf32>, tensor<100000000xi64>, tensor<100000000xf32>) {
  %0 = arith.constant dense<1.0> : tensor<100000000xf32>
  %e = tensor.extract %0[%i] : tensor<100000000xf32>
  %r = tensor.expand_shape %0 [[0, 1]] output_shape [10000, 10000] : tensor<100000000xf32> into tensor<10000x10000xf32>
  %h = arith.truncf %0 : tensor<100000000xf32> to tensor<100000000xf16>
  %bc = arith.bitcast %0 : tensor<100000000xf32> to tensor<100000000xi32>
  %s = arith.select %b, %0, %0 : tensor<100000000xf32>
  %v = arith.constant dense<2.0> : vector<100000000xf32>
  %v2 = arith.mulf %v, %v : vector<100000000xf32>
  %ci = arith.constant dense<7> : tensor<100000000xi32>
  %x = arith.extsi %ci : tensor<100000000xi32> to tensor<100000000xi64>
  %n = arith.negf %0 : tensor<100000000xf32>
  %q = math.sqrt %n : tensor<100000000xf32>
  return %e, %r, %h, %bc, %s, %v2, %x, %q : f32, tensor<10000x10000xf32>, tensor<100000000xf16>, tensor<100000000xi32>, tensor<100000000xf32>, vector<100000000xf32>, tensor<100000000xi64>, tensor<100000000xf32>
}
`
	ctx := ir.NewContext()
	all.Register(ctx)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var out, errb strings.Builder
	code := opt.Run(ctx, []string{"--canonicalize", "-"}, opt.Stdio{In: strings.NewReader(src), Out: &out, Err: &errb})
	runtime.ReadMemStats(&after)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{
		"arith.constant 1.000000e+00 : f32",
		"arith.constant dense<1.000000e+00> : tensor<10000x10000xf32>",
		"arith.constant dense<1.000000e+00> : tensor<100000000xf16>",
		"arith.constant dense<1065353216> : tensor<100000000xi32>",
		"arith.constant dense<4.000000e+00> : vector<100000000xf32>",
		"arith.constant dense<7> : tensor<100000000xi64>",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 64<<20 {
		t.Errorf("parsing, folding and printing the splats allocated %d MB, want under 64 MB", n>>20)
	}
}

// TestLazySplatsRun checks that the interpreter keeps splats as splats
// until something needs their elements: a program over tensors of 10^11
// elements (an 800 GB constant, an elementwise operation on it, an empty
// tensor, a splat of a run-time value) runs, reads elements, dimensions and
// ranks, and allocates far less than one such tensor would take.
func TestLazySplatsRun(t *testing.T) {
	const src = `func.func @main() -> f32 {
  %c = arith.constant dense<1.5> : tensor<100000000000xf32>
  %d = arith.addf %c, %c : tensor<100000000000xf32>
  %m = arith.mulf %d, %d : tensor<100000000000xf32>
  %e = tensor.empty() : tensor<10x10000000000xf32>
  %i = arith.constant 99999999999 : index
  %x = tensor.extract %m[%i] : tensor<100000000000xf32>
  %z = arith.constant 1 : index
  %zero = arith.constant 0 : index
  %n = tensor.dim %e, %zero : tensor<10x10000000000xf32>
  %nf = arith.index_cast %n : index to i64
  %f = arith.sitofp %nf : i64 to f32
  %s = tensor.splat %f : tensor<100000000000xf32>
  %y = tensor.extract %s[%z] : tensor<100000000000xf32>
  %r = arith.addf %x, %y : f32
  return %r : f32
}
`
	ctx := ir.NewContext()
	all.Register(ctx)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var out, errb strings.Builder
	code := run.Run(ctx, []string{"-e", "main", "-"}, run.Stdio{In: strings.NewReader(src), Out: &out, Err: &errb})
	runtime.ReadMemStats(&after)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if got, want := strings.TrimSpace(out.String()), "1.900000e+01"; got != want {
		t.Errorf("result %q, want %q", got, want)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 64<<20 {
		t.Errorf("running the splats allocated %d MB, want under 64 MB", n>>20)
	}
}
