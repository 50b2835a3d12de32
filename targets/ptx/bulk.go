package ptx

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/nvvm"
)

// Hopper's bulk tensor copies (TMA), their groups, the tensormap proxy
// fences and prefetches, stmatrix and the reciprocal approximation.

func bulkLowerings() map[string]lowerFn {
	return map[string]lowerFn{
		"nvvm.cp.async.bulk.tensor.shared.cluster.global": lowerTmaLoad,
		"nvvm.cp.async.bulk.tensor.global.shared.cta":     lowerTmaStore,
		"nvvm.cp.async.bulk.tensor.prefetch":              lowerTmaPrefetch,
		"nvvm.cp.async.bulk.wait_group":                   lowerBulkWait,
		"nvvm.prefetch":                                   lowerPrefetch,
		"nvvm.fence.proxy.acquire":                        lowerTensormapFence("acquire"),
		"nvvm.fence.proxy.release":                        lowerTensormapFence("release"),
		"nvvm.stmatrix":                                   lowerStmatrix,
		"nvvm.rcp.approx.ftz.f":                           lowerRcp,
	}
}

var tma = Feature{Name: "cp.async.bulk.tensor", SM: 90, PTX: 80}

// regsOf returns the registers of values, operands of op.
func regsOf(f *Func, op *ir.Operation, vs []ir.Value) ([]string, error) {
	out := make([]string, len(vs))
	for i, v := range vs {
		r, err := regOf(f, op, v)
		if err != nil {
			return nil, err
		}
		out[i] = r
	}
	return out, nil
}

// tensorCoords returns the "{c0, c1, ...}" of a tensor copy's coordinates
// (innermost first, 1 to 5 of them) and the dimension suffix.
func tensorCoords(f *Func, op *ir.Operation, coords []ir.Value) (string, string, error) {
	if len(coords) < 1 || len(coords) > 5 {
		return "", "", Errorf(op, "a tensor copy takes 1 to 5 coordinates, not %d", len(coords))
	}
	rs, err := regsOf(f, op, coords)
	if err != nil {
		return "", "", err
	}
	return "{" + strings.Join(rs, ", ") + "}", fmt.Sprintf("%dd", len(coords)), nil
}

// cacheHint returns the ".L2::cache_hint" qualifier and its operand for an
// optional 64-bit cache policy.
func cacheHint(f *Func, op *ir.Operation, v ir.Value) (string, string, error) {
	if v == nil {
		return "", "", nil
	}
	r, err := regOf(f, op, v)
	if err != nil {
		return "", "", err
	}
	return ".L2::cache_hint", ", " + r, nil
}

// lowerTmaLoad lowers the tile-mode tensor copy from global memory into
// shared::cluster memory that completes bytes on an mbarrier, optionally
// multicast to the CTAs of a mask.
func lowerTmaLoad(f *Func, op *ir.Operation) error {
	if err := f.Require(op, tma); err != nil {
		return err
	}
	t := nvvm.CpAsyncBulkTensorSharedClusterGlobalOp{Operation: op}
	if t.Mode().String() != "tile" || len(t.Im2colOffsets()) > 0 {
		return Errorf(op, "tensor copies in %s mode are not supported by the PTX emitter", t.Mode())
	}
	if _, ok := t.Group(); ok || t.IsCTAOnly() {
		return Errorf(op, "tensor copies with a CTA group or into shared::cta memory need sm_100, which the PTX emitter does not target")
	}
	coords, dim, err := tensorCoords(f, op, t.Coordinates())
	if err != nil {
		return err
	}
	dst, err := regOf(f, op, t.DstMem())
	if err != nil {
		return err
	}
	tmap, err := regOf(f, op, t.TmaDescriptor())
	if err != nil {
		return err
	}
	bar, err := regOf(f, op, t.Mbar())
	if err != nil {
		return err
	}
	mc, mask := "", ""
	if v := t.MulticastMask(); v != nil {
		r, err := regOf(f, op, v)
		if err != nil {
			return err
		}
		mc, mask = ".multicast::cluster", ", "+r
	}
	hint, hintArg, err := cacheHint(f, op, t.L2CacheHint())
	if err != nil {
		return err
	}
	guard, err := predicated(f, op, t.Predicate())
	if err != nil {
		return err
	}
	f.Emit("%scp.async.bulk.tensor.%s.shared::cluster.global.mbarrier::complete_tx::bytes%s%s [%s], [%s, %s], [%s]%s%s;",
		guard, dim, mc, hint, dst, tmap, coords, bar, mask, hintArg)
	return nil
}

