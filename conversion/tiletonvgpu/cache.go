package tiletonvgpu

import (
	"strconv"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/internal/tune"
)

// GEMMKey returns the winners-cache key of tile kernel kf for chip when
// the sm_90a GEMM takes it: kernel "gemm.<operand type>", the shape class
// of its M, N and K (tune.ShapeClass), read from the static shapes of the
// memrefs it loads A and B from.
func GEMMKey(kf *ir.Operation, chip string) (tune.Key, bool) {
	work := kf.Clone(nil)
	defer work.DropAllReferences()
	splitRematerializable(work)
	p, _ := planSM90(work, false, 1)
	if p == nil {
		return tune.Key{}, false
	}
	top := work.Region(0).First()
	a, ok1 := top.Argument(p.args[0]).Type().(*ir.MemRefType)
	b, ok2 := top.Argument(p.args[1]).Type().(*ir.MemRefType)
	if !ok1 || !ok2 {
		return tune.Key{}, false
	}
	m, k, n := a.Shape[0], a.Shape[1], b.Shape[1]
	if p.kMajorB {
		n = b.Shape[0]
	}
	if m <= 0 || n <= 0 || k <= 0 {
		return tune.Key{}, false
	}
	return tune.Key{Kernel: "gemm." + ir.TypeString(p.elem), Class: tune.ShapeClass(m, n, k), Chip: chip}, true
}

// AttentionKey returns the winners-cache key of tile kernel kf for chip
// when the sm_90a attention kernel takes it: kernel "attention.<operand
// type>", with ".causal" when its attention runs in more than one loop
// (the blocks on the causal diagonal, masked, apart from those below
// it), and the shape class of its queries, keys and head size, read from
// the static shapes of the memrefs it loads Q and K from.
func AttentionKey(kf *ir.Operation, chip string) (tune.Key, bool) {
	work := kf.Clone(nil)
	defer work.DropAllReferences()
	splitRematerializable(work)
	p, _ := planFlash90(work)
	if p == nil {
		return tune.Key{}, false
	}
	top := work.Region(0).First()
	q, ok1 := top.Argument(p.args[0]).Type().(*ir.MemRefType)
	k, ok2 := top.Argument(p.args[1]).Type().(*ir.MemRefType)
	if !ok1 || !ok2 || q.Shape[1] <= 0 || k.Shape[1] <= 0 || q.Shape[2] <= 0 {
		return tune.Key{}, false
	}
	kernel := "attention." + ir.TypeString(p.elem)
	if len(p.loops) > 1 {
		kernel += ".causal"
	}
	return tune.Key{Kernel: kernel, Class: tune.ShapeClass(q.Shape[1], k.Shape[1], q.Shape[2]), Chip: chip}, true
}

// cachedOptions replaces, in opts, the options of kernel kf that the
// winners cache opts.Cache holds for it (an sm_90a GEMM or attention
// kernel of a cached key): group-m, ping-pong, persistent, cluster and
// attention-overlap. A cached value that is not one of the option's is
// an error located at the kernel.
func cachedOptions(kf *ir.Operation, chip string, opts *Options) error {
	if opts.Cache == nil || chip != "sm_90a" {
		return nil
	}
	key, ok := GEMMKey(kf, chip)
	if !ok {
		key, ok = AttentionKey(kf, chip)
	}
	if !ok {
		return nil
	}
	w, ok := opts.Cache.Lookup(key)
	if !ok {
		return nil
	}
	bad := func(name, v string) error {
		return ir.NewError(kf.Loc(), "tile-to-nvgpu: the winners cache gives "+key.String()+" "+name+"="+strconv.Quote(v)+", which is not a valid value")
	}
	for name, v := range w.Options {
		switch name {
		case "group-m", "persistent", "cluster":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 || (name == "cluster" && n > 2) {
				return bad(name, v)
			}
			switch name {
			case "group-m":
				opts.GroupM = n
			case "persistent":
				opts.Persistent = n
			default:
				opts.Cluster = n
			}
		case "ping-pong", "attention-overlap":
			b, err := strconv.ParseBool(v)
			if err != nil {
				return bad(name, v)
			}
			if name == "ping-pong" {
				opts.PingPong = b
			} else {
				opts.AttentionOverlap = b
			}
		}
	}
	return nil
}
