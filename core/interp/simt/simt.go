// Package simt is the interpreter's model of GPU execution: a grid of
// blocks (grouped in clusters), each block a set of threads that run the
// same kernel, meet at barriers and exchange values through warp,
// warpgroup and block collectives, with shared memory per block and
// private memory per thread.
//
// Threads are coroutines. Every thread of a cluster runs on its own
// goroutine, on a Fork of the launching interpreter whose context is the
// *Thread, but only one runs at a time: the scheduler resumes the threads
// in order, each until it finishes or reaches a synchronization point (a
// barrier, a collective, a spin-wait), then completes the collectives all
// of whose threads have arrived and starts another round. So execution is
// deterministic and exact: a collective (gpu.shuffle, gpu.all_reduce,
// nvvm.shfl.sync, mma.sync, wgmma) sees the values of every participating
// thread at once, as the hardware does, and the semantics of ordinary
// operations need no lock.
//
// What a GPU would do silently wrong is a located error: a barrier reached
// by only part of a block or by threads at different barriers (divergent
// barriers), a collective that part of its group never reaches, a
// deadlock of spin-waits, and a data race on shared memory (two threads
// access an element between two barriers and one of them writes it; see
// Block.NewShared). Errors of a thread carry a note naming the thread and
// its block, located at the launch.
package simt

import (
	"errors"
	"fmt"

	"github.com/strata-ir/strata/core/interp"
	"github.com/strata-ir/strata/core/ir"
)

// WarpSize is the number of threads of a warp, unless the launch says
// otherwise (Config.WarpSize: 64 for the wavefronts of AMD's CDNA chips);
// WarpgroupSize of a warpgroup (four consecutive warps, the unit of
// Hopper's wgmma).
const (
	WarpSize      = 32
	WarpgroupSize = 128
)

// Dim3 is a three-dimensional size or index (x fastest).
type Dim3 struct{ X, Y, Z int64 }

// Size returns X*Y*Z.
func (d Dim3) Size() int64 { return d.X * d.Y * d.Z }

// Get returns the component named by dim (0 for x, 1 for y, 2 for z).
func (d Dim3) Get(dim int) int64 {
	switch dim {
	case 0:
		return d.X
	case 1:
		return d.Y
	}
	return d.Z
}

func (d Dim3) String() string { return fmt.Sprintf("(%d, %d, %d)", d.X, d.Y, d.Z) }

// unlinear returns the index of linear position i in a space of size d.
func unlinear(i int64, d Dim3) Dim3 {
	return Dim3{i % d.X, i / d.X % d.Y, i / (d.X * d.Y)}
}

// Config describes a launch.
type Config struct {
	// Grid is the number of blocks, Block the number of threads of a
	// block, Cluster the number of blocks of a cluster (zero means one
	// block per cluster).
	Grid, Block, Cluster Dim3
	// DynamicShared is the size in bytes of the block's dynamic shared
	// memory.
	DynamicShared int64
	// Op is the launching operation; errors of threads are noted at it.
	Op *ir.Operation
	// WarpSize is the number of threads of a warp (a wavefront); zero
	// means the package's WarpSize, 32.
	WarpSize int
}

// Lanes returns the number of threads of a warp of the launch.
func (c *Config) Lanes() int {
	if c.WarpSize > 0 {
		return c.WarpSize
	}
	return WarpSize
}

// MaxThreadsPerBlock bounds the threads of a block, as CUDA does.
const MaxThreadsPerBlock = 1024

// Scope names the threads that take part in a collective.
type Scope int

// The scopes of collectives.
const (
	// Warp is the warp of the thread: Config.Lanes() (32 or 64)
	// consecutive threads of the block in linear order (fewer in a last,
	// partial warp).
	Warp Scope = iota
	// Warpgroup is four consecutive warps.
	Warpgroup
	// BlockScope is every thread of the block.
	BlockScope
	// ClusterScope is every thread of every block of the cluster.
	ClusterScope
)

