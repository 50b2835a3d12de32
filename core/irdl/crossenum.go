package irdl

import (
	"strings"
	"sync"

	"github.com/strata-ir/strata/core/ir"
)

// loadedDefs records, per context, the dialects that definition files
// have registered, so that a later file may name their enums
// (`EnumAttr<#arith.fastmath>`). It lives in the context's interning
// table and goes away with the context.
type loadedDefs struct {
	ir.AttrStorage
	mu       sync.Mutex
	dialects map[string]*dialectDef
}

func loadedIn(ctx *ir.Context) *loadedDefs {
	return ir.InternAttr(ctx, "irdl.loaded-definitions", func(id uint64) *loadedDefs {
		return &loadedDefs{AttrStorage: ir.NewAttrStorage(id), dialects: map[string]*dialectDef{}}
	})
}

// recordLoaded remembers the dialects of a file loaded into ctx.
func recordLoaded(ctx *ir.Context, ds []*dialectDef) {
	l := loadedIn(ctx)
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, d := range ds {
		l.dialects[d.name] = d
	}
}

// loadedEnum returns the `as attr` enum named by lit, `#dialect.mnemonic`,
// of a dialect loaded into ctx from a definition file.
func loadedEnum(ctx *ir.Context, lit string) (*enumDef, bool) {
	dn, mn, ok := strings.Cut(strings.TrimPrefix(lit, "#"), ".")
	if !ok || !strings.HasPrefix(lit, "#") {
		return nil, false
	}
	l := loadedIn(ctx)
	l.mu.Lock()
	defer l.mu.Unlock()
	d := l.dialects[dn]
	if d == nil {
		return nil, false
	}
	a, ok := d.attrs[mn]
	if !ok || a.enum == nil {
		return nil, false
	}
	return a.enum, true
}
