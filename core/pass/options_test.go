package pass_test

import (
	"fmt"
	"testing"

	"github.com/strata-ir/strata/core/pass"
)

func TestOptionsParse(t *testing.T) {
	tests := []struct {
		in   string
		want string // Text() after parsing, or the error
	}{
		{"", "{b=false i=0 l=9 m=x s=hello}"},
		{"b", "{b=true i=0 l=9 m=x s=hello}"},
		{"b=0 i=-0x10 l=0b11", "{b=false i=-16 l=3 m=x s=hello}"},
		{`s="a b c"`, "{b=false i=0 l=9 m=x s={a b c}}"},
		{`s='{x y}'`, "{b=false i=0 l=9 m=x s={x y}}"},
		{"s={a {b c} d}", "{b=false i=0 l=9 m=x s={a {b c} d}}"},
		{"  s=x   i=2  ", "{b=false i=2 l=9 m=x s=x}"},
		{"ints=1,2 ints=3", "{b=false i=0 ints={1,2,3} l=9 m=x s=hello}"},
		// As in MLIR, braces around an element are removed and not printed back.
		{"strs={a,b},c", "{b=false i=0 l=9 m=x s=hello strs={a,b,c}}"},
		{`strs="x,y",z(1,2),[3,4]`, "{b=false i=0 l=9 m=x s=hello strs={x,y,z(1,2),[3,4]}}"},
		{"m=y", "{b=false i=0 l=9 m=y s=hello}"},
		{"i=1_000", "for the --i option: '1_000' value invalid for long argument!"},
		{"i", "for the --i option: '' value invalid for long argument!"},
		{"l=-1", "for the --l option: '-1' value invalid for ulong argument!"},
		{"ints=1,x", "for the --ints option: 'x' value invalid for long argument!"},
		{"m=z", "for the --m option: Cannot find option named 'z'!"},
		{"q=1", "<Pass-Options-Parser>: no such option q"},
	}
	for _, tc := range tests {
		var o pass.Options
		o.Bool("b", false, "")
		o.Int("i", 0, "")
		o.Uint("l", 9, "")
		o.String("s", "hello", "")
		o.Enum("m", "x", []pass.EnumValue{{Name: "x"}, {Name: "y"}}, "")
		o.IntList("ints", nil, "")
		o.StringList("strs", nil, "")
		got := ""
		if err := o.Parse(tc.in); err != nil {
			got = err.Error()
		} else {
			got = o.Text()
		}
		// Unset empty lists print as nothing: drop the extra spaces they
		// leave for the comparison.
		if got != tc.want && squeeze(got) != tc.want {
			t.Errorf("Parse(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// Reset restores defaults, including list defaults.
	var o pass.Options
	l := o.StringList("l", []string{"a"}, "")
	n := o.Int("n", 5, "")
	if err := o.Parse("l=b,c n=1"); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(*l, *n) != "[b c] 1" {
		t.Errorf("parsed %v %v", *l, *n)
	}
	for _, opt := range o.All() {
		opt.Reset()
	}
	if fmt.Sprint(*l, *n) != "[a] 5" || o.Lookup("l").IsSet() {
		t.Errorf("after Reset %v %v", *l, *n)
	}
	if o.Text() != "{l={a} n=5}" {
		t.Errorf("Text = %q", o.Text())
	}
}

func squeeze(s string) string {
	out := []byte{}
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' && (len(out) == 0 || out[len(out)-1] == ' ' || out[len(out)-1] == '{' || i+1 < len(s) && s[i+1] == '}') {
			continue
		}
		out = append(out, s[i])
	}
	return string(out)
}

// TestUint32Option checks LLVM's 32-bit "uint" options: their --help
// placeholder, and the range they accept.
func TestUint32Option(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "{u=7}"},
		{"u=4294967295", "{u=4294967295}"},
		{"u=0x10", "{u=16}"},
		{"u=4294967296", "for the --u option: '4294967296' value invalid for uint argument!"},
		{"u=-1", "for the --u option: '-1' value invalid for uint argument!"},
	}
	for _, tc := range tests {
		var o pass.Options
		o.Uint32("u", 7, "")
		got := ""
		if err := o.Parse(tc.in); err != nil {
			got = err.Error()
		} else {
			got = o.Text()
		}
		if got != tc.want {
			t.Errorf("Parse(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if name := o.Lookup("u").TypeName(); name != "<uint>" {
			t.Errorf("TypeName = %q, want <uint>", name)
		}
	}
}