func (s Scope) String() string {
	return [...]string{"warp", "warpgroup", "block", "cluster"}[s]
}

// Thread is one GPU thread.
type Thread struct {
	// Block is the thread's block; ID its index in the block; Linear its
	// linear index (x fastest).
	Block  *Block
	ID     Dim3
	Linear int
	// In is the interpreter the thread runs on: a Fork of the launching
	// interpreter whose Context is the thread.
	In *interp.Interpreter
	// data holds per-thread state of semantics (Thread.Data).
	data map[any]any

	run    *clusterRun
	resume chan bool
	state  threadState
	wait   *Arrival
	err    error
	body   Body
}

type threadState int

const (
	runnable threadState = iota
	waiting
	finished
)

// Lane returns the thread's index in its warp.
func (t *Thread) Lane() int { return t.Linear % t.Block.Launch.Lanes() }

// Warp returns the index of the thread's warp in its block.
func (t *Thread) Warp() int { return t.Linear / t.Block.Launch.Lanes() }

// Data returns the per-thread state kept under key, making it with mk on
// first use.
func (t *Thread) Data(key any, mk func() any) any {
	if v, ok := t.data[key]; ok {
		return v
	}
	if t.data == nil {
		t.data = map[any]any{}
	}
	v := mk()
	t.data[key] = v
	return v
}

// String names the thread and its block.
func (t *Thread) String() string {
	return fmt.Sprintf("thread %v of block %v", t.ID, t.Block.ID)
}

// Block is one block of threads.
type Block struct {
	// Launch is the launch's configuration, ID the block's index in the
	// grid, ClusterID its cluster's index and InCluster its index in the
	// cluster.
	Launch               *Config
	ID                   Dim3
	ClusterID, InCluster Dim3
	Threads              []*Thread
	// Cluster holds the blocks of the block's cluster.
	Cluster []*Block
	data    map[any]any
	// epoch counts the block's barriers: two accesses of shared memory
	// in one epoch are unordered.
	epoch uint32
	run   *clusterRun
}

// Data returns the per-block state kept under key (a workgroup
// attribution's buffer, the dynamic shared memory, mbarriers), making it
// with mk on first use.
func (b *Block) Data(key any, mk func() any) any {
	if v, ok := b.data[key]; ok {
		return v
	}
	if b.data == nil {
		b.data = map[any]any{}
	}
	v := mk()
	b.data[key] = v
	return v
}

// AdvanceEpoch orders the block's accesses of shared memory before it
// with those after it, for the race detection (a completed mbarrier
// phase).
func (b *Block) AdvanceEpoch() { b.epoch++ }

// Epoch returns the number of barriers the block has passed.
func (b *Block) Epoch() uint32 { return b.epoch }

// Current returns the thread the interpreter in runs, or nil when in is
// not running a GPU thread.
func Current(in *interp.Interpreter) *Thread {
	t, _ := in.Context().(*Thread)
	return t
}

// Of returns the thread a frame runs, or an error located at op when the
// operation executes outside a kernel.
func Of(f *interp.Frame, op *ir.Operation) (*Thread, error) {
	if t := Current(f.Interpreter()); t != nil {
		return t, nil
	}
	return nil, interp.Errorf(op, "'"+op.Name()+"' executes outside a GPU kernel")
}

// Arrival is a thread waiting at a collective.
type Arrival struct {
	// Thread is the arriving thread, Frame the frame executing Op.
	Thread *Thread
	Frame  *interp.Frame
	Op     *ir.Operation
	Scope  Scope
	// In is the thread's contribution; Out is set by the combining
	// function and returned to the thread.
	In, Out any
	// combine is called once every thread of the group has arrived.
	combine Combine
	spin    bool
	// lanes, when not zero, restricts a Warp collective to the lanes whose
	// bit is set (the member mask of PTX's .sync instructions).
	lanes uint32
}

