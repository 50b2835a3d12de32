// A minimal stand-in for MLIR's printMemrefF32 used by the tests: it
// prints the sizes of the memref and then every element in row-major
// order, one per line.
#include <stdint.h>
#include <stdio.h>

struct desc {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t rest[]; // sizes[rank], strides[rank]
};

void printMemrefF32(int64_t rank, struct desc *d) {
  const int64_t *sizes = d->rest, *strides = d->rest + rank;
  int64_t n = 1;
  printf("sizes");
  for (int64_t i = 0; i < rank; i++) {
    printf(" %lld", (long long)sizes[i]);
    n *= sizes[i];
  }
  printf("\n");
  for (int64_t k = 0; k < n; k++) {
    int64_t rem = k, at = d->offset;
    for (int64_t i = rank - 1; i >= 0; i--) {
      at += (rem % sizes[i]) * strides[i];
      rem /= sizes[i];
    }
    printf("%.9g\n", d->aligned[at]);
  }
}

// __truncsfbf2 rounds a float to bf16 (to nearest, ties to even; NaN
// stays NaN), the compiler-rt builtin llc calls for fptrunc to bf16,
// which older libgcc lacks. llc-16 takes the bf16 back in the low 16 bits
// of xmm0.
float __truncsfbf2(float f) {
  union { float f; uint32_t u; } x = {f}, r;
  if ((x.u & 0x7fffffffu) > 0x7f800000u)
    r.u = (x.u >> 16) | 0x40;
  else
    r.u = (x.u + 0x7fffu + ((x.u >> 16) & 1u)) >> 16;
  return r.f;
}
