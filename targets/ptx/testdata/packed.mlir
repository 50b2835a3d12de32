// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// Vectors of 16-bit elements move as 32-bit words: eight bf16 in one
// 16-byte access (ld.v4.b32), each word unpacked into two halves; four
// f16 as ld.v2.b32; stores pack the halves again.

// CHECK-LABEL: .visible .entry copy8(
// CHECK: ld.global.v4.b32 {[[W0:%r[0-9]+]], [[W1:%r[0-9]+]], [[W2:%r[0-9]+]], [[W3:%r[0-9]+]]}, [{{%rd[0-9]+}}];
// CHECK-NEXT: mov.b32 {[[H0:%rs[0-9]+]], [[H1:%rs[0-9]+]]}, [[W0]];
// CHECK: mov.b32 {{%r[0-9]+}}, {[[H0]], [[H1]]};
// CHECK: st.global.v4.b32 [{{%rd[0-9]+}}], {
// CHECK-LABEL: .visible .entry copy4(
// CHECK: ld.global.v2.b32 {
// CHECK: st.global.v2.b32 [
module {
  llvm.func @copy8(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %a : !llvm.ptr<1> -> vector<8xbf16>
    llvm.store %v, %b : vector<8xbf16>, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @copy4(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %a : !llvm.ptr<1> -> vector<4xf16>
    llvm.store %v, %b : vector<4xf16>, !llvm.ptr<1>
    llvm.return
  }
}
