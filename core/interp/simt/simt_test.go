package simt_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/strata-ir/strata/core/asm"
	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/interp/simt"
	"github.com/strata-ir/strata/core/ir"
)

// ops returns n operations of a parsed module, to locate collectives.
func ops(t *testing.T, n int) []*ir.Operation {
	t.Helper()
	ctx := ir.NewContext()
	ctx.AllowUnregisteredDialects = true
	src := strings.Repeat(`"test.op"() : () -> ()`+"\n", n)
	mod, _, err := asm.ParseModule(ctx, []byte(src), asm.Config{Filename: "t.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	var out []*ir.Operation
	for op := mod.Region(0).First().First(); op != nil; op = op.Next() {
		out = append(out, op)
	}
	return out
}

// sumOf makes a collective that gives every thread of the group the sum
// of the contributions, and records the group's size.
func sumOf(sizes *[]int) simt.Combine {
	return func(group []*simt.Arrival) error {
		s := 0
		for _, a := range group {
			s += a.In.(int)
		}
		for _, a := range group {
			a.Out = s
		}
		*sizes = append(*sizes, len(group))
		return nil
	}
}

// TestScopes checks which threads take part in a collective of each
// scope, in a launch of 2 clusters of 2 blocks of 160 threads (5 warps,
// one warpgroup and a partial one).
func TestScopes(t *testing.T) {
	o := ops(t, 4)
	in := interp.New(interp.NewRegistry())
	type result struct{ warp, wg, block, cluster int }
	got := map[[2]int64]result{}
	var sizes []int
	cfg := simt.Config{Grid: simt.Dim3{X: 4, Y: 1, Z: 1}, Block: simt.Dim3{X: 160, Y: 1, Z: 1}, Cluster: simt.Dim3{X: 2, Y: 1, Z: 1}}
	err := simt.Run(in, cfg, nil, func(th *simt.Thread) error {
		var r result
		for i, s := range []simt.Scope{simt.Warp, simt.Warpgroup, simt.BlockScope, simt.ClusterScope} {
			v, err := th.Collective(nil, o[i], s, th.Linear, sumOf(&sizes))
			if err != nil {
				return err
			}
			*[]*int{&r.warp, &r.wg, &r.block, &r.cluster}[i] = v.(int)
		}
		got[[2]int64{th.Block.ID.X, int64(th.Linear)}] = r
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Warp 4 holds threads 128..159; warpgroup 1 the same 32 threads; the
	// block 0..159; the cluster both blocks.
	want := result{warp: 32*128 + 31*32/2, wg: 32*128 + 31*32/2, block: 159 * 160 / 2, cluster: 159 * 160}
	if r := got[[2]int64{3, 130}]; r != want {
		t.Errorf("thread 130 of block 3: got %+v, want %+v", r, want)
	}
	if r := got[[2]int64{0, 5}]; r.warp != 31*32/2 || r.wg != 127*128/2 {
		t.Errorf("thread 5 of block 0: got %+v", r)
	}
	counts := map[int]int{}
	for _, s := range sizes {
		counts[s]++
	}
	// Per block: 5 warps, 2 warpgroups (128 and 32), 1 block; per
	// cluster: 1 cluster collective; 4 blocks, 2 clusters.
	if counts[32] != 4*(5+1) || counts[128] != 4 || counts[160] != 4 || counts[320] != 2 {
		t.Errorf("group sizes %v", counts)
	}
}

// TestConcurrentKernels checks that kernels run concurrently meet: each
// waits at a spin point until the other has made progress.
func TestConcurrentKernels(t *testing.T) {
	o := ops(t, 1)
	in := interp.New(interp.NewRegistry())
	flag := [2]bool{}
	k := func(me int) simt.Kernel {
		return simt.Kernel{
			Config: simt.Config{Grid: simt.Dim3{X: 1, Y: 1, Z: 1}, Block: simt.Dim3{X: 1, Y: 1, Z: 1}},
			Body: func(th *simt.Thread) error {
				flag[me] = true
				th.Progress()
				for !flag[1-me] {
					if err := th.Spin(nil, o[0]); err != nil {
						return err
					}
				}
				return nil
			}}
	}
	if err := simt.RunConcurrent(in, []simt.Kernel{k(0), k(1)}); err != nil {
		t.Fatal(err)
	}
	// One kernel alone spins forever: a deadlock.
	flag = [2]bool{}
	err := simt.Run(in, simt.Config{Grid: simt.Dim3{X: 1, Y: 1, Z: 1}, Block: simt.Dim3{X: 1, Y: 1, Z: 1}}, nil, k(0).Body)
	if err == nil || !strings.Contains(err.Error(), "deadlock") {
		t.Errorf("got %v, want a deadlock", err)
	}
}

// TestPartialCollective checks that a collective that part of the warp
// skips is an error naming the counts, and that the goroutines of the
// aborted launch end.
func TestPartialCollective(t *testing.T) {
	o := ops(t, 1)
	in := interp.New(interp.NewRegistry())
	err := simt.Run(in, simt.Config{Grid: simt.Dim3{X: 1, Y: 1, Z: 1}, Block: simt.Dim3{X: 32, Y: 1, Z: 1}}, nil, func(th *simt.Thread) error {
		if th.Lane() < 20 {
			_, err := th.Collective(nil, o[0], simt.Warp, 0, nil)
			return err
		}
		return nil
	})
	var d *ir.Diagnostic
	if !errors.As(err, &d) || !strings.Contains(d.Message, "reached by only 20 of the 32 threads of the warp") {
		t.Fatalf("got %v", err)
	}
}

// TestRace checks the race detection of shared memory directly: accesses
// of one thread never race, two threads' accesses in one epoch race when
// one writes, and a barrier separates epochs.
func TestRace(t *testing.T) {
	o := ops(t, 3)
	in := interp.New(interp.NewRegistry())
	tests := []struct {
		name string
		// body accesses element 0 of the buffer.
		body func(th *simt.Thread, buf *interp.Buffer) error
		want string
	}{
		{"reads only", func(th *simt.Thread, buf *interp.Buffer) error {
			return buf.Access(o[0], 0, 1, false)
		}, ""},
		{"own writes", func(th *simt.Thread, buf *interp.Buffer) error {
			return buf.Access(o[0], int64(th.Linear), 1, true)
		}, ""},
		{"write then read", func(th *simt.Thread, buf *interp.Buffer) error {
			if th.Linear == 0 {
				return buf.Access(o[0], 0, 1, true)
			}
			return buf.Access(o[1], 0, 1, false)
		}, "thread (1, 0, 0) of block (0, 0, 0) reads an element of shared memory that thread (0, 0, 0) of block (0, 0, 0) wrote since the last barrier"},
		{"separated by a barrier", func(th *simt.Thread, buf *interp.Buffer) error {
			if th.Linear == 0 {
				if err := buf.Access(o[0], 0, 1, true); err != nil {
					return err
				}
			}
			if err := th.Barrier(nil, o[2], simt.BlockScope); err != nil {
				return err
			}
			return buf.Access(o[1], 0, 1, false)
		}, ""},
		{"read then write", func(th *simt.Thread, buf *interp.Buffer) error {
			if th.Linear == 0 {
				return buf.Access(o[1], 0, 1, false)
			}
			return buf.Access(o[0], 0, 1, true)
		}, "thread (1, 0, 0) of block (0, 0, 0) writes an element of shared memory that thread (0, 0, 0) of block (0, 0, 0) read since the last barrier"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var bufs []*interp.Buffer
			err := simt.Run(in, simt.Config{Grid: simt.Dim3{X: 2, Y: 1, Z: 1}, Block: simt.Dim3{X: 4, Y: 1, Z: 1}},
				func(b *simt.Block) error {
					buf := b.NewShared(nil, 4)
					bufs = append(bufs, buf)
					b.Data("buf", func() any { return buf })
					return nil
				},
				func(th *simt.Thread) error {
					return tc.body(th, th.Block.Data("buf", nil).(*interp.Buffer))
				})
			if tc.want == "" {
				if err != nil {
					t.Errorf("unexpected %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), "data race: "+tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}

// TestCounterpartView checks that the counterpart in another block of
// the cluster of a typed view of shared bytes (memref.view of dynamic
// shared memory) is the same view of that block's bytes, and that a
// buffer the block does not keep has none.
func TestCounterpartView(t *testing.T) {
	ctx := ir.NewContext()
	f32 := ctx.FloatType(ir.F32)
	in := interp.New(interp.NewRegistry())
	cfg := simt.Config{Grid: simt.Dim3{X: 2, Y: 1, Z: 1}, Block: simt.Dim3{X: 1, Y: 1, Z: 1}, Cluster: simt.Dim3{X: 2, Y: 1, Z: 1}}
	var checked bool
	err := simt.Run(in, cfg, func(b *simt.Block) error {
		b.Data("bytes", func() any { return b.NewShared(ctx.I(8), 64) })
		return nil
	}, func(th *simt.Thread) error {
		if th.Block.Rank() != 0 {
			return nil
		}
		peer := th.Block.Peer(1)
		bytes := th.Block.Data("bytes", nil).(*interp.Buffer)
		view, off, err := bytes.View(f32, 4, 16, 4)
		if err != nil || off != 4 {
			return fmt.Errorf("view: %v, offset %d", err, off)
		}
		got, err := th.Block.Counterpart(view, peer)
		if err != nil {
			return err
		}
		want, _, err := peer.Data("bytes", nil).(*interp.Buffer).View(f32, 4, 0, 16)
		if err != nil {
			return err
		}
		if got != want || got == view {
			return fmt.Errorf("the counterpart of the view is not the other block's view of its bytes")
		}
		if _, err := th.Block.Counterpart(interp.NewBuffer(f32, 4), peer); err == nil {
			return fmt.Errorf("a buffer the block does not keep has a counterpart")
		}
		checked = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !checked {
		t.Fatal("no block of rank 0 ran")
	}
}
