package llvm

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/strata-ir/strata/core/ir"
)

// MMRATagAttr is #llvm.mmra_tag<"prefix":"suffix">: a memory model
// relaxation annotation (MMRA) tag, attached to fences and memory
// operations under the discardable attribute llvm.mmra; it prints through
// the alias #mmra_tag, as upstream's.
type MMRATagAttr struct {
	ir.AttrStorage
	Prefix, Suffix string
	body           string
}

// MMRAAttrName is the discardable attribute that holds an operation's
// MMRA tags.
const MMRAAttrName = "llvm.mmra"

// DialectName returns "llvm".
func (*MMRATagAttr) DialectName() string { return "llvm" }

// Body returns `mmra_tag<"prefix":"suffix">`.
func (a *MMRATagAttr) Body() string { return a.body }

// AsmAlias returns "mmra_tag".
func (*MMRATagAttr) AsmAlias() string { return "mmra_tag" }

// MMRATag returns the interned #llvm.mmra_tag<prefix:suffix>.
func MMRATag(ctx *ir.Context, prefix, suffix string) *MMRATagAttr {
	body := "mmra_tag<" + strconv.Quote(prefix) + ":" + strconv.Quote(suffix) + ">"
	return ir.InternAttr(ctx, "llvm."+body, func(id uint64) *MMRATagAttr {
		return &MMRATagAttr{AttrStorage: ir.NewAttrStorage(id), Prefix: prefix, Suffix: suffix, body: body}
	})
}

// parseMMRATag reads the parameters `<"prefix":"suffix">`.
func parseMMRATag(ctx *ir.Context, params string) (ir.Attribute, error) {
	s := strings.TrimSpace(params)
	if !strings.HasPrefix(s, "<") || !strings.HasSuffix(s, ">") {
		return nil, fmt.Errorf("expected '<'")
	}
	s = strings.TrimSpace(s[1 : len(s)-1])
	prefix, rest, err := quotedPrefix(s)
	if err != nil {
		return nil, err
	}
	rest = strings.TrimSpace(rest)
	if !strings.HasPrefix(rest, ":") {
		return nil, fmt.Errorf("expected ':'")
	}
	suffix, rest, err := quotedPrefix(strings.TrimSpace(rest[1:]))
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(rest) != "" {
		return nil, fmt.Errorf("expected '>'")
	}
	return MMRATag(ctx, prefix, suffix), nil
}

// quotedPrefix reads a string literal at the start of s.
func quotedPrefix(s string) (string, string, error) {
	q, err := strconv.QuotedPrefix(s)
	if err != nil {
		return "", "", fmt.Errorf("expected a string")
	}
	v, err := strconv.Unquote(q)
	if err != nil {
		return "", "", fmt.Errorf("expected a string")
	}
	return v, s[len(q):], nil
}

// registerMMRA teaches the dialect's attribute parser #llvm.mmra_tag.
func registerMMRA(ctx *ir.Context) {
	d := ctx.Dialect("llvm")
	next := d.ParseAttr
	d.ParseAttr = func(ctx *ir.Context, body string) (ir.Attribute, error) {
		if strings.HasPrefix(body, "mmra_tag") {
			return parseMMRATag(ctx, strings.TrimPrefix(body, "mmra_tag"))
		}
		if next == nil {
			return nil, fmt.Errorf("unknown attribute")
		}
		return next(ctx, body)
	}
}
