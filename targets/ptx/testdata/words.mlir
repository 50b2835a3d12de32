// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// A bitcast of eight bf16 to four 32-bit words reuses the words a load
// unpacked them from (no pack waits on the load); other pairs are packed,
// and words to halves unpacked, with vector moves.

// CHECK-LABEL: .visible .entry keep(
// CHECK: ld.global.v4.b32 {[[W0:%r[0-9]+]], [[W1:%r[0-9]+]], [[W2:%r[0-9]+]], [[W3:%r[0-9]+]]}, [{{%rd[0-9]+}}];
// CHECK-NOT: mov.b32 {{%r[0-9]+}}, {
// CHECK: st.global.v4.u32 [{{%rd[0-9]+}}], {[[W0]], [[W1]], [[W2]], [[W3]]};
// CHECK-LABEL: .visible .entry pack(
// CHECK: mov.b32 {{%r[0-9]+}}, {{[{]%rs[0-9]+}}, {{%rs[0-9]+[}]}};
// CHECK-LABEL: .visible .entry unpack(
// CHECK: ld.global.v4.u32 {[[U0:%r[0-9]+]],
// CHECK: mov.b32 {{[{]%rs[0-9]+}}, {{%rs[0-9]+[}]}}, [[U0]];
module {
  llvm.func @keep(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %a : !llvm.ptr<1> -> vector<8xbf16>
    %w = llvm.bitcast %v : vector<8xbf16> to vector<4xi32>
    llvm.store %w, %b : vector<4xi32>, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @pack(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %a : !llvm.ptr<1> -> vector<2xf32>
    %h = llvm.fptrunc %v : vector<2xf32> to vector<2xbf16>
    %s = llvm.shufflevector %h, %h [0, 1, 0, 1] : vector<2xbf16>
    %w = llvm.bitcast %s : vector<4xbf16> to vector<2xi32>
    llvm.store %w, %b : vector<2xi32>, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @unpack(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %w = llvm.load %a : !llvm.ptr<1> -> vector<4xi32>
    %v = llvm.bitcast %w : vector<4xi32> to vector<8xbf16>
    llvm.store %v, %b : vector<8xbf16>, !llvm.ptr<1>
    llvm.return
  }
}
