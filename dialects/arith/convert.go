package arith

import "github.com/strata-ir/strata/core/ir"

// ConversionOpName returns the name of the arith operation that converts
// a scalar (or the elements of a vector or tensor) of type from to type
// to, as MLIR's convertScalarToDtype chooses it: extf or truncf between
// floats, fptosi or fptoui and sitofp or uitofp between floats and
// integers, extsi, extui or trunci between integers, and index_cast from
// index. unsigned selects the unsigned forms. It returns ""
// when the two types are of the same kind and width (nothing to convert)
// or when arith has no conversion between them.
func ConversionOpName(from, to ir.Type, unsigned bool) string {
	switch t := to.(type) {
	case *ir.IntegerType:
		switch f := from.(type) {
		case *ir.FloatType:
			return pick(unsigned, FptouiOpName, FptosiOpName)
		case *ir.IndexType:
			return IndexCastOpName
		case *ir.IntegerType:
			switch {
			case t.Width > f.Width:
				return pick(unsigned, ExtuiOpName, ExtsiOpName)
			case t.Width < f.Width:
				return TrunciOpName
			}
		}
	case *ir.FloatType:
		switch f := from.(type) {
		case *ir.IntegerType:
			return pick(unsigned, UitofpOpName, SitofpOpName)
		case *ir.FloatType:
			switch {
			case t.Width() > f.Width():
				return ExtfOpName
			case t.Width() < f.Width():
				return TruncfOpName
			}
		}
	}
	return ""
}

func pick(unsigned bool, u, s string) string {
	if unsigned {
		return u
	}
	return s
}
