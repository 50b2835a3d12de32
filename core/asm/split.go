package asm

import "bytes"

// Chunk is one piece of a file split on a marker line.
type Chunk struct {
	// Start and End are byte offsets into the whole buffer.
	Start, End int
	// MarkerEnd is the offset just after the marker that precedes the
	// chunk, or -1 for the first chunk.
	MarkerEnd int
}

// SplitInput splits src at every occurrence of marker (MLIR's default is
// "// -----"), as mlir-opt's --split-input-file does: each chunk after the
// first starts right after a marker.
func SplitInput(src []byte, marker string) []Chunk {
	var chunks []Chunk
	start, markerEnd := 0, -1
	m := []byte(marker)
	for {
		i := bytes.Index(src[start:], m)
		if i < 0 || len(m) == 0 {
			break
		}
		i += start
		chunks = append(chunks, Chunk{Start: start, End: i, MarkerEnd: markerEnd})
		markerEnd = i + len(m)
		start = markerEnd
	}
	return append(chunks, Chunk{Start: start, End: len(src), MarkerEnd: markerEnd})
}
