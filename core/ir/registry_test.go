package ir

import "testing"

type shapeModel interface{ Rank(op *Operation) int }

type rankOf int

func (r rankOf) Rank(*Operation) int { return int(r) }

var (
	testShapeIface = DeclareOpInterface[shapeModel]("test.ShapeModel")
	testTrait      = DeclareTrait("test.HasShape")
)

func TestInterfaceRegistry(t *testing.T) {
	ctx := NewContext()
	ctx.RegisterDialect(&Dialect{Name: "t"})
	a := &OpDef{Name: "t.a"}
	testShapeIface.Attach(a, rankOf(2))
	testTrait.Add(a)
	ctx.RegisterOp(a)
	// An external model attached before its op registers.
	testShapeIface.AttachTo(ctx, "t.b", rankOf(3))
	ctx.RegisterOp(&OpDef{Name: "t.b"})
	ctx.RegisterOp(&OpDef{Name: "t.c"})

	tests := []struct {
		op       string
		rank     int
		has      bool
		hasTrait bool
	}{
		{"t.a", 2, true, true},
		{"t.b", 3, true, false},
		{"t.c", 0, false, false},
		{"t.unregistered", 0, false, false},
	}
	for _, tc := range tests {
		op := NewOperation(&OperationState{Name: ctx.OpName(tc.op), Loc: ctx.UnknownLoc()})
		m, ok := testShapeIface.Of(op)
		if ok != tc.has || (ok && m.Rank(op) != tc.rank) {
			t.Errorf("%s: Of = %v, %v; want rank %d, %v", tc.op, m, ok, tc.rank, tc.has)
		}
		if got := testTrait.Has(op); got != tc.hasTrait {
			t.Errorf("%s: trait = %v, want %v", tc.op, got, tc.hasTrait)
		}
		if _, err := testShapeIface.MustOf(op); (err == nil) != tc.has {
			t.Errorf("%s: MustOf error = %v", tc.op, err)
		}
	}
	// Re-registering a definition keeps the external models of its name.
	ctx.RegisterOp(&OpDef{Name: "t.b"})
	op := NewOperation(&OperationState{Name: ctx.OpName("t.b"), Loc: ctx.UnknownLoc()})
	if m, ok := testShapeIface.Of(op); !ok || m.Rank(op) != 3 {
		t.Errorf("re-registered t.b lost its external model")
	}
	if LookupInterfaceID("test.ShapeModel") != testShapeIface.ID() {
		t.Errorf("LookupInterfaceID does not find the declared interface")
	}
}

func BenchmarkInterfaceOf(b *testing.B) {
	ctx := NewContext()
	ctx.RegisterDialect(&Dialect{Name: "t"})
	a := &OpDef{Name: "t.a"}
	testShapeIface.Attach(a, rankOf(2))
	ctx.RegisterOp(a)
	op := NewOperation(&OperationState{Name: ctx.OpName("t.a"), Loc: ctx.UnknownLoc()})
	n := 0
	for b.Loop() {
		if m, ok := testShapeIface.Of(op); ok {
			n += m.Rank(op)
		}
	}
	_ = n
}

// TestInterfaceKinds checks that traits and interfaces keep their kind:
// the core interfaces are listed among the declared ones, AddByID gives
// traits only, and a name declared as both kinds panics.
func TestInterfaceKinds(t *testing.T) {
	listed := map[*InterfaceID]bool{}
	for _, id := range DeclaredInterfaces() {
		listed[id] = true
	}
	for _, id := range []*InterfaceID{RegionBranchOp.ID(), BranchOp.ID(), MemoryEffectsOp.ID(), testTrait.ID()} {
		if !listed[id] {
			t.Errorf("DeclaredInterfaces lacks %s", id)
		}
	}
	if RegionBranchOp.ID().IsTrait() || !testTrait.ID().IsTrait() {
		t.Errorf("IsTrait: %s %v, %s %v", RegionBranchOp.ID(), RegionBranchOp.ID().IsTrait(), testTrait.ID(), testTrait.ID().IsTrait())
	}
	d := &OpDef{Name: "t.k"}
	d.AddByID(testTrait.ID())
	d.AddByID(BranchOp.ID())
	if !testTrait.HasDef(d) || d.ImplementsID(BranchOp.ID()) {
		t.Errorf("AddByID: trait %v, BranchOp %v; want true, false", testTrait.HasDef(d), d.ImplementsID(BranchOp.ID()))
	}
	if got := d.InterfaceIDs(); len(got) != 1 || got[0] != testTrait.ID() {
		t.Errorf("InterfaceIDs = %v, want [%s]", got, testTrait.ID())
	}
	defer func() {
		if recover() == nil {
			t.Error("declaring an interface's name as a trait did not panic")
		}
	}()
	DeclareTrait(RegionBranchOp.ID().Name())
}

// TestViewBase follows a chain of view-like operations back to the
// buffer they view, and stops at an operation that is not view-like and
// at a result other than the first.
func TestViewBase(t *testing.T) {
	ctx := NewContext()
	ctx.RegisterDialect(&Dialect{Name: "t"})
	view := &OpDef{Name: "t.view"}
	ViewLikeOp.Attach(view, ViewSourceFunc(func(op *Operation) Value { return op.Operand(0) }))
	ctx.RegisterOp(view)
	ctx.RegisterOp(&OpDef{Name: "t.alloc"})
	ty := ctx.IndexType()
	mk := func(name string, operands []Value, results int) *Operation {
		st := &OperationState{Name: ctx.OpName(name), Loc: ctx.UnknownLoc(), Operands: operands}
		for i := 0; i < results; i++ {
			st.ResultTypes = append(st.ResultTypes, ty)
		}
		return NewOperation(st)
	}
	alloc := mk("t.alloc", nil, 1)
	v1 := mk("t.view", []Value{alloc.Result(0)}, 2)
	v2 := mk("t.view", []Value{v1.Result(0)}, 1)
	tests := []struct {
		name    string
		v, want Value
	}{
		{"chain", v2.Result(0), alloc.Result(0)},
		{"not view-like", alloc.Result(0), alloc.Result(0)},
		{"second result", v1.Result(1), v1.Result(1)},
	}
	for _, tc := range tests {
		if got := ViewBase(tc.v); got != tc.want {
			t.Errorf("%s: ViewBase = %v, want %v", tc.name, got, tc.want)
		}
	}
}
