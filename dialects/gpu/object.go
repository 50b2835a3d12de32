package gpu

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/ir"
)

// The formats of a #gpu.object, as upstream's CompilationTarget: how the
// object's bytes are to be read.
const (
	// FormatOffload is IR meant for linking before code generation
	// (upstream: LLVM bitcode; Strata: the gpu.module's llvm-level IR).
	FormatOffload = "offload"
	// FormatAssembly is the target's assembly (PTX for #nvvm.target).
	FormatAssembly = "assembly"
	// FormatBinary is a device binary (a cubin).
	FormatBinary = "bin"
	// FormatFatbin is a fat binary, the default format.
	FormatFatbin = "fatbin"
)

// objectFormats lists the formats in the order upstream's enum has them.
var objectFormats = []string{FormatOffload, FormatAssembly, FormatBinary, FormatFatbin}

// ObjectAttr is #gpu.object<target, [properties = {...},] [format =]
// "bytes">: one serialization of a gpu.module for one target (upstream's
// GPU ObjectAttr). A kernel table (`kernels = <[#gpu.kernel_metadata
// ...]>`) is kept as its text.
type ObjectAttr struct {
	ir.AttrStorage
	// Target is the target attribute the object was made for.
	Target ir.Attribute
	// Format is one of FormatOffload, FormatAssembly, FormatBinary and
	// FormatFatbin.
	Format string
	// Properties is nil when absent.
	Properties *ir.DictionaryAttr
	// Kernels is the text of the kernel table, `<[...]>`, or empty.
	Kernels string
	// Object holds the bytes.
	Object string
	body   string
}

// DialectName returns "gpu".
func (*ObjectAttr) DialectName() string { return "gpu" }

// Body returns `object<...>`.
func (a *ObjectAttr) Body() string { return a.body }

// GetObject returns the interned #gpu.object.
func GetObject(ctx *ir.Context, target ir.Attribute, format string, props *ir.DictionaryAttr, object string) *ObjectAttr {
	return getObject(ctx, target, format, props, "", object)
}

func getObject(ctx *ir.Context, target ir.Attribute, format string, props *ir.DictionaryAttr, kernels, object string) *ObjectAttr {
	var b strings.Builder
	b.WriteString("object<")
	b.WriteString(ir.AttrString(target))
	if props != nil {
		b.WriteString(", properties = ")
		b.WriteString(ir.AttrString(props))
	}
	if kernels != "" {
		b.WriteString(", kernels = " + kernels)
	}
	b.WriteString(", ")
	if format != FormatFatbin {
		b.WriteString(format + " = ")
	}
	b.WriteString(ir.AttrString(ctx.Str(object)))
	b.WriteString(">")
	body := b.String()
	return ir.InternAttr(ctx, "gpu."+body, func(id uint64) *ObjectAttr {
		return &ObjectAttr{AttrStorage: ir.NewAttrStorage(id), Target: target, Format: format, Properties: props, Kernels: kernels, Object: object, body: body}
	})
}

// SelectObjectAttr is #gpu.select_object[<target or index>], the
// offloading handler that embeds one object of a gpu.binary: the first
// without a parameter, the one at an index, or the one of a target.
type SelectObjectAttr struct {
	ir.AttrStorage
	// Target is nil, an integer attribute or a target attribute.
	Target ir.Attribute
	body   string
}

// DialectName returns "gpu".
func (*SelectObjectAttr) DialectName() string { return "gpu" }

// Body returns `select_object[<...>]`.
func (a *SelectObjectAttr) Body() string { return a.body }

// OffloadingHandler marks the attribute as an offloading handler of
// gpu.binary and gpu.module (upstream's OffloadingTranslationAttrTrait).
func (*SelectObjectAttr) OffloadingHandler() {}

// GetSelectObject returns the interned #gpu.select_object; target may be
// nil.
func GetSelectObject(ctx *ir.Context, target ir.Attribute) *SelectObjectAttr {
	body := "select_object"
	if target != nil {
		body += "<" + ir.AttrString(target) + ">"
	}
	return ir.InternAttr(ctx, "gpu."+body, func(id uint64) *SelectObjectAttr {
		return &SelectObjectAttr{AttrStorage: ir.NewAttrStorage(id), Target: target, body: body}
	})
}

// Select returns the object of objects that the handler selects, or an
// error saying why none is.
func (a *SelectObjectAttr) Select(objects []*ObjectAttr) (*ObjectAttr, error) {
	if len(objects) == 0 {
		return nil, fmt.Errorf("the binary has no objects")
	}
	switch t := a.Target.(type) {
	case nil:
		return objects[0], nil
	case *ir.IntegerAttr:
		i := t.Int64()
		if i < 0 || i >= int64(len(objects)) {
			return nil, fmt.Errorf("the requested target object couldn't be found")
		}
		return objects[i], nil
	default:
		for _, o := range objects {
			if o.Target == a.Target {
				return o, nil
			}
		}
		return nil, fmt.Errorf("the requested target object couldn't be found")
	}
}

