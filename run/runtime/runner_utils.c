/*
 * The runner utilities of Strata's CPU engine: the functions that programs
 * lowered to the LLVM dialect call to print values and copy memrefs, with
 * the C ABI and the output of MLIR's runner utilities
 * (libmlir_c_runner_utils and libmlir_runner_utils), so that a program
 * prints the same bytes under `strata-run --engine=cpu`, under the
 * interpreter (interp/runner) and under mlir-runner.
 *
 * Memrefs arrive as upstream's descriptors. A ranked descriptor of rank R
 * is laid out as
 *
 *     { T *allocated; T *aligned; int64_t offset;
 *       int64_t sizes[R]; int64_t strides[R]; }
 *
 * and an unranked memref is { int64_t rank; void *descriptor; }, passed
 * either as its two fields (printMemrefF32(rank, descriptor)) or, for the
 * `_mlir_ciface_` variants and memrefCopy, by pointer.
 */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int64_t rank;
  void *descriptor;
} StrataUnrankedMemRef;

/* The fields of a ranked descriptor. */
typedef struct {
  char *aligned;
  int64_t offset;
  const int64_t *sizes;
  const int64_t *strides;
} StrataView;

static StrataView strata_view(int64_t rank, void *descriptor) {
  StrataView v;
  char *d = (char *)descriptor;
  memcpy(&v.aligned, d + sizeof(void *), sizeof(void *));
  memcpy(&v.offset, d + 2 * sizeof(void *), sizeof(int64_t));
  v.sizes = (const int64_t *)(d + 2 * sizeof(void *) + sizeof(int64_t));
  v.strides = v.sizes + rank;
  return v;
}

/* The element kinds of printMemref*. */
enum {
  STRATA_F32,
  STRATA_F64,
  STRATA_F16,
  STRATA_BF16,
  STRATA_I8,
  STRATA_I16,
  STRATA_I32,
  STRATA_I64,
  STRATA_IND,
  STRATA_C32,
  STRATA_C64
};

static const int64_t strata_elem_size[] = {4, 8, 2, 2, 1, 2, 4, 8, 8, 8, 16};

/* strata_half_to_float widens IEEE binary16 bits exactly. */
static float strata_half_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h >> 15) << 31;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t man = h & 0x3ff;
  uint32_t bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000u | (man << 13);
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (man << 13);
  } else if (man == 0) {
    bits = sign;
  } else {
    /* A subnormal half is a normal float. */
    int e = 113;
    while (!(man & 0x400)) {
      man <<= 1;
      e--;
    }
    bits = sign | ((uint32_t)e << 23) | ((man & 0x3ff) << 13);
  }
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

static float strata_bf16_to_float(uint16_t b) {
  uint32_t bits = (uint32_t)b << 16;
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

/* strata_print_elem prints one element as C++'s ostream does: floats
 * with the default precision of 6 ("%g"), int8_t as a character, the
 * other integers in decimal, index (uint64_t upstream) unsigned, complex
 * numbers (std::complex<float> and <double>, the real part first) as
 * "(re,im)". */
static void strata_print_elem(int kind, const char *p) {
  switch (kind) {
  case STRATA_F32: {
    float f;
    memcpy(&f, p, sizeof f);
    printf("%g", (double)f);
    break;
  }
  case STRATA_F64: {
    double d;
    memcpy(&d, p, sizeof d);
    printf("%g", d);
    break;
  }
  case STRATA_F16:
  case STRATA_BF16: {
    uint16_t h;
    memcpy(&h, p, sizeof h);
    float f = kind == STRATA_F16 ? strata_half_to_float(h) : strata_bf16_to_float(h);
    printf("%g", (double)f);
    break;
  }
  case STRATA_I8:
    putchar(*(const unsigned char *)p);
    break;
  case STRATA_I16: {
    int16_t i;
    memcpy(&i, p, sizeof i);
    printf("%d", (int)i);
    break;
  }
  case STRATA_I32: {
    int32_t i;
    memcpy(&i, p, sizeof i);
    printf("%" PRId32, i);
    break;
  }
  case STRATA_I64: {
    int64_t i;
    memcpy(&i, p, sizeof i);
    printf("%" PRId64, i);
    break;
  }
  case STRATA_IND: {
    uint64_t u;
    memcpy(&u, p, sizeof u);
    printf("%" PRIu64, u);
    break;
  }
  case STRATA_C32: {
    float c[2];
    memcpy(c, p, sizeof c);
    printf("(%g,%g)", (double)c[0], (double)c[1]);
    break;
  }
  case STRATA_C64: {
    double c[2];
    memcpy(c, p, sizeof c);
    printf("(%g,%g)", c[0], c[1]);
    break;
  }
  }
}

typedef struct {
  int kind;
  int64_t rank;
  const char *aligned;
  int empty; /* some size is 0: elements print as zeros */
} StrataPrinter;

static void strata_elem_at(const StrataPrinter *p, int64_t off) {
  static const char zero[16];
  if (p->empty) {
    strata_print_elem(p->kind, zero);
    return;
  }
  strata_print_elem(p->kind, p->aligned + off * strata_elem_size[p->kind]);
}

static void strata_spaces(int64_t n) {
  for (int64_t i = 0; i < n; i++)
    putchar(' ');
}

/* strata_print_nested prints the dim innermost dimensions from offset off
 * in brackets, one row per line, the rows indented to their depth. */
static void strata_print_nested(const StrataPrinter *p, int64_t dim, int64_t off,
                                const int64_t *sizes, const int64_t *strides) {
  if (dim == 0) {
    strata_elem_at(p, off);
    return;
  }
  putchar('[');
  strata_print_nested(p, dim - 1, off, sizes + 1, strides + 1);
  if (sizes[0] <= 1) {
    putchar(']');
    return;
  }
  const char *sep = dim > 1 ? ", \n" : ", ";
  fputs(sep, stdout);
  for (int64_t i = 1; i + 1 < sizes[0]; i++) {
    strata_spaces(p->rank - dim + 1);
    strata_print_nested(p, dim - 1, off + i * strides[0], sizes + 1, strides + 1);
    fputs(sep, stdout);
  }
  strata_spaces(p->rank - dim + 1);
  strata_print_nested(p, dim - 1, off + strides[0] * (sizes[0] - 1), sizes + 1, strides + 1);
  putchar(']');
}

static void strata_print_list(const int64_t *xs, int64_t n) {
  for (int64_t i = 0; i < n; i++) {
    if (i > 0)
      fputs(", ", stdout);
    printf("%" PRId64, xs[i]);
  }
}

static void strata_print_memref(int kind, int64_t rank, void *descriptor) {
  StrataView v = strata_view(rank, descriptor);
  fputs("Unranked Memref base@ = ", stdout);
  if (v.aligned == NULL)
    putchar('0');
  else
    printf("0x%" PRIxPTR, (uintptr_t)v.aligned);
  printf(" rank = %" PRId64 " offset = %" PRId64 " sizes = [", rank, v.offset);
  strata_print_list(v.sizes, rank);
  fputs("] strides = [", stdout);
  strata_print_list(v.strides, rank);
  fputs("] data = \n", stdout);
  StrataPrinter p = {kind, rank, v.aligned, 0};
  for (int64_t i = 0; i < rank; i++)
    if (v.sizes[i] == 0)
      p.empty = 1;
  if (rank == 0) {
    putchar('[');
    strata_elem_at(&p, v.offset);
    fputs("]\n", stdout);
    return;
  }
  strata_print_nested(&p, rank, v.offset, v.sizes, v.strides);
  putchar('\n');
}

#define STRATA_PRINT_MEMREF(NAME, KIND)                                        \
  void _mlir_ciface_printMemref##NAME(StrataUnrankedMemRef *m) {               \
    strata_print_memref(KIND, m->rank, m->descriptor);                         \
  }                                                                            \
  void printMemref##NAME(int64_t rank, void *descriptor) {                     \
    strata_print_memref(KIND, rank, descriptor);                               \
  }

