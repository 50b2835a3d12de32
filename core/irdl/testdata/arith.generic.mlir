"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32, f32, vector<4xi32>, vector<4xf32>, vector<4xi1>, memref<4xi32>) -> i32, sym_name = "ops"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: vector<4xi32>, %arg4: vector<4xf32>, %arg5: vector<4xi1>, %arg6: memref<4xi32>):
    %0 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %1 = "arith.addi"(%0, %arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
    %2 = "arith.subi"(%1, %arg0) <{overflowFlags = #arith.overflow<nuw>}> : (i32, i32) -> i32
    %3 = "arith.muli"(%2, %2) <{overflowFlags = #arith.overflow<none>}> {tag = "m"} : (i32, i32) -> i32
    %4 = "arith.cmpi"(%arg0, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %5 = "arith.cmpi"(%arg0, %arg1) <{predicate = 3 : i64}> {foo} : (i32, i32) -> i1
    %6 = "arith.cmpi"(%arg3, %arg3) <{predicate = 0 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
    %7 = "arith.constant"() <{value = -1 : i32}> : () -> i32
    %8 = "arith.constant"() <{value = 7 : index}> : () -> index
    %9 = "arith.constant"() <{value = true}> : () -> i1
    %10 = "arith.constant"() <{value = false}> : () -> i1
    %11 = "arith.constant"() <{value = 1.500000e+00 : f32}> : () -> f32
    %12 = "arith.constant"() <{value = dense<1> : vector<4xi32>}> : () -> vector<4xi32>
    %13 = "arith.select"(%4, %arg0, %arg1) : (i1, i32, i32) -> i32
    %14 = "arith.select"(%arg5, %arg3, %12) : (vector<4xi1>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
    %15 = "arith.index_cast"(%arg0) : (i32) -> index
    %16 = "arith.index_cast"(%15) : (index) -> i64
    %17 = "arith.addf"(%arg2, %11) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    %18 = "arith.mulf"(%17, %17) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
    %19 = "arith.divf"(%18, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %20 = "arith.remf"(%19, %arg2) <{fastmath = #arith.fastmath<contract>}> : (f32, f32) -> f32
    %21 = "arith.subf"(%arg4, %arg4) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %22 = "arith.cmpf"(%arg2, %11) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
    %23 = "arith.cmpf"(%arg4, %arg4) <{fastmath = #arith.fastmath<fast>, predicate = 15 : i64}> : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>
    %24 = "arith.maxsi"(%arg0, %arg1) : (i32, i32) -> i32
    %25 = "arith.minsi"(%arg3, %12) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
    %26 = "arith.muli"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    "func.return"(%13) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

