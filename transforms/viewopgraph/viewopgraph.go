// Package viewopgraph writes the Graphviz DOT form of an operation, as
// MLIR's view-op-graph pass does: operations with regions become clusters
// (subgraphs), blocks become unlabeled clusters, other operations become
// record nodes with one port per operand and result, and data flow (and
// optionally control flow) becomes edges.
package viewopgraph

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// Options select what the graph shows; DefaultOptions has MLIR's defaults.
type Options struct {
	// MaxLabelLen truncates attribute and type text to this many bytes.
	MaxLabelLen int
	// PrintAttrs shows each operation's attributes.
	PrintAttrs bool
	// PrintControlFlowEdges draws dashed edges between consecutive
	// operations of a block.
	PrintControlFlowEdges bool
	// PrintDataFlowEdges draws solid edges from definitions to uses.
	PrintDataFlowEdges bool
	// PrintResultTypes shows result and block argument types.
	PrintResultTypes bool
}

// DefaultOptions returns the options of MLIR's view-op-graph by default.
func DefaultOptions() Options {
	return Options{MaxLabelLen: 20, PrintAttrs: true, PrintDataFlowEdges: true, PrintResultTypes: true}
}

// largeAttrLimit is the number of elements above which elements and array
// attributes are elided (MLIR's default large-elements limit here).
const largeAttrLimit = 16

// node is a DOT node, or the anchor node of a cluster.
type node struct {
	id      int
	cluster int // 0 when not a cluster
}

type writer struct {
	opts    Options
	out     strings.Builder
	indent  int
	counter int
	names   *asm.ValueNamer
	nodes   map[ir.Value]node
	hues    map[string]int
	numHues int
	cfEdges []string
	dfEdges []string
}

// Write writes the graph of op to w.
func Write(w io.Writer, op *ir.Operation, opts Options) error {
	g := &writer{opts: opts, names: asm.NewValueNamer(op), nodes: map[ir.Value]node{}, hues: map[string]int{}}
	op.Walk(ir.PostOrder, func(o *ir.Operation) bool {
		if _, ok := g.hues[o.Name()]; !ok {
			g.hues[o.Name()] = len(g.hues)
		}
		return true
	})
	g.numHues = len(g.hues)
	g.line("digraph G {")
	g.indent++
	g.line("compound = true;")
	g.operation(op)
	for _, e := range g.cfEdges {
		g.line(e + ";")
	}
	for _, e := range g.dfEdges {
		g.line(e + ";")
	}
	g.indent--
	g.line("}")
	_, err := io.WriteString(w, g.out.String())
	return err
}

func (g *writer) line(s string) {
	for i := 0; i < g.indent; i++ {
		g.out.WriteString("  ")
	}
	g.out.WriteString(s)
	g.out.WriteByte('\n')
}

// cluster writes a subgraph with an invisible anchor node and the given
// (already escaped) label; body writes its contents.
func (g *writer) cluster(label string, body func()) node {
	g.counter++
	id := g.counter
	g.line("subgraph cluster_" + strconv.Itoa(id) + " {")
	g.indent++
	anchor := g.node([][2]string{{"label", `" "`}, {"shape", "plain"}})
	g.line(`label = "` + label + `";`)
	body()
	g.indent--
	g.line("}")
	return node{id: anchor, cluster: id}
}

// node writes a node statement with attributes sorted by key and returns
// its id.
func (g *writer) node(attrs [][2]string) int {
	g.counter++
	g.line("v" + strconv.Itoa(g.counter) + " " + attrList(attrs) + ";")
	return g.counter
}

func attrList(attrs [][2]string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, a := range attrs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a[0] + " = " + a[1])
	}
	b.WriteByte(']')
	return b.String()
}

func (g *writer) operation(op *ir.Operation) node {
	var n node
	if op.NumRegions() > 0 {
		n = g.cluster(g.clusterLabel(op), func() {
			for i := 0; i < op.NumRegions(); i++ {
				for b := op.Region(i).First(); b != nil; b = b.Next() {
					g.block(b)
				}
			}
		})
	} else {
		n = node{id: g.node([][2]string{
			{"fillcolor", fmt.Sprintf(`"%f 0.3 0.95"`, float64(g.hues[op.Name()])/float64(g.numHues))},
			{"label", `"` + g.recordLabel(op) + `"`},
			{"shape", "Mrecord"},
			{"style", "filled"},
		})}
	}
	if g.opts.PrintDataFlowEdges {
		for i := 0; i < op.NumOperands(); i++ {
			v := op.Operand(i)
			src, ok := g.nodes[v]
			if !ok {
				continue
			}
			g.dfEdges = append(g.dfEdges, g.edge(src, "res_"+g.port(v), n, "arg_"+g.port(v), "solid"))
		}
	}
	for i := 0; i < op.NumResults(); i++ {
		g.nodes[op.Result(i)] = n
	}
	return n
}

func (g *writer) block(b *ir.Block) {
	g.cluster("", func() {
		for i := 0; i < b.NumArguments(); i++ {
			a := b.Argument(i)
			label := "<res_" + g.port(a) + "> " + g.names.Name(a)
			if g.opts.PrintResultTypes {
				label += " " + escape(g.truncate(asm.TypeString(a.Type())))
			}
			g.nodes[a] = node{id: g.node([][2]string{{"label", `"` + label + `"`}, {"shape", "Mrecord"}})}
		}
		var prev *node
		for op := b.First(); op != nil; op = op.Next() {
			n := g.operation(op)
			if g.opts.PrintControlFlowEdges && prev != nil {
				g.cfEdges = append(g.cfEdges, g.edge(*prev, "", n, "", "dashed"))
			}
			prev = &n
		}
	})
}

