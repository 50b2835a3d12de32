package llvm_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/testutil"
	interpall "github.com/strata-ir/strata/interp/all"
)

// execute parses src, runs @main and returns what it printed; a program
// that does not parse or verify fails the test.
func execute(t *testing.T, name, src string) (string, error) {
	t.Helper()
	m, err := parse(name, src)
	if err != nil {
		t.Fatal(err)
	}
	return run(m)
}

// tryExecute is execute returning every error.
func tryExecute(name, src string) (string, error) {
	m, err := parse(name, src)
	if err != nil {
		return "", err
	}
	return run(m)
}

func parse(name, src string) (*ir.Operation, error) {
	ctx := ir.NewContext()
	all.Register(ctx)
	m, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: name})
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(m); err != nil {
		return nil, err
	}
	return m, nil
}

func run(m *ir.Operation) (string, error) {
	reg := interp.NewRegistry()
	interpall.Register(reg)
	in := interp.New(reg)
	var out strings.Builder
	in.Out = &out
	fn := interp.LookupFunction(m, "main")
	if fn == nil {
		return "", fmt.Errorf("no @main")
	}
	_, err := in.Call(nil, fn, nil)
	return out.String(), err
}

var baseAddr = regexp.MustCompile(`base@ = 0x[0-9a-f]+`)

// runnerOutput runs src with mlir-runner, or returns "" (having skipped
// or, under CI=true, failed) when it is not installed.
func runnerOutput(t *testing.T, src string) (string, bool) {
	t.Helper()
	runner := testutil.LookTool("mlir-runner-22")
	if runner == "" {
		if _, err := os.Stat("/usr/lib/llvm-22/bin/mlir-runner"); err != nil {
			if testutil.InCI() {
				t.Fatal("mlir-runner is required under CI=true but is missing")
			}
			t.Log("mlir-runner is missing: the output is compared with the expected text only")
			return "", false
		}
		runner = "/usr/lib/llvm-22/bin/mlir-runner"
	}
	var libs []string
	for _, lib := range []string{"libmlir_runner_utils.so", "libmlir_c_runner_utils.so"} {
		ms, _ := filepath.Glob("/usr/lib/llvm-22/lib/" + lib + "*")
		if len(ms) == 0 {
			if testutil.InCI() {
				t.Fatalf("%s is required under CI=true but is missing", lib)
			}
			t.Logf("%s is missing: the output is compared with the expected text only", lib)
			return "", false
		}
		libs = append(libs, ms[0])
	}
	file := filepath.Join(t.TempDir(), "p.mlir")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(runner, "-e", "main", "-entry-point-result=void", "-shared-libs="+strings.Join(libs, ","), file).CombinedOutput()
	if err != nil {
		t.Fatalf("mlir-runner: %v\n%s", err, out)
	}
	return string(out), true
}

const decls = `
  llvm.func @printI64(i64)
  llvm.func @printU64(i64)
  llvm.func @printF32(f32)
  llvm.func @printF64(f64)
  llvm.func @printNewline()
  llvm.func @printComma()
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
  llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
`

