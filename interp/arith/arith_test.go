package arith_test

import (
	"math"
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/arith"
	"github.com/strata-ir/strata/dialects/builtin"
	function "github.com/strata-ir/strata/dialects/func"
	arithi "github.com/strata-ir/strata/interp/arith"
	"github.com/strata-ir/strata/interp/cf"
	ifunc "github.com/strata-ir/strata/interp/func"
)

func newCtx() *ir.Context {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	arith.Register(ctx)
	function.Register(ctx)
	return ctx
}

// call parses src, verifies it and calls @f on args built by mk.
func call(t *testing.T, src string, args func(ctx *ir.Context) []interp.Value) ([]interp.Value, error) {
	t.Helper()
	ctx := newCtx()
	ctx.AllowUnregisteredDialects = true
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	reg := interp.NewRegistry()
	arithi.Register(reg)
	cf.Register(reg)
	ifunc.Register(reg)
	fn := interp.LookupFunction(m, "f")
	if fn == nil {
		t.Fatal("no @f")
	}
	var a []interp.Value
	if args != nil {
		a = args(ctx)
	}
	return interp.New(reg).Call(nil, fn, a)
}

func TestIntegerOps(t *testing.T) {
	tests := []struct {
		ty, op string
		a, b   int64
		want   int64
	}{
		{"i8", "addi", 127, 1, -128},
		{"i8", "addi", -128, -1, 127},
		{"i8", "muli", 16, 16, 0},
		{"i8", "subi", 0, 1, -1},
		{"i8", "maxsi", -1, 1, 1},
		{"i8", "minsi", -1, 1, -1},
		{"i32", "addi", math.MaxInt32, 1, math.MinInt32},
		{"i32", "muli", 65536, 65536, 0},
		{"i32", "subi", math.MinInt32, 1, math.MaxInt32},
		{"i64", "addi", math.MaxInt64, 1, math.MinInt64},
		{"i64", "muli", 1 << 62, 4, 0},
		{"i64", "maxsi", math.MinInt64, 0, 0},
		{"i1", "addi", 1, 1, 0},
		{"i3", "addi", 3, 1, -4},
		{"i17", "muli", 1 << 16, 2, 0},
		{"index", "addi", math.MaxInt64, 1, math.MinInt64},
	}
	for _, tc := range tests {
		t.Run(tc.ty+"_"+tc.op, func(t *testing.T) {
			src := "func.func @f(%a: " + tc.ty + ", %b: " + tc.ty + ") -> " + tc.ty + " {\n" +
				"  %r = arith." + tc.op + " %a, %b : " + tc.ty + "\n  return %r : " + tc.ty + "\n}\n"
			res, err := call(t, src, func(ctx *ir.Context) []interp.Value {
				ty := typ(ctx, tc.ty)
				return []interp.Value{interp.MakeInt(ty, uint64(tc.a)), interp.MakeInt(ty, uint64(tc.b))}
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := res[0].Int(); got != tc.want {
				t.Errorf("%s %d, %d : %s = %d, want %d", tc.op, tc.a, tc.b, tc.ty, got, tc.want)
			}
		})
	}
}

func typ(ctx *ir.Context, s string) ir.Type {
	ty, err := asm.ParseTypeString(ctx, s)
	if err != nil {
		panic(err)
	}
	return ty
}

func TestCmpI(t *testing.T) {
	tests := []struct {
		ty, pred string
		a, b     int64
		want     bool
	}{
		{"i8", "slt", -1, 1, true},
		{"i8", "ult", -1, 1, false}, // 255 < 1
		{"i8", "ugt", -128, 127, true},
		{"i8", "sgt", -128, 127, false},
		{"i32", "sle", 5, 5, true},
		{"i32", "uge", 0, -1, false},
		{"i32", "eq", -1, -1, true},
		{"i32", "ne", 1, 2, true},
		{"i64", "sge", math.MinInt64, 0, false},
		{"i64", "ule", 0, math.MinInt64, true},
		{"i1", "slt", 1, 0, true}, // i1 true is -1 signed
		{"i1", "ult", 1, 0, false},
		{"index", "slt", -5, 3, true},
	}
	for _, tc := range tests {
		t.Run(tc.ty+"_"+tc.pred, func(t *testing.T) {
			src := "func.func @f(%a: " + tc.ty + ", %b: " + tc.ty + ") -> i1 {\n" +
				"  %r = arith.cmpi " + tc.pred + ", %a, %b : " + tc.ty + "\n  return %r : i1\n}\n"
			res, err := call(t, src, func(ctx *ir.Context) []interp.Value {
				ty := typ(ctx, tc.ty)
				return []interp.Value{interp.MakeInt(ty, uint64(tc.a)), interp.MakeInt(ty, uint64(tc.b))}
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := res[0].Bool(); got != tc.want {
				t.Errorf("cmpi %s, %d, %d : %s = %v, want %v", tc.pred, tc.a, tc.b, tc.ty, got, tc.want)
			}
		})
	}
}

func TestCmpF(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		pred string
		a, b float64
		want bool
	}{
		{"oeq", 1, 1, true}, {"oeq", nan, nan, false}, {"ueq", nan, 1, true},
		{"one", 1, 2, true}, {"one", nan, 2, false}, {"une", nan, nan, true},
		{"olt", 1, 2, true}, {"olt", nan, 2, false}, {"ult", nan, 2, true},
		{"oge", 2, 2, true}, {"uge", 1, 2, false}, {"ugt", 2, nan, true},
		{"ord", 1, 2, true}, {"ord", 1, nan, false}, {"uno", nan, 1, true}, {"uno", 1, 1, false},
		{"false", 1, 1, false}, {"true", nan, nan, true},
		{"ole", math.Inf(-1), -1e300, true}, {"ule", math.Inf(1), 1, false},
	}
	for _, ty := range []string{"f32", "f64", "f16", "bf16"} {
		for _, tc := range tests {
			t.Run(ty+"_"+tc.pred, func(t *testing.T) {
				src := "func.func @f(%a: " + ty + ", %b: " + ty + ") -> i1 {\n" +
					"  %r = arith.cmpf " + tc.pred + ", %a, %b : " + ty + "\n  return %r : i1\n}\n"
				res, err := call(t, src, func(ctx *ir.Context) []interp.Value {
					ft := typ(ctx, ty).(*ir.FloatType)
					return []interp.Value{interp.MakeFloat(ft, tc.a), interp.MakeFloat(ft, tc.b)}
				})
				if err != nil {
					t.Fatal(err)
				}
				if got := res[0].Bool(); got != tc.want {
					t.Errorf("cmpf %s, %v, %v : %s = %v, want %v", tc.pred, tc.a, tc.b, ty, got, tc.want)
				}
			})
		}
	}
}

func TestFloatOps(t *testing.T) {
	tests := []struct {
		ty, op string
		a, b   float64
		want   float64
	}{
		{"f64", "addf", 0.1, 0.2, math.Nextafter(0.3, 1)}, // 0.30000000000000004
		{"f32", "addf", 0.1, 0.2, float64(float32(float32(0.1) + float32(0.2)))},
		{"f32", "mulf", 1e30, 1e30, math.Inf(1)},
		{"f64", "divf", 1, 0, math.Inf(1)},
		{"f64", "subf", 1, 3, -2},
		{"f64", "remf", 7.5, 2, 1.5},
		{"f64", "remf", -7.5, 2, -1.5},
		{"f16", "addf", 2048, 1, 2048}, // 2049 is not an f16: ties to even
		{"f16", "mulf", 300, 300, math.Inf(1)},
		{"bf16", "addf", 256, 1, 256},
	}
	for _, tc := range tests {
		t.Run(tc.ty+"_"+tc.op, func(t *testing.T) {
			src := "func.func @f(%a: " + tc.ty + ", %b: " + tc.ty + ") -> " + tc.ty + " {\n" +
				"  %r = arith." + tc.op + " %a, %b : " + tc.ty + "\n  return %r : " + tc.ty + "\n}\n"
			res, err := call(t, src, func(ctx *ir.Context) []interp.Value {
				ft := typ(ctx, tc.ty).(*ir.FloatType)
				return []interp.Value{interp.MakeFloat(ft, tc.a), interp.MakeFloat(ft, tc.b)}
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := res[0].Float(); got != tc.want {
				t.Errorf("%s %v, %v : %s = %v, want %v", tc.op, tc.a, tc.b, tc.ty, got, tc.want)
			}
		})
	}
	// 0/0 is NaN.
	res, err := call(t, "func.func @f() -> f32 {\n %z = arith.constant 0.0 : f32\n %r = arith.divf %z, %z : f32\n return %r : f32\n}\n", nil)
	if err != nil || !math.IsNaN(res[0].Float()) {
		t.Errorf("0/0 = %v, %v; want NaN", res, err)
	}
}

func TestConstantsSelectIndexCast(t *testing.T) {
	src := `
func.func @f() -> (i8, i64, index, i32, f64, i16) {
  %a = arith.constant 200 : i8
  %b = arith.index_cast %a : i8 to index
  %c = arith.index_cast %b : index to i64
  %big = arith.constant 4294967297 : index
  %d = arith.index_cast %big : index to i32
  %t = arith.constant true
  %x = arith.constant 1.5 : f64
  %y = arith.constant -2.0 : f64
  %s = arith.select %t, %x, %y : f64
  %f = arith.constant false
  %i = arith.constant 7 : i16
  %j = arith.constant -7 : i16
  %k = arith.select %f, %i, %j : i16
  return %a, %c, %b, %d, %s, %k : i8, i64, index, i32, f64, i16
}
`
	res, err := call(t, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Int() != -56 || res[0].Uint() != 200 {
		t.Errorf("i8 200 = %v", res[0])
	}
	if res[1].Int() != -56 || res[2].Int() != -56 {
		t.Errorf("index_cast sign-extends: %v %v", res[1], res[2])
	}
	if res[3].Int() != 1 {
		t.Errorf("index_cast truncates: %v", res[3])
	}
	if res[4].Float() != 1.5 || res[5].Int() != -7 {
		t.Errorf("select: %v %v", res[4], res[5])
	}
}

func TestCallChains(t *testing.T) {
	// Without branches a recursion cannot stop, so compute through a chain
	// of calls: 2^(2^3) by repeated squaring, and fib(10) by an unrolled
	// chain of step functions.
	src := `
func.func @sq(%x: i64) -> i64 {
  %r = arith.muli %x, %x : i64
  return %r : i64
}
func.func @pow8(%x: i64) -> i64 {
  %a = func.call @sq(%x) : (i64) -> i64
  %b = func.call @sq(%a) : (i64) -> i64
  %c = func.call @sq(%b) : (i64) -> i64
  return %c : i64
}
func.func @step(%a: i32, %b: i32) -> (i32, i32) {
  %s = arith.addi %a, %b : i32
  return %b, %s : i32, i32
}
func.func @step5(%a: i32, %b: i32) -> (i32, i32) {
  %a1, %b1 = func.call @step(%a, %b) : (i32, i32) -> (i32, i32)
  %a2, %b2 = func.call @step(%a1, %b1) : (i32, i32) -> (i32, i32)
  %a3, %b3 = func.call @step(%a2, %b2) : (i32, i32) -> (i32, i32)
  %a4, %b4 = func.call @step(%a3, %b3) : (i32, i32) -> (i32, i32)
  %a5, %b5 = func.call @step(%a4, %b4) : (i32, i32) -> (i32, i32)
  return %a5, %b5 : i32, i32
}
func.func @f() -> (i64, i32, i64) {
  %c2 = arith.constant 2 : i64
  %p = func.call @pow8(%c2) : (i64) -> i64
  %c3 = arith.constant 3 : i64
  %w = func.call @pow8(%c3) : (i64) -> i64
  %z = arith.constant 0 : i32
  %o = arith.constant 1 : i32
  %a, %b = func.call @step5(%z, %o) : (i32, i32) -> (i32, i32)
  %fib, %d = func.call @step5(%a, %b) : (i32, i32) -> (i32, i32)
  return %p, %fib, %w : i64, i32, i64
}
`
	res, err := call(t, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Int() != 256 || res[1].Int() != 55 || res[2].Int() != 6561 {
		t.Errorf("got %v, want 256, 55, 6561", res)
	}
}

func TestInfiniteRecursionIsAnError(t *testing.T) {
	src := `func.func @f(%x: i32) -> i32 {
  %r = func.call @f(%x) : (i32) -> i32
  return %r : i32
}
`
	_, err := call(t, src, func(ctx *ir.Context) []interp.Value { return []interp.Value{interp.MakeInt(ctx.I(32), 1)} })
	if err == nil || !strings.Contains(err.Error(), "t.mlir:2:8: error: maximum call depth") {
		t.Errorf("got %v", err)
	}
}

func TestUnknownOpIsLocated(t *testing.T) {
	src := `func.func @f() -> i32 {
  %c = arith.constant 1 : i32
  %r = "foo.bar"(%c) : (i32) -> i32
  return %r : i32
}
`
	_, err := call(t, src, nil)
	if err == nil || err.Error() != "t.mlir:3:8: error: the interpreter has no semantics for 'foo.bar'" {
		t.Errorf("got %v", err)
	}
	// Unsupported types are errors too.
	_, err = call(t, "func.func @f() -> f80 {\n  %c = arith.constant 1.0 : f80\n  return %c : f80\n}\n", nil)
	if err == nil || !strings.HasPrefix(err.Error(), "t.mlir:2:8: error: the interpreter does not support") {
		t.Errorf("got %v", err)
	}
}
