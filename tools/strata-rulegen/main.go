// Command strata-rulegen compiles a declarative rewrite rules file (see
// docs/rewrite-rules.md) into a Go file of rewrite patterns. It is meant
// for go:generate lines such as
//
//	//go:generate go run github.com/strata-ir/strata/tools/strata-rulegen -canonicalize -func canonicalizeRules -o canonicalize_gen.go canonicalize.rules
//
// The package name defaults to that of the Go files in the output's
// directory (the $GOPACKAGE of go generate).
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/strata-ir/strata/core/rules"
)

func main() {
	out := flag.String("o", "", "output Go file (default: stdout)")
	pkg := flag.String("package", os.Getenv("GOPACKAGE"), "package of the generated file")
	fn := flag.String("func", "rulesPatterns", "name of the generated function returning every pattern")
	canon := flag.Bool("canonicalize", false, "register the patterns as canonicalizations of their root operations")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: strata-rulegen [flags] file.rules\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || *pkg == "" {
		flag.Usage()
		os.Exit(2)
	}
	in := flag.Arg(0)
	src, err := os.ReadFile(in)
	if err != nil {
		fmt.Fprintln(os.Stderr, "strata-rulegen:", err)
		os.Exit(1)
	}
	code, err := rules.Generate(in, src, rules.Options{Package: *pkg, Func: *fn, Canonicalization: *canon})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if *out == "" {
		os.Stdout.Write(code)
		return
	}
	if err := os.WriteFile(*out, code, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "strata-rulegen:", err)
		os.Exit(1)
	}
}
