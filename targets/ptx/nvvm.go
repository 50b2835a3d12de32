package ptx

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/llvm"
	"github.com/strata-ir/strata/dialects/nvvm"
)

// The nvvm dialect's operations: special registers, barriers, warp
// collectives, fences, mbarriers, cp.async, clusters, inline PTX and
// Hopper's register and wgmma controls.

// sreg describes a special register and what reading it needs.
type sreg struct {
	reg  string
	feat Feature
}

var (
	sm80    = func(name string) Feature { return Feature{Name: name, SM: 80, PTX: 70} }
	sm90    = func(name string) Feature { return Feature{Name: name, SM: 90, PTX: 80} }
	sm90a   = func(name string) Feature { return Feature{Name: name, SM: 90, Arch: true, PTX: 80} }
	cluster = Feature{Name: "cluster special registers", SM: 90, PTX: 78}
)

func nvvmLowerings() map[string]lowerFn {
	m := map[string]lowerFn{
		"nvvm.barrier0":                        lowerBarrier,
		"nvvm.barrier":                         lowerBarrier,
		"nvvm.barrier.arrive":                  lowerBarrierArrive,
		"nvvm.shfl.sync":                       lowerShfl,
		"nvvm.vote.sync":                       lowerVote,
		"nvvm.redux.sync":                      lowerRedux,
		"nvvm.elect.sync":                      lowerElect,
		"nvvm.fence.proxy":                     lowerFenceProxy,
		"nvvm.fence.sc.cluster":                fixed("fence.sc.cluster;", Feature{Name: "fence.sc.cluster", SM: 90, PTX: 78}),
		"nvvm.fence.mbarrier.init":             fixed("fence.mbarrier_init.release.cluster;", sm90("fence.mbarrier_init")),
		"nvvm.cluster.arrive":                  fixed("barrier.cluster.arrive;", Feature{Name: "barrier.cluster", SM: 90, PTX: 78}),
		"nvvm.cluster.arrive.relaxed":          fixed("barrier.cluster.arrive.relaxed;", sm90("barrier.cluster.arrive.relaxed")),
		"nvvm.cluster.wait":                    fixed("barrier.cluster.wait;", Feature{Name: "barrier.cluster", SM: 90, PTX: 78}),
		"nvvm.exit":                            fixed("exit;", Feature{}),
		"nvvm.breakpoint":                      fixed("brkpt;", Feature{}),
		"nvvm.nanosleep":                       lowerNanosleep,
		"nvvm.cp.async.shared.global":          lowerCpAsync,
		"nvvm.cp.async.commit.group":           fixed("cp.async.commit_group;", sm80("cp.async")),
		"nvvm.cp.async.wait.group":             lowerCpAsyncWait,
		"nvvm.cp.async.bulk.commit.group":      fixed("cp.async.bulk.commit_group;", sm90("cp.async.bulk")),
		"nvvm.mbarrier.init":                   lowerMbarrier("init"),
		"nvvm.mbarrier.inval":                  lowerMbarrier("inval"),
		"nvvm.mbarrier.arrive":                 lowerMbarrier("arrive"),
		"nvvm.mbarrier.arrive.nocomplete":      lowerMbarrier("arrive.noComplete"),
		"nvvm.mbarrier.arrive.expect_tx":       lowerMbarrier("arrive.expect_tx"),
		"nvvm.mbarrier.test.wait":              lowerMbarrier("test_wait"),
		"nvvm.mbarrier.try_wait.parity":        lowerTryWait,
		"nvvm.wgmma.fence.aligned":             fixed("wgmma.fence.sync.aligned;", sm90a("wgmma")),
		"nvvm.wgmma.commit.group.sync.aligned": fixed("wgmma.commit_group.sync.aligned;", sm90a("wgmma")),
		"nvvm.wgmma.wait.group.sync.aligned":   lowerWgmmaWait,
		"nvvm.wgmma.mma_async":                 lowerWgmma,
		"nvvm.wgmma.mma_async.rs":              lowerWgmmaRs,
		"nvvm.ldmatrix":                        lowerLdmatrix,
		"nvvm.mma.sync":                        lowerMmaSync,
		"nvvm.setmaxregister":                  lowerSetMaxRegister,
		"nvvm.inline_ptx":                      lowerInlinePTX,
		"nvvm.mapa":                            lowerMapa,
	}
	regs := map[string]sreg{}
	for _, d := range []string{"x", "y", "z"} {
		for _, r := range []string{"tid", "ntid", "ctaid", "nctaid"} {
			regs[r+"."+d] = sreg{reg: "%" + r + "." + d}
		}
		for _, r := range []string{"clusterid", "nclusterid", "cluster.ctaid", "cluster.nctaid"} {
			regs[r+"."+d] = sreg{reg: "%" + strings.ReplaceAll(r, ".", "_") + "." + d, feat: cluster}
		}
	}
	for _, r := range []string{"laneid", "warpid", "nwarpid", "smid", "nsmid", "gridid", "clock", "clock64", "globaltimer",
		"globaltimer.lo", "lanemask.eq", "lanemask.le", "lanemask.lt", "lanemask.ge", "lanemask.gt"} {
		regs[r] = sreg{reg: "%" + strings.ReplaceAll(r, ".", "_")}
	}
	regs["warpsize"] = sreg{reg: "WARP_SZ"}
	regs["cluster.ctarank"] = sreg{reg: "%cluster_ctarank", feat: cluster}
	regs["cluster.nctarank"] = sreg{reg: "%cluster_nctarank", feat: cluster}
	regs["dynamic.smem.size"] = sreg{reg: "%dynamic_smem_size", feat: Feature{Name: "%dynamic_smem_size", PTX: 41}}
	regs["total.smem.size"] = sreg{reg: "%total_smem_size", feat: Feature{Name: "%total_smem_size", PTX: 41}}
	regs["aggr.smem.size"] = sreg{reg: "%aggr_smem_size", feat: Feature{Name: "%aggr_smem_size", SM: 90, PTX: 81}}
	for i := 0; i < 32; i++ {
		regs[fmt.Sprintf("envreg%d", i)] = sreg{reg: fmt.Sprintf("%%envreg%d", i)}
	}
	for name, r := range regs {
		m["nvvm.read.ptx.sreg."+name] = lowerSreg(r)
	}
	return m
}

