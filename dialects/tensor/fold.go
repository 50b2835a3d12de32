package tensor

import "github.com/strata-ir/strata/core/ir"

func attachFolders(ctx *ir.Context) {}
