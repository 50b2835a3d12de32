package amdgpu

import (
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
	damdgpu "github.com/strata-ir/strata/dialects/amdgpu"
)

// gatherIn is a lane's part of gather_to_lds: the elements it read and
// its destination indices.
type gatherIn struct {
	data []uint64
	dst  []int64
}

// gatherToLDS is global_load_lds as a wave collective: each lane reads
// the transfer type's elements at its source indices, and the wave
// writes them to the LDS memref contiguously in lane order from the
// destination indices of its first lane, each lane's part padded with
// zeros to 4 bytes (1- and 2-byte transfers) or 16 (12-byte ones).
func gatherToLDS(f *interp.Frame, op *ir.Operation) error {
	g, _ := damdgpu.AsGatherToLdsOp(op)
	t, err := simt.Of(f, op)
	if err != nil {
		return err
	}
	sv, err := f.Get(op, g.Src())
	if err != nil {
		return err
	}
	dv, err := f.Get(op, g.Dst())
	if err != nil {
		return err
	}
	src, dst := sv.MemRef(), dv.MemRef()
	if src == nil || dst == nil {
		return interp.Errorf(op, "amdgpu.gather_to_lds: expected memrefs")
	}
	si, err := f.Ints(op, g.SrcIndices())
	if err != nil {
		return err
	}
	di, err := f.Ints(op, g.DstIndices())
	if err != nil {
		return err
	}
	tt, _ := g.TransferTypeAttr().(*ir.TypeAttr)
	elem := ir.Type(nil)
	n := int64(1)
	if tt != nil {
		elem = tt.Type
		if v, ok := tt.Type.(*ir.VectorType); ok {
			elem, n = v.Elem, 1
			for _, d := range v.Shape {
				n *= d
			}
		}
	}
	eb := int64(ir.IntOrFloatBitWidth(elem)+7) / 8
	if eb == 0 || eb != int64(ir.IntOrFloatBitWidth(dst.Buf.Elem)+7)/8 {
		return interp.Errorf(op, "amdgpu.gather_to_lds: the transfer type's elements must have the destination's width")
	}
	slot := n * eb
	switch slot {
	case 1, 2:
		slot = 4
	case 12:
		slot = 16
	}
	// The lane's elements.
	pos, err := src.Index(si)
	if err != nil {
		return interp.Errorf(op, "amdgpu.gather_to_lds: source "+err.Error())
	}
	if len(si) == 0 && n > 1 || len(si) > 0 && si[len(si)-1]+n > src.Sizes[len(si)-1] {
		return interp.Errorf(op, fmt.Sprintf("amdgpu.gather_to_lds: the %d elements at the source indices run past the end of the row", n))
	}
	if len(dst.Strides) > 0 && dst.Strides[len(dst.Strides)-1] != 1 {
		return interp.Errorf(op, "amdgpu.gather_to_lds: the LDS memref must be contiguous")
	}
	data := make([]uint64, n)
	for i := range data {
		step := int64(0)
		if len(src.Strides) > 0 {
			step = src.Strides[len(src.Strides)-1]
		}
		data[i] = src.Buf.Data[pos+int64(i)*step]
	}
	_, err = t.Collective(f, op, simt.Warp, gatherIn{data, di}, func(group []*simt.Arrival) error {
		base, err := dst.Index(group[0].In.(gatherIn).dst)
		if err != nil {
			return interp.Errorf(op, "amdgpu.gather_to_lds: destination "+err.Error())
		}
		end := dst.Offset + dst.NumElements()
		for lane, a := range group {
			in := a.In.(gatherIn)
			at := base + int64(lane)*slot/eb
			if at+slot/eb > end {
				return interp.Errorf(op, fmt.Sprintf("amdgpu.gather_to_lds: lane %d writes past the end of the LDS memref", lane))
			}
			for i := int64(0); i < slot/eb; i++ {
				var x uint64
				if i < int64(len(in.data)) {
					x = in.data[i]
				}
				dst.Buf.Data[at+i] = x
			}
			a.Out = nil
		}
		return nil
	})
	return err
}
