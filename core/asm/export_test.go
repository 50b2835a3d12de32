package asm

// SetPrintSegment sets the number of operations in a segment of parallel
// printing, so that tests print small blocks in parallel, and returns a
// function that restores it.
func SetPrintSegment(n int) (restore func()) {
	old := printSegment
	printSegment = n
	return func() { printSegment = old }
}