func lowerSreg(r sreg) lowerFn {
	return func(f *Func, op *ir.Operation) error {
		if r.feat.Name != "" {
			r.feat.Name = r.reg
			if err := f.Require(op, r.feat); err != nil {
				return err
			}
		}
		d, err := f.DefReg(op.Result(0))
		if err != nil {
			return Errorf(op, "%v", err)
		}
		switch intWidth(op.Result(0).Type()) {
		case 32:
			f.Emit("mov.u32 %s, %s;", d, r.reg)
		case 64:
			if r.reg == "%clock64" || r.reg == "%globaltimer" || r.reg == "%gridid" {
				f.Emit("mov.u64 %s, %s;", d, r.reg)
			} else {
				t := f.NewReg(B32)
				f.Emit("mov.u32 %s, %s;", t, r.reg)
				f.Emit("cvt.u64.u32 %s, %s;", d, t)
			}
		default:
			return Errorf(op, "special register of type '%s'", typeString(op.Result(0).Type()))
		}
		return nil
	}
}

// fixed lowers an operation without operands or results to one
// instruction.
func fixed(inst string, feat Feature) lowerFn {
	return func(f *Func, op *ir.Operation) error {
		if feat.Name != "" {
			if err := f.Require(op, feat); err != nil {
				return err
			}
		}
		f.Emit("%s", inst)
		return nil
	}
}

// regOf returns the register of v, an operand of op.
func regOf(f *Func, op *ir.Operation, v ir.Value) (string, error) {
	for i := range op.NumOperands() {
		if op.Operand(i) == v {
			return f.Reg(op, i)
		}
	}
	return "", Errorf(op, "internal error: value is not an operand")
}

// predicated returns the guard "@%p " of an optional predicate operand.
func predicated(f *Func, op *ir.Operation, p ir.Value) (string, error) {
	if p == nil {
		return "", nil
	}
	r, err := regOf(f, op, p)
	if err != nil {
		return "", err
	}
	return "@" + r + " ", nil
}

// lowerBarrier lowers nvvm.barrier0 and nvvm.barrier (an optional barrier
// id and thread count, or a reduction of a predicate over the CTA) to
// bar.sync and bar.red.
// lowerBarrierArrive is bar.arrive: an arrival on a named barrier of a
// number of threads that does not wait for it.
func lowerBarrierArrive(f *Func, op *ir.Operation) error {
	b, _ := nvvm.AsBarrierArriveOp(op)
	id := "0"
	if v := b.BarrierId(); v != nil {
		r, err := regOf(f, op, v)
		if err != nil {
			return err
		}
		id = r
	}
	n, err := regOf(f, op, b.NumberOfThreads())
	if err != nil {
		return err
	}
	f.Emit("bar.arrive %s, %s;", id, n)
	return nil
}

func lowerBarrier(f *Func, op *ir.Operation) error {
	b, ok := nvvm.AsBarrierOp(op)
	if !ok {
		f.Emit("bar.sync 0;")
		return nil
	}
	id := "0"
	if v := b.BarrierId(); v != nil {
		r, err := regOf(f, op, v)
		if err != nil {
			return err
		}
		id = r
	}
	n := ""
	if v := b.NumberOfThreads(); v != nil {
		r, err := regOf(f, op, v)
		if err != nil {
			return err
		}
		n = ", " + r
	}
	red, isRed := b.ReductionOp()
	if !isRed {
		f.Emit("bar.sync %s%s;", id, n)
		return nil
	}
	pv := b.ReductionPredicate()
	if pv == nil || b.Res() == nil {
		return Errorf(op, "a barrier reduction needs a predicate and a result")
	}
	in, err := regOf(f, op, pv)
	if err != nil {
		return err
	}
	d, err := f.DefReg(b.Res())
	if err != nil {
		return Errorf(op, "%v", err)
	}
	p := f.NewReg(Pred)
	f.Emit("setp.ne.u32 %s, %s, 0;", p, in)
	switch kind := red.String(); kind {
	case "popc":
		f.Emit("bar.red.popc.u32 %s, %s%s, %s;", d, id, n, p)
	case "and", "or":
		q := f.NewReg(Pred)
		f.Emit("bar.red.%s.pred %s, %s%s, %s;", kind, q, id, n, p)
		f.Emit("selp.u32 %s, 1, 0, %s;", d, q)
	default:
		return Errorf(op, "unknown barrier reduction %q", kind)
	}
	return nil
}

