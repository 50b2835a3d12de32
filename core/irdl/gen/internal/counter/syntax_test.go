package counter

import (
	"reflect"
	"testing"

	"github.com/strata-ir/strata/core/irdl"
)

// TestSyntaxTree checks that the syntax tree strata-tblgen wrote into
// counter_gen.go is the one parsing counter.irdl gives (positions compared
// by line and column, which is all the loader reads of them).
func TestSyntaxTree(t *testing.T) {
	want, err := irdl.Parse("counter.irdl", definitions)
	if err != nil {
		t.Fatal(err)
	}
	clearPositions(reflect.ValueOf(want))
	if !reflect.DeepEqual(definitionsTree, want) {
		t.Fatal("the generated syntax tree differs from the parsed one")
	}
}

// clearPositions zeroes the file names and offsets of the positions in v.
func clearPositions(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			clearPositions(v.Elem())
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			clearPositions(v.Index(i))
		}
	case reflect.Struct:
		if p, ok := v.Addr().Interface().(*irdl.Position); ok {
			p.Filename, p.Offset = "", 0
			return
		}
		for i := 0; i < v.NumField(); i++ {
			clearPositions(v.Field(i))
		}
	}
}
