package interp

import "syscall"

// physicalMemory returns the machine's physical memory in bytes, or 0 when
// it is not known.
func physicalMemory() uint64 {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit)
}