STRATA_PRINT_MEMREF(F32, STRATA_F32)
STRATA_PRINT_MEMREF(F64, STRATA_F64)
STRATA_PRINT_MEMREF(F16, STRATA_F16)
STRATA_PRINT_MEMREF(BF16, STRATA_BF16)
STRATA_PRINT_MEMREF(I8, STRATA_I8)
STRATA_PRINT_MEMREF(I16, STRATA_I16)
STRATA_PRINT_MEMREF(I32, STRATA_I32)
STRATA_PRINT_MEMREF(I64, STRATA_I64)
STRATA_PRINT_MEMREF(Ind, STRATA_IND)
STRATA_PRINT_MEMREF(C32, STRATA_C32)
STRATA_PRINT_MEMREF(C64, STRATA_C64)

void printF32(float f) { printf("%g", (double)f); }
void printF64(double d) { printf("%g", d); }
void printF16(uint16_t bits) { printf("%g", (double)strata_half_to_float(bits)); }
void printBF16(uint16_t bits) { printf("%g", (double)strata_bf16_to_float(bits)); }
void printI64(int64_t i) { printf("%" PRId64, i); }
void printU64(uint64_t u) { printf("%" PRIu64, u); }
void printString(const char *s) { fputs(s, stdout); }
void printOpen(void) { fputs("( ", stdout); }
void printClose(void) { fputs(" )", stdout); }
void printComma(void) { fputs(", ", stdout); }
void printNewline(void) { putchar('\n'); }

/* memrefCopy copies the elements of src into dst (same rank and sizes),
 * each of elemSize bytes, following both memrefs' strides. */
void memrefCopy(int64_t elemSize, StrataUnrankedMemRef *src, StrataUnrankedMemRef *dst) {
  int64_t rank = src->rank;
  StrataView s = strata_view(rank, src->descriptor);
  StrataView d = strata_view(rank, dst->descriptor);
  for (int64_t i = 0; i < rank; i++)
    if (s.sizes[i] == 0)
      return;
  int64_t *index = calloc(rank > 0 ? (size_t)rank : 1, sizeof(int64_t));
  if (index == NULL) {
    fputs("memrefCopy: out of memory\n", stderr);
    abort();
  }
  int64_t so = s.offset, dof = d.offset;
  for (;;) {
    memmove(d.aligned + dof * elemSize, s.aligned + so * elemSize, (size_t)elemSize);
    /* Advance the index, innermost dimension first. */
    int64_t dim = rank - 1;
    for (; dim >= 0; dim--) {
      index[dim]++;
      so += s.strides[dim];
      dof += d.strides[dim];
      if (index[dim] < s.sizes[dim])
        break;
      so -= s.strides[dim] * index[dim];
      dof -= d.strides[dim] * index[dim];
      index[dim] = 0;
    }
    if (dim < 0)
      break;
  }
  free(index);
}
