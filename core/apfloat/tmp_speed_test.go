package apfloat

import (
	"math/rand"
	"testing"
	"time"
)

func TestTmpSpeed(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, sem := range []*Semantics{F32, F64, F80, F128} {
		start := time.Now()
		for i := 0; i < 2000; i++ {
			lo, hi := rand128(r, sem)
			FromBits(sem, lo, hi).MLIRString()
		}
		t.Logf("%s: %v per value", sem.Name(), time.Since(start)/2000)
	}
}
