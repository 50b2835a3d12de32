//go:build !linux

package interp

// physicalMemory returns 0: the machine's memory is not known here, and
// MaxBufferElements alone bounds an allocation.
func physicalMemory() uint64 { return 0 }
