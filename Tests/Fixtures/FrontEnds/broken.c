/* Deliberately broken front ends, one per -DBROKEN_... variant (and -DOLDER_MINOR, a valid
 * front end built for ABI 1.0, and -DMIXED_CASE_NAME, a valid name of either case). */
#include <stddef.h>

#include "tictactoe_frontend.h"

__attribute__((unused)) static ttt_status attach(const ttt_host_api *api, ttt_host *host, const ttt_attach_info *info,
                         void **out_instance) {
  (void)info;
  (void)out_instance;
#ifdef BROKEN_ATTACH_FAILS
  api->log(host, TTT_LOG_ERROR, "the fixture refuses to attach");
  return TTT_ERR_UNSUPPORTED;
#else
  (void)api;
  (void)host;
  return TTT_OK;
#endif
}

__attribute__((unused)) static void detach(void *instance) { (void)instance; }

#ifndef BROKEN_NO_ENTRY
__attribute__((unused)) static const ttt_frontend_descriptor descriptor = {
#ifdef BROKEN_SMALL_STRUCT
  .struct_size = 12,
#else
  .struct_size = sizeof(ttt_frontend_descriptor),
#endif
#ifdef BROKEN_ABI_MAJOR
  .abi_major = TTT_ABI_VERSION_MAJOR + 1,
#else
  .abi_major = TTT_ABI_VERSION_MAJOR,
#endif
#if defined(BROKEN_ABI_MINOR)
  .abi_minor = TTT_ABI_VERSION_MINOR + 7,
#elif defined(OLDER_MINOR)
  .abi_minor = 0,
#else
  .abi_minor = TTT_ABI_VERSION_MINOR,
#endif
#if defined(BROKEN_NULL_NAME)
  .name = NULL,
#elif defined(BROKEN_NON_ASCII_NAME)
  .name = "br\xc3\xb6ken",
#elif defined(MIXED_CASE_NAME)
  .name = "Broken_2-B",
#else
  .name = "broken",
#endif
  .description = "A broken fixture",
  .version = "0.0.0",
#ifdef BROKEN_READS_INPUT_WITHOUT_ON_INPUT
  .flags = TTT_FRONTEND_READS_INPUT,
#else
  .flags = 0,
#endif
#ifdef BROKEN_NULL_ATTACH
  .attach = NULL,
#else
  .attach = attach,
#endif
#ifdef BROKEN_NULL_DETACH
  .detach = NULL,
#else
  .detach = detach,
#endif
};

const ttt_frontend_descriptor *tictactoe_frontend_entry(void) {
#ifdef BROKEN_ENTRY_RETURNS_NULL
  return NULL;
#else
  return &descriptor;
#endif
}
#else
int not_the_entry_symbol(void) { return 0; }
#endif
