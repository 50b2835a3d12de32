// Package opstats counts operations by name and prints the summary of
// MLIR's print-op-stats pass, as a table or as JSON.
package opstats

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// Count returns how many operations of each name op contains, op included.
func Count(op *ir.Operation) map[string]int {
	counts := map[string]int{}
	op.Walk(ir.PreOrder, func(o *ir.Operation) bool {
		counts[o.Name()]++
		return true
	})
	return counts
}

// WriteSummary prints counts as MLIR's print-op-stats does: dialect names
// right-aligned on the dot, operation names left-aligned, then the count.
func WriteSummary(w io.Writer, counts map[string]int) {
	names := sortedKeys(counts)
	maxDialect, maxOp := 0, 0
	split := func(n string) (string, string) {
		d, o, ok := strings.Cut(n, ".")
		if !ok {
			return "", d
		}
		return d, o
	}
	for _, n := range names {
		d, o := split(n)
		maxDialect = max(maxDialect, len(d))
		maxOp = max(maxOp, len(o))
	}
	var b strings.Builder
	b.WriteString("Operations encountered:\n-----------------------\n")
	for _, n := range names {
		d, o := split(n)
		if d == "" {
			b.WriteString(strings.Repeat(" ", maxDialect+3))
		} else {
			fmt.Fprintf(&b, "%*s.", maxDialect+2, d)
		}
		fmt.Fprintf(&b, "%-*s , %d\n", maxOp, o, counts[n])
	}
	io.WriteString(w, b.String())
}

// WriteJSON prints counts in the JSON form of print-op-stats=json.
func WriteJSON(w io.Writer, counts map[string]int) {
	names := sortedKeys(counts)
	var b strings.Builder
	b.WriteString("{\n")
	for i, n := range names {
		fmt.Fprintf(&b, "  %q : %d", n, counts[n])
		if i+1 < len(names) {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
	io.WriteString(w, b.String())
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
