package gpu

import (
	"reflect"
	"sync"

	"github.com/strata-ir/strata/core/ir"
)

// SerializeOptions are the options of gpu-module-to-binary that a target
// reads (upstream's gpu::TargetOptions).
type SerializeOptions struct {
	// Format is one of FormatOffload, FormatAssembly, FormatBinary and
	// FormatFatbin.
	Format string
	// Toolkit is the path of the toolkit whose tools (ptxas) a binary
	// format needs; empty to search the environment.
	Toolkit string
	// CmdOptions are extra options for those tools, separated by spaces.
	CmdOptions string
	// Link lists extra files to link.
	Link []string
}

// Serializer makes the object of a gpu.module for one of its targets
// (upstream's serializeToObject and createObject of
// GPUTargetAttrInterface). Errors are located diagnostics.
type Serializer func(module *ir.Operation, target ir.Attribute, opts SerializeOptions) (*ObjectAttr, error)

var serializers sync.Map // reflect.Type of the target attribute -> Serializer

// AttachSerializer makes fn the serializer of the target attributes of Go
// type T (an external model: the package that can compile for a target
// attaches it, the target's dialect need not know it).
func AttachSerializer[T TargetAttr](fn Serializer) {
	serializers.Store(reflect.TypeFor[T](), fn)
}

// SerializerOf returns the serializer attached to target's type, or nil.
func SerializerOf(target ir.Attribute) Serializer {
	if target == nil {
		return nil
	}
	if fn, ok := serializers.Load(reflect.TypeOf(target)); ok {
		return fn.(Serializer)
	}
	return nil
}
