package rocdl

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	drocdl "github.com/strata-ir/strata/dialects/rocdl"
	"github.com/strata-ir/strata/interp/llvm"
)

// loadIn is a lane's part of load.to.lds: the bytes it read and its LDS
// pointer.
type loadIn struct {
	data []byte
	lds  interp.Value
}

// loadToLDS is global_load_lds as a wave collective: each lane reads size
// bytes at its global pointer, and the wave writes them to LDS
// contiguously in lane order from the first lane's LDS pointer (the M0
// base of the instruction), each lane's part padded with zeros to 4
// bytes (1- and 2-byte loads) or 16 (12-byte ones).
func loadToLDS(f *interp.Frame, op *ir.Operation) error {
	l, _ := drocdl.AsLoadToLdsOp(op)
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	g, err := f.Get(op, l.GlobalPtr())
	if err != nil {
		return err
	}
	p, err := f.Get(op, l.LdsPtr())
	if err != nil {
		return err
	}
	size := l.Size()
	slot := int64(size)
	switch size {
	case 1, 2:
		slot = 4
	case 4, 16:
	case 12:
		slot = 16
	default:
		return interp.Errorf(op, fmt.Sprintf("rocdl.load.to.lds: a load of %d bytes (1, 2, 4, 12 or 16)", size))
	}
	data, err := llvm.LoadBytes(op, g, int64(size))
	if err != nil {
		return err
	}
	_, err = t.Collective(f, op, simt.Warp, loadIn{data, p}, func(group []*simt.Arrival) error {
		base := group[0].In.(loadIn).lds
		for lane, a := range group {
			buf := make([]byte, slot)
			copy(buf, a.In.(loadIn).data)
			if err := llvm.StoreBytes(op, llvm.Offset(base, int64(lane)*slot), buf); err != nil {
				return err
			}
			a.Out = nil
		}
		return nil
	})
	return err
}
