/*
 * The program entry of Strata's CPU engine: calls the entry function whose
 * symbol is the string STRATA_ENTRY_SYMBOL, which takes no arguments and
 * returns STRATA_RESULT (one of void, int32_t, int64_t, float, double,
 * chosen by the macro STRATA_RESULT_<KIND>), then prints its result as
 * mlir-runner prints it (llvm::raw_ostream): integers in decimal, floats
 * as "%e" with "nan", "INF" and "-INF" for the special values.
 */

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#if defined(STRATA_RESULT_VOID)
#define STRATA_RESULT void
#elif defined(STRATA_RESULT_I32)
#define STRATA_RESULT int32_t
#elif defined(STRATA_RESULT_I64)
#define STRATA_RESULT int64_t
#elif defined(STRATA_RESULT_F32)
#define STRATA_RESULT float
#elif defined(STRATA_RESULT_F64)
#define STRATA_RESULT double
#else
#error "define one of STRATA_RESULT_VOID, _I32, _I64, _F32, _F64"
#endif

/* The entry is reached by its symbol, which may be any name, including
 * one that the C headers declare. */
extern STRATA_RESULT strata_entry(void) __asm__(STRATA_ENTRY_SYMBOL);

#if !defined(STRATA_RESULT_VOID)
static void strata_print_float(double d) {
  if (isnan(d))
    fputs("nan\n", stdout);
  else if (isinf(d))
    fputs(d < 0 ? "-INF\n" : "INF\n", stdout);
  else
    printf("%e\n", d);
}
#endif

int main(void) {
#if defined(STRATA_RESULT_VOID)
  strata_entry();
#else
  STRATA_RESULT r = strata_entry();
  fflush(stdout);
#if defined(STRATA_RESULT_I32)
  printf("%" PRId32 "\n", r);
#elif defined(STRATA_RESULT_I64)
  printf("%" PRId64 "\n", r);
#else
  strata_print_float((double)r);
#endif
#endif
  return 0;
}