// offloadingHandler is upstream's OffloadingTranslationAttrTrait.
type offloadingHandler interface{ OffloadingHandler() }

func isOffloadingHandler(a ir.Attribute) bool {
	_, ok := a.(offloadingHandler)
	return ok
}

// isObjectArray is upstream's GPUObjectArrayAttr constraint.
func isObjectArray(a ir.Attribute) bool {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok || len(arr.Elems) == 0 {
		return false
	}
	for _, e := range arr.Elems {
		if _, ok := e.(*ObjectAttr); !ok {
			return false
		}
	}
	return true
}

// wrapAttrParser teaches the dialect's attribute parser #gpu.object and
// #gpu.select_object.
func wrapAttrParser(ctx *ir.Context) {
	d := ctx.Dialect("gpu")
	next := d.ParseAttr
	d.ParseAttr = func(ctx *ir.Context, body string) (ir.Attribute, error) {
		switch {
		case body == "select_object" || strings.HasPrefix(body, "select_object<"):
			return parseSelectObject(ctx, strings.TrimPrefix(body, "select_object"))
		case strings.HasPrefix(body, "object<"):
			return parseObject(ctx, strings.TrimPrefix(body, "object"))
		}
		if next != nil {
			return next(ctx, body)
		}
		return ctx.OpaqueAttr("gpu", body, nil), nil
	}
}

func parseSelectObject(ctx *ir.Context, params string) (ir.Attribute, error) {
	if params == "" {
		return GetSelectObject(ctx, nil), nil
	}
	inner, ok := angled(params)
	if !ok {
		return nil, fmt.Errorf("expected '<' and '>' around the parameter of #gpu.select_object")
	}
	t, err := asm.ParseAttrString(ctx, inner, nil)
	if err != nil {
		return nil, err
	}
	if i, ok := t.(*ir.IntegerAttr); ok {
		if it, ok := i.Type.(*ir.IntegerType); !ok || it.Width != 64 {
			t = ctx.IntegerAttr(ctx.I(64), i.Int64())
		}
	} else if _, ok := t.(TargetAttr); !ok {
		return nil, fmt.Errorf("invalid parameter value")
	}
	return GetSelectObject(ctx, t), nil
}

func parseObject(ctx *ir.Context, params string) (ir.Attribute, error) {
	inner, ok := angled(params)
	if !ok {
		return nil, fmt.Errorf("expected '<' and '>' around the parameters of #gpu.object")
	}
	parts := splitTop(inner)
	if len(parts) < 2 {
		return nil, fmt.Errorf("expected a target and an object in #gpu.object")
	}
	target, err := asm.ParseAttrString(ctx, parts[0], nil)
	if err != nil {
		return nil, err
	}
	if _, ok := target.(TargetAttr); !ok {
		return nil, fmt.Errorf("expected a target attribute in #gpu.object")
	}
	var props *ir.DictionaryAttr
	rest := parts[1:]
	if k, v, ok := keyed(rest[0]); ok && k == "properties" {
		a, err := asm.ParseAttrString(ctx, v, nil)
		if err != nil {
			return nil, err
		}
		if props, ok = a.(*ir.DictionaryAttr); !ok {
			return nil, fmt.Errorf("expected a dictionary of properties in #gpu.object")
		}
		rest = rest[1:]
	}
	kernels := ""
	if k, v, ok := keyed(rest[0]); ok && k == "kernels" && len(rest) > 1 {
		if _, ok := angled(v); !ok {
			return nil, fmt.Errorf("expected a kernel table `<[...]>` in #gpu.object")
		}
		kernels = v
		rest = rest[1:]
	}
	if len(rest) != 1 {
		return nil, fmt.Errorf("expected one object string in #gpu.object")
	}
	format, text := FormatFatbin, rest[0]
	if k, v, ok := keyed(text); ok {
		found := false
		for _, f := range objectFormats {
			found = found || f == k
		}
		if !found {
			return nil, fmt.Errorf("invalid format: %s", k)
		}
		format, text = k, v
	}
	s, err := asm.ParseAttrString(ctx, text, nil)
	if err != nil {
		return nil, err
	}
	str, ok := s.(*ir.StringAttr)
	if !ok {
		return nil, fmt.Errorf("expected a string holding the object in #gpu.object")
	}
	return getObject(ctx, target, format, props, kernels, str.Value), nil
}

// angled returns the text between a leading '<' and a trailing '>'.
func angled(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "<") || !strings.HasSuffix(s, ">") {
		return "", false
	}
	return strings.TrimSpace(s[1 : len(s)-1]), true
}

