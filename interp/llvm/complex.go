package llvm

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/interp/runner"
)

// printComplexMemref is printMemrefC32 (part 4, std::complex<float>) or
// printMemrefC64 (part 8, std::complex<double>) with its C arguments: the
// elements are pairs of floats, the real part first, printed as "(re,im)".
// An element outside the allocation, or any element of a memref with a
// size 0, prints as (0,0), as the CPU engine's runtime prints it. A
// memref or tensor argument (before lowering) goes to prev
// (interp/runner).
func printComplexMemref(part int64, prev interp.ExternalFunc) interp.ExternalFunc {
	return func(f *interp.Frame, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		at := where(f, call)
		if isMemRefArg(args) {
			if prev == nil {
				return nil, interp.Errorf(at, "printMemrefC32 and printMemrefC64 take a descriptor here")
			}
			return prev(f, call, args)
		}
		rank, p, err := unrankedArg(f, at, args)
		if err != nil {
			return nil, err
		}
		w, da, err := readDescriptor(f, at, rank, p)
		if err != nil {
			return nil, err
		}
		aligned := uint64(w[1])
		if da == nil {
			return nil, interp.Errorf(at, fmt.Sprintf("the memref descriptor's pointer 0x%x is not in any allocation", aligned))
		}
		if da.isFreed() {
			return nil, interp.Errorf(at, "the memref descriptor points to a freed "+da.describe())
		}
		sizes, strides := w[3:3+rank], w[3+rank:]
		empty := false
		for _, s := range sizes {
			empty = empty || s == 0
		}
		base := int64(aligned - da.base)
		readPart := func(pos int64) float64 {
			if empty || pos < 0 || pos+part > da.size {
				return 0
			}
			var pb [8]byte
			da.readBytes(pos, pb[:part])
			bits := binary.LittleEndian.Uint64(pb[:])
			if part == 4 {
				return float64(math.Float32frombits(uint32(bits)))
			}
			return math.Float64frombits(bits)
		}
		out := bufio.NewWriter(f.Interpreter().Out)
		runner.WriteMemrefElems(out, aligned, w[2], sizes, strides, func(i int64) string {
			pos := base + i*2*part
			return runner.FormatComplex(readPart(pos), readPart(pos+part))
		})
		return nil, out.Flush()
	}
}
