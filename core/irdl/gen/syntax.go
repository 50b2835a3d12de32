package gen

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"reflect"
	"strconv"

	"github.com/strata-ir/strata/core/irdl"
)

// syntaxTree writes the syntax tree of the definition file as a Go
// variable and an init function that hands it to irdl.Preparsed, keyed by
// the SHA-256 of src: loading the compiled-in file then skips parsing,
// which is most of the cost of registering a dialect. The tree is a
// constant composite literal, which the Go linker lays out as data, so
// the program allocates nothing for it at start-up.
func (g *generator) syntaxTree(src []byte, f *irdl.File) {
	sum := sha256.Sum256(src)
	g.p("\n// The syntax tree of the definition file, parsed by strata-tblgen, so\n")
	g.p("// that registering the dialect does not parse the file again.\n")
	g.p("func init() { irdl.Preparsed(definitionsSum, definitionsTree) }\n\n")
	g.p("// definitionsSum is the SHA-256 of the definition file definitionsTree\n")
	g.p("// was parsed from.\n")
	g.p("var definitionsSum = [32]byte{")
	for i, b := range sum {
		if i > 0 {
			g.p(", ")
		}
		g.p("%#02x", b)
	}
	g.p("}\n\n")
	g.p("var definitionsTree = ")
	writeValue(&g.buf, reflect.ValueOf(f), false)
	g.p("\n")
	g.usesIrdl = true
}

var positionType = reflect.TypeFor[irdl.Position]()

// writeValue writes v as a Go expression. elided is true for an element
// of a slice literal, where the element type (and & of a pointer) is left
// out.
func writeValue(b *bytes.Buffer, v reflect.Value, elided bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.Elem().Kind() != reflect.Struct {
			panic(fmt.Sprintf("strata-tblgen: syntax tree: pointer to %s", v.Elem().Type()))
		}
		if !elided {
			b.WriteString("&")
		}
		writeValue(b, v.Elem(), elided)
	case reflect.Struct:
		t := v.Type()
		if t == positionType {
			p := v.Interface().(irdl.Position)
			fmt.Fprintf(b, "irdl.Position{Line: %d, Column: %d}", p.Line, p.Column)
			return
		}
		if !elided {
			b.WriteString("irdl." + t.Name())
		}
		b.WriteString("{")
		sep := ""
		for i := 0; i < t.NumField(); i++ {
			fv := v.Field(i)
			if fv.IsZero() {
				continue
			}
			b.WriteString(sep + t.Field(i).Name + ": ")
			writeValue(b, fv, false)
			sep = ", "
		}
		b.WriteString("}")
	case reflect.Slice:
		et := v.Type().Elem()
		switch {
		case et.Kind() == reflect.String:
			b.WriteString("[]string{")
		case et.Kind() == reflect.Pointer:
			b.WriteString("[]*irdl." + et.Elem().Name() + "{")
		default:
			panic(fmt.Sprintf("strata-tblgen: syntax tree: slice of %s", et))
		}
		for i := 0; i < v.Len(); i++ {
			b.WriteString("\n")
			writeValue(b, v.Index(i), true)
			b.WriteString(",")
		}
		b.WriteString("\n}")
	case reflect.String:
		b.WriteString(strconv.Quote(v.String()))
	case reflect.Bool:
		b.WriteString(strconv.FormatBool(v.Bool()))
	default:
		panic(fmt.Sprintf("strata-tblgen: syntax tree: %s", v.Type()))
	}
}