// Combine computes a collective from the arrivals of its group, in the
// threads' linear order (block by block for a cluster), setting their
// Out. It runs while every thread of the group is suspended, so it may
// run a region in the frame of one of them.
type Combine func(group []*Arrival) error

// errAbort unwinds a thread whose launch failed elsewhere.
var errAbort = errors.New("simt: launch aborted")

// Collective suspends the thread until every thread of its scope has
// reached op (the same operation), then runs combine once on all of
// their contributions and returns the thread's result. Threads of the
// scope that returned, or that wait at another operation, make it a
// located error.
func (t *Thread) Collective(f *interp.Frame, op *ir.Operation, scope Scope, in any, combine Combine) (any, error) {
	return t.collective(&Arrival{Thread: t, Frame: f, Op: op, Scope: scope, In: in, combine: combine})
}

// WarpCollective is Collective over the lanes of the thread's warp whose
// bit is set in mask (PTX's member mask); the thread's own lane must be
// one of them.
func (t *Thread) WarpCollective(f *interp.Frame, op *ir.Operation, mask uint32, in any, combine Combine) (any, error) {
	if mask&(1<<uint(t.Lane())) == 0 {
		return nil, interp.Errorf(op, fmt.Sprintf("lane %d executes '%s' with the member mask %#x, which does not include it", t.Lane(), op.Name(), mask))
	}
	if mask == 0xffffffff {
		mask = 0
	}
	return t.collective(&Arrival{Thread: t, Frame: f, Op: op, Scope: Warp, In: in, combine: combine, lanes: mask})
}

func (t *Thread) collective(a *Arrival) (any, error) {
	if t.run.combining {
		return nil, interp.Errorf(a.Op, "a collective operation cannot execute in the region of another collective")
	}
	t.wait = a
	t.state = waiting
	if t.yield() {
		return nil, errAbort
	}
	return a.Out, nil
}

// Barrier waits until every thread of scope (BlockScope or ClusterScope)
// has reached op; accesses of shared memory before it are then ordered
// with those after it.
func (t *Thread) Barrier(f *interp.Frame, op *ir.Operation, scope Scope) error {
	_, err := t.Collective(f, op, scope, nil, func(group []*Arrival) error {
		seen := map[*Block]bool{}
		for _, a := range group {
			if b := a.Thread.Block; !seen[b] {
				seen[b] = true
				b.epoch++
			}
		}
		return nil
	})
	return err
}

// Spin lets the other threads run before a spin-wait tests its condition
// again (mbarrier.try_wait, an atomic operation): the thread resumes in
// the next round. Call Progress when the condition holds or memory
// changes, so that many rounds in which every running thread only spins
// are recognised as a deadlock.
func (t *Thread) Spin(f *interp.Frame, op *ir.Operation) error {
	t.wait = &Arrival{Thread: t, Frame: f, Op: op, spin: true}
	t.state = waiting
	if t.yield() {
		return errAbort
	}
	return nil
}

// Progress records that the thread changed state that another thread may
// be waiting for (an mbarrier arrival, a completed transaction, a
// successful wait).
func (t *Thread) Progress() { t.run.progress++ }

// yield hands control back to the scheduler and reports whether the
// launch was aborted when the thread is resumed.
func (t *Thread) yield() bool {
	t.run.back <- struct{}{}
	return <-t.resume
}

// Body runs one thread of a launch.
type Body func(t *Thread) error

// Setup prepares a block before its threads start (allocates its
// workgroup memory).
type Setup func(b *Block) error

// Kernel is one launch: its configuration, the preparation of its blocks
// (optional) and the body of its threads.
type Kernel struct {
	Config
	Setup Setup
	Body  Body
}

