package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestEmbed(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if strings.Contains(got, "@unused") {
		t.Errorf("symbol-dce kept the private unused function:\n%s", got)
	}
	if n := strings.Count(got, `"demo.add"`); n != 2 { // once per printed form
		t.Errorf("cse should leave one demo.add per form, found %d:\n%s", n, got)
	}
	if !strings.Contains(got, "func.func @twice(%arg0: f32) -> f32 {") {
		t.Errorf("custom form missing:\n%s", got)
	}
}