// edge formats an edge; ports are used only on nodes that are not
// clusters, and cluster ends are clipped with ltail and lhead.
func (g *writer) edge(from node, fromPort string, to node, toPort string, style string) string {
	var b strings.Builder
	b.WriteString("v" + strconv.Itoa(from.id))
	if from.cluster == 0 && fromPort != "" {
		b.WriteString(":" + fromPort + ":s")
	}
	b.WriteString(" -> v" + strconv.Itoa(to.id))
	if to.cluster == 0 && toPort != "" {
		b.WriteString(":" + toPort + ":n")
	}
	var attrs [][2]string
	if to.cluster != 0 {
		attrs = append(attrs, [2]string{"lhead", "cluster_" + strconv.Itoa(to.cluster)})
	}
	if from.cluster != 0 {
		attrs = append(attrs, [2]string{"ltail", "cluster_" + strconv.Itoa(from.cluster)})
	}
	attrs = append(attrs, [2]string{"style", style})
	b.WriteString(attrList(attrs))
	return b.String()
}

// port is the record port name of a value: its printed name without '%',
// with '#' written as '_'.
func (g *writer) port(v ir.Value) string {
	return strings.ReplaceAll(strings.TrimPrefix(g.names.Name(v), "%"), "#", "_")
}

// clusterLabel is the label of an operation with regions: its name, result
// types and attributes.
func (g *writer) clusterLabel(op *ir.Operation) string {
	var b strings.Builder
	b.WriteString(op.Name())
	if g.opts.PrintResultTypes {
		types := make([]string, op.NumResults())
		for i := range types {
			types[i] = asm.TypeString(op.Result(i).Type())
		}
		b.WriteString(" : (" + g.truncate(strings.Join(types, ", ")) + ")")
	}
	if g.opts.PrintAttrs {
		b.WriteString(`\l`)
		g.attrs(&b, op)
	}
	return b.String()
}

// recordLabel is the Mrecord label of an operation without regions:
// operand ports, name and attributes, result ports.
func (g *writer) recordLabel(op *ir.Operation) string {
	var b strings.Builder
	b.WriteByte('{')
	if op.NumOperands() > 0 {
		b.WriteByte('{')
		for i := 0; i < op.NumOperands(); i++ {
			if i > 0 {
				b.WriteByte('|')
			}
			v := op.Operand(i)
			b.WriteString("<arg_" + g.port(v) + "> " + g.names.Name(v))
		}
		b.WriteString("}|")
	}
	b.WriteString(op.Name() + `\l`)
	if g.opts.PrintAttrs && len(op.AllAttrs()) > 0 {
		b.WriteString(`\l`)
		g.attrs(&b, op)
	}
	if op.NumResults() > 0 {
		b.WriteString("|{")
		for i := 0; i < op.NumResults(); i++ {
			if i > 0 {
				b.WriteByte('|')
			}
			r := op.Result(i)
			b.WriteString("<res_" + g.port(r) + "> " + g.names.Name(r))
			if g.opts.PrintResultTypes {
				b.WriteString(" " + escape(g.truncate(asm.TypeString(r.Type()))))
			}
		}
		b.WriteByte('}')
	}
	b.WriteByte('}')
	return b.String()
}

func (g *writer) attrs(b *strings.Builder, op *ir.Operation) {
	for _, a := range op.AllAttrs() {
		b.WriteString(a.Name + ": " + escape(g.attrText(a.Value)) + `\l`)
	}
}

// attrText prints an attribute, eliding large elements and arrays and
// truncating long text; splats are printed whole.
func (g *writer) attrText(a ir.Attribute) string {
	var typ ir.ShapedType
	var n int64 = -1
	switch x := a.(type) {
	case *ir.DenseElementsAttr:
		if x.Splat {
			return asm.AttrString(a)
		}
		typ = x.Type
	case *ir.DenseStringElementsAttr:
		if x.Splat {
			return asm.AttrString(a)
		}
		typ = x.Type
	case *ir.DenseResourceAttr:
		typ = x.Type
	case *ir.SparseElementsAttr:
		typ = x.Type
	case *ir.ArrayAttr:
		if len(x.Elems) > largeAttrLimit {
			return "[...]"
		}
	}
	if typ != nil {
		shape, _ := typ.ShapeDims()
		n = 1
		for _, d := range shape {
			n *= d
		}
		if n > largeAttrLimit {
			return strings.Repeat("[", len(shape)) + "..." + strings.Repeat("]", len(shape)) + " : " + g.truncate(asm.TypeString(typ))
		}
	}
	return g.truncate(asm.AttrString(a))
}

func (g *writer) truncate(s string) string {
	if len(s) <= g.opts.MaxLabelLen {
		return s
	}
	return s[:g.opts.MaxLabelLen] + "..."
}

// escape escapes the characters that delimit fields of Graphviz record
// labels, and quotation marks.
func escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '<', '>', '{', '}', '|':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\l`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
