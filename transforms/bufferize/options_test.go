package bufferize_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/opt"
)

// upstreamDefaults is mlir-opt-22's --dump-pass-pipeline of
// one-shot-bufferize. dialect-filter, empty, is the blank between
// copy-before-write and dump-alias-sets, no-analysis-func-filter the one
// between must-infer-memory-space and print-conflicts.
const upstreamDefaults = "one-shot-bufferize{allow-return-allocs-from-loops=false allow-unknown-ops=false analysis-fuzzer-seed=0 analysis-heuristic=bottom-up buffer-alignment=64 bufferize-function-boundaries=false check-parallel-regions=true copy-before-write=false  dump-alias-sets=false function-boundary-type-conversion=infer-layout-map must-infer-memory-space=false  print-conflicts=false test-analysis-only=false unknown-type-conversion=fully-dynamic-layout-map use-encoding-for-memory-space=false}"

func runOpt(t *testing.T, args ...string) (string, string) {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb strings.Builder
	if code := opt.Run(ctx, args, opt.Stdio{In: strings.NewReader("module {}\n"), Out: &out, Err: &errb}); code != 0 {
		t.Fatalf("strata-opt %v: exit %d: %s", args, code, errb.String())
	}
	return out.String(), errb.String()
}

// TestOptionsAsUpstream checks that the pass's options have upstream's
// names and defaults in --dump-pass-pipeline and are listed by --help.
func TestOptionsAsUpstream(t *testing.T) {
	out, errs := runOpt(t, "--one-shot-bufferize", "--dump-pass-pipeline", "-")
	if !strings.Contains(out+errs, "  "+upstreamDefaults+"\n") {
		t.Errorf("--dump-pass-pipeline lacks\n%s\ngot:\n%s%s", upstreamDefaults, out, errs)
	}
	helpOut, helpErr := runOpt(t, "--help")
	help := helpOut + helpErr
	_, passes, _ := strings.Cut(help, "      --one-shot-bufferize ")
	passes, _, _ = strings.Cut(passes, "\n      --")
	for _, o := range []string{
		"--test-analysis-only ", "--print-conflicts ", "--dump-alias-sets ", "--must-infer-memory-space ",
		"--copy-before-write ", "--no-analysis-func-filter=<string> ", "--dialect-filter=<string> ",
		"--check-parallel-regions ",
	} {
		if !strings.Contains(passes, "\n        "+o) {
			t.Errorf("--help does not list one-shot-bufferize's %s", o)
		}
	}
}

// TestPrintConflictsOrder checks that, without function boundaries, the
// module is analyzed as one, bottom-up: print-conflicts numbers the last
// function's marks first, as mlir-opt-22 does.
func TestPrintConflictsOrder(t *testing.T) {
	src := `func.func @first(%t: tensor<4xi32>) -> tensor<?xi32> {
  %0 = tensor.cast %t : tensor<4xi32> to tensor<?xi32>
  return %0 : tensor<?xi32>
}
func.func @second(%t: tensor<4xi32>) -> tensor<?xi32> {
  %0 = tensor.cast %t : tensor<4xi32> to tensor<?xi32>
  return %0 : tensor<?xi32>
}
`
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb strings.Builder
	if code := opt.Run(ctx, []string{"--one-shot-bufferize=test-analysis-only print-conflicts", "-"},
		opt.Stdio{In: strings.NewReader(src), Out: &out, Err: &errb}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	re := regexp.MustCompile(`func\.func @(\w+).*"W_(\d+)\[NOT-WRITABLE: bbArg 0\]"`)
	ids := map[string]int{}
	for _, m := range re.FindAllStringSubmatch(out.String(), -1) {
		n, _ := strconv.Atoi(m[2])
		ids[m[1]] = n
	}
	first, ok1 := ids["first"]
	second, ok2 := ids["second"]
	if !ok1 || !ok2 || second >= first {
		t.Errorf("want @second's mark numbered before @first's:\n%s", out.String())
	}
}

// TestPrintConflictsDeterministic runs print-conflicts on a function whose
// write conflicts with several reads: the conflict reported, the first
// found, is the same on every run (the reads and writes are visited in
// the order they are found, not in a map's).
func TestPrintConflictsDeterministic(t *testing.T) {
	src := `func.func private @use(tensor<64xf32>)
func.func @f(%t: tensor<64xf32> {bufferization.writable = true}, %x: f32, %y: f32) {
  %a = linalg.fill ins(%x : f32) outs(%t : tensor<64xf32>) -> tensor<64xf32>
  %b = linalg.fill ins(%y : f32) outs(%t : tensor<64xf32>) -> tensor<64xf32>
  call @use(%a) : (tensor<64xf32>) -> ()
  call @use(%b) : (tensor<64xf32>) -> ()
  return
}
`
	run := func() string {
		ctx := ir.NewContext()
		all.Register(ctx)
		var out, errb strings.Builder
		if code := opt.Run(ctx, []string{"--one-shot-bufferize=bufferize-function-boundaries test-analysis-only print-conflicts", "-"},
			opt.Stdio{In: strings.NewReader(src), Out: &out, Err: &errb}); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		// The conflict numbers run on from run to run; drop them.
		return regexp.MustCompile(`"C_\d+\[`).ReplaceAllString(out.String(), `"C[`)
	}
	first := run()
	if !strings.Contains(first, `"C[READ: 0]"`) {
		t.Fatalf("no conflict reported:\n%s", first)
	}
	for i := 0; i < 20; i++ {
		if got := run(); got != first {
			t.Fatalf("run %d reports another conflict:\n%s\nfirst run:\n%s", i, got, first)
		}
	}
}
