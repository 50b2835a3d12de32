// Command perfcompare times strata-opt against mlir-opt-22 on generated
// files and writes Markdown tables of wall time and peak memory. Run it
// from the repository root:
//
//	go run ./scripts/perfcompare -out docs/performance.md
//
// Three cases (-cases): "parse" parses, verifies and prints generic-form
// files of growing size; "canonicalize" runs --canonicalize --cse on arith
// functions of growing size (internal/arithgen) and checks that both tools
// print the same; "threads" runs func.func(canonicalize,cse) over a module
// of 100 functions with and without --mlir-disable-threading and checks
// that every run prints the same. It builds strata-opt itself, needs
// mlir-opt-22 on PATH (or in /usr/lib/llvm-22/bin), and takes the best of
// -runs runs of each tool.
//
// A fourth case, "before-after", compares two builds of strata-opt (an
// older one given with -before, the tree's own or -after) and mlir-opt-22
// on the parse and canonicalize inputs of -compare-sizes: it checks that
// both builds print the same bytes, runs the three tools in turn -runs
// times (so that a change of the machine's load falls on all three), and
// reports the median wall time and the least and median CPU time (user +
// system) of each, with the load average before and after. Its first row
// is start-up: a module with one empty function. -compare-mlir=false
// leaves mlir-opt-22 out of it:
//
//	go run ./scripts/perfcompare -cases before-after -before /tmp/strata-opt-old -runs 7
//
// -after takes the newer build instead of building this tree's;
// -bench-out PREFIX also writes every run of the before-after case in Go
// benchmark format (PREFIX-before.txt, PREFIX-after.txt, PREFIX-mlir.txt)
// for benchstat; -inputs DIR writes that case's inputs into DIR, prints
// their command lines and exits (for profiling one of them).
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/strata-ir/strata/internal/arithgen"
)

func main() {
	if len(os.Args) > 2 && os.Args[1] == measureFlag {
		measure(os.Args[2:])
		return
	}
	out := flag.String("out", "", "write the table into this Markdown file, between the perfcompare markers (default: stdout)")
	sizes := flag.String("sizes", "1000,10000,100000,1000000", "comma-separated op counts")
	runs := flag.Int("runs", 3, "runs per tool and size; the best is reported")
	cases := flag.String("cases", "parse,canonicalize,threads", "comma-separated cases to measure")
	canonSizes := flag.String("canonicalize-sizes", "10000,100000,1000000", "comma-separated op counts of the canonicalize case")
	threadOps := flag.Int("threads-ops", 400000, "op count of the 100-function module of the threads case")
	before := flag.String("before", "", "the older strata-opt binary of the before-after case")
	after := flag.String("after", "", "the newer strata-opt binary of the before-after case (default: built from this tree)")
	compareSizes := flag.String("compare-sizes", "100000,1000000", "comma-separated op counts of the before-after case")
	compareMLIR := flag.Bool("compare-mlir", true, "run mlir-opt-22 in the before-after case too")
	benchOut := flag.String("bench-out", "", "in the before-after case, also write every run in Go benchmark format to PREFIX-before.txt, PREFIX-after.txt and PREFIX-mlir.txt (for benchstat)")
	inputs := flag.String("inputs", "", "write the generated inputs of the before-after case into this directory and exit")
	flag.Parse()

	if *inputs != "" {
		check(os.MkdirAll(*inputs, 0o755))
		for _, in := range beforeAfterInputs(*inputs, *compareSizes) {
			fmt.Println(in.name, strings.Join(in.args, " "))
		}
		return
	}

	mlirOpt := lookTool("mlir-opt-22", "/usr/lib/llvm-22/bin/mlir-opt")
	if mlirOpt == "" {
		fatal("mlir-opt-22 not found: apt-get install mlir-22-tools")
	}
	dir, err := os.MkdirTemp("", "perfcompare")
	check(err)
	defer os.RemoveAll(dir)
	strata := *after
	if strata == "" {
		strata = filepath.Join(dir, "strata-opt")
		build := exec.Command("go", "build", "-o", strata, "./tools/strata-opt")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		check(build.Run())
	}

	for _, c := range strings.Split(*cases, ",") {
		var table string
		switch c {
		case "parse":
			table = parseCase(dir, mlirOpt, strata, *sizes, *runs)
		case "canonicalize":
			table = canonicalizeCase(dir, mlirOpt, strata, *canonSizes, *runs)
		case "threads":
			table = threadsCase(dir, mlirOpt, strata, *threadOps, *runs)
		case "before-after":
			if *before == "" {
				fatal("the before-after case needs -before")
			}
			if !*compareMLIR {
				mlirOpt = ""
			}
			table = beforeAfterCase(dir, mlirOpt, *before, strata, *compareSizes, *runs, *benchOut)
		default:
			fatal("unknown case " + c)
		}
		if *out == "" {
			os.Stdout.WriteString(table)
			continue
		}
		name := "perfcompare"
		if c == "before-after" {
			// Kept beside the tables of the other cases, not in place of them.
			os.Stdout.WriteString(table)
			continue
		}
		if c != "parse" {
			name += ":" + c
		}
		writeBetweenMarkers(*out, name, table)
	}
}

