// Package all registers every dialect that ships with Strata, so that tools
// and embedders get the full set with one call.
package all

import (
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/dialects/builtin"
)

// Register adds all of Strata's dialects to ctx.
func Register(ctx *ir.Context) {
	builtin.Register(ctx)
}
