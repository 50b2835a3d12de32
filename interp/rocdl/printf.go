package rocdl

import (
	"fmt"
	"io"
	"math"
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	igpu "github.com/strata-ir/strata/interp/gpu"
	"github.com/strata-ir/strata/interp/llvm"
)

// The device library's printf protocol of the HIP runtime, which
// convert-gpu-to-rocdl{runtime=HIP} lowers gpu.printf to:
// __ockl_printf_begin starts a message and returns its descriptor,
// __ockl_printf_append_string_n appends the format (its length counts
// the NUL), __ockl_printf_append_args appends up to seven 64-bit
// arguments, and the call whose last argument is 1 ends the message,
// which is then printed. The interpreter keeps the messages by
// descriptor.
func registerPrintf(reg *interp.Registry) {
	reg.RegisterExternal("__ockl_printf_begin", printfBegin)
	reg.RegisterExternal("__ockl_printf_append_string_n", printfString)
	reg.RegisterExternal("__ockl_printf_append_args", printfArgs)
}

// printfKey keeps the messages being built in the interpreter's data.
type printfKey struct{}

type message struct {
	format string
	args   []uint64
}

type messages struct {
	sync.Mutex
	next int64
	m    map[int64]*message
}

// messagesMu orders the first use of the messages of an interpreter.
var messagesMu sync.Mutex

func messagesOf(f *interp.Frame) *messages {
	in := f.Interpreter()
	messagesMu.Lock()
	defer messagesMu.Unlock()
	if ms, ok := in.Data(printfKey{}).(*messages); ok {
		return ms
	}
	ms := &messages{next: 1, m: map[int64]*message{}}
	in.SetData(printfKey{}, ms)
	return ms
}

func printfBegin(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 1 || call == nil || call.NumResults() != 1 {
		return nil, interp.Errorf(call, "__ockl_printf_begin takes one i64 and returns the descriptor")
	}
	ms := messagesOf(f)
	ms.Lock()
	d := ms.next
	ms.next++
	ms.m[d] = &message{}
	ms.Unlock()
	return []interp.Value{interp.MakeInt(call.Result(0).Type(), uint64(d))}, nil
}

func (ms *messages) get(call *ir.Operation, d int64) (*message, error) {
	ms.Lock()
	defer ms.Unlock()
	m, ok := ms.m[d]
	if !ok {
		return nil, interp.Errorf(call, fmt.Sprintf("printf descriptor %d was not begun with __ockl_printf_begin or is already ended", d))
	}
	return m, nil
}

func printfString(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 4 || call == nil || call.NumResults() != 1 {
		return nil, interp.Errorf(call, "__ockl_printf_append_string_n takes a descriptor, a pointer, a length and the last flag")
	}
	ms := messagesOf(f)
	d := args[0].Int()
	m, err := ms.get(call, d)
	if err != nil {
		return nil, err
	}
	b, err := llvm.LoadBytes(call, args[1], args[2].Int())
	if err != nil {
		return nil, err
	}
	m.format += strings.TrimSuffix(string(b), "\x00")
	return finish(f, call, ms, d, m, args[3].Int() != 0)
}

func printfArgs(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 10 || call == nil || call.NumResults() != 1 {
		return nil, interp.Errorf(call, "__ockl_printf_append_args takes a descriptor, a count, seven arguments and the last flag")
	}
	ms := messagesOf(f)
	d := args[0].Int()
	m, err := ms.get(call, d)
	if err != nil {
		return nil, err
	}
	n := args[1].Int()
	if n < 0 || n > 7 {
		return nil, interp.Errorf(call, fmt.Sprintf("__ockl_printf_append_args takes 0 to 7 arguments, not %d", n))
	}
	for _, a := range args[2 : 2+n] {
		m.args = append(m.args, a.Uint())
	}
	return finish(f, call, ms, d, m, args[9].Int() != 0)
}

// finish prints the message when last is set and returns the descriptor.
func finish(f *interp.Frame, call *ir.Operation, ms *messages, d int64, m *message, last bool) ([]interp.Value, error) {
	if last {
		ms.Lock()
		delete(ms.m, d)
		ms.Unlock()
		vals, err := typedArgs(m.format, m.args)
		if err != nil {
			return nil, interp.Errorf(call, err.Error())
		}
		s, err := igpu.FormatC(m.format, vals)
		if err != nil {
			return nil, interp.Errorf(call, err.Error())
		}
		if _, err := io.WriteString(f.Interpreter().Out, s); err != nil {
			return nil, err
		}
	}
	return []interp.Value{interp.MakeInt(call.Result(0).Type(), uint64(d))}, nil
}

// typedArgs gives each 64-bit argument the type its conversion reads: a
// float's bits as f64, an integer without a 64-bit length modifier as its
// low 32 bits (C's int), others as i64.
func typedArgs(format string, words []uint64) ([]interp.Value, error) {
	ctx := ir.NewContext()
	i32, i64, f64 := ctx.I(32), ctx.I(64), ctx.FloatType(ir.F64)
	var out []interp.Value
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		j := i + 1
		if j < len(format) && format[j] == '%' {
			i = j
			continue
		}
		for j < len(format) && strings.IndexByte("-+ #0123456789.", format[j]) >= 0 {
			j++
		}
		long := false
		for j < len(format) && strings.IndexByte("hlLqjzt", format[j]) >= 0 {
			long = long || strings.IndexByte("lLqjzt", format[j]) >= 0
			j++
		}
		if j >= len(format) {
			break
		}
		i = j
		if len(out) >= len(words) {
			return nil, fmt.Errorf("the format has more conversions than the %d arguments", len(words))
		}
		w := words[len(out)]
		switch {
		case strings.IndexByte("fFeEgGaA", format[j]) >= 0:
			out = append(out, interp.MakeFloat(f64, math.Float64frombits(w)))
		case long:
			out = append(out, interp.MakeInt(i64, w))
		default:
			out = append(out, interp.MakeInt(i32, uint64(uint32(w))))
		}
	}
	if len(out) != len(words) {
		return nil, fmt.Errorf("the format has %d conversions for %d arguments", len(out), len(words))
	}
	return out, nil
}
