package linalggeneralize

import "github.com/strata-ir/strata/core/pass"

// Pass registers the pass (imported packages register their passes in
// init, see docs/passes.md).
var Pass = pass.Registration{Argument: Argument, New: New}

func init() { pass.Register(Pass) }
