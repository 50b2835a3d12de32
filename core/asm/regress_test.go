package asm_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/strata-ir/strata/all"
	"github.com/strata-ir/strata/core/ir"
	"github.com/strata-ir/strata/opt"
)

// regressCase is an input whose generic output (or first error line) was
// recorded from mlir-opt-22 reading it on stdin:
//
//	mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic [--mlir-print-debuginfo] < in
//
// Each case is a bug found by the random program generator
// (internal/irgen) and its differential test.
type regressCase struct {
	name    string
	in      string
	debug   bool
	want    string // expected stdout when the input is accepted
	wantErr string // expected first stderr line when it is rejected
}

var regressCases = []regressCase{
	{
		name: "float_literal_overflow_is_inf",
		in: `"t.op"() {a = 1.0e400 : f64, b = -1.0e400 : f32, c = dense<1.0e400> : tensor<2xf16>} : () -> ()
`,
		want: `"builtin.module"() ({
  "t.op"() {a = 0x7FF0000000000000 : f64, b = 0xFF800000 : f32, c = dense<0x7C00> : tensor<2xf16>} : () -> ()
}) : () -> ()

`,
	},
	{
		name: "integer_set_le_constraint",
		in: `"t.op"() {a = affine_set<(d0)[s0] : (d0 <= 5, d0 * 2 <= s0, d0 >= 1)>} : () -> ()
`,
		want: `#set = affine_set<(d0)[s0] : (-d0 + 5 >= 0, d0 * -2 + s0 >= 0, d0 - 1 >= 0)>
"builtin.module"() ({
  "t.op"() {a = #set} : () -> ()
}) : () -> ()

`,
	},
	{
		name: "forward_ref_scoped_to_region",
		in: `"t.op"() ({
  %0 = "t.a"(%0) : (i32) -> i32
}, {
  %0 = "t.b"() : () -> i64
  "t.c"(%1) : (i1) -> ()
  %1 = "t.d"() : () -> i1
}) : () -> ()
`,
		want: `"builtin.module"() ({
  "t.op"() ({
    %2 = "t.a"(%2) : (i32) -> i32
  }, {
    %0 = "t.b"() : () -> i64
    "t.c"(%1) : (i1) -> ()
    %1 = "t.d"() : () -> i1
  }) : () -> ()
}) : () -> ()

`,
	},
	{
		name: "empty_file_name_is_dash",
		in: `"t.op"() {a = loc("":1:2), b = loc("":1:2 to 3:4), c = loc(""(unknown)), d = loc(callsite("" at "":5:6))} : () -> () loc("":7:8)
`,
		debug: true,
		want: `#loc2 = loc("-":1:2)
#loc3 = loc("":1:2 to 3:4)
#loc4 = loc("")
#loc5 = loc("-":5:6)
#loc6 = loc(callsite(#loc4 at #loc5))
"builtin.module"() ({
  "t.op"() {a = #loc2, b = #loc3, c = #loc4, d = #loc6} : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("<stdin>":0:0)
#loc1 = loc("-":7:8)

`,
	},
	{
		name: "loc_spellings_stay_distinct",
		in: `"t.op"() {d = loc("x":5), e = loc("x":5:0), f = loc("x":1:2 to 1:2), g = loc("x":1:2 to :2), h = loc("x":1:2), i = loc("x":1:2 to :4), j = loc("x":1:2 to 1:4)} : () -> ()
`,
		want: `#loc = loc("x":5:0)
#loc1 = loc("x":5:0)
#loc2 = loc("x":1:2)
#loc3 = loc("x":1:2)
#loc4 = loc("x":1:2)
#loc5 = loc("x":1:2 to :4)
#loc6 = loc("x":1:2 to :4)
"builtin.module"() ({
  "t.op"() {d = #loc, e = #loc1, f = #loc2, g = #loc3, h = #loc4, i = #loc5, j = #loc6} : () -> ()
}) : () -> ()

`,
	},
	{
		name: "distinct_unit_prints_inline",
		in: `"t.op"() {a = distinct[7]<>, b = distinct[3]<1 : i32>, c = [distinct[9]<>, distinct[7]<>]} : () -> ()
`,
		want: `#distinct = distinct[0]<1 : i32>
"builtin.module"() ({
  "t.op"() {a = distinct[1]<>, b = #distinct, c = [distinct[2]<>, distinct[1]<>]} : () -> ()
}) : () -> ()

`,
	},
	{
		name: "preds_counted_per_edge",
		in: `"t.op"() ({
  "t.br"()[^bb1, ^bb1] : () -> ()
^bb1:
  "t.br"()[^bb2] : () -> ()
^bb2:
  "t.ret"() : () -> ()
}) : () -> ()
`,
		want: `"builtin.module"() ({
  "t.op"() ({
    "t.br"()[^bb1, ^bb1] : () -> ()
  ^bb1:  // 2 preds: ^bb0, ^bb0
    "t.br"()[^bb2] : () -> ()
  ^bb2:  // pred: ^bb1
    "t.ret"() : () -> ()
  }) : () -> ()
}) : () -> ()

`,
	},
	{
		name: "f64_hex_keeps_type_in_array",
		in: `"t.op"() {a = [0x7FF8000000000000 : f64, 1.0 : f64, 0x7FC00000 : f32], b = 0x7FF0000000000000 : f64} : () -> ()
`,
		want: `"builtin.module"() ({
  "t.op"() {a = [0x7FF8000000000000 : f64, 1.000000e+00, 0x7FC00000 : f32], b = 0x7FF0000000000000 : f64} : () -> ()
}) : () -> ()

`,
	},
	{
		name: "memref_unsupported_memory_space",
		in: `"t.op"() {a = memref<4xf32, #t.x>} : () -> ()
`,
		wantErr: `<stdin>:1:15: error: unsupported memory space Attribute`,
	},
	{
		name: "unranked_memref_unsupported_memory_space",
		in: `"t.op"() {a = memref<*xf32, [1]>} : () -> ()
`,
		wantErr: `<stdin>:1:15: error: unsupported memory space Attribute`,
	},
	{
		name: "memref_strides_rank_mismatch",
		in: `"t.op"() {a = memref<4xf32, strided<[1, 2]>>} : () -> ()
`,
		wantErr: `<stdin>:1:15: error: expected the number of strides to match the rank`,
	},
	{
		name: "memref_affine_layout_rank_mismatch",
		in: `"t.op"() {a = memref<4xf32, affine_map<(d0, d1) -> (d0)>>} : () -> ()
`,
		wantErr: `<stdin>:1:15: error: memref layout mismatch between rank and affine map: 1 != 2`,
	},
	{
		name: "sparse_index_out_of_shape",
		in: `"t.op"() {a = sparse<[[5, 0]], [1]> : tensor<3x4xi32>} : () -> ()
`,
		wantErr: `<stdin>:1:15: error: sparse index #0 is not contained within the value shape, with index=[5, 0], and type='tensor<3x4xi32>'`,
	},
	{
		name: "sparse_negative_splat_index",
		in: `"t.op"() {a = sparse<-1, [1]> : tensor<4xi32>} : () -> ()
`,
		wantErr: `<stdin>:1:15: error: sparse index #0 is not contained within the value shape, with index=[18446744073709551615], and type='tensor<4xi32>'`,
	},
	{
		name: "sparse_values_not_1d",
		in: `"t.op"() {a = sparse<[[0, 0]], [[1]]> : tensor<3x4xi32>} : () -> ()
`,
		wantErr: `<stdin>:1:15: error: expected 1-d tensor for sparse element values`,
	},
	{
		name: "sparse_shape_mismatch",
		in: `"t.op"() {a = sparse<[[0, 0]], [1, 2]> : tensor<3x4xi32>} : () -> ()
`,
		wantErr: `<stdin>:1:15: error: expected shape ([3, 4]); inferred shape of indices literal ([1, 2]); inferred shape of values literal ([2])`,
	},
	{
		name: "sparse_empty_lists_rank_2",
		in: `"t.op"() {a = sparse<[], []> : tensor<3x4xi32>} : () -> ()
`,
		wantErr: `<stdin>:1:15: error: expected shape ([3, 4]); inferred shape of indices literal ([0]); inferred shape of values literal ([0])`,
	},
	{
		name: "sparse_valid",
		in: `"t.op"() {a = sparse<[1, 2], [1, 2]> : tensor<4xi32>, b = sparse<[[0, 1], [2, 3]], 5> : tensor<3x4xi32>, c = sparse<> : tensor<3x4xi32>} : () -> ()
`,
		want: `"builtin.module"() ({
  "t.op"() {a = sparse<[1, 2], [1, 2]> : tensor<4xi32>, b = sparse<[[0, 1], [2, 3]], 5> : tensor<3x4xi32>, c = sparse<> : tensor<3x4xi32>} : () -> ()
}) : () -> ()

`,
	},
	{
		name: "resource_keys_quoted_when_not_bare",
		in: `"t.op"() {a = dense_resource<"a b"> : tensor<2xi8>, b = dense_resource<"q\"\C3\A9"> : tensor<1xi8>, c = dense_resource<"k1"> : tensor<1xi8>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      "a b": "0x020000000102",
      "q\"\C3\A9": "0x0100000005",
      "k1": "0x0100000006"
    }
  },
  external_resources: {
    mygroup: {
      "x y": true,
      "": "s"
    }
  }
#-}
`,
		want: `"builtin.module"() ({
  "t.op"() {a = dense_resource<"a b"> : tensor<2xi8>, b = dense_resource<"q\22\C3\A9"> : tensor<1xi8>, c = dense_resource<k1> : tensor<1xi8>} : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      "a b": "0x020000000102",
      "q\22\C3\A9": "0x0100000005",
      k1: "0x0100000006"
    }
  },
  external_resources: {
    mygroup: {
      "x y": true,
      "": "s"
    }
  }
#-}

`,
	},
	f80DenseHexCase(),
}

