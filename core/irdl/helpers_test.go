package irdl

import "github.com/strata-ir/strata/core/ir"

func newTestContext() *ir.Context { return ir.NewContext() }
