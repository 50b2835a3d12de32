package rocdl

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	sir "github.com/strata-ir/strata/core/ir"
)

// llc16Chips are the AMD chips of targets/chips that LLVM 16, the LLVM
// whose IR (typed pointers) the translation writes, generates code for.
var llc16Chips = map[string]bool{"gfx90a": true}

// CodeObject assembles the LLVM IR text of AMDGCN for chip with llc-16
// and links it with ld.lld into an AMDGPU code object (.hsaco) at path.
// A missing tool is an error naming its Debian package; a chip LLVM 16
// does not know (gfx942 and gfx950 came with LLVM 17 and 20, which no
// longer read typed pointers) is an error at module's location.
func CodeObject(module *sir.Operation, text, chip, path string) error {
	if !llc16Chips[chip] {
		return sir.NewError(module.Loc(), fmt.Sprintf("--amdgcn-hsaco: a code object for %s needs llc-16 to know the chip (the IR has typed pointers, which LLVM 17 and later do not read), and LLVM 16 knows only gfx90a of the described chips", chipOrNone(chip)))
	}
	llc, err := exec.LookPath("llc-16")
	if err != nil {
		return sir.NewError(module.Loc(), "writing a code object needs llc-16, which is not installed (Debian package llvm-16)")
	}
	lld, err := exec.LookPath("ld.lld")
	if err != nil {
		return sir.NewError(module.Loc(), "writing a code object needs ld.lld, which is not installed (Debian package lld)")
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
	cmd := exec.Command(llc, "-mtriple="+Triple, "-mcpu="+chip, "-filetype=obj", ll, "-o", obj)
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		return sir.NewError(module.Loc(), fmt.Sprintf("llc-16 -mcpu=%s failed: %v\n%s", chip, err, errb.String()))
	}
	errb.Reset()
	cmd = exec.Command(lld, "-shared", obj, "-o", path)
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		return sir.NewError(module.Loc(), fmt.Sprintf("ld.lld failed: %v\n%s", err, errb.String()))
	}
	return nil
}

func chipOrNone(chip string) string {
	if chip == "" {
		return "no chip"
	}
	return chip
}
