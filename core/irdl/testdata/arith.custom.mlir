module {
  func.func @ops(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: vector<4xi32>, %arg4: vector<4xf32>, %arg5: vector<4xi1>, %arg6: memref<4xi32>) -> i32 {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = arith.addi %0, %arg1 overflow<nsw, nuw> : i32
    %2 = arith.subi %1, %arg0 overflow<nuw> : i32
    %3 = arith.muli %2, %2 {tag = "m"} : i32
    %4 = arith.cmpi slt, %arg0, %arg1 : i32
    %5 = arith.cmpi sle, %arg0, %arg1 {foo} : i32
    %6 = arith.cmpi eq, %arg3, %arg3 : vector<4xi32>
    %c-1_i32 = arith.constant -1 : i32
    %c7 = arith.constant 7 : index
    %true = arith.constant true
    %false = arith.constant false
    %cst = arith.constant 1.500000e+00 : f32
    %cst_0 = arith.constant dense<1> : vector<4xi32>
    %7 = arith.select %4, %arg0, %arg1 : i32
    %8 = arith.select %arg5, %arg3, %cst_0 : vector<4xi1>, vector<4xi32>
    %9 = arith.index_cast %arg0 : i32 to index
    %10 = arith.index_cast %9 : index to i64
    %11 = arith.addf %arg2, %cst fastmath<fast> : f32
    %12 = arith.mulf %11, %11 fastmath<nnan,ninf> : f32
    %13 = arith.divf %12, %arg2 : f32
    %14 = arith.remf %13, %arg2 fastmath<contract> : f32
    %15 = arith.subf %arg4, %arg4 : vector<4xf32>
    %16 = arith.cmpf olt, %arg2, %cst : f32
    %17 = arith.cmpf true, %arg4, %arg4 fastmath<fast> : vector<4xf32>
    %18 = arith.maxsi %arg0, %arg1 : i32
    %19 = arith.minsi %arg3, %cst_0 : vector<4xi32>
    %20 = arith.muli %arg0, %arg1 overflow<nsw> : i32
    return %7 : i32
  }
}

