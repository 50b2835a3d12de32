package asm

import (
	"bufio"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/strata-ir/strata/core/ir"
)

// printSegment is the number of operations of a block that the value
// numbering groups into one segment; a block of two segments or more
// prints in parallel slices of whole segments.
var printSegment = 1 << 14

// forkState is shared by the printers of one parallel print.
type forkState struct {
	// diverged is set when a slice printer met something whose printed
	// form depends on what was printed before it (a distinct attribute
	// or a resource not numbered yet), or failed: the slices are then
	// printed again in order by the top-level printer.
	diverged atomic.Bool
}

// printOpsParallel prints the operations of a block from segs[0].first to
// last (included) in contiguous slices, one per CPU, each into a buffer of
// its own, and writes the buffers in order. Printing an operation reads
// only the names and aliases fixed before printing starts, except for
// distinct attributes and resources, numbered as first printed: a slice
// printer that meets a new one gives up, and the whole range is printed
// again in order.
func (p *printer) printOpsParallel(segs []segment, last *ir.Operation, hasSeq bool) {
	if last == nil {
		return
	}
	// Drop a segment that starts at the terminator left unprinted.
	if n := len(segs); segs[n-1].first == last.Next() {
		segs = segs[:n-1]
	}
	workers := min(runtime.GOMAXPROCS(0), len(segs), 8)
	if workers < 2 {
		p.printOps(segs[0].first, last, segs[0].seq, hasSeq)
		return
	}
	fs := &forkState{}
	bufs := make([]blockWriter, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		lo, hi := w*len(segs)/workers, (w+1)*len(segs)/workers
		end := last
		if hi < len(segs) {
			end = segs[hi].first.Prev()
		}
		c := p.forkPrinter(fs, &bufs[w])
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if recover() != nil {
					fs.diverged.Store(true)
				}
			}()
			c.printOps(segs[lo].first, end, segs[lo].seq, hasSeq)
			c.w.Flush()
		}()
	}
	wg.Wait()
	if fs.diverged.Load() {
		p.printOps(segs[0].first, last, segs[0].seq, hasSeq)
		return
	}
	for i := range bufs {
		for _, b := range bufs[i].blocks {
			p.w.Write(b)
		}
	}
}

// blockWriter collects what is written in blocks of growing size, so that
// a long output is never copied to grow a buffer.
type blockWriter struct{ blocks [][]byte }

// Write appends data.
func (w *blockWriter) Write(data []byte) (int, error) {
	n := len(data)
	for len(data) > 0 {
		if len(w.blocks) == 0 || len(w.blocks[len(w.blocks)-1]) == cap(w.blocks[len(w.blocks)-1]) {
			size := 64 << 10
			if k := len(w.blocks); k > 0 {
				size = min(2*cap(w.blocks[k-1]), 4<<20)
			}
			w.blocks = append(w.blocks, make([]byte, 0, size))
		}
		b := &w.blocks[len(w.blocks)-1]
		m := min(len(data), cap(*b)-len(*b))
		*b = append(*b, data[:m]...)
		data = data[m:]
	}
	return n, nil
}

// forkPrinter returns a printer that prints into buf with p's names,
// aliases and indentation, for one slice of a parallel print.
func (p *printer) forkPrinter(fs *forkState, buf *blockWriter) *printer {
	c := new(printer)
	*c = *p
	c.w = bufio.NewWriterSize(buf, 1<<16)
	c.scratch = nil
	c.fork = fs
	return c
}
