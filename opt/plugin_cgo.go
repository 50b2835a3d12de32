//go:build cgo && (linux || darwin || freebsd)

package opt

import (
	"debug/elf"
	"debug/macho"
	"fmt"
	"plugin"

	"github.com/strata-ir/strata/core/ir"
)

// loadDialectPlugin opens a Go plugin and calls its exported
// RegisterDialects(*ir.Context), which may return an error. Go plugins only load into a host built
// with the same toolchain, build flags and versions of every shared
// package, Strata included.
func loadDialectPlugin(ctx *ir.Context, path string) error {
	p, err := openGoPlugin(path)
	if err != nil {
		return fmt.Errorf("failed to load dialect plugin from '%s': %v", path, err)
	}
	sym, err := p.Lookup("RegisterDialects")
	if err != nil {
		return fmt.Errorf("dialect plugin '%s' does not export RegisterDialects: %v", path, err)
	}
	switch f := sym.(type) {
	case func(*ir.Context):
		f(ctx)
	case func(*ir.Context) error:
		if err := f(ctx); err != nil {
			return fmt.Errorf("dialect plugin '%s': %v", path, err)
		}
	default:
		return fmt.Errorf("dialect plugin '%s': RegisterDialects has type %T, want func(*ir.Context) or func(*ir.Context) error", path, sym)
	}
	return nil
}

// loadPassPlugin opens a Go plugin and calls its exported RegisterPasses().
func loadPassPlugin(path string) error {
	p, err := openGoPlugin(path)
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

// openGoPlugin opens path as a Go plugin after checking that it is one:
// the Go runtime aborts the whole process, past any recover, when it
// loads a shared library that holds no Go module (libc, a C plugin), so
// such a file must be refused before it is loaded.
func openGoPlugin(path string) (*plugin.Plugin, error) {
	if err := checkGoPlugin(path); err != nil {
		return nil, err
	}
	return plugin.Open(path)
}

// checkGoPlugin reports an error unless path is a shared object built by
// the Go toolchain (one with Go's build information section).
func checkGoPlugin(path string) error {
	if f, err := elf.Open(path); err == nil {
		defer f.Close()
		if f.Type != elf.ET_DYN {
			return fmt.Errorf("not a shared library")
		}
		if f.Section(".go.buildinfo") == nil {
			return fmt.Errorf("not a Go plugin (a shared library without Go build information; build plugins with go build -buildmode=plugin)")
		}
		return nil
	}
	if f, err := macho.Open(path); err == nil {
		defer f.Close()
		if f.Section("__go_buildinfo") == nil {
			return fmt.Errorf("not a Go plugin (a shared library without Go build information; build plugins with go build -buildmode=plugin)")
		}
		return nil
	}
	return fmt.Errorf("not a shared library")
}