// Run executes a launch: for each cluster of blocks in order, setup is
// called on each of its blocks, then body on each of its threads, as
// coroutines on forks of in. The first error of a thread stops the
// launch; it gets a note naming the thread, located at cfg.Op.
func Run(in *interp.Interpreter, cfg Config, setup Setup, body Body) error {
	return RunConcurrent(in, []Kernel{{cfg, setup, body}})
}

// RunConcurrent executes several launches at once (kernels of different
// streams): the first clusters of every kernel run together, then the
// second ones, and so on, so that kernels waiting for each other through
// memory (with atomics) make progress.
func RunConcurrent(in *interp.Interpreter, ks []Kernel) error {
	waves := int64(0)
	for i := range ks {
		if err := ks[i].check(); err != nil {
			return err
		}
		waves = max(waves, ks[i].clusters().Size())
	}
	for w := int64(0); w < waves; w++ {
		r := &clusterRun{back: make(chan struct{})}
		for i := range ks {
			k := &ks[i]
			if w >= k.clusters().Size() {
				continue
			}
			if err := r.add(in, k, unlinear(w, k.clusters())); err != nil {
				return err
			}
		}
		if err := r.execute(); err != nil {
			return err
		}
	}
	return nil
}

// check validates and normalizes the kernel's configuration.
func (k *Kernel) check() error {
	cfg := &k.Config
	if cfg.Cluster == (Dim3{}) {
		cfg.Cluster = Dim3{1, 1, 1}
	}
	where := func(msg string) error {
		if cfg.Op != nil {
			return interp.Errorf(cfg.Op, msg)
		}
		return errors.New(msg)
	}
	for _, d := range []struct {
		name string
		v    Dim3
	}{{"grid", cfg.Grid}, {"block", cfg.Block}, {"cluster", cfg.Cluster}} {
		if d.v.X <= 0 || d.v.Y <= 0 || d.v.Z <= 0 {
			return where(fmt.Sprintf("the %s size %v is not positive", d.name, d.v))
		}
	}
	if n := cfg.Block.Size(); n > MaxThreadsPerBlock {
		return where(fmt.Sprintf("a block of %v has %d threads, more than %d", cfg.Block, n, MaxThreadsPerBlock))
	}
	if cfg.Grid.X%cfg.Cluster.X != 0 || cfg.Grid.Y%cfg.Cluster.Y != 0 || cfg.Grid.Z%cfg.Cluster.Z != 0 {
		return where(fmt.Sprintf("the grid %v is not a whole number of clusters of %v", cfg.Grid, cfg.Cluster))
	}
	if n := cfg.Cluster.Size(); n > 16 {
		return where(fmt.Sprintf("a cluster of %v has %d blocks, more than 16", cfg.Cluster, n))
	}
	if cfg.WarpSize != 0 && cfg.WarpSize != 32 && cfg.WarpSize != 64 {
		return where(fmt.Sprintf("a warp of %d threads: warps have 32 or 64", cfg.WarpSize))
	}
	if cfg.DynamicShared < 0 {
		return where(fmt.Sprintf("negative dynamic shared memory size %d", cfg.DynamicShared))
	}
	return nil
}

// clusters returns the number of clusters of the grid.
func (k *Kernel) clusters() Dim3 {
	c := &k.Config
	return Dim3{c.Grid.X / c.Cluster.X, c.Grid.Y / c.Cluster.Y, c.Grid.Z / c.Cluster.Z}
}

