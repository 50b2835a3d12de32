package asm

import (
	"regexp"
	"testing"
)

// TestPosixERE checks the translation of POSIX extended regexes and the
// regcomp errors of invalid ones, worded as LLVM's Regex words them.
func TestPosixERE(t *testing.T) {
	for _, c := range []struct {
		re, err string
		match   []string // strings the translation must match (anchored)
		noMatch []string
	}{
		{re: "a+b", match: []string{"aab"}, noMatch: []string{"b"}},
		{re: "[0-9]{2,3}", match: []string{"12", "123"}, noMatch: []string{"1"}},
		{re: "[[:alpha:]_]+", match: []string{"a_b"}, noMatch: []string{"1"}},
		{re: `\d`, match: []string{"d"}, noMatch: []string{"1"}},
		{re: `[\]`, match: []string{`\`}},
		{re: "[]a-]", match: []string{"]", "-", "a"}},
		{re: "a{", match: []string{"a{"}},
		{re: ".", match: []string{"\n"}},
		{re: "()", match: []string{""}},
		{re: "(", err: reErrParen},
		{re: ")", err: reErrParen},
		{re: "[a", err: reErrBrack},
		{re: "a{2", err: reErrBrace},
		{re: "*a", err: reErrBadRpt},
		{re: "a**", err: reErrBadRpt},
		{re: "{1}", err: reErrBadRpt},
		{re: "", err: reErrEmpty},
		{re: "a|", err: reErrEmpty},
		{re: "(a|)", err: reErrEmpty},
		{re: "a{3,1}", err: reErrBadBr},
		{re: "x{1000}", err: reErrBadBr},
		{re: "a{1x}", err: reErrBadBr},
		{re: "[z-a]", err: reErrRange},
		{re: "[[:foo:]]", err: reErrCtype},
		{re: `a\`, err: reErrEscape},
	} {
		got, err := posixERE(c.re)
		if err != c.err {
			t.Errorf("%q: error %q, want %q", c.re, err, c.err)
			continue
		}
		if err != "" {
			continue
		}
		re, cerr := regexp.Compile("(?s)^(" + got + ")$")
		if cerr != nil {
			t.Errorf("%q: translation %q does not compile: %v", c.re, got, cerr)
			continue
		}
		for _, s := range c.match {
			if !re.MatchString(s) {
				t.Errorf("%q (as %q) does not match %q", c.re, got, s)
			}
		}
		for _, s := range c.noMatch {
			if re.MatchString(s) {
				t.Errorf("%q (as %q) matches %q", c.re, got, s)
			}
		}
	}
}