// lowerTmaStore lowers the tile-mode tensor copy from shared memory to
// global memory, completing in a bulk async-group.
func lowerTmaStore(f *Func, op *ir.Operation) error {
	if err := f.Require(op, tma); err != nil {
		return err
	}
	t := nvvm.CpAsyncBulkTensorGlobalSharedCtaOp{Operation: op}
	if t.Mode().String() != "tile" {
		return Errorf(op, "tensor copies in %s mode are not supported by the PTX emitter", t.Mode())
	}
	coords, dim, err := tensorCoords(f, op, t.Coordinates())
	if err != nil {
		return err
	}
	tmap, err := regOf(f, op, t.TmaDescriptor())
	if err != nil {
		return err
	}
	src, err := regOf(f, op, t.SrcMem())
	if err != nil {
		return err
	}
	hint, hintArg, err := cacheHint(f, op, t.L2CacheHint())
	if err != nil {
		return err
	}
	guard, err := predicated(f, op, t.Predicate())
	if err != nil {
		return err
	}
	f.Emit("%scp.async.bulk.tensor.%s.global.shared::cta.bulk_group%s [%s, %s], [%s]%s;", guard, dim, hint, tmap, coords, src, hintArg)
	return nil
}

// lowerTmaPrefetch lowers the tile-mode prefetch of a tensor box into L2.
func lowerTmaPrefetch(f *Func, op *ir.Operation) error {
	if err := f.Require(op, tma); err != nil {
		return err
	}
	t := nvvm.CpAsyncBulkTensorPrefetchOp{Operation: op}
	if t.Mode().String() != "tile" || len(t.Im2colOffsets()) > 0 {
		return Errorf(op, "tensor prefetches in %s mode are not supported by the PTX emitter", t.Mode())
	}
	coords, dim, err := tensorCoords(f, op, t.Coordinates())
	if err != nil {
		return err
	}
	tmap, err := regOf(f, op, t.TmaDescriptor())
	if err != nil {
		return err
	}
	hint, hintArg, err := cacheHint(f, op, t.L2CacheHint())
	if err != nil {
		return err
	}
	f.Emit("cp.async.bulk.prefetch.tensor.%s.L2.global.tile%s [%s, %s]%s;", dim, hint, tmap, coords, hintArg)
	return nil
}

// lowerBulkWait waits until at most n bulk async-groups are pending (only
// for their reads of the source with .read).
func lowerBulkWait(f *Func, op *ir.Operation) error {
	if err := f.Require(op, sm90("cp.async.bulk")); err != nil {
		return err
	}
	w := nvvm.CpAsyncBulkWaitGroupOp{Operation: op}
	read := ""
	if w.Read() {
		read = ".read"
	}
	f.Emit("cp.async.bulk.wait_group%s %d;", read, w.Group())
	return nil
}