// f80DenseHexCase is a non-splat f80 dense literal of more than 100
// elements, printed as hex: its elements are stored through an APFloat, so
// the unnormal 0x753C0F16262E450F0209 is stored as the NaN
// 0x7FFF0F16262E450F0209 LLVM reads it as.
func f80DenseHexCase() regressCase {
	elems := strings.Repeat("0x753C0F16262E450F0209, 0x0, ", 51)
	elems = strings.TrimSuffix(elems, ", ")
	hex := strings.Repeat("09020F452E26160FFF7F"+"00000000000000000000", 51)
	return regressCase{
		name: "f80_dense_hex_elements_canonical",
		in:   `"t.op"() {a = dense<[` + elems + `]> : tensor<102xf80>} : () -> ()` + "\n",
		want: `"builtin.module"() ({` + "\n" +
			`  "t.op"() {a = dense<"0x` + hex + `"> : tensor<102xf80>} : () -> ()` + "\n" +
			`}) : () -> ()` + "\n\n",
	}
}

func TestRegressGeneric(t *testing.T) {
	for _, c := range regressCases {
		t.Run(c.name, func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			args := []string{"--allow-unregistered-dialect", "--mlir-print-op-generic"}
			if c.debug {
				args = append(args, "--mlir-print-debuginfo")
			}
			var out, errb bytes.Buffer
			code := opt.Run(ctx, args, opt.Stdio{In: strings.NewReader(c.in), Out: &out, Err: &errb})
			if c.wantErr != "" {
				first, _, _ := strings.Cut(errb.String(), "\n")
				if code == 0 || first != c.wantErr {
					t.Fatalf("exit %d, first error line:\n%s\nwant:\n%s", code, first, c.wantErr)
				}
				return
			}
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errb.String())
			}
			if got := out.String(); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}
