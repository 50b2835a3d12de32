package amdgputorocdl

import (
	"fmt"
	"strconv"
	"strings"
)

// Chipset is an AMDGPU target name split as upstream's amdgpu::Chipset:
// gfx942 is major 9, minor 4, stepping 2 (the last two digits are hex).
type Chipset struct {
	Major, Minor, Stepping int
}

// ParseChipset reads "gfxMAJORminorstepping".
func ParseChipset(name string) (Chipset, error) {
	digits, ok := strings.CutPrefix(name, "gfx")
	if !ok || len(digits) < 3 {
		return Chipset{}, fmt.Errorf("invalid chipset name: %s", name)
	}
	major, err1 := strconv.ParseInt(digits[:len(digits)-2], 10, 32)
	minor, err2 := strconv.ParseInt(digits[len(digits)-2:len(digits)-1], 16, 32)
	step, err3 := strconv.ParseInt(digits[len(digits)-1:], 16, 32)
	if err1 != nil || err2 != nil || err3 != nil {
		return Chipset{}, fmt.Errorf("invalid chipset name: %s", name)
	}
	return Chipset{int(major), int(minor), int(step)}, nil
}

// AtLeast reports whether c is at least major.minor.stepping.
func (c Chipset) AtLeast(major, minor, stepping int) bool {
	if c.Major != major {
		return c.Major > major
	}
	if c.Minor != minor {
		return c.Minor > minor
	}
	return c.Stepping >= stepping
}

// Is reports whether c is exactly major.minor.stepping.
func (c Chipset) Is(major, minor, stepping int) bool {
	return c.Major == major && c.Minor == minor && c.Stepping == stepping
}

// isGfx94x reports gfx940 to gfx942.
func (c Chipset) isGfx94x() bool { return c.Major == 9 && c.Minor == 4 }
