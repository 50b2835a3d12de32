package gpu

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

// printf prints its format with C's printf conversions (%d, %i, %u, %x,
// %X, %o, %c, %f, %e, %g and their upper-case forms; length modifiers are read and
// ignored: arguments have their IR types, floats print as doubles, as
// varargs promote them). Threads print in the order they run.
func printf(f *interp.Frame, op *ir.Operation) error {
	format, ok := attr(op, "format").(*ir.StringAttr)
	if !ok {
		return interp.Errorf(op, "expected a 'format' string")
	}
	args, err := f.Operands(op)
	if err != nil {
		return err
	}
	s, err := FormatC(format.Value, args)
	if err != nil {
		return interp.Errorf(op, err.Error())
	}
	_, err = io.WriteString(f.Interpreter().Out, s)
	return err
}

// FormatC formats args with the C printf format.
func FormatC(format string, args []interp.Value) (string, error) {
	var b strings.Builder
	next := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		j := i + 1
		if j < len(format) && format[j] == '%' {
			b.WriteByte('%')
			i = j
			continue
		}
		for j < len(format) && strings.IndexByte("-+ #0", format[j]) >= 0 {
			j++
		}
		for j < len(format) && (format[j] >= '0' && format[j] <= '9' || format[j] == '.') {
			j++
		}
		spec := format[i:j]
		for j < len(format) && strings.IndexByte("hlLqjzt", format[j]) >= 0 {
			j++
		}
		if j >= len(format) {
			return "", fmt.Errorf("incomplete conversion at the end of the format")
		}
		conv := format[j]
		i = j
		if next >= len(args) {
			return "", fmt.Errorf("the format has more conversions than the %d arguments", len(args))
		}
		a := args[next]
		next++
		switch conv {
		case 'd', 'i':
			fmt.Fprintf(&b, spec+"d", a.Int())
		case 'u':
			fmt.Fprintf(&b, spec+"d", a.Uint())
		case 'x', 'X', 'o':
			fmt.Fprintf(&b, spec+string(conv), a.Uint())
		case 'c':
			b.WriteByte(byte(a.Uint()))
		case 'f', 'F', 'e', 'E', 'g', 'G':
			x := a.Float()
			if !a.IsFloat() {
				x = math.Float64frombits(a.Uint())
			}
			switch {
			case math.IsNaN(x):
				fmt.Fprintf(&b, specialSpec(spec)+"s", cSpecial("nan", math.Signbit(x), conv))
			case math.IsInf(x, 0):
				fmt.Fprintf(&b, specialSpec(spec)+"s", cSpecial("inf", x < 0, conv))
			case (conv == 'g' || conv == 'G') && !strings.Contains(spec, "."):
				// C's default precision; Go's %g is the shortest form.
				fmt.Fprintf(&b, spec+".6"+string(conv), x)
			default:
				fmt.Fprintf(&b, spec+string(conv), x)
			}
		default:
			return "", fmt.Errorf("unsupported conversion '%%%c'", conv)
		}
	}
	if next != len(args) {
		return "", fmt.Errorf("the format has %d conversions for %d arguments", next, len(args))
	}
	return b.String(), nil
}

// specialSpec keeps the '-' flag and the width of spec, which apply to
// the spelling of NaN and infinities.
func specialSpec(spec string) string {
	flags := strings.TrimLeft(spec[1:], "-+ #0")
	width, _, _ := strings.Cut(flags, ".")
	if strings.Contains(spec[1:len(spec)-len(flags)], "-") {
		return "%-" + width
	}
	return "%" + width
}

// cSpecial spells NaN and infinities as C's printf does.
func cSpecial(s string, neg bool, conv byte) string {
	if conv >= 'A' && conv <= 'Z' {
		s = strings.ToUpper(s)
	}
	if neg {
		return "-" + s
	}
	return s
}