// keyed splits `key = value` where key is a bare identifier.
func keyed(s string) (string, string, bool) {
	i := strings.IndexByte(s, '=')
	if i <= 0 {
		return "", "", false
	}
	k := strings.TrimSpace(s[:i])
	for _, c := range k {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return "", "", false
		}
	}
	return k, strings.TrimSpace(s[i+1:]), true
}

// splitTop splits s at the commas outside brackets and string literals.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	inStr := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr:
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '<' || c == '{' || c == '[' || c == '(':
			depth++
		case c == '>' || c == '}' || c == ']' || c == ')':
			depth--
		case c == '-' && i+1 < len(s) && s[i+1] == '>':
			i++
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// ---- gpu.binary ----

// DefaultOffloadingHandler is the handler of a gpu.binary that names
// none: #gpu.select_object.
func DefaultOffloadingHandler(ctx *ir.Context) ir.Attribute { return GetSelectObject(ctx, nil) }

// Objects returns the objects of a gpu.binary.
func (op BinaryOp) ObjectList() []*ObjectAttr {
	arr, _ := op.Objects().(*ir.ArrayAttr)
	if arr == nil {
		return nil
	}
	out := make([]*ObjectAttr, 0, len(arr.Elems))
	for _, e := range arr.Elems {
		if o, ok := e.(*ObjectAttr); ok {
			out = append(out, o)
		}
	}
	return out
}

// SelectedObject returns the object the binary's offloading handler
// selects (the first without a handler).
func (op BinaryOp) SelectedObject() (*ObjectAttr, error) {
	h, _ := op.OffloadingHandler().(*SelectObjectAttr)
	if h == nil {
		h = GetSelectObject(op.Context(), nil)
	}
	return h.Select(op.ObjectList())
}

func printBinary(p ir.OpAsmPrinter, op BinaryOp) {
	p.WriteString(" ")
	if n, ok := op.SymNameAttr().(*ir.StringAttr); ok {
		p.PrintSymbolName(n.Value)
	}
	p.WriteString(" ")
	if h := op.OffloadingHandler(); h != nil && h != DefaultOffloadingHandler(op.Context()) {
		p.WriteString("<")
		p.PrintAttribute(h)
		p.WriteString(">")
	}
	p.PrintOptionalAttrDict(op.AllAttrs(), "sym_name", "objects", "offloadingHandler")
	p.WriteString(" ")
	p.PrintAttribute(op.Objects())
}

func parseBinary(p ir.OpAsmParser, st *ir.OperationState) error {
	ctx := p.Context()
	attrs := []ir.NamedAttr{{Name: "sym_name", Value: ctx.Str(p.ParseSymbolName())}}
	handler := DefaultOffloadingHandler(ctx)
	if p.ParseOptionalPunct("<") {
		handler = p.ParseAttribute(nil)
		p.ParsePunct(">")
	}
	attrs = append(attrs, ir.NamedAttr{Name: "offloadingHandler", Value: handler})
	attrs = append(attrs, p.ParseOptionalAttrDict()...)
	attrs = append(attrs, ir.NamedAttr{Name: "objects", Value: p.ParseAttribute(nil)})
	st.Attributes = ctx.DictionaryAttr(attrs)
	return nil
}

// LaunchedBinary returns the gpu.binary whose kernel a gpu.launch_func
// launches (@binary::@kernel) and the kernel's name; ok is false when
// the launch names a gpu.module or nothing.
func LaunchedBinary(launch *ir.Operation) (bin BinaryOp, kernel string, ok bool) {
	l, isLaunch := AsLaunchFuncOp(launch)
	if !isLaunch {
		return BinaryOp{}, "", false
	}
	ref, isRef := l.Kernel().(*ir.SymbolRefAttr)
	if !isRef || len(ref.Nested) != 1 {
		return BinaryOp{}, "", false
	}
	for p := launch.ParentOp(); p != nil; p = p.ParentOp() {
		if !p.HasTrait(ir.SymbolTableTrait) {
			continue
		}
		if b, isBin := AsBinaryOp(ir.NewSymbolTable(p).Lookup(ref.Root)); isBin {
			return b, ref.Nested[0], true
		}
		return BinaryOp{}, "", false
	}
	return BinaryOp{}, "", false
}

// OffloadModule parses the IR that an object of the offload format holds
// (the gpu.module that targets/ptx's serializer printed) and returns its
// gpu.module.
func OffloadModule(ctx *ir.Context, obj *ObjectAttr) (*ir.Operation, error) {
	if obj.Format != FormatOffload {
		return nil, fmt.Errorf("the object is of the %s format, not offload", obj.Format)
	}
	src, err := asm.Parse(ctx, []byte(obj.Object), asm.Config{Filename: "gpu.object"})
	if err != nil {
		return nil, err
	}
	for op := src.Block.First(); op != nil; op = op.Next() {
		if _, ok := AsModuleOp(op); ok {
			return op, nil
		}
	}
	return nil, fmt.Errorf("the object holds no gpu.module")
}
