/*
 * Calls the runner utilities directly with hand-made memref descriptors.
 * TestRuntimeMatchesUpstream links it once with Strata's runtime and once
 * with MLIR's libmlir_runner_utils and libmlir_c_runner_utils, and
 * compares what the two programs print. It declares only the functions
 * that both export.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct { int64_t rank; void *descriptor; } Unranked;

/* A ranked descriptor of rank up to 3. */
typedef struct {
  void *allocated, *aligned;
  int64_t offset, sizes_strides[6];
} Desc;

void printMemrefF32(int64_t, void *);
void printMemrefF64(int64_t, void *);
void printMemrefI32(int64_t, void *);
void printMemrefI64(int64_t, void *);
void printMemrefInd(int64_t, void *);
void _mlir_ciface_printMemrefF32(Unranked *);
void _mlir_ciface_printMemrefF16(Unranked *);
void _mlir_ciface_printMemrefBF16(Unranked *);
void _mlir_ciface_printMemrefI8(Unranked *);
void _mlir_ciface_printMemrefI16(Unranked *);
void _mlir_ciface_printMemrefI64(Unranked *);
void printMemrefC32(int64_t, void *);
void printMemrefC64(int64_t, void *);
void _mlir_ciface_printMemrefC32(Unranked *);
void _mlir_ciface_printMemrefC64(Unranked *);
void printF32(float);
void printF64(double);
void printI64(int64_t);
void printU64(uint64_t);
void printString(const char *);
void printOpen(void);
void printClose(void);
void printComma(void);
void printNewline(void);
void memrefCopy(int64_t, Unranked *, Unranked *);

/* desc fills d with a view of data: rank, offset, then sizes and strides. */
static Desc desc(void *data, int rank, int64_t offset, const int64_t *sizes, const int64_t *strides) {
  Desc d;
  memset(&d, 0, sizeof d);
  d.allocated = d.aligned = data;
  d.offset = offset;
  for (int i = 0; i < rank; i++) {
    d.sizes_strides[i] = sizes[i];
    d.sizes_strides[rank + i] = strides[i];
  }
  return d;
}