// programs are llvm dialect programs with what @main prints.
var programs = []struct {
	name, body, want string
}{
	{"integers", `
  llvm.func @p(%x: i64) {
    llvm.call @printI64(%x) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    llvm.return
  }
  llvm.func @p8(%x: i8) {
    %e = llvm.sext %x : i8 to i64
    llvm.call @p(%e) : (i64) -> ()
    llvm.return
  }
  llvm.func @main() {
    %a = llvm.mlir.constant(100 : i8) : i8
    %b = llvm.mlir.constant(-7 : i8) : i8
    %0 = llvm.add %a, %a : i8
    llvm.call @p8(%0) : (i8) -> ()
    %1 = llvm.mul %a, %b : i8
    llvm.call @p8(%1) : (i8) -> ()
    %2 = llvm.sdiv %b, %a : i8
    llvm.call @p8(%2) : (i8) -> ()
    %3 = llvm.srem %a, %b : i8
    llvm.call @p8(%3) : (i8) -> ()
    %4 = llvm.udiv %b, %a : i8
    llvm.call @p8(%4) : (i8) -> ()
    %5 = llvm.urem %b, %a : i8
    llvm.call @p8(%5) : (i8) -> ()
    %c3 = llvm.mlir.constant(3 : i8) : i8
    %6 = llvm.shl %b, %c3 : i8
    llvm.call @p8(%6) : (i8) -> ()
    %7 = llvm.lshr %b, %c3 : i8
    llvm.call @p8(%7) : (i8) -> ()
    %8 = llvm.ashr %b, %c3 : i8
    llvm.call @p8(%8) : (i8) -> ()
    %9 = llvm.xor %a, %b : i8
    %10 = llvm.and %9, %b : i8
    %11 = llvm.or %10, %c3 : i8
    llvm.call @p8(%11) : (i8) -> ()
    %12 = llvm.zext %b : i8 to i64
    llvm.call @p(%12) : (i64) -> ()
    %big = llvm.mlir.constant(4294967298 : i64) : i64
    %13 = llvm.trunc %big : i64 to i32
    %14 = llvm.sext %13 : i32 to i64
    llvm.call @p(%14) : (i64) -> ()
    %15 = llvm.icmp "ult" %a, %b : i8
    %16 = llvm.icmp "slt" %a, %b : i8
    %17 = llvm.zext %15 : i1 to i64
    %18 = llvm.zext %16 : i1 to i64
    llvm.call @p(%17) : (i64) -> ()
    llvm.call @p(%18) : (i64) -> ()
    %19 = llvm.select %16, %a, %b : i1, i8
    llvm.call @p8(%19) : (i8) -> ()
    %20 = llvm.intr.smax(%a, %b) : (i8, i8) -> i8
    %21 = llvm.intr.umin(%a, %b) : (i8, i8) -> i8
    %22 = llvm.intr.ctpop(%b) : (i8) -> i8
    llvm.call @p8(%20) : (i8) -> ()
    llvm.call @p8(%21) : (i8) -> ()
    llvm.call @p8(%22) : (i8) -> ()
    %m = llvm.mlir.constant(-1 : i64) : i64
    llvm.call @printU64(%m) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }`, "-56, 68, 0, 2, 2, 49, -56, 31, -1, -101, 249, 2, 1, 0, -7, 100, 100, 6, 18446744073709551615\n"},

	{"floats", `
  llvm.func @p(%x: f32) {
    llvm.call @printF32(%x) : (f32) -> ()
    llvm.call @printComma() : () -> ()
    llvm.return
  }
  llvm.func @main() {
    %a = llvm.mlir.constant(2.5 : f32) : f32
    %b = llvm.mlir.constant(-0.75 : f32) : f32
    %0 = llvm.fadd %a, %b : f32
    llvm.call @p(%0) : (f32) -> ()
    %1 = llvm.fsub %a, %b : f32
    llvm.call @p(%1) : (f32) -> ()
    %2 = llvm.fmul %a, %b : f32
    llvm.call @p(%2) : (f32) -> ()
    %3 = llvm.fdiv %a, %b : f32
    llvm.call @p(%3) : (f32) -> ()
    %4 = llvm.frem %a, %b : f32
    llvm.call @p(%4) : (f32) -> ()
    %5 = llvm.fneg %a : f32
    llvm.call @p(%5) : (f32) -> ()
    %6 = llvm.intr.sqrt(%a) : (f32) -> f32
    llvm.call @p(%6) : (f32) -> ()
    %7 = llvm.intr.exp(%b) : (f32) -> f32
    llvm.call @p(%7) : (f32) -> ()
    %8 = llvm.intr.fma(%a, %b, %a) : (f32, f32, f32) -> f32
    llvm.call @p(%8) : (f32) -> ()
    %9 = llvm.intr.fabs(%b) : (f32) -> f32
    llvm.call @p(%9) : (f32) -> ()
    %10 = llvm.intr.pow(%a, %a) : (f32, f32) -> f32
    llvm.call @p(%10) : (f32) -> ()
    %11 = llvm.intr.maxnum(%a, %b) : (f32, f32) -> f32
    llvm.call @p(%11) : (f32) -> ()
    %12 = llvm.intr.floor(%b) : (f32) -> f32
    llvm.call @p(%12) : (f32) -> ()
    %13 = llvm.fcmp "olt" %a, %b : f32
    %14 = llvm.uitofp %13 : i1 to f32
    llvm.call @p(%14) : (f32) -> ()
    %i = llvm.fptosi %b : f32 to i32
    %15 = llvm.sitofp %i : i32 to f32
    llvm.call @p(%15) : (f32) -> ()
    %n = llvm.mlir.constant(-7 : i32) : i32
    %16 = llvm.sitofp %n : i32 to f32
    llvm.call @p(%16) : (f32) -> ()
    %d = llvm.fpext %b : f32 to f64
    %third = llvm.mlir.constant(0.1 : f64) : f64
    %17 = llvm.fadd %d, %third : f64
    llvm.call @printF64(%17) : (f64) -> ()
    llvm.call @printComma() : () -> ()
    %18 = llvm.fptrunc %17 : f64 to f32
    llvm.call @p(%18) : (f32) -> ()
    %bits = llvm.bitcast %a : f32 to i32
    %19 = llvm.zext %bits : i32 to i64
    llvm.call @printI64(%19) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }`, "1.75, 3.25, -1.875, -3.33333, 0.25, -2.5, 1.58114, 0.472367, 0.625, 0.75, 9.88212, 2.5, -1, 0, 0, -7, -0.65, -0.65, 1075838976\n"},

	{"memory", `
  llvm.func @main() {
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %c3 = llvm.mlir.constant(3 : i64) : i64
    %size = llvm.mlir.constant(48 : i64) : i64
    %p = llvm.call @malloc(%size) : (i64) -> !llvm.ptr
    // struct {i8, i32, i64, array<2 x i16>}: offsets 0, 4, 8, 16; size 24.
    %q = llvm.getelementptr %p[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i8, i32, i64, array<2 x i16>)>
    %f1 = llvm.getelementptr inbounds|nuw %q[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i8, i32, i64, array<2 x i16>)>
    %v1 = llvm.mlir.constant(-2 : i32) : i32
    llvm.store %v1, %f1 : i32, !llvm.ptr
    %f3 = llvm.getelementptr inbounds %q[0, 3, %c1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i8, i32, i64, array<2 x i16>)>
    %v3 = llvm.mlir.constant(513 : i16) : i16
    llvm.store %v3, %f3 : i16, !llvm.ptr
    // Read the bytes back: offset 24 + 4 is 0xfe, 24 + 18 and 19 are 1, 2.
    %b0 = llvm.getelementptr %p[28] : (!llvm.ptr) -> !llvm.ptr, i8
    %x0 = llvm.load %b0 : !llvm.ptr -> i8
    %y0 = llvm.zext %x0 : i8 to i64
    llvm.call @printI64(%y0) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    %b1 = llvm.getelementptr %p[42] : (!llvm.ptr) -> !llvm.ptr, i8
    %x1 = llvm.load %b1 : !llvm.ptr -> i16
    %y1 = llvm.zext %x1 : i16 to i64
    llvm.call @printI64(%y1) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    // The whole struct loaded at once.
    %s = llvm.load %q : !llvm.ptr -> !llvm.struct<(i8, i32, i64, array<2 x i16>)>
    %e = llvm.extractvalue %s[3, 1] : !llvm.struct<(i8, i32, i64, array<2 x i16>)>
    %ee = llvm.sext %e : i16 to i64
    llvm.call @printI64(%ee) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    %s2 = llvm.insertvalue %c3, %s[2] : !llvm.struct<(i8, i32, i64, array<2 x i16>)>
    %a = llvm.alloca %c1 x !llvm.struct<(i8, i32, i64, array<2 x i16>)> : (i64) -> !llvm.ptr
    llvm.store %s2, %a : !llvm.struct<(i8, i32, i64, array<2 x i16>)>, !llvm.ptr
    %ai = llvm.getelementptr %a[8] : (!llvm.ptr) -> !llvm.ptr, i8
    %av = llvm.load %ai : !llvm.ptr -> i64
    llvm.call @printI64(%av) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    // Pointers stored in memory keep pointing to their allocation.
    %pp = llvm.alloca %c1 x !llvm.ptr : (i64) -> !llvm.ptr
    llvm.store %f1, %pp : !llvm.ptr, !llvm.ptr
    %r = llvm.load %pp : !llvm.ptr -> !llvm.ptr
    %rv = llvm.load %r : !llvm.ptr -> i32
    %rs = llvm.sext %rv : i32 to i64
    llvm.call @printI64(%rs) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    // ptrtoint and inttoptr, and the size of a type from a null GEP.
    %i = llvm.ptrtoint %f1 : !llvm.ptr to i64
    %f1b = llvm.inttoptr %i : i64 to !llvm.ptr
    %rv2 = llvm.load %f1b : !llvm.ptr -> i32
    %rs2 = llvm.sext %rv2 : i32 to i64
    llvm.call @printI64(%rs2) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    %null = llvm.mlir.zero : !llvm.ptr
    %g = llvm.getelementptr %null[%c3] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i8, ptr)>
    %sz = llvm.ptrtoint %g : !llvm.ptr to i64
    llvm.call @printI64(%sz) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    %c256 = llvm.mlir.constant(256 : i64) : i64
    %al = llvm.call @aligned_alloc(%c256, %c256) : (i64, i64) -> !llvm.ptr
    %ali = llvm.ptrtoint %al : !llvm.ptr to i64
    %alr = llvm.urem %ali, %c256 : i64
    llvm.call @printI64(%alr) : (i64) -> ()
    llvm.call @free(%al) : (!llvm.ptr) -> ()
    llvm.call @free(%p) : (!llvm.ptr) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }`, "254, 513, 513, 3, -2, -2, 48, 0\n"},

	{"control", `
  llvm.func @fact(%n: i64) -> i64 {
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %c = llvm.icmp "sle" %n, %c1 : i64
    llvm.cond_br %c, ^done, ^rec
  ^done:
    llvm.return %c1 : i64
  ^rec:
    %m = llvm.sub %n, %c1 : i64
    %r = llvm.call @fact(%m) : (i64) -> i64
    %p = llvm.mul %n, %r : i64
    llvm.return %p : i64
  }
  llvm.func @main() {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %c5 = llvm.mlir.constant(5 : i64) : i64
    llvm.br ^loop(%c0, %c0 : i64, i64)
  ^loop(%i: i64, %acc: i64):
    %c = llvm.icmp "slt" %i, %c5 : i64
    llvm.cond_br %c, ^body, ^exit
  ^body:
    %k = llvm.trunc %i : i64 to i32
    llvm.switch %k : i32, ^other [
      1: ^one,
      3: ^three(%i : i64)
    ]
  ^one:
    %a1 = llvm.add %acc, %c5 : i64
    llvm.br ^next(%a1 : i64)
  ^three(%x: i64):
    %f = llvm.call @fact(%x) : (i64) -> i64
    %a3 = llvm.add %acc, %f : i64
    llvm.br ^next(%a3 : i64)
  ^other:
    %a2 = llvm.add %acc, %c1 : i64
    llvm.br ^next(%a2 : i64)
  ^next(%na: i64):
    %ni = llvm.add %i, %c1 : i64
    llvm.br ^loop(%ni, %na : i64, i64)
  ^exit:
    llvm.call @printI64(%acc) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }`, "14\n"},

	{"globals", `
  llvm.mlir.global private constant @table(dense<[[1.5, 2.0], [-3.0, 4.25]]> : tensor<2x2xf32>) {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<2 x array<2 x f32>>
  llvm.mlir.global internal @counter(7 : i64) {addr_space = 0 : i32} : i64
  llvm.mlir.global internal constant @pair() {addr_space = 0 : i32} : !llvm.struct<(i32, f64)> {
    %0 = llvm.mlir.undef : !llvm.struct<(i32, f64)>
    %1 = llvm.mlir.constant(9 : i32) : i32
    %2 = llvm.insertvalue %1, %0[0] : !llvm.struct<(i32, f64)>
    %3 = llvm.mlir.constant(0.5 : f64) : f64
    %4 = llvm.insertvalue %3, %2[1] : !llvm.struct<(i32, f64)>
    llvm.return %4 : !llvm.struct<(i32, f64)>
  }
  llvm.func @main() {
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %t = llvm.mlir.addressof @table : !llvm.ptr
    %e = llvm.getelementptr inbounds|nuw %t[0, 1, %c1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<2 x array<2 x f32>>
    %v = llvm.load %e : !llvm.ptr -> f32
    llvm.call @printF32(%v) : (f32) -> ()
    llvm.call @printComma() : () -> ()
    %c = llvm.mlir.addressof @counter : !llvm.ptr
    %x = llvm.load %c : !llvm.ptr -> i64
    %y = llvm.add %x, %c1 : i64
    llvm.store %y, %c : i64, !llvm.ptr
    %z = llvm.load %c : !llvm.ptr -> i64
    llvm.call @printI64(%z) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    %p = llvm.mlir.addressof @pair : !llvm.ptr
    %f = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f64)>
    %fv = llvm.load %f : !llvm.ptr -> f64
    llvm.call @printF64(%fv) : (f64) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }`, "4.25, 8, 0.5\n"},

	{"bits-and-classes", `
  llvm.func @p(%x: i1) {
    %e = llvm.zext %x : i1 to i64
    llvm.call @printI64(%e) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    llvm.return
  }
  llvm.func @main() {
    %x = llvm.mlir.constant(40 : i32) : i32
    %z = llvm.mlir.constant(0 : i32) : i32
    %m = llvm.mlir.constant(-7 : i32) : i32
    %0 = "llvm.intr.ctlz"(%x) <{is_zero_poison = false}> : (i32) -> i32
    %1 = "llvm.intr.cttz"(%z) <{is_zero_poison = false}> : (i32) -> i32
    %2 = "llvm.intr.abs"(%m) <{is_int_min_poison = false}> : (i32) -> i32
    %s = llvm.add %0, %1 : i32
    %t = llvm.add %s, %2 : i32
    %w = llvm.sext %t : i32 to i64
    llvm.call @printI64(%w) : (i64) -> ()
    llvm.call @printComma() : () -> ()
    %f0 = llvm.mlir.constant(0.0 : f32) : f32
    %fn = llvm.mlir.constant(-1.5 : f32) : f32
    %nan = llvm.fdiv %f0, %f0 : f32
    %inf = llvm.fdiv %fn, %f0 : f32
    %3 = "llvm.intr.is.fpclass"(%nan) <{bit = 3 : i32}> : (f32) -> i1
    llvm.call @p(%3) : (i1) -> ()
    %4 = "llvm.intr.is.fpclass"(%fn) <{bit = 504 : i32}> : (f32) -> i1
    llvm.call @p(%4) : (i1) -> ()
    %5 = "llvm.intr.is.fpclass"(%inf) <{bit = 504 : i32}> : (f32) -> i1
    llvm.call @p(%5) : (i1) -> ()
    %6 = "llvm.intr.is.fpclass"(%inf) <{bit = 4 : i32}> : (f32) -> i1
    llvm.call @p(%6) : (i1) -> ()
    %7 = "llvm.intr.is.fpclass"(%fn) <{bit = 8 : i32}> : (f32) -> i1
    llvm.call @p(%7) : (i1) -> ()
    %half = llvm.mlir.constant(0.5 : f32) : f32
    %sc = llvm.intr.sincos(%half) : (f32) -> !llvm.struct<(f32, f32)>
    %sin = llvm.extractvalue %sc[0] : !llvm.struct<(f32, f32)>
    %cos = llvm.extractvalue %sc[1] : !llvm.struct<(f32, f32)>
    llvm.call @printF32(%sin) : (f32) -> ()
    llvm.call @printComma() : () -> ()
    llvm.call @printF32(%cos) : (f32) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }`, "65, 1, 1, 0, 1, 1, 0.479426, 0.877583\n"},

	{"puts", `
  llvm.func @puts(!llvm.ptr) -> i32
  llvm.mlir.global internal constant @hello("hello, world\0A\00") {addr_space = 0 : i32}
  llvm.func @main() {
    %p = llvm.mlir.addressof @hello : !llvm.ptr
    %q = llvm.getelementptr %p[0, 7] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<14 x i8>
    %0 = llvm.call @puts(%p) : (!llvm.ptr) -> i32
    %1 = llvm.call @puts(%q) : (!llvm.ptr) -> i32
    llvm.return
  }`, "hello, world\n\nworld\n\n"},

	{"print-memref", `
  llvm.func @printMemrefF32(i64, !llvm.ptr)
  llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)
  llvm.mlir.global private constant @data(dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>) {addr_space = 0 : i32} : !llvm.array<2 x array<3 x f32>>
  llvm.func @desc(%p: !llvm.ptr, %off: i64, %s0: i64, %s1: i64, %t0: i64, %t1: i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %1 = llvm.insertvalue %p, %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %2 = llvm.insertvalue %p, %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %3 = llvm.insertvalue %off, %2[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %4 = llvm.insertvalue %s0, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %5 = llvm.insertvalue %s1, %4[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %6 = llvm.insertvalue %t0, %5[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %7 = llvm.insertvalue %t1, %6[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    llvm.return %7 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  }
  // unranked stores the unranked descriptor of d in u (its ranked
  // descriptor in a).
  llvm.func @unranked(%d: !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, %a: !llvm.ptr, %u: !llvm.ptr) -> !llvm.ptr {
    %c2 = llvm.mlir.constant(2 : i64) : i64
    llvm.store %d, %a : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
    %0 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
    %1 = llvm.insertvalue %c2, %0[0] : !llvm.struct<(i64, ptr)>
    %2 = llvm.insertvalue %a, %1[1] : !llvm.struct<(i64, ptr)>
    llvm.store %2, %u : !llvm.struct<(i64, ptr)>, !llvm.ptr
    llvm.return %u : !llvm.ptr
  }
  llvm.func @main() {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %c2 = llvm.mlir.constant(2 : i64) : i64
    %c3 = llvm.mlir.constant(3 : i64) : i64
    %c4 = llvm.mlir.constant(4 : i64) : i64
    %g = llvm.mlir.addressof @data : !llvm.ptr
    %d = llvm.call @desc(%g, %c0, %c2, %c3, %c3, %c1) : (!llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %c1x = llvm.mlir.constant(1 : i64) : i64
    %a = llvm.alloca %c1x x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
    llvm.store %d, %a : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
    llvm.call @printMemrefF32(%c2, %a) : (i64, !llvm.ptr) -> ()
    // The transpose (3x2, strides 1, 3) copied into a new buffer.
    %t = llvm.call @desc(%g, %c0, %c3, %c2, %c1, %c3) : (!llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %c24 = llvm.mlir.constant(24 : i64) : i64
    %buf = llvm.call @malloc(%c24) : (i64) -> !llvm.ptr
    %n = llvm.call @desc(%buf, %c0, %c3, %c2, %c2, %c1) : (!llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %c4b = llvm.mlir.constant(4 : i64) : i64
    %ta = llvm.alloca %c1x x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
    %tu0 = llvm.alloca %c1x x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
    %na = llvm.alloca %c1x x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
    %nu0 = llvm.alloca %c1x x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
    %tu = llvm.call @unranked(%t, %ta, %tu0) : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
    %nu = llvm.call @unranked(%n, %na, %nu0) : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
    llvm.call @memrefCopy(%c4b, %tu, %nu) : (i64, !llvm.ptr, !llvm.ptr) -> ()
    %b = llvm.alloca %c1x x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
    llvm.store %n, %b : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
    llvm.call @printMemrefF32(%c2, %b) : (i64, !llvm.ptr) -> ()
    %e = llvm.getelementptr %buf[%c3] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v = llvm.load %e : !llvm.ptr -> f32
    llvm.call @printF32(%v) : (f32) -> ()
    llvm.call @printNewline() : () -> ()
    llvm.return
  }`, `Unranked Memref base@ = 0x? rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = 
[[1,   2,   3], 
 [4,   5,   6]]
Unranked Memref base@ = 0x? rank = 2 offset = 0 sizes = [3, 2] strides = [2, 1] data = 
[[1,   4], 
 [2,   5], 
 [3,   6]]
5
`},
}

