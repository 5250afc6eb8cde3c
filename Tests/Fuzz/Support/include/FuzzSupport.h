/*
 * FuzzSupport: starts libFuzzer's driver from a Swift main.
 *
 * SwiftPM links an executable target's own `main`, so the fuzz targets cannot rely on
 * libFuzzer's; they call fuzz_run, which hands the process arguments (-max_total_time=60, a
 * corpus directory, ...) to LLVMFuzzerRunDriver and calls `one_input` for every input, on the
 * calling thread.
 */
#ifndef FUZZ_SUPPORT_H
#define FUZZ_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

/* Called for every input; returns 0. */
typedef int (*fuzz_one_input)(const uint8_t *data, size_t size);

/* Runs libFuzzer's driver with `argc`/`argv`; returns its exit status. */
int fuzz_run(int argc, char **argv, fuzz_one_input one_input);

#endif /* FUZZ_SUPPORT_H */
