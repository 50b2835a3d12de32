package cuda_test

import (
	"bytes"
	"errors"
	"math/rand"
	"testing"

	"github.com/strata-ir/strata/internal/testutil"
	"github.com/strata-ir/strata/targets/cuda"
)

// open opens device 0, or skips: always in CI, which has no GPU, and
// where no driver is installed.
func open(t *testing.T) *cuda.Device {
	t.Helper()
	if testutil.InCI() {
		t.Skip("CI has no GPU: run scripts/gpu-test.sh on a machine with one")
	}
	d, err := cuda.Open(0)
	if err != nil {
		t.Skipf("no CUDA device (%v): run scripts/gpu-test.sh on a machine with one", err)
	}
	t.Cleanup(d.Close)
	return d
}

func TestNoDriver(t *testing.T) {
	d, err := cuda.Open(0)
	if err == nil {
		d.Close()
		t.Skip("a CUDA driver is installed")
	}
	if !errors.Is(err, cuda.ErrNoDriver) {
		t.Skipf("the driver is installed but fails: %v", err)
	}
}

// TestCopies copies random bytes to the device and back, from several
// goroutines, and sets words.
func TestCopies(t *testing.T) {
	d := open(t)
	t.Logf("%s, compute capability %d.%d, driver %d", d.Name, d.Major, d.Minor, d.DriverVersion)
	done := make(chan error)
	for g := range 4 {
		go func() {
			src := make([]byte, 1<<20+g)
			rand.New(rand.NewSource(int64(g))).Read(src)
			p, err := d.Alloc(int64(len(src)))
			if err != nil {
				done <- err
				return
			}
			defer d.Free(p)
			if err := d.CopyToDevice(p, src, cuda.Stream{}); err != nil {
				done <- err
				return
			}
			back := make([]byte, len(src))
			if err := d.CopyFromDevice(back, p, cuda.Stream{}); err != nil {
				done <- err
				return
			}
			if !bytes.Equal(src, back) {
				done <- errors.New("the bytes came back changed")
				return
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
	p, err := d.Alloc(64)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Free(p)
	if err := d.Memset32(p, 0xdeadbeef, 16); err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 64)
	if err := d.CopyFromDevice(b, p, cuda.Stream{}); err != nil {
		t.Fatal(err)
	}
	if b[0] != 0xef || b[63] != 0xde {
		t.Errorf("memset wrote % x", b[:8])
	}
}

// TestJITLog checks that a module the JIT rejects is an error carrying
// the JIT's log.
func TestJITLog(t *testing.T) {
	d := open(t)
	_, _, err := d.LoadModule([]byte(".version 8.0\n.target sm_90a\n.address_size 64\n.visible .entry k() { bogus.instruction; }\n"))
	var ce *cuda.Error
	if !errors.As(err, &ce) {
		t.Fatalf("got %v, want a *cuda.Error", err)
	}
	if ce.Name != "CUDA_ERROR_INVALID_PTX" || ce.Log == "" {
		t.Errorf("error %s with log %q", ce.Name, ce.Log)
	}
	t.Log(err)
}

// TestTensorMap encodes a tiled tensor map of a 128x128 bf16 matrix with
// 64x64 boxes, as the bulk tensor copies read it.
func TestTensorMap(t *testing.T) {
	d := open(t)
	p, err := d.Alloc(128 * 128 * 2)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Free(p)
	const bfloat16 = 9
	m, err := d.EncodeTiled(cuda.TensorMapTiled{DataType: bfloat16, Address: p, Dims: []uint64{128, 128},
		Strides: []uint64{256}, Box: []uint64{64, 64}})
	if err != nil {
		t.Fatal(err)
	}
	if m == (cuda.TensorMap{}) {
		t.Error("the tensor map is all zeros")
	}
	if _, err := d.EncodeTiled(cuda.TensorMapTiled{DataType: bfloat16, Address: p, Dims: []uint64{128, 128},
		Strides: []uint64{255}, Box: []uint64{64, 64}}); err == nil {
		t.Error("a stride that is not a multiple of 16 bytes was accepted")
	}
	limit, err := d.SharedLimit()
	if err != nil || limit < 48<<10 {
		t.Errorf("shared memory limit %d (%v)", limit, err)
	}
	t.Logf("opt-in shared memory per block: %d bytes", limit)
}