// lowerShfl lowers nvvm.shfl.sync (thread mask, value, offset, clamp) to
// shfl.sync, with the validity predicate when the result is a struct.
func lowerShfl(f *Func, op *ir.Operation) error {
	s := nvvm.ShflSyncOp{Operation: op}
	kind, _ := nvvm.EnumValue(s.Kind(), "shfl_kind")
	switch kind {
	case "bfly", "up", "down", "idx":
	default:
		return Errorf(op, "unknown shuffle kind %q", kind)
	}
	var r [4]string
	for i := range r {
		x, err := f.Reg(op, i)
		if err != nil {
			return err
		}
		r[i] = x
	}
	d, err := f.Def(s.Res())
	if err != nil {
		return Errorf(op, "%v", err)
	}
	dst := d[0]
	if len(d) == 2 {
		dst = d[0] + "|" + d[1]
	}
	f.Emit("shfl.sync.%s.b32 %s, %s, %s, %s, %s;", kind, dst, r[1], r[2], r[3], r[0])
	return nil
}

// lowerVote lowers nvvm.vote.sync (mask, predicate) to vote.sync.
func lowerVote(f *Func, op *ir.Operation) error {
	v := nvvm.VoteSyncOp{Operation: op}
	kind, _ := nvvm.EnumValue(v.Kind(), "vote_sync_kind")
	mask, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	p, err := f.Reg(op, 1)
	if err != nil {
		return err
	}
	d, err := f.DefReg(v.Res())
	if err != nil {
		return Errorf(op, "%v", err)
	}
	switch kind {
	case "ballot":
		f.Emit("vote.sync.ballot.b32 %s, %s, %s;", d, p, mask)
	case "any", "all", "uni":
		f.Emit("vote.sync.%s.pred %s, %s, %s;", kind, d, p, mask)
	default:
		return Errorf(op, "unknown vote kind %q", kind)
	}
	return nil
}

// lowerRedux lowers nvvm.redux.sync (value, mask) on i32 to redux.sync.
func lowerRedux(f *Func, op *ir.Operation) error {
	if err := f.Require(op, sm80("redux.sync")); err != nil {
		return err
	}
	r := nvvm.ReduxSyncOp{Operation: op}
	kind, _ := nvvm.EnumValue(r.Kind(), "redux_kind")
	sfx := map[string]string{"add": "s32", "min": "s32", "max": "s32", "umin": "u32", "umax": "u32",
		"and": "b32", "or": "b32", "xor": "b32"}[kind]
	if sfx == "" || intWidth(r.Val().Type()) != 32 {
		return Errorf(op, "redux.sync %s on '%s' is not supported by the PTX emitter", kind, typeString(r.Val().Type()))
	}
	v, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	mask, err := f.Reg(op, 1)
	if err != nil {
		return err
	}
	d, err := f.DefReg(r.Res())
	if err != nil {
		return Errorf(op, "%v", err)
	}
	f.Emit("redux.sync.%s.%s %s, %s, %s;", strings.TrimPrefix(kind, "u"), sfx, d, v, mask)
	return nil
}

// lowerElect lowers nvvm.elect.sync to elect.sync (all lanes without a
// mask).
func lowerElect(f *Func, op *ir.Operation) error {
	if err := f.Require(op, sm90("elect.sync")); err != nil {
		return err
	}
	e := nvvm.ElectSyncOp{Operation: op}
	mask := "-1"
	if v := e.Membermask(); v != nil {
		r, err := regOf(f, op, v)
		if err != nil {
			return err
		}
		mask = r
	}
	d, err := f.DefReg(e.Pred())
	if err != nil {
		return Errorf(op, "%v", err)
	}
	f.Emit("elect.sync _|%s, %s;", d, mask)
	return nil
}

func lowerFenceProxy(f *Func, op *ir.Operation) error {
	fp := nvvm.FenceProxyOp{Operation: op}
	switch kind := fp.Kind().String(); kind {
	case "alias":
		if err := f.Require(op, Feature{Name: "fence.proxy.alias", SM: 70, PTX: 75}); err != nil {
			return err
		}
		f.Emit("fence.proxy.alias;")
	case "async", "async.global":
		if err := f.Require(op, sm90("fence.proxy.async")); err != nil {
			return err
		}
		f.Emit("fence.proxy.%s;", kind)
	case "async.shared":
		if err := f.Require(op, sm90("fence.proxy.async")); err != nil {
			return err
		}
		space := "cta"
		if s, ok := fp.Space(); ok {
			space = s.String()
		}
		f.Emit("fence.proxy.async.shared::%s;", space)
	default:
		return Errorf(op, "fence.proxy %s is not supported by the PTX emitter", kind)
	}
	return nil
}