int main(void) {
  float f[24];
  double g[20];
  int32_t w[12];
  int64_t l[12];
  uint16_t h[6], bh[6];
  int8_t c[10];
  int16_t s[7];
  for (int i = 0; i < 24; i++)
    f[i] = (float)i * 0.25f - 2.0f;
  for (int i = 0; i < 20; i++)
    g[i] = (i - 10) * 1.0e5 / 3.0;
  for (int i = 0; i < 12; i++) {
    w[i] = (i - 6) * 123457;
    l[i] = (int64_t)(i - 6) * 98765432109LL;
  }
  const uint16_t halves[6] = {0x0000, 0x3c00, 0xc000, 0x3555, 0x0001, 0x7bff};
  const uint16_t bhalves[6] = {0x0000, 0x3f80, 0xc040, 0x3eab, 0x4049, 0xff80};
  memcpy(h, halves, sizeof h);
  memcpy(bh, bhalves, sizeof bh);
  memcpy(c, "MLIR-2-CPU", 10);
  for (int i = 0; i < 7; i++)
    s[i] = (int16_t)((i - 3) * 9999);

  /* Ranks 0 to 3, with offsets and strides. */
  Desc d0 = desc(f, 0, 5, NULL, NULL);
  printMemrefF32(0, &d0);
  Desc d1 = desc(f, 1, 2, (int64_t[]){5}, (int64_t[]){3});
  printMemrefF32(1, &d1);
  Desc d2 = desc(f, 2, 0, (int64_t[]){4, 6}, (int64_t[]){6, 1});
  printMemrefF32(2, &d2);
  Desc d3 = desc(f, 3, 0, (int64_t[]){2, 3, 4}, (int64_t[]){12, 4, 1});
  Unranked u3 = {3, &d3};
  _mlir_ciface_printMemrefF32(&u3);
  Desc d3t = desc(f, 3, 1, (int64_t[]){2, 1, 3}, (int64_t[]){1, 24, 7});
  printMemrefF32(3, &d3t);
  Desc g2 = desc(g, 2, 0, (int64_t[]){4, 5}, (int64_t[]){5, 1});
  printMemrefF64(2, &g2);
  Desc g1 = desc(g, 1, 19, (int64_t[]){4}, (int64_t[]){-6});
  printMemrefF64(1, &g1);
  Desc w2 = desc(w, 2, 0, (int64_t[]){3, 4}, (int64_t[]){1, 3});
  printMemrefI32(2, &w2);
  Desc l2 = desc(l, 2, 0, (int64_t[]){2, 6}, (int64_t[]){6, 1});
  printMemrefI64(2, &l2);
  Unranked ul = {2, &l2};
  _mlir_ciface_printMemrefI64(&ul);
  Desc l1 = desc(l, 1, 0, (int64_t[]){12}, (int64_t[]){1});
  printMemrefInd(1, &l1);
  Desc h1 = desc(h, 1, 0, (int64_t[]){6}, (int64_t[]){1});
  Unranked uh = {1, &h1};
  _mlir_ciface_printMemrefF16(&uh);
  Desc bh1 = desc(bh, 2, 0, (int64_t[]){2, 3}, (int64_t[]){3, 1});
  Unranked ubh = {2, &bh1};
  _mlir_ciface_printMemrefBF16(&ubh);
  Desc c2 = desc(c, 2, 0, (int64_t[]){2, 5}, (int64_t[]){5, 1});
  Unranked uc = {2, &c2};
  _mlir_ciface_printMemrefI8(&uc);
  Desc s1 = desc(s, 1, 0, (int64_t[]){7}, (int64_t[]){1});
  Unranked us = {1, &s1};
  _mlir_ciface_printMemrefI16(&us);

  /* Scalars, special values included. */
  const float fs[] = {0.0f, -0.0f, 1.0f / 3.0f, 1.0e-7f, 123456789.0f, INFINITY, -INFINITY, NAN, -NAN, 1.0e38f};
  for (unsigned i = 0; i < sizeof fs / sizeof fs[0]; i++) {
    printF32(fs[i]);
    printComma();
  }
  printNewline();
  const double ds[] = {0.1, -2.5e-300, 1.0e300, 100000.0, 1000000.0, 0.0001, 0.00001, INFINITY, -NAN};
  printOpen();
  for (unsigned i = 0; i < sizeof ds / sizeof ds[0]; i++) {
    printF64(ds[i]);
    printComma();
  }
  printClose();
  printNewline();
  printI64(INT64_MIN);
  printComma();
  printI64(-1);
  printComma();
  printU64(UINT64_MAX);
  printNewline();
  printString("a string\n");

  /* memrefCopy between strided views, and of rank 0. */
  double dst[20];
  memset(dst, 0, sizeof dst);
  Desc src2 = desc(g, 2, 1, (int64_t[]){3, 2}, (int64_t[]){5, 2});
  Desc dst2 = desc(dst, 2, 6, (int64_t[]){3, 2}, (int64_t[]){1, 7});
  Unranked usrc = {2, &src2}, udst = {2, &dst2};
  memrefCopy(sizeof(double), &usrc, &udst);
  Desc all = desc(dst, 2, 0, (int64_t[]){4, 5}, (int64_t[]){5, 1});
  printMemrefF64(2, &all);
  float fdst[24];
  memset(fdst, 0, sizeof fdst);
  Desc s3 = desc(f, 3, 0, (int64_t[]){2, 3, 4}, (int64_t[]){12, 4, 1});
  Desc t3 = desc(fdst, 3, 0, (int64_t[]){2, 3, 4}, (int64_t[]){1, 2, 6});
  Unranked us3 = {3, &s3}, ut3 = {3, &t3};
  memrefCopy(sizeof(float), &us3, &ut3);
  Desc flat = desc(fdst, 1, 0, (int64_t[]){24}, (int64_t[]){1});
  printMemrefF32(1, &flat);
  Desc r0s = desc(l, 0, 11, NULL, NULL), r0d = desc(l, 0, 0, NULL, NULL);
  Unranked ur0s = {0, &r0s}, ur0d = {0, &r0d};
  memrefCopy(sizeof(int64_t), &ur0s, &ur0d);
  printMemrefI64(0, &r0d);

  /* Complex elements, (re,im) pairs: ranks 0 to 2, strided. */
  float cf[16];
  double cd[12];
  for (int i = 0; i < 16; i++)
    cf[i] = (float)i * 0.5f - 3.0f;
  for (int i = 0; i < 12; i++)
    cd[i] = (i - 5) * 1.0e6 / 7.0;
  Desc cx2 = desc(cf, 2, 1, (int64_t[]){2, 3}, (int64_t[]){3, 1});
  printMemrefC32(2, &cx2);
  Desc cx0 = desc(cf, 0, 5, NULL, NULL);
  Unranked ucx0 = {0, &cx0};
  _mlir_ciface_printMemrefC32(&ucx0);
  Desc cx1 = desc(cd, 1, 0, (int64_t[]){3}, (int64_t[]){2});
  printMemrefC64(1, &cx1);
  Unranked ucx1 = {1, &cx1};
  _mlir_ciface_printMemrefC64(&ucx1);
  Desc cx3 = desc(cd, 2, 0, (int64_t[]){2, 3}, (int64_t[]){3, 1});
  printMemrefC64(2, &cx3);
  return 0;
}
