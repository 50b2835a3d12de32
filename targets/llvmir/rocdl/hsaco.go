package rocdl

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	sir "github.com/strata-ir/strata/core/ir"
)

// LLC returns the name of the llc of LLVM version llvm (llc-16, llc-22)
// and the Debian package that installs it.
func LLC(llvm int) (tool, pkg string) {
	v := strconv.Itoa(llvm)
	return "llc-" + v, "llvm-" + v
}

// Linker returns the name of the ld.lld of LLVM version llvm and the
// Debian package that installs it.
func Linker(llvm int) (tool, pkg string) {
	v := strconv.Itoa(llvm)
	return "ld.lld-" + v, "lld-" + v
}

// linker returns the ld.lld that links the code objects of LLVM version
// llvm: ld.lld-N of the same LLVM (Debian package lld-N) when installed,
// else the default ld.lld (Debian package lld), which links the code
// object versions its own LLVM knows.
func linker(llvm int) (string, error) {
	tool, _ := Linker(llvm)
	if p, err := exec.LookPath(tool); err == nil {
		return p, nil
	}
	return exec.LookPath("ld.lld")
}

// CodeObject assembles text, the LLVM IR Translate wrote with opts, for
// opts.Chip with that LLVM's llc and links it with ld.lld into an AMDGPU
// code object (.hsaco) at path. A missing tool is an error naming its
// Debian package; so are a missing chip and a failing tool, at module's
// location.
func CodeObject(module *sir.Operation, text string, opts Options, path string) error {
	if opts.Chip == "" {
		return sir.NewError(module.Loc(), "--amdgcn-hsaco: a code object needs a chip (--amdgcn-chip)")
	}
	opts, err := opts.resolve(module.Loc())
	if err != nil {
		return err
	}
	tool, pkg := LLC(opts.LLVM)
	llc, err := exec.LookPath(tool)
	if err != nil {
		return sir.NewError(module.Loc(), fmt.Sprintf("writing a code object for %s needs %s, which is not installed (Debian package %s)", opts.Chip, tool, pkg))
	}
	lld, err := linker(opts.LLVM)
	if err != nil {
		return sir.NewError(module.Loc(), fmt.Sprintf("writing a code object needs ld.lld-%d, which is not installed (Debian package lld-%d)", opts.LLVM, opts.LLVM))
	}
	dir, err := os.MkdirTemp("", "strata-hsaco")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ll, obj := filepath.Join(dir, "kernel.ll"), filepath.Join(dir, "kernel.o")
	if err := os.WriteFile(ll, []byte(text), 0o644); err != nil {
		return err
	}
	var errb bytes.Buffer
	cmd := exec.Command(llc, "-mtriple="+Triple, "-mcpu="+opts.Chip, "-filetype=obj", ll, "-o", obj)
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		return sir.NewError(module.Loc(), fmt.Sprintf("%s -mcpu=%s failed: %v\n%s", tool, opts.Chip, err, errb.String()))
	}
	errb.Reset()
	cmd = exec.Command(lld, "-shared", obj, "-o", path)
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		return sir.NewError(module.Loc(), fmt.Sprintf("%s failed (LLVM %d's code objects need ld.lld-%d, Debian package lld-%d, or a later ld.lld): %v\n%s",
			filepath.Base(lld), opts.LLVM, opts.LLVM, opts.LLVM, err, errb.String()))
	}
	return nil
}