// TestPrograms runs each program with the interpreter and, where it is
// installed, with mlir-runner: both must print the expected text.
func TestPrograms(t *testing.T) {
	for _, p := range programs {
		t.Run(p.name, func(t *testing.T) {
			src := "module {" + decls + p.body + "\n}\n"
			got, err := execute(t, p.name+".mlir", src)
			if err != nil {
				t.Fatalf("interpreter: %v\noutput so far:\n%s", err, got)
			}
			got = baseAddr.ReplaceAllString(got, "base@ = 0x?")
			if diff := cmp.Diff(p.want, got); diff != "" {
				t.Errorf("interpreter output (-want +got):\n%s", diff)
			}
			if out, ok := runnerOutput(t, src); ok {
				out = baseAddr.ReplaceAllString(out, "base@ = 0x?")
				if diff := cmp.Diff(p.want, out); diff != "" {
					t.Errorf("mlir-runner output (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// TestErrors checks that undefined behaviour is a located error.
func TestErrors(t *testing.T) {
	tests := []struct{ name, body, want string }{
		{"out-of-bounds", `
  llvm.func @main() {
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
    %q = llvm.getelementptr %p[2] : (!llvm.ptr) -> !llvm.ptr, f32
    %v = llvm.load %q : !llvm.ptr -> f32
    llvm.return
  }`, "5:10: error: load from 4 bytes at offset 8 of a heap allocation of 8 bytes"},
		{"use-after-free", `
  llvm.func @main() {
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
    llvm.call @free(%p) : (!llvm.ptr) -> ()
    llvm.store %c8, %p : i64, !llvm.ptr
    llvm.return
  }`, "5:5: error: store to a freed heap allocation of 8 bytes"},
		{"double-free", `
  llvm.func @main() {
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
    llvm.call @free(%p) : (!llvm.ptr) -> ()
    llvm.call @free(%p) : (!llvm.ptr) -> ()
    llvm.return
  }`, "5:5: error: double free"},
		{"null", `
  llvm.func @main() {
    %p = llvm.mlir.zero : !llvm.ptr
    %v = llvm.load %p : !llvm.ptr -> i32
    llvm.return
  }`, "3:10: error: load from a null pointer"},
		{"inbounds-poison", `
  llvm.func @main() {
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %p = llvm.call @malloc(%c8) : (i64) -> !llvm.ptr
    %q = llvm.getelementptr inbounds %p[3] : (!llvm.ptr) -> !llvm.ptr, f32
    %v = llvm.load %q : !llvm.ptr -> f32
    llvm.return
  }`, "5:10: error: the address is poison (inbounds offset outside the allocation)"},
		{"nsw-branch", `
  llvm.func @main() {
    %a = llvm.mlir.constant(127 : i8) : i8
    %b = llvm.add %a, %a overflow<nsw> : i8
    %c = llvm.icmp "slt" %b, %a : i8
    llvm.cond_br %c, ^a, ^b
  ^a:
    llvm.return
  ^b:
    llvm.return
  }`, "5:5: error: the branch condition is poison (signed overflow with the nsw flag)"},
		{"printed-poison", `
  llvm.func @main() {
    %a = llvm.mlir.constant(2 : i64) : i64
    %b = llvm.mlir.constant(64 : i64) : i64
    %c = llvm.shl %a, %b : i64
    llvm.call @printI64(%c) : (i64) -> ()
    llvm.return
  }`, "5:5: error: an argument is poison (shift amount not less than the bit width)"},
		{"libm-poison", `
  llvm.func @erff(f32) -> f32
  llvm.func @main() {
    %a = llvm.mlir.poison : f32
    %b = llvm.call @erff(%a) : (f32) -> f32
    llvm.call @printF32(%b) : (f32) -> ()
    llvm.return
  }`, "5:5: error: an argument is poison (llvm.mlir.poison)"},
		{"libm-type", `
  llvm.func @erff(f64) -> f64
  llvm.func @main() {
    %a = llvm.mlir.constant(0.5 : f64) : f64
    %b = llvm.call @erff(%a) : (f64) -> f64
    llvm.return
  }`, "4:10: error: 'erff' takes 1 f32 argument(s) and returns f32"},
		{"abort", `
  llvm.func @abort()
  llvm.func @main() {
    llvm.call @abort() : () -> ()
    llvm.return
  }`, "3:5: error: the program called abort"},
		{"division", `
  llvm.func @main() {
    %a = llvm.mlir.constant(1 : i32) : i32
    %z = llvm.mlir.constant(0 : i32) : i32
    %b = llvm.sdiv %a, %z : i32
    llvm.return
  }`, "4:10: error: integer division by zero"},
		{"use-after-return", `
  llvm.func @slot() -> !llvm.ptr {
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %a = llvm.alloca %c1 x i64 : (i64) -> !llvm.ptr
    llvm.return %a : !llvm.ptr
  }
  llvm.func @main() {
    %p = llvm.call @slot() : () -> !llvm.ptr
    %v = llvm.load %p : !llvm.ptr -> i64
    llvm.return
  }`, "8:10: error: load from a freed stack allocation of 8 bytes"},
		{"constant-global", `
  llvm.mlir.global private constant @k(1 : i32) {addr_space = 0 : i32} : i32
  llvm.func @main() {
    %a = llvm.mlir.constant(2 : i32) : i32
    %p = llvm.mlir.addressof @k : !llvm.ptr
    llvm.store %a, %p : i32, !llvm.ptr
    llvm.return
  }`, "5:5: error: store to a constant global"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "module {" + decls + tc.body + "\n}\n"
			// The declarations take 11 lines; the body's lines follow.
			_, err := execute(t, "e.mlir", src)
			if err == nil {
				t.Fatal("no error")
			}
			want := "e.mlir:" + shiftLine(tc.want, 11)
			if !strings.HasPrefix(err.Error(), want) {
				t.Errorf("got %v\nwant prefix %s", err, want)
			}
		})
	}
}

// shiftLine adds n to the line number that starts s ("5:10: ...").
func shiftLine(s string, n int) string {
	var line int
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		line = line*10 + int(s[i]-'0')
		i++
	}
	return strconv.Itoa(line+n) + s[i:]
}