// lowerPrefetch lowers nvvm.prefetch: of a tensor map (prefetch.tensormap)
// or of a cache line into L1 or L2, with an optional eviction priority.
func lowerPrefetch(f *Func, op *ir.Operation) error {
	p := nvvm.PrefetchOp{Operation: op}
	addr, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	sp, err := space(op, p.Addr().Type())
	if err != nil {
		return err
	}
	guard, err := predicated(f, op, p.Predicate())
	if err != nil {
		return err
	}
	if p.InParamSpace() {
		sp = ".param"
	}
	if p.Tensormap() {
		if err := f.Require(op, Feature{Name: "prefetch.tensormap", SM: 90, PTX: 80}); err != nil {
			return err
		}
		f.Emit("%sprefetch%s.tensormap [%s];", guard, sp, addr)
		return nil
	}
	level, ok := nvvm.EnumValue(p.CacheLevel(), "prefetch_cache_level")
	if !ok {
		return Errorf(op, "prefetch without a cache level")
	}
	evict := ""
	if v, ok := nvvm.EnumValue(p.EvictPriority(), "cache_eviction_priority"); ok {
		evict = "::" + v
		if err := f.Require(op, Feature{Name: "prefetch with an eviction priority", SM: 80, PTX: 74}); err != nil {
			return err
		}
	}
	if p.Uniform() {
		f.Emit("%sprefetchu.%s [%s];", guard, level, addr)
		return nil
	}
	f.Emit("%sprefetch%s.%s%s [%s];", guard, sp, level, evict, addr)
	return nil
}

// lowerTensormapFence lowers the proxy fences between the generic proxy
// and the tensormap proxy, which order writes of a tensor map in global
// memory before the TMA unit reads it.
func lowerTensormapFence(sem string) lowerFn {
	return func(f *Func, op *ir.Operation) error {
		if err := f.Require(op, Feature{Name: "fence.proxy.tensormap", SM: 90, PTX: 83}); err != nil {
			return err
		}
		var scope, from, to string
		if a, ok := nvvm.AsFenceProxyAcquireOp(op); ok {
			scope, from, to = a.Scope().String(), a.FromProxy().String(), a.ToProxy().String()
		} else if r, ok := nvvm.AsFenceProxyReleaseOp(op); ok {
			scope, from, to = r.Scope().String(), r.FromProxy().String(), r.ToProxy().String()
		}
		if from != "generic" || to != "tensormap" {
			return Errorf(op, "a proxy fence from %s to %s is not supported by the PTX emitter", from, to)
		}
		if sem == "release" {
			f.Emit("fence.proxy.tensormap::generic.release.%s;", scope)
			return nil
		}
		addr, err := f.Reg(op, 0)
		if err != nil {
			return err
		}
		size, ok := constantIndex(op, 1)
		if !ok || size != 128 {
			return Errorf(op, "the acquire fence of a tensor map takes the constant size 128")
		}
		f.Emit("fence.proxy.tensormap::generic.acquire.%s [%s], 128;", scope, addr)
		return nil
	}
}

// lowerStmatrix lowers nvvm.stmatrix of 8x8 b16 matrices.
func lowerStmatrix(f *Func, op *ir.Operation) error {
	if err := f.Require(op, Feature{Name: "stmatrix", SM: 90, PTX: 78}); err != nil {
		return err
	}
	s := nvvm.StmatrixOp{Operation: op}
	if s.EltType().String() != "b16" {
		return Errorf(op, "stmatrix of %s elements is not supported by the PTX emitter", s.EltType())
	}
	n := len(s.Sources())
	if n != 1 && n != 2 && n != 4 {
		return Errorf(op, "stmatrix of %d matrices (want 1, 2 or 4)", n)
	}
	addr, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	srcs, err := regsOf(f, op, s.Sources())
	if err != nil {
		return err
	}
	trans := ""
	if s.Layout().String() == "col" {
		trans = ".trans"
	}
	sp, err := space(op, s.Ptr().Type())
	if err != nil {
		return err
	}
	f.Emit("stmatrix.sync.aligned.m8n8.x%d%s%s.b16 [%s], {%s};", n, trans, sp, addr, strings.Join(srcs, ", "))
	return nil
}

// lowerRcp lowers the approximate reciprocal of an f32, flushing
// subnormals to zero.
func lowerRcp(f *Func, op *ir.Operation) error {
	a, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	d, err := f.DefReg(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	f.Emit("rcp.approx.ftz.f32 %s, %s;", d, a)
	return nil
}
