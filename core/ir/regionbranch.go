package ir

import (
	"fmt"
	"strconv"
)

// VerifyRegionBranchOp is RegionBranchOpInterface's verifier (MLIR's
// verifyTypesAlongControlFlowEdges): from each region branch point of op
// (the entry into op, then each terminator of its regions that implements
// RegionBranchTerminatorOpInterface), the values passed along every edge
// match the successor's inputs in number and type. The verifier runs it
// for every operation that implements RegionBranchOpInterface once its
// regions are verified, before the operation's VerifyRegions; operations
// without the interface pass.
func VerifyRegionBranchOp(op *Operation) error {
	rb, ok := RegionBranchOp.Of(op)
	if !ok {
		return nil
	}
	type point struct {
		term *Operation
		from *Region
	}
	points := []point{{}}
	for i := range op.regions {
		for b := op.regions[i].first; b != nil; b = b.next {
			if t := b.last; t != nil && RegionBranchTerminator.Implements(t) {
				points = append(points, point{term: t, from: &op.regions[i]})
			}
		}
	}
	for _, pt := range points {
		for _, succ := range rb.SuccessorRegions(op, pt.from, nil) {
			edge := func(msg string) error {
				from, noteLoc := "parent", op.Loc()
				if pt.term != nil {
					from, noteLoc = "Operation "+pt.term.Name(), pt.term.Loc()
				}
				to := "parent"
				if succ.Region != nil {
					to = "Region #" + strconv.Itoa(succ.Region.Index())
				}
				d := OpError(op, "along control flow edge from "+from+" to "+to+": "+msg)
				d.Note(noteLoc, "region branch point")
				return d
			}
			var src []Value
			if pt.term != nil {
				t, _ := RegionBranchTerminator.Of(pt.term)
				src = t.SuccessorOperands(pt.term, succ.Region)
			} else {
				src = rb.EntrySuccessorOperands(op, succ.Region)
			}
			if len(src) != len(succ.Inputs) {
				return edge(fmt.Sprintf("region branch point has %d operands, but region successor needs %d inputs", len(src), len(succ.Inputs)))
			}
			for i, v := range src {
				if v.Type() != succ.Inputs[i].Type() {
					return edge(fmt.Sprintf("successor operand type #%d '%s' should match successor input type #%d '%s'", i, TypeString(v.Type()), i, TypeString(succ.Inputs[i].Type())))
				}
			}
		}
	}
	return nil
}

// RegionBranchHasLoop reports whether control may flow around a cycle of
// the regions of op, a RegionBranchOpInterface operation (MLIR's
// RegionBranchOpInterface::hasLoop): starting from each region entered
// from op itself, some region is reached again. An operation without the
// interface has no loop.
func RegionBranchHasLoop(op *Operation) bool {
	rb, ok := RegionBranchOp.Of(op)
	if !ok {
		return false
	}
	successors := func(from *Region) []*Region {
		var out []*Region
		for _, s := range rb.SuccessorRegions(op, from, nil) {
			if s.Region != nil {
				out = append(out, s.Region)
			}
		}
		return out
	}
	for _, begin := range successors(nil) {
		visited := make([]bool, op.NumRegions())
		visited[begin.Index()] = true
		work := successors(begin)
		for len(work) > 0 {
			r := work[len(work)-1]
			work = work[:len(work)-1]
			if visited[r.Index()] {
				return true
			}
			visited[r.Index()] = true
			work = append(work, successors(r)...)
		}
	}
	return false
}
