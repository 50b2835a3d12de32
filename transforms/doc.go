// Package transforms holds, one package per pass, the passes that stay
// within one level of the IR: canonicalize, cse, inline, symbol-dce,
// symbol-privatize, topological-sort, strip-debuginfo, print-op-stats,
// duplicate-function-elimination, loop-invariant-code-motion, sccp,
// remove-dead-values, view-op-graph, tile-verify-target,
// one-shot-bufferize, the buffer deallocation passes and pipeline,
// expand-strided-metadata and the linalg transformations. Each package registers its passes when it is
// imported (docs/passes.md); package all imports them all.
package transforms