func lowerNanosleep(f *Func, op *ir.Operation) error {
	if err := f.Require(op, Feature{Name: "nanosleep", SM: 70, PTX: 63}); err != nil {
		return err
	}
	r, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	f.Emit("nanosleep.u32 %s;", r)
	return nil
}

// lowerCpAsync lowers nvvm.cp.async.shared.global (16, 8 or 4 bytes from
// global to shared memory, zero-filled beyond cpSize bytes).
func lowerCpAsync(f *Func, op *ir.Operation) error {
	if err := f.Require(op, sm80("cp.async")); err != nil {
		return err
	}
	c := nvvm.CpAsyncSharedGlobalOp{Operation: op}
	mod, _ := nvvm.EnumValue(c.Modifier(), "load_cache_modifier")
	if mod != "ca" && mod != "cg" {
		return Errorf(op, "cp.async cache modifier %q (want ca or cg)", mod)
	}
	dst, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	src, err := f.Reg(op, 1)
	if err != nil {
		return err
	}
	extra := ""
	if v := c.CpSize(); v != nil {
		r, err := regOf(f, op, v)
		if err != nil {
			return err
		}
		extra = ", " + r
	}
	f.Emit("cp.async.%s.shared.global [%s], [%s], %d%s;", mod, dst, src, c.Size(), extra)
	return nil
}

func lowerCpAsyncWait(f *Func, op *ir.Operation) error {
	if err := f.Require(op, sm80("cp.async")); err != nil {
		return err
	}
	n := intList(op.InherentAttr("n"))
	if len(n) != 1 {
		return Errorf(op, "cp.async.wait.group without a count")
	}
	f.Emit("cp.async.wait_group %d;", n[0])
	return nil
}

// mbarrierFeature is what each mbarrier instruction needs.
var mbarrierFeature = map[string]Feature{
	"init": sm80("mbarrier.init"), "inval": sm80("mbarrier.inval"), "arrive": sm80("mbarrier.arrive"),
	"arrive.noComplete": sm80("mbarrier.arrive.noComplete"), "test_wait": sm80("mbarrier.test_wait"),
	"arrive.expect_tx": sm90("mbarrier.arrive.expect_tx"),
}

// lowerMbarrier lowers the mbarrier operations whose first operand is the
// barrier's address.
func lowerMbarrier(inst string) lowerFn {
	return func(f *Func, op *ir.Operation) error {
		if err := f.Require(op, mbarrierFeature[inst]); err != nil {
			return err
		}
		var scope nvvm.MemScopeKind
		var relaxed bool
		if a, ok := nvvm.AsMbarrierArriveOp(op); ok {
			return lowerArrive(f, a)
		} else if a, ok := nvvm.AsMbarrierArriveExpectTxOp(op); ok {
			scope, relaxed = a.Scope(), a.Relaxed()
		} else if a, ok := nvvm.AsMbarrierTestWaitOp(op); ok {
			scope, relaxed = a.Scope(), a.Relaxed()
		}
		if scope.String() != "cta" || relaxed {
			return Errorf(op, "mbarrier operations of %s scope or relaxed semantics are not supported by the PTX emitter", scope)
		}
		sp, err := space(op, op.Operand(0).Type())
		if err != nil {
			return err
		}
		addr, err := f.Reg(op, 0)
		if err != nil {
			return err
		}
		guard := ""
		switch inst {
		case "init":
			guard, err = predicated(f, op, nvvm.MbarrierInitOp{Operation: op}.Predicate())
		case "arrive.expect_tx":
			guard, err = predicated(f, op, nvvm.MbarrierArriveExpectTxOp{Operation: op}.Predicate())
		}
		if err != nil {
			return err
		}
		var args []string
		for i := 1; i < op.NumOperands(); i++ {
			if intWidth(op.Operand(i).Type()) == 1 {
				continue // the predicate
			}
			r, err := f.Reg(op, i)
			if err != nil {
				return err
			}
			args = append(args, r)
		}
		rest := ""
		if len(args) > 0 {
			rest = ", " + strings.Join(args, ", ")
		}
		switch inst {
		case "init":
			f.Emit("%smbarrier.init%s.b64 [%s]%s;", guard, sp, addr, rest)
		case "inval":
			f.Emit("mbarrier.inval%s.b64 [%s];", sp, addr)
		case "arrive.noComplete", "test_wait":
			d, err := f.DefReg(op.Result(0))
			if err != nil {
				return Errorf(op, "%v", err)
			}
			f.Emit("mbarrier.%s%s.b64 %s, [%s]%s;", inst, sp, d, addr, rest)
		case "arrive.expect_tx":
			f.Emit("%smbarrier.arrive.expect_tx%s.b64 _, [%s]%s;", guard, sp, addr, rest)
		}
		return nil
	}
}

