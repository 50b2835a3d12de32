package math

import "github.com/strata-ir/strata/core/ir"

func registerFolders(ctx *ir.Context) {}
