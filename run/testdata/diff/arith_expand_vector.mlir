// Ceil and floor divisions and extended multiplications on 1-D, 2-D,
// 0-D and index vectors, expanded by convert-arith-to-llvm; the values
// come through a call so that they are not folded away.
func.func @compute(%a: vector<4xi32>, %b: vector<4xi32>, %m: vector<2x3xi16>, %n: vector<2x3xi16>,
                   %x: vector<3xindex>, %y: vector<3xindex>, %z: vector<i8>, %w: vector<i8>) {
  %0 = arith.ceildivsi %a, %b : vector<4xi32>
  vector.print %0 : vector<4xi32>
  %1 = arith.ceildivui %a, %b : vector<4xi32>
  vector.print %1 : vector<4xi32>
  %2 = arith.floordivsi %a, %b : vector<4xi32>
  vector.print %2 : vector<4xi32>
  %3:2 = arith.mulsi_extended %a, %b : vector<4xi32>
  vector.print %3#0 : vector<4xi32>
  vector.print %3#1 : vector<4xi32>
  %4:2 = arith.mului_extended %a, %b : vector<4xi32>
  vector.print %4#0 : vector<4xi32>
  vector.print %4#1 : vector<4xi32>
  %5 = arith.ceildivsi %m, %n : vector<2x3xi16>
  vector.print %5 : vector<2x3xi16>
  %6 = arith.ceildivui %m, %n : vector<2x3xi16>
  vector.print %6 : vector<2x3xi16>
  %7 = arith.floordivsi %m, %n : vector<2x3xi16>
  vector.print %7 : vector<2x3xi16>
  %8 = arith.ceildivsi %x, %y : vector<3xindex>
  vector.print %8 : vector<3xindex>
  %9 = arith.floordivsi %x, %y : vector<3xindex>
  vector.print %9 : vector<3xindex>
  %10 = arith.ceildivui %x, %y : vector<3xindex>
  vector.print %10 : vector<3xindex>
  %11 = arith.floordivsi %z, %w : vector<i8>
  vector.print %11 : vector<i8>
  %12:2 = arith.mulsi_extended %z, %w : vector<i8>
  vector.print %12#0 : vector<i8>
  vector.print %12#1 : vector<i8>
  %13:2 = arith.mului_extended %z, %w : vector<i8>
  vector.print %13#1 : vector<i8>
  return
}

func.func @main() {
  %a = arith.constant dense<[7, -7, 2147483647, 0]> : vector<4xi32>
  %b = arith.constant dense<[2, 2, -3, 5]> : vector<4xi32>
  %m = arith.constant dense<[[9, -9, 10], [-10, 32767, -32768]]> : vector<2x3xi16>
  %n = arith.constant dense<[[4, 4, -3], [-3, 2, 7]]> : vector<2x3xi16>
  %x = arith.constant dense<[11, 12, 5]> : vector<3xindex>
  %y = arith.constant dense<[4, 3, 7]> : vector<3xindex>
  %z = arith.constant dense<-13> : vector<i8>
  %w = arith.constant dense<5> : vector<i8>
  func.call @compute(%a, %b, %m, %n, %x, %y, %z, %w)
    : (vector<4xi32>, vector<4xi32>, vector<2x3xi16>, vector<2x3xi16>, vector<3xindex>, vector<3xindex>, vector<i8>, vector<i8>) -> ()
  return
}