// lowerArrive lowers nvvm.mbarrier.arrive: mbarrier.arrive with the
// barrier's state, or the sink _ when the operation has no result (sm_90);
// a cluster scope is a release at cluster scope (sm_90), which arrives on
// the barrier of another block of the cluster through a shared::cluster
// address.
func lowerArrive(f *Func, a nvvm.MbarrierArriveOp) error {
	op := a.Operation
	cluster := a.Scope() == nvvm.MemScopeKindCluster
	if a.Relaxed() || (a.Scope() != nvvm.MemScopeKindCta && !cluster) {
		return Errorf(op, "mbarrier operations of %s scope or relaxed semantics are not supported by the PTX emitter", a.Scope())
	}
	sp, err := space(op, a.Addr().Type())
	if err != nil {
		return err
	}
	feature := mbarrierFeature["arrive"]
	if cluster || a.Res() == nil || a.Count() != nil || sp == ".shared::cluster" {
		feature = sm90("mbarrier.arrive")
	}
	if err := f.Require(op, feature); err != nil {
		return err
	}
	addr, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	rest := ""
	if a.Count() != nil {
		r, err := f.Reg(op, 1)
		if err != nil {
			return err
		}
		rest = ", " + r
	}
	d := "_"
	if a.Res() != nil {
		if d, err = f.DefReg(a.Res()); err != nil {
			return Errorf(op, "%v", err)
		}
	}
	sem := ""
	if cluster {
		sem = ".release.cluster"
	}
	f.Emit("mbarrier.arrive%s%s.b64 %s, [%s]%s;", sem, sp, d, addr, rest)
	return nil
}

// lowerTryWait lowers nvvm.mbarrier.try_wait.parity to a loop of
// mbarrier.try_wait.parity until the phase of the given parity completes.
func lowerTryWait(f *Func, op *ir.Operation) error {
	if err := f.Require(op, Feature{Name: "mbarrier.try_wait", SM: 90, PTX: 78}); err != nil {
		return err
	}
	sp, err := space(op, op.Operand(0).Type())
	if err != nil {
		return err
	}
	var r [3]string
	for i := range r {
		if r[i], err = f.Reg(op, i); err != nil {
			return err
		}
	}
	f.edges++
	label := fmt.Sprintf("$L__wait%d_%d", f.index, f.edges)
	p := f.NewReg(Pred)
	f.EmitRaw(label + ":\n")
	f.Emit("mbarrier.try_wait.parity%s.b64 %s, [%s], %s, %s;", sp, p, r[0], r[1], r[2])
	f.Emit("@!%s bra %s;", p, label)
	return nil
}

func lowerWgmmaWait(f *Func, op *ir.Operation) error {
	if err := f.Require(op, sm90a("wgmma")); err != nil {
		return err
	}
	n := intList(op.InherentAttr("group"))
	if len(n) != 1 {
		return Errorf(op, "wgmma.wait.group without a count")
	}
	f.Emit("wgmma.wait_group.sync.aligned %d;", n[0])
	return nil
}

// wgmmaResult returns the registers of result r of wgmma op whose
// accumulator is in registers acc: those registers where op may
// accumulate in place (no copy reads registers that an earlier wgmma in
// flight writes, which would make ptxas wait for it), else new ones
// holding a copy.
func (f *Func) wgmmaResult(op *ir.Operation, r ir.Value, acc []string) ([]string, error) {
	if _, defined := f.regs[r]; !defined && accumulatesInPlace(op) {
		if err := f.Alias(r, acc); err != nil {
			return nil, Errorf(op, "%v", err)
		}
		return acc, nil
	}
	res, err := f.Def(r)
	if err != nil {
		return nil, Errorf(op, "%v", err)
	}
	if len(res) != len(acc) {
		return nil, Errorf(op, "the accumulator has %d elements, the result %d", len(acc), len(res))
	}
	leaves, _ := Leaves(r.Type())
	for i := range res {
		c := mustClass(leaves[i])
		f.Emit("%s %s, %s;", classInfo[c].mov, res[i], acc[i])
	}
	return res, nil
}

// wgmmaScaleD emits the predicate of a wgmma's scale-d operand: whether
// the product adds to the accumulator (scaleD not 0) or replaces it.
func (f *Func) wgmmaScaleD(scaleD int64) string {
	p := f.NewReg(Pred)
	one := f.NewReg(B32)
	f.Emit("mov.b32 %s, %d;", one, scaleD)
	f.Emit("setp.ne.b32 %s, %s, 0;", p, one)
	return p
}

// wgmmaScaleIn is the immediate of a multiplicand's scale-in: -1 for
// neg, else 1.
func wgmmaScaleIn(s nvvm.WGMMAScaleIn) int {
	if s.String() == "neg" {
		return -1
	}
	return 1
}

