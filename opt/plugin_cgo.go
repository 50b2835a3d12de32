//go:build cgo && (linux || darwin || freebsd)

package opt

import (
	"fmt"
	"plugin"

	"github.com/strata-ir/strata/core/ir"
)

// loadDialectPlugin opens a Go plugin and calls its exported
// RegisterDialects(*ir.Context). Go plugins only load into a host built
// with the same toolchain, build flags and versions of every shared
// package, Strata included.
func loadDialectPlugin(ctx *ir.Context, path string) error {
	p, err := plugin.Open(path)
	if err != nil {
		return fmt.Errorf("failed to load dialect plugin from '%s': %v", path, err)
	}
	sym, err := p.Lookup("RegisterDialects")
	if err != nil {
		return fmt.Errorf("dialect plugin '%s' does not export RegisterDialects: %v", path, err)
	}
	f, ok := sym.(func(*ir.Context))
	if !ok {
		return fmt.Errorf("dialect plugin '%s': RegisterDialects has type %T, want func(*ir.Context)", path, sym)
	}
	f(ctx)
	return nil
}

// loadPassPlugin opens a Go plugin and calls its exported RegisterPasses().
func loadPassPlugin(path string) error {
	p, err := plugin.Open(path)
	if err != nil {
		return fmt.Errorf("failed to load pass plugin from '%s': %v", path, err)
	}
	sym, err := p.Lookup("RegisterPasses")
	if err != nil {
		return fmt.Errorf("pass plugin '%s' does not export RegisterPasses: %v", path, err)
	}
	f, ok := sym.(func())
	if !ok {
		return fmt.Errorf("pass plugin '%s': RegisterPasses has type %T, want func()", path, sym)
	}
	f()
	return nil
}
