//go:build !(cgo && (linux || darwin || freebsd))

package opt

import (
	"fmt"

	"github.com/strata-ir/strata/core/ir"
)

const noPlugins = "this strata-opt was built without cgo (or on a system without Go plugin support), " +
	"which .so plugins need: rebuild it with CGO_ENABLED=1 on Linux, macOS or FreeBSD, " +
	"or link the dialect into your own driver with opt.Main (see examples/dialect-plugin)"

func loadDialectPlugin(_ *ir.Context, path string) error {
	return fmt.Errorf("cannot load dialect plugin '%s': %s", path, noPlugins)
}

func loadPassPlugin(path string) error {
	return fmt.Errorf("cannot load pass plugin '%s': %s", path, noPlugins)
}