// lowerWgmma lowers nvvm.wgmma.mma_async with shared-memory descriptors:
// the accumulator registers are copied into the result's and then read
// and written by the instruction.
func lowerWgmma(f *Func, op *ir.Operation) error {
	if err := f.Require(op, sm90a("wgmma")); err != nil {
		return err
	}
	w := nvvm.WgmmaMmaAsyncOp{Operation: op}
	shape, ok := nvvm.AsShapeAttr(w.Shape())
	if !ok {
		return Errorf(op, "wgmma.mma_async without a shape")
	}
	acc, err := f.Src(op, 0)
	if err != nil {
		return err
	}
	da, err := f.Reg(op, 1)
	if err != nil {
		return err
	}
	db, err := f.Reg(op, 2)
	if err != nil {
		return err
	}
	res, err := f.wgmmaResult(op, w.Results(), acc)
	if err != nil {
		return err
	}
	ta, tb, td := w.TypeA().String(), w.TypeB().String(), w.TypeD().String()
	scaleD := f.wgmmaScaleD(int64(w.ScaleD()))
	args := fmt.Sprintf("{%s}, %s, %s, %s", strings.Join(res, ", "), da, db, scaleD)
	switch ta {
	case "f16", "bf16":
		transA, transB := 0, 0
		if w.LayoutA().String() == "col" {
			transA = 1
		}
		if w.LayoutB().String() == "row" {
			transB = 1
		}
		args += fmt.Sprintf(", %d, %d, %d, %d", wgmmaScaleIn(w.ScaleA()), wgmmaScaleIn(w.ScaleB()), transA, transB)
	case "tf32", "e4m3", "e5m2":
		if w.LayoutA().String() != "row" || w.LayoutB().String() != "col" {
			return Errorf(op, "wgmma.mma_async of %s reads A and B k-major only (layouts row and col), not %s and %s", ta, w.LayoutA(), w.LayoutB())
		}
		args += fmt.Sprintf(", %d, %d", wgmmaScaleIn(w.ScaleA()), wgmmaScaleIn(w.ScaleB()))
	}
	sat := ""
	if s, ok := w.Satfinite(); ok && s.String() == "satfinite" {
		sat = ".satfinite"
	}
	f.Emit("wgmma.mma_async.sync.aligned.m%dn%dk%d%s.%s.%s.%s %s;", shape.M(), shape.N(), shape.K(), sat, td, ta, tb, args)
	return nil
}

// lowerWgmmaRs lowers nvvm.wgmma.mma_async.rs, A in four b32
// registers: the result takes the accumulator's registers where nothing
// else reads them (see accumulatesInPlace), else a copy of them.
func lowerWgmmaRs(f *Func, op *ir.Operation) error {
	if err := f.Require(op, sm90a("wgmma")); err != nil {
		return err
	}
	w := nvvm.WgmmaMmaAsyncRsOp{Operation: op}
	shape, ok := nvvm.AsShapeAttr(w.Shape())
	if !ok {
		return Errorf(op, "wgmma.mma_async.rs without a shape")
	}
	acc, err := f.Src(op, 0)
	if err != nil {
		return err
	}
	a, err := f.Src(op, 1)
	if err != nil {
		return err
	}
	if len(a) != 4 {
		return Errorf(op, "operand A of wgmma.mma_async.rs is %d registers, not 4", len(a))
	}
	db, err := f.Reg(op, 2)
	if err != nil {
		return err
	}
	res, err := f.wgmmaResult(op, w.Results(), acc)
	if err != nil {
		return err
	}
	ta, tb, td := w.TypeA().String(), w.TypeB().String(), w.TypeD().String()
	if ta != "f16" && ta != "bf16" {
		return Errorf(op, "wgmma.mma_async.rs of %s is not supported by the PTX emitter", ta)
	}
	scaleD := f.wgmmaScaleD(int64(w.ScaleD()))
	transB := 0
	if w.LayoutB().String() == "row" {
		transB = 1
	}
	f.Emit("wgmma.mma_async.sync.aligned.m%dn%dk%d.%s.%s.%s {%s}, {%s}, %s, %s, %d, %d, %d;", shape.M(), shape.N(), shape.K(), td, ta, tb,
		strings.Join(res, ", "), strings.Join(a, ", "), db, scaleD, wgmmaScaleIn(w.ScaleA()), wgmmaScaleIn(w.ScaleB()), transB)
	return nil
}

// lowerLdmatrix lowers nvvm.ldmatrix of 8x8 b16 matrices.
func lowerLdmatrix(f *Func, op *ir.Operation) error {
	if err := f.Require(op, Feature{Name: "ldmatrix", SM: 75, PTX: 65}); err != nil {
		return err
	}
	l := nvvm.LdmatrixOp{Operation: op}
	if l.EltType().String() != "b16" {
		return Errorf(op, "ldmatrix of %s elements is not supported by the PTX emitter", l.EltType())
	}
	addr, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	d, err := f.Def(l.Res())
	if err != nil {
		return Errorf(op, "%v", err)
	}
	if int(l.Num()) != len(d) {
		return Errorf(op, "ldmatrix of %d matrices into %d registers", l.Num(), len(d))
	}
	trans := ""
	if l.Layout().String() == "col" {
		trans = ".trans"
	}
	f.Emit("ldmatrix.sync.aligned.m8n8.x%d%s.shared.b16 {%s}, [%s];", l.Num(), trans, strings.Join(d, ", "), addr)
	return nil
}

