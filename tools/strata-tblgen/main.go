// Command strata-tblgen compiles a dialect definition file (.irdl, see
// docs/dialect-language.md) into typed Go: operation wrappers with
// accessors and builders, and enums. It is run by go generate:
//
//	//go:generate go run github.com/strata-ir/strata/tools/strata-tblgen -o arith_gen.go arith.irdl
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/strata-ir/strata/core/irdl/gen"
)

func main() {
	out := flag.String("o", "", "output file (default: standard output)")
	pkg := flag.String("package", "", "package name (default: $GOPACKAGE, else the output directory's name)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: strata-tblgen [-o out.go] [-package name] file.irdl")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	in := flag.Arg(0)
	src, err := os.ReadFile(in)
	if err != nil {
		fmt.Fprintln(os.Stderr, "strata-tblgen:", err)
		os.Exit(1)
	}
	p := *pkg
	if p == "" {
		p = os.Getenv("GOPACKAGE")
	}
	if p == "" {
		dir := "."
		if *out != "" {
			dir = filepath.Dir(*out)
		}
		abs, _ := filepath.Abs(dir)
		p = filepath.Base(abs)
	}
	code, err := gen.Generate(in, src, p)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if *out == "" {
		os.Stdout.Write(code)
		return
	}
	if err := os.WriteFile(*out, code, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "strata-tblgen:", err)
		os.Exit(1)
	}
}
