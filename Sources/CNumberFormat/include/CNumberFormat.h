#ifndef CNUMBERFORMAT_H
#define CNUMBERFORMAT_H

#include <stddef.h>

/// `snprintf(buffer, size, "%.*f", decimals, value)`: Swift cannot call a variadic C
/// function, and its `withVaList` builds an object per call. Returns what `snprintf` returns.
int ttsite_format_fixed(char *buffer, size_t size, int decimals, double value);

#endif