func header() string {
	return fmt.Sprintf("%s, %d CPUs, %s", runtime.GOARCH, runtime.NumCPU(), time.Now().UTC().Format("2006-01-02"))
}

// parseCase times parsing, verifying and printing generic-form files.
func parseCase(dir, mlirOpt, strata, sizes string, runs int) string {
	var table bytes.Buffer
	fmt.Fprintf(&table, "Parse + verify + print in generic form (`--allow-unregistered-dialect --mlir-print-op-generic`), output to /dev/null; best of %d runs; %s.\n\n", runs, header())
	table.WriteString("| ops | file size | mlir-opt-22 time | strata-opt time | speed-up | mlir-opt-22 peak RSS | strata-opt peak RSS |\n")
	table.WriteString("|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, s := range strings.Split(sizes, ",") {
		var n int
		fmt.Sscan(s, &n)
		file := filepath.Join(dir, fmt.Sprintf("ops%d.mlir", n))
		check(os.WriteFile(file, generate(n), 0o644))
		st, _ := os.Stat(file)
		args := []string{"--allow-unregistered-dialect", "--mlir-print-op-generic", file}
		mt, mm := best(runs, mlirOpt, args)
		stt, sm := best(runs, strata, args)
		fmt.Fprintf(&table, "| %d | %.1f MB | %.3f s | %.3f s | %.2fx | %d MB | %d MB |\n",
			n, float64(st.Size())/1e6, mt.Seconds(), stt.Seconds(), mt.Seconds()/stt.Seconds(), mm>>20, sm>>20)
		fmt.Fprintf(os.Stderr, "parse: %d ops done\n", n)
	}
	return table.String()
}

// canonicalizeCase times --canonicalize --cse on one arith function of
// growing size, after checking that both tools print the same.
func canonicalizeCase(dir, mlirOpt, strata, sizes string, runs int) string {
	var table bytes.Buffer
	fmt.Fprintf(&table, "`--canonicalize --cse` on one function of arith operations (internal/arithgen), custom form in and out, output to /dev/null after checking that both tools print the same; best of %d runs; %s.\n\n", runs, header())
	table.WriteString("| ops | file size | mlir-opt-22 time | strata-opt time | speed-up | mlir-opt-22 peak RSS | strata-opt peak RSS |\n")
	table.WriteString("|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, s := range strings.Split(sizes, ",") {
		var n int
		fmt.Sscan(s, &n)
		file := filepath.Join(dir, fmt.Sprintf("arith%d.mlir", n))
		check(os.WriteFile(file, arithgen.Module(n, 1), 0o644))
		st, _ := os.Stat(file)
		args := []string{"--canonicalize", "--cse", file}
		sameOutput(dir, [][]string{append([]string{mlirOpt}, args...), append([]string{strata}, args...)})
		mt, mm := best(runs, mlirOpt, args)
		stt, sm := best(runs, strata, args)
		fmt.Fprintf(&table, "| %d | %.1f MB | %.3f s | %.3f s | %.2fx | %d MB | %d MB |\n",
			n, float64(st.Size())/1e6, mt.Seconds(), stt.Seconds(), mt.Seconds()/stt.Seconds(), mm>>20, sm>>20)
		fmt.Fprintf(os.Stderr, "canonicalize: %d ops done\n", n)
	}
	return table.String()
}

