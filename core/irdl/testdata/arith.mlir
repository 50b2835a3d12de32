// Operations of the arith slice in arith.irdl, in custom and generic form;
// arith.custom.mlir and arith.generic.mlir are what mlir-opt-22 prints.
func.func @ops(%a: i32, %b: i32, %x: f32, %v: vector<4xi32>, %w: vector<4xf32>, %c: vector<4xi1>, %m: memref<4xi32>) -> i32 {
  %0 = "arith.addi"(%a, %b) : (i32, i32) -> i32
  %1 = arith.addi %0, %b overflow<nsw, nuw> : i32
  %2 = arith.subi %1, %a overflow<nuw> : i32
  %3 = arith.muli %2, %2 {tag = "m"} : i32
  %4 = arith.cmpi slt, %a, %b : i32
  %5 = arith.cmpi "sle", %a, %b {foo} : i32
  %6 = arith.cmpi eq, %v, %v : vector<4xi32>
  %c-1 = arith.constant -1 : i32
  %c7 = arith.constant 7 : index
  %t = arith.constant true
  %f = arith.constant false
  %cst = arith.constant 1.5 : f32
  %d = arith.constant dense<1> : vector<4xi32>
  %7 = arith.select %4, %a, %b : i32
  %8 = arith.select %c, %v, %d : vector<4xi1>, vector<4xi32>
  %9 = arith.index_cast %a : i32 to index
  %10 = arith.index_cast %9 : index to i64
  %11 = arith.addf %x, %cst fastmath<fast> : f32
  %12 = arith.mulf %11, %11 fastmath<nnan,ninf> : f32
  %13 = arith.divf %12, %x : f32
  %14 = arith.remf %13, %x fastmath<contract> : f32
  %15 = arith.subf %w, %w : vector<4xf32>
  %16 = arith.cmpf olt, %x, %cst : f32
  %17 = arith.cmpf "true", %w, %w fastmath<fast> : vector<4xf32>
  %18 = arith.maxsi %a, %b : i32
  %19 = arith.minsi %v, %d : vector<4xi32>
  %20 = "arith.muli"(%a, %b) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
  return %7 : i32
}
