// SIGNATURE: reparse: constant too large for index
// PIPELINE: builtin.module(linalg-generalize-named-ops)
"t.s"() {a = affine_set<(d0) : (d0 - 1 >= 9223372036854775807)>} : () -> ()
