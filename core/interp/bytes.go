package interp

import "encoding/binary"

// AppendLE appends elements of eb bytes each, little-endian (at most 8),
// to out: the layout of a buffer in device or file memory.
func AppendLE(out []byte, data []uint64, eb int) []byte {
	switch eb {
	case 1:
		for _, x := range data {
			out = append(out, byte(x))
		}
	case 2:
		for _, x := range data {
			out = binary.LittleEndian.AppendUint16(out, uint16(x))
		}
	case 4:
		for _, x := range data {
			out = binary.LittleEndian.AppendUint32(out, uint32(x))
		}
	case 8:
		for _, x := range data {
			out = binary.LittleEndian.AppendUint64(out, x)
		}
	default:
		for _, x := range data {
			for k := range eb {
				out = append(out, byte(x>>(8*k)))
			}
		}
	}
	return out
}

// DecodeLE fills dst with the little-endian elements of eb bytes each (at
// most 8) at the start of b, zero-extended; b holds at least len(dst)
// elements.
func DecodeLE(dst []uint64, b []byte, eb int) {
	switch eb {
	case 1:
		for i := range dst {
			dst[i] = uint64(b[i])
		}
	case 2:
		for i := range dst {
			dst[i] = uint64(binary.LittleEndian.Uint16(b[2*i:]))
		}
	case 4:
		for i := range dst {
			dst[i] = uint64(binary.LittleEndian.Uint32(b[4*i:]))
		}
	case 8:
		for i := range dst {
			dst[i] = binary.LittleEndian.Uint64(b[8*i:])
		}
	default:
		for i := range dst {
			var x uint64
			for k := eb - 1; k >= 0; k-- {
				x = x<<8 | uint64(b[i*eb+k])
			}
			dst[i] = x
		}
	}
}