// threadsCase times func.func(canonicalize,cse) over 100 functions with
// and without threading, after checking that every run prints the same.
func threadsCase(dir, mlirOpt, strata string, n, runs int) string {
	file := filepath.Join(dir, "funcs.mlir")
	check(os.WriteFile(file, arithgen.Module(n, 100), 0o644))
	pipeline := "--pass-pipeline=builtin.module(func.func(canonicalize,cse))"
	var cmds [][]string
	for _, tool := range []string{mlirOpt, strata} {
		cmds = append(cmds, []string{tool, pipeline, "--mlir-disable-threading", file}, []string{tool, pipeline, file})
	}
	sameOutput(dir, cmds)
	var table bytes.Buffer
	fmt.Fprintf(&table, "`--pass-pipeline='builtin.module(func.func(canonicalize,cse))'` on 100 functions of %d arith operations each, with and without `--mlir-disable-threading`, output to /dev/null after checking that all four runs print the same; best of %d runs; %s.\n\n", n/100, runs, header())
	table.WriteString("| tool | `--mlir-disable-threading` | threads | speed-up from threads |\n")
	table.WriteString("|---|---:|---:|---:|\n")
	for i, tool := range []string{"mlir-opt-22", "strata-opt"} {
		one, _ := best(runs, cmds[2*i][0], cmds[2*i][1:])
		many, _ := best(runs, cmds[2*i+1][0], cmds[2*i+1][1:])
		fmt.Fprintf(&table, "| %s | %.3f s | %.3f s | %.2fx |\n", tool, one.Seconds(), many.Seconds(), one.Seconds()/many.Seconds())
	}
	fmt.Fprintf(os.Stderr, "threads: done\n")
	return table.String()
}

// input is one command line of the before-after case: what it measures,
// its op count, a short name for benchmark output, and the arguments.
type input struct {
	what string
	n    int
	name string
	args []string
}

// beforeAfterInputs writes the inputs of the before-after case into dir
// and returns their command lines: start-up, then parse + verify + print
// and canonicalize + cse at each of sizes.
func beforeAfterInputs(dir, sizes string) []input {
	empty := filepath.Join(dir, "empty.mlir")
	check(os.WriteFile(empty, []byte("func.func @f() {\n  return\n}\n"), 0o644))
	inputs := []input{{"start-up (an empty function)", 1, "Startup", []string{empty}}}
	for _, c := range []string{"parse + verify + print", "canonicalize + cse"} {
		for _, sz := range strings.Split(sizes, ",") {
			var n int
			fmt.Sscan(sz, &n)
			if c == "parse + verify + print" {
				file := filepath.Join(dir, fmt.Sprintf("ops%d.mlir", n))
				check(os.WriteFile(file, generate(n), 0o644))
				inputs = append(inputs, input{c, n, "Parse" + sizeName(n), []string{"--allow-unregistered-dialect", "--mlir-print-op-generic", file}})
			} else {
				file := filepath.Join(dir, fmt.Sprintf("arith%d.mlir", n))
				check(os.WriteFile(file, arithgen.Module(n, 1), 0o644))
				inputs = append(inputs, input{c, n, "Canon" + sizeName(n), []string{"--canonicalize", "--cse", file}})
			}
		}
	}
	return inputs
}

