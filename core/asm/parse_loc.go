package asm

import (
	"strconv"

	"github.com/strata-ir/strata/core/ir"
)

// parseLocationInstance parses the inside of loc(...).
func (p *parser) parseLocationInstance() ir.Location {
	p.enter()
	defer p.leave()
	switch p.tok.Kind {
	case TokHashIdent:
		a := p.parseExtendedAttr(nil)
		l, ok := asLocation(p.ctx, a)
		if !ok {
			// MLIR reports this at the token after the attribute.
			p.errorTok("expected location attribute, but got" + AttrString(a))
		}
		return l
	case TokString:
		return p.parseNameOrFileLineCol()
	case TokBareIdent:
		switch p.spelling() {
		case "callsite":
			p.consume()
			p.expect(TokLParen, "expected '(' in callsite location")
			callee := p.parseLocationInstance()
			if !p.isKeyword("at") {
				p.errorHere("expected 'at' in callsite location")
			}
			p.consume()
			caller := p.parseLocationInstance()
			p.expect(TokRParen, "expected ')' in callsite location")
			return p.ctx.CallSiteLoc(callee, caller)
		case "fused":
			p.consume()
			var meta ir.Attribute
			if p.consumeIf(TokLess) {
				meta = p.parseAttribute(nil)
				p.expect(TokGreater, "expected '>' after fused location metadata")
			}
			p.expect(TokLSquare, "expected '[' in fused location")
			var locs []ir.Location
			if !p.consumeIf(TokRSquare) {
				for {
					locs = append(locs, p.parseLocationInstance())
					if !p.consumeIf(TokComma) {
						break
					}
				}
				p.expect(TokRSquare, "expected ']' in fused location")
			}
			return FuseLocations(p.ctx, locs, meta)
		case "unknown":
			p.consume()
			return p.ctx.UnknownLoc()
		}
	}
	p.errorHere("expected location instance")
	return nil
}

// FuseLocations builds a fused location the way MLIR's FusedLoc::get does:
// nested fused locations with the same metadata are flattened, unknown
// locations and duplicates are dropped, and fewer than two locations without
// metadata collapse.
func FuseLocations(ctx *ir.Context, locs []ir.Location, meta ir.Attribute) ir.Location {
	var out []ir.Location
	seen := map[ir.Location]bool{}
	add := func(l ir.Location) {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	for _, l := range locs {
		if f, ok := l.(*ir.FusedLoc); ok && f.Metadata == meta {
			for _, s := range f.Locs {
				add(s)
			}
			continue
		}
		if _, ok := l.(*ir.UnknownLoc); !ok {
			add(l)
		}
	}
	if len(out) == 0 {
		if meta == nil {
			return ctx.UnknownLoc()
		}
		return ctx.FusedLoc([]ir.Location{ctx.UnknownLoc()}, meta)
	}
	if len(out) == 1 && meta == nil {
		return out[0]
	}
	return ctx.FusedLoc(out, meta)
}

func (p *parser) unsignedToken(msg string) uint32 {
	if p.tok.Kind != TokInteger {
		p.errorHere(msg)
	}
	v, err := strconv.ParseUint(p.spelling(), 0, 32)
	if err != nil {
		p.errorHere(msg)
	}
	p.consume()
	return uint32(v)
}

func (p *parser) parseNameOrFileLineCol() ir.Location {
	str := p.stringValue(p.tok)
	p.consume()
	if p.consumeIf(TokColon) {
		line := p.unsignedToken("expected integer line number in FileLineColRange")
		if p.tok.Kind != TokColon {
			return p.ctx.FileLineColFields(str, 1, line, 0, line, 0)
		}
		p.consume()
		col := p.unsignedToken("expected integer column number in FileLineColRange")
		if !p.isKeyword("to") {
			// MLIR builds this form with FileLineColLoc::get(ctx, StringRef,
			// ...), which spells an empty file name "-".
			if str == "" {
				str = "-"
			}
			return p.ctx.FileLineCol(str, line, col)
		}
		p.consume()
		endLine, n := line, 3
		if p.tok.Kind == TokInteger {
			endLine, n = p.unsignedToken("expected integer line number in FileLineColRange"), 4
		}
		if p.tok.Kind != TokColon {
			p.errorHere("expected either integer or `:` post `to` in FileLineColRange")
		}
		p.consume()
		endCol := p.unsignedToken("expected integer column number in FileLineColRange")
		return p.ctx.FileLineColFields(str, n, line, col, endLine, endCol)
	}
	if p.consumeIf(TokLParen) {
		child := p.parseLocationInstance()
		p.expect(TokRParen, "expected ')' after child location of NameLoc")
		return p.ctx.NameLoc(str, child)
	}
	return p.ctx.NameLoc(str, nil)
}

// parseFileMetadata parses `{-# dialect_resources: {...}, external_resources: {...} #-}`.
func (p *parser) parseFileMetadata() {
	p.consume()
	if p.consumeIf(TokFileMetadataEnd) {
		return
	}
	for {
		if p.tok.Kind != TokBareIdent {
			p.errorTok("expected identifier key in file metadata dictionary")
		}
		key := p.spelling()
		keyOff := p.tok.Start
		p.consume()
		p.expect(TokColon, "expected ':'")
		var groups *[]ir.ResourceGroup
		switch key {
		case "dialect_resources":
			groups = &p.resources.Dialect
		case "external_resources":
			groups = &p.resources.External
		default:
			p.errorAt(keyOff, "unknown key '"+key+"' in file metadata dictionary")
		}
		p.expect(TokLBrace, "expected '{'")
		if !p.consumeIf(TokRBrace) {
			for {
				if p.tok.Kind != TokBareIdent {
					p.errorTok("expected identifier key for 'resource' entry")
				}
				g := ir.ResourceGroup{Name: p.spelling()}
				p.consume()
				p.expect(TokColon, "expected ':'")
				p.expect(TokLBrace, "expected '{'")
				if !p.consumeIf(TokRBrace) {
					for {
						var e ir.ResourceEntry
						switch p.tok.Kind {
						case TokBareIdent:
							e.Key = p.spelling()
						case TokString:
							e.Key = p.stringValue(p.tok)
						default:
							p.errorTok("expected identifier key for 'resource' entry")
						}
						p.consume()
						p.expect(TokColon, "expected ':'")
						switch {
						case p.isKeyword("true") || p.isKeyword("false"):
							e.Kind, e.Value = ir.ResourceBool, p.spelling()
						case p.tok.Kind == TokString:
							v := p.stringValue(p.tok)
							if len(v) >= 2 && v[0] == '0' && v[1] == 'x' {
								e.Kind, e.Value = ir.ResourceBlob, v
							} else {
								e.Kind, e.Value = ir.ResourceString, v
							}
						default:
							p.errorHere("expected 'true', 'false', or a string for resource entry")
						}
						p.consume()
						g.Entries = append(g.Entries, e)
						if !p.consumeIf(TokComma) {
							break
						}
					}
					p.expect(TokRBrace, "expected '}'")
				}
				*groups = append(*groups, g)
				if !p.consumeIf(TokComma) {
					break
				}
			}
			p.expect(TokRBrace, "expected '}'")
		}
		if !p.consumeIf(TokComma) {
			break
		}
	}
	p.expect(TokFileMetadataEnd, "expected '#-}' to end file metadata dictionary")
}
