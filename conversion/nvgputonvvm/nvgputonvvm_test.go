package nvgputonvvm_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/filecheck"
	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/opt"
)

// runStrata runs strata-opt in process with args on src.
func runStrata(src string, args ...string) (string, string, int) {
	ctx := ir.NewContext()
	all.Register(ctx)
	var out, errb strings.Builder
	code := opt.Run(ctx, append(args, "-"), opt.Stdio{In: strings.NewReader(src), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// chunk is one top-level operation of an upstream test file, with the
// alias definitions before it and the memref.global declarations it uses.
type chunk struct {
	name, src string
}

var (
	aliasLine = regexp.MustCompile(`^[!#][A-Za-z0-9_]+ *=`)
	topLevel  = regexp.MustCompile(`^(func\.func|module|memref\.global|gpu\.module)\b`)
	symbol    = regexp.MustCompile(`@([A-Za-z0-9_]+)`)
)

// splitTopLevel splits a test file that mlir-opt-22 runs as one module
// (and rejects as a whole when one function is invalid) into one module
// per top-level operation: each function or module, with the aliases
// defined before it and the globals declared just before it.
func splitTopLevel(src string) []chunk {
	lines := strings.Split(src, "\n")
	var aliases, pending []string
	var out []chunk
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if aliasLine.MatchString(l) {
			aliases = append(aliases, l)
			continue
		}
		if !topLevel.MatchString(l) {
			continue
		}
		body := []string{l}
		if !strings.HasPrefix(l, "memref.global") && !strings.HasSuffix(strings.TrimSpace(l), "}") {
			j := i + 1
			for j < len(lines) && lines[j] != "}" {
				j++
			}
			body = lines[i:min(j+1, len(lines))]
			i = j
		}
		if strings.HasPrefix(l, "memref.global") {
			pending = append(pending, body...)
			continue
		}
		name := "anonymous"
		if m := symbol.FindStringSubmatch(l); m != nil {
			name = m[1]
		}
		text := append(append(append([]string{}, aliases...), pending...), body...)
		out = append(out, chunk{name: name, src: strings.Join(text, "\n") + "\n"})
		pending = nil
	}
	return out
}

// upstreamNotYet lists the chunks of upstream's nvgpu-to-nvvm.mlir that
// do not convert yet, with the reason. They are still compared: one that
// matches is reported so that the list stays true.
var upstreamNotYet = map[string]string{
	"anonymous": "the transform dialect (transform.named_sequence) is not available",
}

// TestUpstream runs convert-nvgpu-to-nvvm on every top-level operation of
// upstream's Conversion/NVGPUToNVVM test with strata-opt and mlir-opt-22
// and requires the same custom and generic output, or, where mlir-opt-22
// rejects the input, the same first diagnostic.
func TestUpstream(t *testing.T) {
	file := filepath.Join(testutil.Shared(t), "conformance", "upstream-raw", "Conversion", "NVGPUToNVVM", "nvgpu-to-nvvm.mlir")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	chunks := splitTopLevel(string(src))
	if len(chunks) < 30 {
		t.Fatalf("split %s into %d chunks only", file, len(chunks))
	}
	differential(t, chunks, upstreamNotYet)
}

// TestInputs runs the same comparison on testdata/*.mlir (chunks
// separated by `// -----`): shapes, element types and options upstream's
// test does not cover, and valid versions of its inputs that mlir-opt-22
// rejects.
func TestInputs(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.mlir")
	if len(files) == 0 {
		t.Fatal("no inputs in testdata")
	}
	var chunks []chunk
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "// CHECK") {
			continue // FileCheck tests of the Strata extensions
		}
		for i, c := range strings.Split(string(src), "// -----") {
			chunks = append(chunks, chunk{name: filepath.Base(f) + "#" + string(rune('0'+i)), src: c})
		}
	}
	differential(t, chunks, nil)
}

func differential(t *testing.T, chunks []chunk, notYet map[string]string) {
	mlirOpt := testutil.Tool(t, "mlir-opt-22")
	dir := t.TempDir()
	passed := 0
	for i, c := range chunks {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, "in"+string(rune('a'+i%26))+".mlir")
			if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			var problems []string
			for _, generic := range []bool{false, true} {
				args := []string{"--allow-unregistered-dialect", "-convert-nvgpu-to-nvvm"}
				if generic {
					args = append(args, "--mlir-print-op-generic")
				}
				want, wantErr, wantCode := testutil.Run(t, mlirOpt, append(args, path)...)
				got, gotErr, gotCode := runStrata(c.src, args...)
				if wantCode != 0 {
					if gotCode == 0 || firstMessage(gotErr) != firstMessage(wantErr) {
						problems = append(problems, "mlir-opt-22 rejects the input with\n"+wantErr+"strata-opt says\n"+gotErr)
					}
					break
				}
				if gotCode != 0 || got != want {
					problems = append(problems, "output differs from mlir-opt-22 (-want +got):\n"+gotErr+cmp.Diff(want, got))
				}
			}
			reason, expected := notYet[c.name]
			switch {
			case len(problems) == 0 && expected:
				t.Errorf("matches mlir-opt-22 but is listed as not converting yet (%s)", reason)
			case len(problems) == 0:
				passed++
			case expected:
				t.Logf("does not convert yet: %s", reason)
			default:
				t.Error(strings.Join(problems, "\n"))
			}
		})
	}
	t.Logf("%d of %d chunks match mlir-opt-22", passed, len(chunks))
}

var diagnostic = regexp.MustCompile(`:\d+:\d+: error: .*`)

// firstMessage is the first diagnostic, with its line and column but
// without the file name.
func firstMessage(stderr string) string {
	line, _, _ := strings.Cut(stderr, "\n")
	if m := diagnostic.FindString(line); m != "" {
		return m
	}
	return line
}

// TestExtensions checks the lowering of the Strata extensions of nvgpu,
// which mlir-opt does not know, with FileCheck directives.
func TestExtensions(t *testing.T) {
	src, err := os.ReadFile("testdata/extensions.mlir")
	if err != nil {
		t.Fatal(err)
	}
	out, errs, code := runStrata(string(src), "-convert-nvgpu-to-nvvm")
	if code != 0 {
		t.Fatalf("strata-opt failed:\n%s", errs)
	}
	if err := filecheck.Match(out, filecheck.Parse(string(src), "CHECK")); err != nil {
		t.Fatalf("%v\noutput:\n%s", err, out)
	}
}