// sizeName spells an op count as benchmark names do: 100k, 1M.
func sizeName(n int) string {
	switch {
	case n >= 1000000 && n%1000000 == 0:
		return fmt.Sprintf("%dM", n/1000000)
	case n >= 1000 && n%1000 == 0:
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprint(n)
}

// beforeAfterCase compares two strata-opt builds (and mlir-opt-22 unless
// mlirOpt is empty) on an empty function and on the parse and canonicalize
// inputs: the tools run in turn, runs rounds, and the table gives the
// median wall time and the least and median CPU time.
// With benchOut set, every run is also written in Go benchmark format
// (cpu-sec/op, peak-RSS-B/op, wall-sec/op), one file per tool.
func beforeAfterCase(dir, mlirOpt, before, after, sizes string, runs int, benchOut string) string {
	var table bytes.Buffer
	load0 := loadAverage()
	tools := []string{before, after}
	names := "before, after"
	if mlirOpt != "" {
		tools = []string{mlirOpt, before, after}
		names = "mlir-opt-22, before, after"
	}
	fmt.Fprintf(&table, "%d runs of each tool, taken in turn (%s); median wall time, then the least and the median CPU time (user + system); output to /dev/null after checking that before and after print the same; %s; load average %s at the start", runs, names, header(), load0)
	var rows bytes.Buffer
	rows.WriteString("| case | ops |")
	if mlirOpt != "" {
		rows.WriteString(" mlir-opt-22 |")
	}
	rows.WriteString(" strata-opt before | strata-opt after | after / before (CPU least, CPU median, wall) |\n")
	rows.WriteString("|---|---:|")
	if mlirOpt != "" {
		rows.WriteString("---:|")
	}
	rows.WriteString("---:|---:|---:|\n")
	inputs := beforeAfterInputs(dir, sizes)
	bench := make([]*os.File, len(tools))
	if benchOut != "" {
		suffixes := []string{"before", "after"}
		if mlirOpt != "" {
			suffixes = []string{"mlir", "before", "after"}
		}
		for i, suf := range suffixes {
			f, err := os.Create(benchOut + "-" + suf + ".txt")
			check(err)
			defer f.Close()
			fmt.Fprintf(f, "goos: %s\ngoarch: %s\n", runtime.GOOS, runtime.GOARCH)
			bench[i] = f
		}
	}
	for _, in := range inputs {
		sameOutput(dir, [][]string{append([]string{before}, in.args...), append([]string{after}, in.args...)})
		walls := make([][]time.Duration, len(tools))
		cpus := make([][]time.Duration, len(tools))
		for r := 0; r < runs; r++ {
			for i, tool := range tools {
				w, cpu, rss := measureOnce(tool, in.args)
				walls[i] = append(walls[i], w)
				cpus[i] = append(cpus[i], cpu)
				if bench[i] != nil {
					fmt.Fprintf(bench[i], "Benchmark%s 1 %.3f cpu-sec/op %d peak-RSS-B/op %.3f wall-sec/op\n", in.name, cpu.Seconds(), rss, w.Seconds())
				}
			}
		}
		fmt.Fprintf(&rows, "| %s | %d |", in.what, in.n)
		for i := range tools {
			fmt.Fprintf(&rows, " %.3f s; %.3f / %.3f s |", median(walls[i]).Seconds(), least(cpus[i]).Seconds(), median(cpus[i]).Seconds())
		}
		b, a := len(tools)-2, len(tools)-1
		fmt.Fprintf(&rows, " %.2f, %.2f, %.2f |\n", least(cpus[a]).Seconds()/least(cpus[b]).Seconds(),
			median(cpus[a]).Seconds()/median(cpus[b]).Seconds(), median(walls[a]).Seconds()/median(walls[b]).Seconds())
		fmt.Fprintf(os.Stderr, "before-after: %s, %d ops done\n", in.what, in.n)
	}
	fmt.Fprintf(&table, ", %s at the end.\n\n", loadAverage())
	table.Write(rows.Bytes())
	return table.String()
}

// least returns the smallest of ds.
func least(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	return slices.Min(ds)
}

// median returns the median of ds (the mean of the middle two of an even
// count).
func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// loadAverage returns the 1-, 5- and 15-minute load averages, or "unknown".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// sameOutput runs each command once and fails unless they all print the
// same.
func sameOutput(dir string, cmds [][]string) {
	var first []byte
	for i, c := range cmds {
		cmd := exec.Command(c[0], c[1:]...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			fatal(fmt.Sprintf("%s failed: %v\n%s", strings.Join(c, " "), err, stderr.String()))
		}
		if i == 0 {
			first = out
			continue
		}
		if !bytes.Equal(out, first) {
			a, b := filepath.Join(dir, "want.mlir"), filepath.Join(dir, "got.mlir")
			os.WriteFile(a, first, 0o644)
			os.WriteFile(b, out, 0o644)
			fatal(fmt.Sprintf("%s prints differently from %s (diff %s %s)", strings.Join(c, " "), strings.Join(cmds[0], " "), a, b))
		}
	}
}

// measureFlag makes perfcompare run one command and print its wall time,
// peak resident memory and CPU time (see best).
const measureFlag = "-measure-one"

// best runs a command several times and returns its best wall time and the
// peak resident memory of that run. Each run is started by a fresh
// perfcompare process: Linux counts the memory of the process that starts
// a command in the command's peak (the address space it replaces at exec),
// and this one holds the generated files.
func best(runs int, tool string, args []string) (time.Duration, int64) {
	var bt time.Duration
	var bm int64
	for i := 0; i < runs; i++ {
		d, _, rss := measureOnce(tool, args)
		if i == 0 || d < bt {
			bt, bm = d, rss
		}
	}
	return bt, bm
}

// measureOnce runs a command once from a fresh perfcompare process (see
// best) and returns its wall time, its CPU time and its peak resident
// memory.
func measureOnce(tool string, args []string) (wall, cpu time.Duration, rss int64) {
	self, err := os.Executable()
	check(err)
	cmd := exec.Command(self, append([]string{measureFlag, tool}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		fatal(fmt.Sprintf("%s failed: %v\n%s", tool, err, stderr.String()))
	}
	var ns, cns int64
	if _, err := fmt.Sscan(string(out), &ns, &rss, &cns); err != nil {
		fatal(fmt.Sprintf("measuring %s: %q: %v", tool, out, err))
	}
	return time.Duration(ns), time.Duration(cns), rss
}

// measure runs args (a command and its arguments) with its output
// discarded and prints its wall time in nanoseconds, its peak resident
// memory in bytes and its CPU time (user + system) in nanoseconds.
func measure(args []string) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stderr = os.Stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		fatal(fmt.Sprintf("%s: %v", args[0], err))
	}
	d := time.Since(start)
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	fmt.Println(d.Nanoseconds(), int64(ru.Maxrss)<<10, cpu.Nanoseconds())
}

