package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/run"
)

// randomDescr is the NumPy dtype of an element type for which
// writeInputs makes random arrays (see run.NPYDescr), or false.
func randomDescr(t ir.Type) (string, bool) {
	d, ok := run.NPYDescr(t)
	switch d {
	case "<f2", "<u2", "<f4", "<f8", "<i4", "<i8":
		return d, ok
	}
	return "", false
}

// writeInputs writes a random array of each type, normally distributed
// for floats and in [-8, 8) for integers, as in<N>.npy under dir.
func writeInputs(dir string, types []ir.ShapedType) ([]string, error) {
	rng := rand.New(rand.NewSource(1))
	var files []string
	for i, t := range types {
		shape, _ := t.ShapeDims()
		n := int64(1)
		for _, d := range shape {
			n *= d
		}
		descr, _ := randomDescr(t.ElementType())
		size, _ := strconv.Atoi(descr[2:])
		data := make([]byte, n*int64(size))
		for j := int64(0); j < n; j++ {
			x := rng.NormFloat64()
			b := data[j*int64(size):]
			switch descr {
			case "<f2":
				binary.LittleEndian.PutUint16(b, f32ToF16(float32(x)))
			case "<u2":
				binary.LittleEndian.PutUint16(b, f32ToBF16(float32(x)))
			case "<f4":
				binary.LittleEndian.PutUint32(b, math.Float32bits(float32(x)))
			case "<f8":
				binary.LittleEndian.PutUint64(b, math.Float64bits(x))
			case "<i4":
				binary.LittleEndian.PutUint32(b, uint32(int32(rng.Intn(16)-8)))
			case "<i8":
				binary.LittleEndian.PutUint64(b, uint64(int64(rng.Intn(16)-8)))
			}
		}
		path := filepath.Join(dir, fmt.Sprintf("in%d.npy", i))
		if err := os.WriteFile(path, append(run.NPYHeader(descr, shape), data...), 0o644); err != nil {
			return nil, err
		}
		files = append(files, path)
	}
	return files, nil
}

var descrRE = regexp.MustCompile(`'descr'\s*:\s*'([^']*)'`)

// readNPY reads a .npy array of floats or integers as float64s (a <u2
// array as bf16 patterns).
func readNPY(path string) ([]float64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(data) < 10 || string(data[:6]) != "\x93NUMPY" {
		return nil, fmt.Errorf("%s: not a .npy file", path)
	}
	var hlen, start int
	if data[6] == 1 {
		hlen, start = int(binary.LittleEndian.Uint16(data[8:])), 10
	} else {
		if len(data) < 12 {
			return nil, fmt.Errorf("%s: truncated header", path)
		}
		hlen, start = int(binary.LittleEndian.Uint32(data[8:])), 12
	}
	if start+hlen > len(data) {
		return nil, fmt.Errorf("%s: truncated header", path)
	}
	m := descrRE.FindStringSubmatch(string(data[start : start+hlen]))
	if m == nil {
		return nil, fmt.Errorf("%s: no dtype", path)
	}
	body := data[start+hlen:]
	var size int
	var dec func([]byte) float64
	switch m[1] {
	case "<f2":
		size, dec = 2, func(b []byte) float64 { return float64(f16ToF32(binary.LittleEndian.Uint16(b))) }
	case "<u2":
		size, dec = 2, func(b []byte) float64 {
			return float64(math.Float32frombits(uint32(binary.LittleEndian.Uint16(b)) << 16))
		}
	case "<f4":
		size, dec = 4, func(b []byte) float64 { return float64(math.Float32frombits(binary.LittleEndian.Uint32(b))) }
	case "<f8":
		size, dec = 8, func(b []byte) float64 { return math.Float64frombits(binary.LittleEndian.Uint64(b)) }
	case "<i4":
		size, dec = 4, func(b []byte) float64 { return float64(int32(binary.LittleEndian.Uint32(b))) }
	case "<i8":
		size, dec = 8, func(b []byte) float64 { return float64(int64(binary.LittleEndian.Uint64(b))) }
	default:
		return nil, fmt.Errorf("%s: unsupported dtype %s", path, m[1])
	}
	out := make([]float64, len(body)/size)
	for i := range out {
		out[i] = dec(body[i*size:])
	}
	return out, nil
}

// f32ToBF16 rounds to the nearest bf16, ties to even.
func f32ToBF16(f float32) uint16 {
	b := math.Float32bits(f)
	if f != f {
		return uint16(b>>16) | 0x40
	}
	return uint16((b + 0x7fff + (b>>16)&1) >> 16)
}

// f32ToF16 rounds to the nearest f16, ties to even (normal values and
// zero; smaller magnitudes flush to zero, larger saturate to infinity).
func f32ToF16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int((b>>23)&0xff) - 127 + 15
	man := b & 0x7fffff
	switch {
	case exp <= 0:
		return sign
	case exp >= 31:
		return sign | 0x7c00
	}
	h := uint32(exp)<<10 | man>>13
	rest := man & 0x1fff
	if rest > 0x1000 || rest == 0x1000 && h&1 == 1 {
		h++
	}
	if h >= 0x7c00 {
		return sign | 0x7c00
	}
	return sign | uint16(h)
}

// f16ToF32 widens an f16 exactly.
func f16ToF32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	man := uint32(h & 0x3ff)
	switch {
	case exp == 0 && man == 0:
		return math.Float32frombits(sign)
	case exp == 0:
		return float32(math.Copysign(float64(man)*math.Pow(2, -24), float64(int32(sign)|1)))
	case exp == 31:
		return math.Float32frombits(sign | 0x7f800000 | man<<13)
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | man<<13)
}
