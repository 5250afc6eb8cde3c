#include "FuzzSupport.h"

/* libFuzzer's entry for programs with their own main (linked by -sanitize=fuzzer). */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t));

int fuzz_run(int argc, char **argv, fuzz_one_input one_input) {
  return LLVMFuzzerRunDriver(&argc, &argv, one_input);
}