func lowerSetMaxRegister(f *Func, op *ir.Operation) error {
	if err := f.Require(op, sm90a("setmaxnreg")); err != nil {
		return err
	}
	n := intList(op.InherentAttr("regCount"))
	if len(n) != 1 {
		return Errorf(op, "setmaxregister without a register count")
	}
	action := "inc"
	if v, _ := nvvm.EnumValue(op.InherentAttr("action"), "action"); v == "decrease" {
		action = "dec"
	}
	f.Emit("setmaxnreg.%s.sync.aligned.u32 %d;", action, n[0])
	return nil
}

var ptxOperand = regexp.MustCompile(`\$([0-9]+)`)

// lowerInlinePTX substitutes the registers of nvvm.inline_ptx's values
// for $N in its code: the results (write-only) first, then the
// read-write and the read-only operands; a predicate guards the code.
func lowerInlinePTX(f *Func, op *ir.Operation) error {
	p := nvvm.InlinePtxOp{Operation: op}
	var regs []string
	for _, v := range p.WriteOnlyArgs() {
		r, err := f.DefReg(v)
		if err != nil {
			return Errorf(op, "%v", err)
		}
		regs = append(regs, r)
	}
	for _, vs := range [][]ir.Value{p.ReadWriteArgs(), p.ReadOnlyArgs()} {
		for _, v := range vs {
			r, err := regOf(f, op, v)
			if err != nil {
				return err
			}
			regs = append(regs, r)
		}
	}
	var bad error
	code := ptxOperand.ReplaceAllStringFunc(p.PtxCode(), func(s string) string {
		n, _ := strconv.Atoi(s[1:])
		if n >= len(regs) {
			bad = Errorf(op, "inline PTX refers to %s, but has %d operands", s, len(regs))
			return s
		}
		return regs[n]
	})
	if bad != nil {
		return bad
	}
	guard, err := predicated(f, op, p.Predicate())
	if err != nil {
		return err
	}
	f.EmitRaw("\t{\n")
	f.Emit("%s%s", guard, strings.TrimSpace(code))
	f.EmitRaw("\t}\n")
	return nil
}

// mmaRegs returns the PTX registers of mma.sync operands: 32-bit and
// 64-bit values as they are, pairs of 16-bit ones (vector<2xf16>,
// vector<2xbf16>) packed into 32-bit registers; and the PTX type the
// values suggest ("" when they do not tell).
func mmaRegs(f *Func, op *ir.Operation, vs []ir.Value) ([]string, string, error) {
	var out []string
	typ := ""
	for _, v := range vs {
		r, err := regOf2(f, op, v)
		if err != nil {
			return nil, "", err
		}
		leaves, _ := Leaves(v.Type())
		if len(leaves) == 2 && mustClass(leaves[0]) == B16 {
			p := f.NewReg(B32)
			f.Emit("mov.b32 %s, {%s, %s};", p, r[0], r[1])
			out = append(out, p)
			typ, _ = floatSuffix(leaves[0])
			continue
		}
		if len(r) != 1 {
			return nil, "", Errorf(op, "mma.sync operand of type '%s'", typeString(v.Type()))
		}
		out = append(out, r[0])
		switch {
		case intWidth(leaves[0]) == 32:
			typ = "s32"
		default:
			typ, _ = floatSuffix(leaves[0])
		}
	}
	return out, typ, nil
}

// regOf2 returns the registers of v, an operand of op.
func regOf2(f *Func, op *ir.Operation, v ir.Value) ([]string, error) {
	for i := range op.NumOperands() {
		if op.Operand(i) == v {
			return f.Src(op, i)
		}
	}
	return nil, Errorf(op, "internal error: value is not an operand")
}

