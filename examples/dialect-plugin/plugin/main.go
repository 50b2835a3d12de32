// Command plugin builds the toy dialect and its pass as Go plugins for
// strata-opt's --load-dialect-plugin and --load-pass-plugin:
//
//	go build -buildmode=plugin -o toy.so ./plugin
//	strata-opt --load-dialect-plugin=toy.so --load-pass-plugin=toy.so --toy-sync-copies in.mlir
//
// The plugin and strata-opt must be built with the same Go toolchain and the
// same version of every package they share, Strata included.
package main

import (
	"example.com/toyaccel/toy"
	"github.com/strata-ir/strata/core/ir"
)

// RegisterDialects is called by --load-dialect-plugin.
func RegisterDialects(ctx *ir.Context) error { return toy.Register(ctx) }

// RegisterPasses is called by --load-pass-plugin.
func RegisterPasses() { toy.RegisterPasses() }

func main() {}
