package filecheck

import "testing"

// TestCount checks that CHECK-COUNT-n matches its pattern n times in
// order, and fails when there are fewer matches.
func TestCount(t *testing.T) {
	ds := Parse("// CHECK-COUNT-3: [{{[0-9]+}}]\n// CHECK: end\n", "CHECK")
	if len(ds) != 4 {
		t.Fatalf("got %d directives, want 4", len(ds))
	}
	if err := Match("[1]\n[2]\nx\n[3]\nend\n", ds); err != nil {
		t.Errorf("three matches: %v", err)
	}
	if err := Match("[1]\n[2]\nend\n", ds); err == nil {
		t.Error("two matches of CHECK-COUNT-3 were accepted")
	}
}

// TestWhitespace checks that runs of horizontal whitespace in the output
// read as one space, also for the regular expressions of a pattern.
func TestWhitespace(t *testing.T) {
	ds := Parse("// CHECK: [{{(7, ){2}7}}]\n", "CHECK")
	if err := Match("[7,   7,\t 7]\n", ds); err != nil {
		t.Error(err)
	}
}