// add adds the blocks and threads of cluster cid of k to r.
func (r *clusterRun) add(in *interp.Interpreter, k *Kernel, cid Dim3) error {
	cfg := &k.Config
	var blocks []*Block
	for bi := int64(0); bi < cfg.Cluster.Size(); bi++ {
		inc := unlinear(bi, cfg.Cluster)
		b := &Block{Launch: cfg, ClusterID: cid, InCluster: inc, run: r,
			ID: Dim3{cid.X*cfg.Cluster.X + inc.X, cid.Y*cfg.Cluster.Y + inc.Y, cid.Z*cfg.Cluster.Z + inc.Z}}
		blocks = append(blocks, b)
	}
	for _, b := range blocks {
		b.Cluster = blocks
		for ti := int64(0); ti < cfg.Block.Size(); ti++ {
			t := &Thread{Block: b, ID: unlinear(ti, cfg.Block), Linear: int(ti), run: r, resume: make(chan bool), body: k.Body}
			t.In = in.Fork(t)
			b.Threads = append(b.Threads, t)
			r.threads = append(r.threads, t)
		}
		if k.Setup != nil {
			if err := k.Setup(b); err != nil {
				return err
			}
		}
	}
	r.blocks = append(r.blocks, blocks...)
	return nil
}

// clusterRun schedules the threads of one cluster of each of the
// kernels that run concurrently.
type clusterRun struct {
	blocks  []*Block
	threads []*Thread
	back    chan struct{}
	// cur is the thread running (nil while the scheduler runs).
	cur       *Thread
	combining bool
	// progress counts the changes of state a spin-wait may observe.
	progress int
}

// As runs fn with t as the running thread, so that the shared memory
// accesses fn makes are checked as t's (a collective reading memory on
// behalf of its lanes: ldmatrix reads the rows each lane addresses).
func (t *Thread) As(fn func() error) error {
	prev := t.run.cur
	t.run.cur = t
	defer func() { t.run.cur = prev }()
	return fn()
}

// start runs body on t's goroutine once the scheduler resumes it.
func (r *clusterRun) start(t *Thread) {
	go func() {
		defer func() {
			if p := recover(); p != nil {
				t.err = fmt.Errorf("internal error in %v: %v", t, p)
			}
			t.state = finished
			r.back <- struct{}{}
		}()
		if <-t.resume {
			return
		}
		t.err = t.body(t)
	}()
}

// execute runs the cluster's threads to completion.
func (r *clusterRun) execute() (err error) {
	for _, t := range r.threads {
		r.start(t)
	}
	defer r.abort()
	released, stalled := -1, 0
	for {
		for _, t := range r.threads {
			if t.state != runnable {
				continue
			}
			r.cur = t
			t.resume <- false
			<-r.back
			r.cur = nil
			if t.err != nil {
				return r.threadError(t, t.err)
			}
			if t.state == finished {
				r.progress++
			}
		}
		done := true
		for _, t := range r.threads {
			if t.state != finished {
				done = false
				break
			}
		}
		if done {
			return nil
		}
		completed, err := r.resolve()
		if err != nil {
			return err
		}
		if completed {
			continue
		}
		// Only spin-waits can go on: release them, unless nothing changed
		// since they were last released.
		spinners := 0
		for _, t := range r.threads {
			if t.state == waiting && t.wait.spin {
				spinners++
			}
		}
		if spinners == 0 {
			return r.deadlock()
		}
		if released == r.progress {
			// A spin-wait may end by itself (a loop of atomic reads with
			// a bound), but not after many rounds that change nothing.
			if stalled++; stalled > maxStalledRounds {
				return r.deadlock()
			}
		} else {
			stalled = 0
		}
		released = r.progress
		for _, t := range r.threads {
			if t.state == waiting && t.wait.spin {
				t.state = runnable
				t.wait = nil
			}
		}
	}
}

// maxStalledRounds is the number of rounds of spin-waits without
// progress after which the threads are deadlocked.
const maxStalledRounds = 1000

// abort ends the goroutines of threads that have not finished.
func (r *clusterRun) abort() {
	for _, t := range r.threads {
		if t.state != finished {
			t.resume <- true
			<-r.back
		}
	}
}

