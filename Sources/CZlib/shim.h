#include <zlib.h>

/// `inflateInit2` is a macro, which Swift cannot call: this plain wrapper starts a stream
/// that reads gzip (and zlib) data. Returns Z_OK or an error.
static inline int ttsite_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 32);
}