// generate writes a module with one function of n operations mixing
// constants and binary arithmetic on values defined shortly before.
func generate(n int) []byte {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	w.WriteString("\"builtin.module\"() ({\n  \"func.func\"() <{function_type = (i32, i32) -> i32, sym_name = \"f\"}> ({\n  ^bb0(%arg0: i32, %arg1: i32):\n")
	vals := []string{"%arg0", "%arg1"}
	for i := 0; i < n-1; i++ {
		a, c := vals[(i*7)%len(vals)], vals[(i*13)%len(vals)]
		switch i % 4 {
		case 0:
			fmt.Fprintf(w, "    %%%d = \"arith.addi\"(%s, %s) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32\n", i, a, c)
		case 1:
			fmt.Fprintf(w, "    %%%d = \"arith.constant\"() <{value = %d : i32}> : () -> i32\n", i, i%1000)
		case 2:
			fmt.Fprintf(w, "    %%%d = \"arith.muli\"(%s, %s) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32\n", i, a, c)
		default:
			fmt.Fprintf(w, "    %%%d = \"arith.cmpi\"(%s, %s) <{predicate = 2 : i64}> : (i32, i32) -> i1\n", i, a, c)
			continue
		}
		vals = append(vals, fmt.Sprintf("%%%d", i))
		if len(vals) > 64 {
			vals = vals[1:]
		}
	}
	fmt.Fprintf(w, "    \"func.return\"(%s) : (i32) -> ()\n  }) : () -> ()\n}) : () -> ()\n", vals[len(vals)-1])
	w.Flush()
	return b.Bytes()
}

// writeBetweenMarkers replaces the text between <!-- name:begin --> and
// <!-- name:end --> in path.
func writeBetweenMarkers(path, name, table string) {
	beginMarker, endMarker := "<!-- "+name+":begin -->", "<!-- "+name+":end -->"
	data, err := os.ReadFile(path)
	check(err)
	s := string(data)
	i, j := strings.Index(s, beginMarker), strings.Index(s, endMarker)
	if i < 0 || j < i {
		fatal(path + " lacks the " + name + " markers")
	}
	s = s[:i+len(beginMarker)] + "\n" + table + s[j:]
	check(os.WriteFile(path, []byte(s), 0o644))
}

func lookTool(names ...string) string {
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

func check(err error) {
	if err != nil {
		fatal(err.Error())
	}
}

func fatal(msg string) {
	fmt.Fprintln(os.Stderr, "perfcompare:", msg)
	os.Exit(1)
}