// lowerMmaSync lowers nvvm.mma.sync, a warp's matrix product of register
// fragments, to mma.sync.aligned.
func lowerMmaSync(f *Func, op *ir.Operation) error {
	if err := f.Require(op, sm80("mma.sync")); err != nil {
		return err
	}
	m := nvvm.MmaSyncOp{Operation: op}
	shape, ok := nvvm.AsShapeAttr(m.Shape())
	if !ok {
		return Errorf(op, "mma.sync without a shape")
	}
	if _, ok := m.B1Op(); ok {
		return Errorf(op, "mma.sync of b1 operands is not supported by the PTX emitter")
	}
	a, ta, err := mmaRegs(f, op, m.OperandA())
	if err != nil {
		return err
	}
	b, tb, err := mmaRegs(f, op, m.OperandB())
	if err != nil {
		return err
	}
	c, tc, err := mmaRegs(f, op, m.OperandC())
	if err != nil {
		return err
	}
	if t, ok := m.MultiplicandAPtxType(); ok {
		ta = t.String()
	}
	if t, ok := m.MultiplicandBPtxType(); ok {
		tb = t.String()
	}
	if ta == "" || ta == "s32" || tb == "" || tb == "s32" {
		return Errorf(op, "mma.sync of 32-bit integer operands needs multiplicandAPtxType and multiplicandBPtxType")
	}
	res, err := f.Def(m.Res())
	if err != nil {
		return Errorf(op, "%v", err)
	}
	leaves, _ := Leaves(m.Res().Type())
	// The result: packed pairs of 16-bit values come out of 32-bit
	// registers.
	var d []string
	td := ""
	var unpack [][3]string
	for i := 0; i < len(res); i++ {
		if mustClass(leaves[i]) == B16 {
			if i+1 >= len(res) {
				return Errorf(op, "mma.sync result of an odd number of 16-bit values")
			}
			p := f.NewReg(B32)
			d = append(d, p)
			unpack = append(unpack, [3]string{res[i], res[i+1], p})
			td, _ = floatSuffix(leaves[i])
			i++
			continue
		}
		d = append(d, res[i])
		if intWidth(leaves[i]) == 32 {
			td = "s32"
		} else {
			td, _ = floatSuffix(leaves[i])
		}
	}
	sat := ""
	if o, ok := m.IntOverflowBehavior(); ok && o.String() == "satfinite" {
		sat = ".satfinite"
	}
	f.Emit("mma.sync.aligned.m%dn%dk%d.%s.%s%s.%s.%s.%s.%s {%s}, {%s}, {%s}, {%s};", shape.M(), shape.N(), shape.K(),
		m.LayoutA(), m.LayoutB(), sat, td, ta, tb, tc,
		strings.Join(d, ", "), strings.Join(a, ", "), strings.Join(b, ", "), strings.Join(c, ", "))
	for _, u := range unpack {
		f.Emit("mov.b32 {%s, %s}, %s;", u[0], u[1], u[2])
	}
	return nil
}

// accumulatesInPlace reports whether wgmma op may write its result into
// the registers of its accumulator, which then hold nothing else anyone
// reads: the accumulator is used by op alone and is the result of another
// wgmma, or a part (llvm.extractvalue) of a block argument S (a loop's
// carried accumulator) that no operation in op's block, or in a block
// reachable from it before S's block is entered again (where S takes its
// next value), reads, nor any value computed from S. The other parts of
// S (extractvalue at another position: the accumulators of other rows)
// are other registers.
func accumulatesInPlace(op *ir.Operation) bool {
	acc := op.Operand(0)
	if !ir.HasOneUse(acc) {
		return false
	}
	def := ir.DefiningOp(acc)
	if _, ok := nvvm.AsWgmmaMmaAsyncOp(def); ok {
		return def.Block() == op.Block()
	}
	if _, ok := nvvm.AsWgmmaMmaAsyncRsOp(def); ok {
		return def.Block() == op.Block()
	}
	x, ok := llvm.AsExtractvalueOp(def)
	if !ok {
		return false
	}
	s, ok := x.Container().(*ir.BlockArgument)
	if !ok || s.Owner() == op.Block() {
		return false
	}
	home := s.Owner()
	// The blocks reachable from op's before home is entered again.
	reach := map[*ir.Block]bool{}
	var visit func(b *ir.Block)
	visit = func(b *ir.Block) {
		t := b.Last()
		if t == nil {
			return
		}
		for i := 0; i < t.NumSuccessors(); i++ {
			if n := t.Successor(i); n != home && !reach[n] {
				reach[n] = true
				visit(n)
			}
		}
	}
	visit(op.Block())
	// S and everything computed from it, but through acc.
	seen := map[ir.Value]bool{}
	work := []ir.Value{s}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		for u := v.FirstUse(); u != nil; u = u.Next() {
			o := u.Owner()
			if o == def {
				continue
			}
			if _, ok := llvm.AsExtractvalueOp(o); ok && v == s && disjoint(positions(o), positions(def)) {
				continue
			}
			if o.Block() == op.Block() || reach[o.Block()] {
				return false
			}
			for i := 0; i < o.NumResults(); i++ {
				work = append(work, o.Result(i))
			}
		}
	}
	return true
}

// disjoint reports whether two positions in an aggregate name parts that
// do not overlap: neither is a prefix of the other.
func disjoint(a, b []int64) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return true
		}
	}
	return false
}

// lowerMapa is mapa: the address of the same location in the shared
// memory of the CTA of the given rank in the cluster, generic to generic
// or shared::cta to shared::cluster.
func lowerMapa(f *Func, op *ir.Operation) error {
	if err := f.Require(op, Feature{Name: "mapa", SM: 90, PTX: 78}); err != nil {
		return err
	}
	a, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	r, err := f.Reg(op, 1)
	if err != nil {
		return err
	}
	d, err := f.DefReg(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	sp := ""
	if p, ok := op.Operand(0).Type().(*llvm.PointerType); ok && p.AddrSpace == 3 {
		sp = ".shared::cluster"
	}
	f.Emit("mapa%s.u64 %s, %s, %s;", sp, d, a, r)
	return nil
}
