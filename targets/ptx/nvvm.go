package ptx

import (
	"fmt"
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// The nvvm dialect's operations (upstream's names and operands): special
// registers, barriers, warp shuffles and votes, fences, cp.async groups,
// clusters and Hopper's register and wgmma controls.

// sreg describes a special register and what reading it needs.
type sreg struct {
	reg  string
	feat Feature
}

func nvvmLowerings() map[string]lowerFn {
	m := map[string]lowerFn{
		"nvvm.barrier0":                        lowerBarrier,
		"nvvm.barrier":                         lowerBarrier,
		"nvvm.shfl.sync":                       lowerShfl,
		"nvvm.vote.sync":                       lowerVote,
		"nvvm.redux.sync":                      lowerRedux,
		"nvvm.membar.gl":                       fixed("membar.gl;", Feature{}),
		"nvvm.membar.cta":                      fixed("membar.cta;", Feature{}),
		"nvvm.membar.sys":                      fixed("membar.sys;", Feature{}),
		"nvvm.fence.sc.cluster":                fixed("fence.sc.cluster;", Feature{Name: "fence.sc.cluster", SM: 90, PTX: 78}),
		"nvvm.fence.mbarrier.init":             fixed("fence.mbarrier_init.release.cluster;", Feature{Name: "fence.mbarrier_init", SM: 90, PTX: 80}),
		"nvvm.cp.async.commit.group":           fixed("cp.async.commit_group;", Feature{Name: "cp.async", SM: 80, PTX: 70}),
		"nvvm.cluster.arrive":                  fixed("barrier.cluster.arrive;", Feature{Name: "barrier.cluster", SM: 90, PTX: 78}),
		"nvvm.cluster.arrive.relaxed":          fixed("barrier.cluster.arrive.relaxed;", Feature{Name: "barrier.cluster", SM: 90, PTX: 80}),
		"nvvm.cluster.wait":                    fixed("barrier.cluster.wait;", Feature{Name: "barrier.cluster", SM: 90, PTX: 78}),
		"nvvm.wgmma.fence.aligned":             fixed("wgmma.fence.sync.aligned;", Feature{Name: "wgmma", SM: 90, Arch: true, PTX: 80}),
		"nvvm.wgmma.commit.group.sync.aligned": fixed("wgmma.commit_group.sync.aligned;", Feature{Name: "wgmma", SM: 90, Arch: true, PTX: 80}),
		"nvvm.cp.async.wait.group":             lowerCpAsyncWait,
		"nvvm.wgmma.wait.group.sync.aligned":   lowerWgmmaWait,
		"nvvm.setmaxregister":                  lowerSetMaxRegister,
	}
	regs := map[string]sreg{}
	for _, d := range []string{"x", "y", "z"} {
		for _, r := range []string{"tid", "ntid", "ctaid", "nctaid"} {
			regs[r+"."+d] = sreg{reg: "%" + r + "." + d}
		}
		cluster := Feature{Name: "cluster special registers", SM: 90, PTX: 78}
		for _, r := range []string{"clusterid", "nclusterid", "cluster.ctaid", "cluster.nctaid"} {
			name := strings.ReplaceAll(r, ".", "_")
			regs[r+"."+d] = sreg{reg: "%" + name + "." + d, feat: cluster}
		}
	}
	for _, r := range []string{"laneid", "warpid", "nwarpid", "smid", "nsmid", "gridid", "clock", "clock64", "globaltimer",
		"lanemask.eq", "lanemask.le", "lanemask.lt", "lanemask.ge", "lanemask.gt"} {
		regs[r] = sreg{reg: "%" + strings.ReplaceAll(r, ".", "_")}
	}
	regs["warpsize"] = sreg{reg: "WARP_SZ"}
	regs["cluster.ctarank"] = sreg{reg: "%cluster_ctarank", feat: Feature{Name: "cluster special registers", SM: 90, PTX: 78}}
	regs["cluster.nctarank"] = sreg{reg: "%cluster_nctarank", feat: Feature{Name: "cluster special registers", SM: 90, PTX: 78}}
	regs["dynamic.smem.size"] = sreg{reg: "%dynamic_smem_size", feat: Feature{PTX: 41}}
	regs["total.smem.size"] = sreg{reg: "%total_smem_size", feat: Feature{PTX: 41}}
	regs["aggr.smem.size"] = sreg{reg: "%aggr_smem_size", feat: Feature{Name: "%aggr_smem_size", SM: 90, PTX: 81}}
	regs["globaltimer.lo"] = sreg{reg: "%globaltimer_lo"}
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
		if r.feat.Name != "" || r.feat.PTX != 0 {
			if r.feat.Name == "" {
				r.feat.Name = r.reg
			}
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
			if r.reg == "%clock64" || r.reg == "%globaltimer" || strings.HasPrefix(r.reg, "%gridid") {
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

// lowerBarrier lowers nvvm.barrier0 and nvvm.barrier (with an optional
// barrier id and thread count) to bar.sync.
func lowerBarrier(f *Func, op *ir.Operation) error {
	switch op.NumOperands() {
	case 0:
		f.Emit("bar.sync 0;")
	case 1:
		r, err := f.Reg(op, 0)
		if err != nil {
			return err
		}
		if seg := intList(op.InherentAttr("operandSegmentSizes")); len(seg) == 2 && seg[0] == 0 {
			// Only a thread count: barrier 0.
			f.Emit("bar.sync 0, %s;", r)
			return nil
		}
		f.Emit("bar.sync %s;", r)
	default:
		id, err := f.Reg(op, 0)
		if err != nil {
			return err
		}
		n, err := f.Reg(op, 1)
		if err != nil {
			return err
		}
		f.Emit("bar.sync %s, %s;", id, n)
	}
	return nil
}

// enumValue returns the keyword of an enum attribute such as
// #nvvm<shfl_kind bfly> or #nvvm.shfl_kind<bfly>.
func enumValue(a ir.Attribute) string {
	var body string
	switch a := a.(type) {
	case ir.DialectAttr:
		body = a.Body()
	case *ir.OpaqueAttr:
		body = a.Data
	case *ir.StringAttr:
		return a.Value
	case nil:
		return ""
	default:
		body = fmt.Sprint(a)
	}
	body = strings.Trim(strings.TrimSpace(body), "<>")
	if i := strings.LastIndexAny(body, " <"); i >= 0 {
		body = body[i+1:]
	}
	return strings.Trim(body, "<> ")
}

// lowerShfl lowers nvvm.shfl.sync (thread mask, value, offset, clamp) to
// shfl.sync, with the validity predicate when the result is a struct.
func lowerShfl(f *Func, op *ir.Operation) error {
	kind := enumValue(op.InherentAttr("kind"))
	switch kind {
	case "bfly", "up", "down", "idx":
	default:
		return Errorf(op, "unknown shuffle kind %q", kind)
	}
	var s [4]string
	for i := range s {
		r, err := f.Reg(op, i)
		if err != nil {
			return err
		}
		s[i] = r
	}
	d, err := f.Def(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	dst := d[0]
	if len(d) == 2 {
		dst = d[0] + "|" + d[1]
	}
	f.Emit("shfl.sync.%s.b32 %s, %s, %s, %s, %s;", kind, dst, s[1], s[2], s[3], s[0])
	return nil
}

// lowerVote lowers nvvm.vote.sync (mask, predicate) to vote.sync.
func lowerVote(f *Func, op *ir.Operation) error {
	kind := enumValue(op.InherentAttr("kind"))
	mask, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	p, err := f.Reg(op, 1)
	if err != nil {
		return err
	}
	d, err := f.DefReg(op.Result(0))
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

// lowerRedux lowers nvvm.redux.sync (value, mask) to redux.sync.
func lowerRedux(f *Func, op *ir.Operation) error {
	if err := f.Require(op, Feature{Name: "redux.sync", SM: 80, PTX: 70}); err != nil {
		return err
	}
	kind := enumValue(op.InherentAttr("kind"))
	v, err := f.Reg(op, 0)
	if err != nil {
		return err
	}
	mask, err := f.Reg(op, 1)
	if err != nil {
		return err
	}
	d, err := f.DefReg(op.Result(0))
	if err != nil {
		return Errorf(op, "%v", err)
	}
	sfx := map[string]string{"add": "s32", "min": "s32", "max": "s32", "umin": "u32", "umax": "u32",
		"and": "b32", "or": "b32", "xor": "b32"}[kind]
	if sfx == "" {
		return Errorf(op, "unknown redux kind %q", kind)
	}
	f.Emit("redux.sync.%s.%s %s, %s, %s;", strings.TrimPrefix(kind, "u"), sfx, d, v, mask)
	return nil
}

func lowerCpAsyncWait(f *Func, op *ir.Operation) error {
	if err := f.Require(op, Feature{Name: "cp.async", SM: 80, PTX: 70}); err != nil {
		return err
	}
	n := intList(op.InherentAttr("n"))
	if len(n) != 1 {
		return Errorf(op, "cp.async.wait.group without a count")
	}
	f.Emit("cp.async.wait_group %d;", n[0])
	return nil
}

func lowerWgmmaWait(f *Func, op *ir.Operation) error {
	if err := f.Require(op, Feature{Name: "wgmma", SM: 90, Arch: true, PTX: 80}); err != nil {
		return err
	}
	n := intList(op.InherentAttr("group"))
	if len(n) != 1 {
		return Errorf(op, "wgmma.wait.group without a count")
	}
	f.Emit("wgmma.wait_group.sync.aligned %d;", n[0])
	return nil
}

func lowerSetMaxRegister(f *Func, op *ir.Operation) error {
	if err := f.Require(op, Feature{Name: "setmaxnreg", SM: 90, Arch: true, PTX: 80}); err != nil {
		return err
	}
	n := intList(op.InherentAttr("regCount"))
	if len(n) != 1 {
		return Errorf(op, "setmaxregister without a register count")
	}
	action := "inc"
	if enumValue(op.InherentAttr("action")) == "decrease" {
		action = "dec"
	}
	f.Emit("setmaxnreg.%s.sync.aligned.u32 %d;", action, n[0])
	return nil
}
