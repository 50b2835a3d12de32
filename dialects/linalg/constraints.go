package linalg

import (
	"fmt"
	"sync"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/core/irdl"
)

var constraintsOnce sync.Once

// registerConstraints registers the constraints linalg.irdl names that
// the definition language cannot say: RankedI64ElementsN (upstream's
// RankedI64ElementsAttr<[N]>) for the strides and dilations of the
// convolutions and poolings with N spatial dimensions.
func registerConstraints() {
	constraintsOnce.Do(func() {
		for n := int64(1); n <= 3; n++ {
			irdl.RegisterAttrConstraint(fmt.Sprintf("RankedI64Elements%d", n),
				fmt.Sprintf("64-bit signless int elements attribute of shape [%d]", n), nil,
				func(a ir.Attribute) bool { return isI64ElementsOfShape(a, n) })
		}
	})
}

// isI64ElementsOfShape reports whether a is a dense elements attribute of
// signless 64-bit integers with the one-dimensional shape [n].
func isI64ElementsOfShape(a ir.Attribute, n int64) bool {
	d, ok := a.(*ir.DenseElementsAttr)
	if !ok {
		return false
	}
	it, ok := d.Type.ElementType().(*ir.IntegerType)
	if !ok || it.Width != 64 || it.Signedness != ir.Signless {
		return false
	}
	shape, ranked := d.Type.ShapeDims()
	return ranked && len(shape) == 1 && shape[0] == n
}