// threadError adds to err a note naming the thread, at the launch.
func (r *clusterRun) threadError(t *Thread, err error) error {
	launch := t.Block.Launch.Op
	var d *ir.Diagnostic
	if !errors.As(err, &d) {
		if launch == nil {
			return fmt.Errorf("%v: %w", t, err)
		}
		d = interp.Errorf(launch, err.Error())
	}
	if launch != nil {
		d.Note(launch.Loc(), "in "+t.String()+" of the kernel launched here")
	}
	return d
}

// members returns the threads of a's group, in order.
func (r *clusterRun) members(a *Arrival) []*Thread {
	t := a.Thread
	switch a.Scope {
	case Warp, Warpgroup:
		n := t.Block.Launch.Lanes()
		if a.Scope == Warpgroup {
			n = WarpgroupSize
		}
		lo := t.Linear / n * n
		hi := min(lo+n, len(t.Block.Threads))
		if a.lanes == 0 {
			return t.Block.Threads[lo:hi]
		}
		var ts []*Thread
		for _, m := range t.Block.Threads[lo:hi] {
			if a.lanes&(1<<uint(m.Lane())) != 0 {
				ts = append(ts, m)
			}
		}
		return ts
	case BlockScope:
		return t.Block.Threads
	}
	var ts []*Thread
	for _, b := range t.Block.Cluster {
		ts = append(ts, b.Threads...)
	}
	return ts
}

// resolve completes every collective whose group has fully arrived, and
// reports whether any did. A group whose threads wait at different
// operations, or some of which returned, is an error.
func (r *clusterRun) resolve() (bool, error) {
	completed := false
	handled := map[*Thread]bool{}
	for _, t := range r.threads {
		if t.state != waiting || t.wait.spin || handled[t] {
			continue
		}
		ms := r.members(t.wait)
		ready := true
		for _, m := range ms {
			if m.state != waiting || m.wait.spin || m.wait.Op != t.wait.Op || m.wait.Scope != t.wait.Scope || m.wait.lanes != t.wait.lanes {
				ready = false
				break
			}
		}
		if !ready {
			continue
		}
		group := make([]*Arrival, len(ms))
		for i, m := range ms {
			group[i] = m.wait
			handled[m] = true
		}
		if c := t.wait.combine; c != nil {
			r.combining = true
			err := c(group)
			r.combining = false
			if err != nil {
				return false, r.threadError(t, err)
			}
		}
		for _, m := range ms {
			m.state = runnable
			m.wait = nil
		}
		completed = true
		r.progress++
	}
	return completed, nil
}

// deadlock explains why the first waiting thread cannot go on.
func (r *clusterRun) deadlock() error {
	for _, t := range r.threads {
		if t.state != waiting {
			continue
		}
		a := t.wait
		if a.spin {
			d := interp.Errorf(a.Op, "deadlock: every thread still running waits and no wait can succeed")
			return r.threadError(t, d)
		}
		what := "collective operation"
		if a.combine == nil || a.Scope >= BlockScope {
			what = "barrier"
		}
		reached := 0
		var other *Thread
		for _, m := range r.members(a) {
			if m.state == waiting && !m.wait.spin && m.wait.Op == a.Op {
				reached++
			} else if other == nil {
				other = m
			}
		}
		d := interp.Errorf(a.Op, fmt.Sprintf("%s '%s' reached by only %d of the %d threads of the %v", what, a.Op.Name(), reached, len(r.members(a)), a.Scope))
		if other != nil {
			switch {
			case other.state == finished:
				if op := other.Block.Launch.Op; op != nil {
					d.Note(op.Loc(), other.String()+" has returned")
				}
			case other.wait.spin:
				d.Note(other.wait.Op.Loc(), other.String()+" spins here")
			default:
				d.Note(other.wait.Op.Loc(), other.String()+" waits here")
			}
		}
		return r.threadError(t, d)
	}
	return errors.New("simt: deadlock")
}

// Lookup returns the per-block state kept under key, if the block has
// made it (see Data).
func (b *Block) Lookup(key any) (any, bool) {
	v, ok := b.data[key]
	return v, ok
}
