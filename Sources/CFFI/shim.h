// libffi, from Debian's libffi-dev, plus accessors for its type descriptors: they are global
// variables, which Swift 6 will not read directly under strict concurrency.
#include <ffi.h>

static inline ffi_type *cffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *cffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *cffi_type_uint32(void) { return &ffi_type_uint32; }
static inline ffi_type *cffi_type_uint8(void) { return &ffi_type_uint8; }
static inline ffi_type *cffi_type_pointer(void) { return &ffi_type_pointer; }
