// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// Vectors longer than one access move as several 16-byte accesses at
// their offsets: eight f32 as two ld.v4.f32, sixteen bf16 as two packed
// ld.v4.b32, four f64 as two ld.v2.f64; stores the same. Six f32 are
// not a whole number of accesses: element by element.

// CHECK-LABEL: .visible .entry copy8xf32(
// CHECK: ld.global.v4.f32 {{.*}}, {{\[}}[[A:%rd[0-9]+]]{{\]}};
// CHECK-NEXT: ld.global.v4.f32 {{.*}}, {{\[}}[[A]]+16{{\]}};
// CHECK-NOT: ld.global.f32
// CHECK: st.global.v4.f32 {{\[}}[[B:%rd[0-9]+]]{{\]}}, {{.*}};
// CHECK-NEXT: st.global.v4.f32 {{\[}}[[B]]+16{{\]}}, {{.*}};
// CHECK-LABEL: .visible .entry copy16xbf16(
// CHECK: ld.global.v4.b32 {{.*}}, {{\[}}[[A:%rd[0-9]+]]{{\]}};
// CHECK: ld.global.v4.b32 {{.*}}, {{\[}}[[A]]+16{{\]}};
// CHECK-NOT: ld.global.b16
// CHECK: st.global.v4.b32 {{\[}}[[B:%rd[0-9]+]]{{\]}}, {{.*}};
// CHECK: st.global.v4.b32 {{\[}}[[B]]+16{{\]}}, {{.*}};
// CHECK-LABEL: .visible .entry copy4xf64(
// CHECK: ld.global.v2.f64 {{.*}}, {{\[}}[[A:%rd[0-9]+]]{{\]}};
// CHECK-NEXT: ld.global.v2.f64 {{.*}}, {{\[}}[[A]]+16{{\]}};
// CHECK-LABEL: .visible .entry copy6xf32(
// CHECK-COUNT-6: ld.global.f32
module {
  llvm.func @copy8xf32(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %a : !llvm.ptr<1> -> vector<8xf32>
    llvm.store %v, %b : vector<8xf32>, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @copy16xbf16(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %a : !llvm.ptr<1> -> vector<16xbf16>
    llvm.store %v, %b : vector<16xbf16>, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @copy4xf64(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %a : !llvm.ptr<1> -> vector<4xf64>
    llvm.store %v, %b : vector<4xf64>, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @copy6xf32(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %a : !llvm.ptr<1> -> vector<6xf32>
    llvm.store %v, %b : vector<6xf32>, !llvm.ptr<1>
    llvm.return
  }
}
