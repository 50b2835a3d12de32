// RUN: strata-opt --convert-vector-to-scf %s | FileCheck %s
// RUN: strata-opt --convert-vector-to-scf --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// vector.print of a vector becomes a loop nest printing each element
// without punctuation, with brackets around each dimension and commas
// between elements (upstream's DecomposePrintOpConversion): integers are
// extended to a power-of-two width of at least 8 bits (i1 and unsigned
// ones with zero extension), n-D and 0-D vectors are flattened to 1-D
// with vector.shape_cast and indexed with the linearized position.
// Scalars, strings and punctuation are left alone; constants fold.

// GENERIC: "vector.shape_cast"(%{{.*}}) : (vector<2x2xsi16>) -> vector<4xsi16>

// CHECK-LABEL: func.func @print_1d(%arg0: vector<4xf32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg1 = %c0 to %c4 step %c1 {
// CHECK-NEXT: %0 = vector.extract %arg0[%arg1] : f32 from vector<4xf32>
// CHECK-NEXT: vector.print %0 : f32 punctuation <no_punctuation>
// CHECK-NEXT: %1 = arith.cmpi ult, %arg1, %c3 : index
// CHECK-NEXT: scf.if %1 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print
// CHECK-NEXT: return
// CHECK-LABEL: func.func @print_2d(%arg0: vector<2x3xi32>) {
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.shape_cast %arg0 : vector<2x3xi32> to vector<6xi32>
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg1 = %c0 to %c2 step %c1 {
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg2 = %c0 to %c3 step %c1 {
// CHECK-NEXT: %2 = arith.muli %arg1, %c3 : index
// CHECK-NEXT: %3 = arith.addi %arg2, %2 : index
// CHECK-NEXT: %4 = vector.extract %0[%3] : i32 from vector<6xi32>
// CHECK-NEXT: vector.print %4 : i32 punctuation <no_punctuation>
// CHECK-NEXT: %5 = arith.cmpi ult, %arg2, %c2 : index
// CHECK-NEXT: scf.if %5 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: %1 = arith.cmpi ult, %arg1, %c1 : index
// CHECK-NEXT: scf.if %1 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: return
// CHECK-LABEL: func.func @print_3d(%arg0: vector<2x1x2xf64>) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.shape_cast %arg0 : vector<2x1x2xf64> to vector<4xf64>
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg1 = %c0 to %c2 step %c1 {
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg2 = %c0 to %c1 step %c1 {
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c2 step %c1 {
// CHECK-NEXT: %3 = arith.muli %arg2, %c2 : index
// CHECK-NEXT: %4 = arith.addi %arg3, %3 : index
// CHECK-NEXT: %5 = arith.muli %arg1, %c2 : index
// CHECK-NEXT: %6 = arith.addi %4, %5 : index
// CHECK-NEXT: %7 = vector.extract %0[%6] : f64 from vector<4xf64>
// CHECK-NEXT: vector.print %7 : f64 punctuation <no_punctuation>
// CHECK-NEXT: %8 = arith.cmpi ult, %arg3, %c1 : index
// CHECK-NEXT: scf.if %8 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: %2 = arith.cmpi ult, %arg2, %c0 : index
// CHECK-NEXT: scf.if %2 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: %1 = arith.cmpi ult, %arg1, %c1 : index
// CHECK-NEXT: scf.if %1 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print
// CHECK-NEXT: return
// CHECK-LABEL: func.func @print_0d(%arg0: vector<f32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg1 = %c0 to %c1 step %c1 {
// CHECK-NEXT: %0 = vector.extract %arg0[] : f32 from vector<f32>
// CHECK-NEXT: vector.print %0 : f32 punctuation <no_punctuation>
// CHECK-NEXT: %1 = arith.cmpi ult, %arg1, %c0 : index
// CHECK-NEXT: scf.if %1 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print
// CHECK-NEXT: return
// CHECK-LABEL: func.func @print_i1(%arg0: vector<3xi1>) {
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = arith.extui %arg0 : vector<3xi1> to vector<3xi8>
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg1 = %c0 to %c3 step %c1 {
// CHECK-NEXT: %1 = vector.extract %0[%arg1] : i8 from vector<3xi8>
// CHECK-NEXT: vector.print %1 : i8 punctuation <no_punctuation>
// CHECK-NEXT: %2 = arith.cmpi ult, %arg1, %c2 : index
// CHECK-NEXT: scf.if %2 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print
// CHECK-NEXT: return
// CHECK-LABEL: func.func @print_i3(%arg0: vector<2xi3>) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = arith.extsi %arg0 : vector<2xi3> to vector<2xi8>
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg1 = %c0 to %c2 step %c1 {
// CHECK-NEXT: %1 = vector.extract %0[%arg1] : i8 from vector<2xi8>
// CHECK-NEXT: vector.print %1 : i8 punctuation <no_punctuation>
// CHECK-NEXT: %2 = arith.cmpi ult, %arg1, %c1 : index
// CHECK-NEXT: scf.if %2 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print
// CHECK-NEXT: return
// CHECK-LABEL: func.func @print_ui16(%arg0: vector<2xui16>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg1 = %c0 to %c2 step %c1 {
// CHECK-NEXT: %0 = vector.extract %arg0[%arg1] : ui16 from vector<2xui16>
// CHECK-NEXT: vector.print %0 : ui16 punctuation <no_punctuation>
// CHECK-NEXT: %1 = arith.cmpi ult, %arg1, %c1 : index
// CHECK-NEXT: scf.if %1 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print
// CHECK-NEXT: return
// CHECK-LABEL: func.func @print_si12(%arg0: vector<2x2xsi12>) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = vector.bitcast %arg0 : vector<2x2xsi12> to vector<2x2xi12>
// CHECK-NEXT: %1 = arith.extsi %0 : vector<2x2xi12> to vector<2x2xi16>
// CHECK-NEXT: %2 = vector.bitcast %1 : vector<2x2xi16> to vector<2x2xsi16>
// CHECK-NEXT: %3 = vector.shape_cast %2 : vector<2x2xsi16> to vector<4xsi16>
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg1 = %c0 to %c2 step %c1 {
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg2 = %c0 to %c2 step %c1 {
// CHECK-NEXT: %5 = arith.muli %arg1, %c2 : index
// CHECK-NEXT: %6 = arith.addi %arg2, %5 : index
// CHECK-NEXT: %7 = vector.extract %3[%6] : si16 from vector<4xsi16>
// CHECK-NEXT: vector.print %7 : si16 punctuation <no_punctuation>
// CHECK-NEXT: %8 = arith.cmpi ult, %arg2, %c1 : index
// CHECK-NEXT: scf.if %8 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: %4 = arith.cmpi ult, %arg1, %c1 : index
// CHECK-NEXT: scf.if %4 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print
// CHECK-NEXT: return
// CHECK-LABEL: func.func @print_index(%arg0: vector<2xindex>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg1 = %c0 to %c2 step %c1 {
// CHECK-NEXT: %0 = vector.extract %arg0[%arg1] : index from vector<2xindex>
// CHECK-NEXT: vector.print %0 : index punctuation <no_punctuation>
// CHECK-NEXT: %1 = arith.cmpi ult, %arg1, %c1 : index
// CHECK-NEXT: scf.if %1 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print
// CHECK-NEXT: return
// CHECK-LABEL: func.func @print_f16(%arg0: vector<1xf16>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg1 = %c0 to %c1 step %c1 {
// CHECK-NEXT: %0 = vector.extract %arg0[%arg1] : f16 from vector<1xf16>
// CHECK-NEXT: vector.print %0 : f16 punctuation <no_punctuation>
// CHECK-NEXT: %1 = arith.cmpi ult, %arg1, %c0 : index
// CHECK-NEXT: scf.if %1 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print
// CHECK-NEXT: return
// CHECK-LABEL: func.func @print_scalar(%arg0: f32) {
// CHECK-NEXT: vector.print %arg0 : f32
// CHECK-NEXT: vector.print str "x"
// CHECK-NEXT: vector.print
// CHECK-NEXT: return
// CHECK-LABEL: func.func @print_splat() {
// CHECK-NEXT: %c7_i64 = arith.constant 7 : i64
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg0 = %c0 to %c2 step %c1 {
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: scf.for %arg1 = %c0 to %c2 step %c1 {
// CHECK-NEXT: vector.print %c7_i64 : i64 punctuation <no_punctuation>
// CHECK-NEXT: %1 = arith.cmpi ult, %arg1, %c1 : index
// CHECK-NEXT: scf.if %1 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: %0 = arith.cmpi ult, %arg0, %c1 : index
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print
// CHECK-NEXT: return

func.func @print_1d(%v: vector<4xf32>) {
  vector.print %v : vector<4xf32>
  return
}
func.func @print_2d(%v: vector<2x3xi32>) {
  vector.print %v : vector<2x3xi32> punctuation <comma>
  return
}
func.func @print_3d(%v: vector<2x1x2xf64>) {
  vector.print %v : vector<2x1x2xf64>
  return
}
func.func @print_0d(%v: vector<f32>) {
  vector.print %v : vector<f32>
  return
}
func.func @print_i1(%v: vector<3xi1>) {
  vector.print %v : vector<3xi1>
  return
}
func.func @print_i3(%v: vector<2xi3>) {
  vector.print %v : vector<2xi3>
  return
}
func.func @print_ui16(%v: vector<2xui16>) {
  vector.print %v : vector<2xui16>
  return
}
func.func @print_si12(%v: vector<2x2xsi12>) {
  vector.print %v : vector<2x2xsi12>
  return
}
func.func @print_index(%v: vector<2xindex>) {
  vector.print %v : vector<2xindex>
  return
}
func.func @print_f16(%v: vector<1xf16>) {
  vector.print %v : vector<1xf16>
  return
}
func.func @print_scalar(%s: f32) {
  vector.print %s : f32
  vector.print str "x"
  vector.print
  return
}
func.func @print_splat() {
  %c = arith.constant dense<7> : vector<2x2xi64>
  vector.print %c : vector<2x2xi64>
  return
}
