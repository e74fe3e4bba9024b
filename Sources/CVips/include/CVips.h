// libvips for Swift: its C API takes optional arguments as NULL-terminated variadic lists,
// which Swift cannot call, so each operation ttsite uses has a plain wrapper here.
//
// libvips is not linked: `ttsite_vips_start` opens it (and libwebpmux) the first time a picture
// or a chart's PNG is made. A build without pictures never loads libvips and the 65 libraries
// only it needs (HEIF, PDF, OpenEXR, FITS, SVG …): it starts faster and holds about 12 MiB less.
#ifndef TTSITE_CVIPS_H
#define TTSITE_CVIPS_H

#include <stddef.h>

/// An image of libvips', released with `ttsite_vips_release`.
typedef struct _VipsImage VipsImage;

/// Opens libvips and libwebpmux, then starts libvips once for the process: one thread per
/// operation (callers run several images side by side), no operation cache (each image is
/// processed once), no ORC vector code (liborc 0.4.33, Debian 12's, crashed the process when
/// eight pictures were processed at once: its code generation is not safe across threads; the
/// pictures are small, so plain C costs little), and every loader blocked but JPEG, PNG, WebP
/// and GIF, so that SVG, PDF, ImageMagick and the other formats libvips can read never see a
/// byte of downloaded data. Call it once, before any other function here. Returns 0, or -1
/// with the reason in `ttsite_vips_start_error`.
int ttsite_vips_start(void);

/// Why `ttsite_vips_start` failed (the library that could not be opened and the loader's
/// words, or libvips' own), or NULL. Static: not to be released.
const char *ttsite_vips_start_error(void);

/// The name of the loader libvips would pick for these bytes (`VipsForeignLoadJpegBuffer`),
/// or NULL when none of the allowed ones reads them.
const char *ttsite_vips_loader(const void *bytes, size_t length);

/// Reads only the header: the stored width and height, before any pixel is decoded (the
/// pixel limit is checked on these), and whether the EXIF orientation turns the picture on
/// its side. Returns 0, or -1 with the message in libvips' error buffer.
int ttsite_vips_header(const void *bytes, size_t length, int *width, int *height, int *sideways);

/// Decodes, turns upright by the EXIF orientation, and shrinks to fit `width` × `height`
/// (never enlarging), cropping to exactly that box around the centre when `crop` is set;
/// then converts to 8-bit sRGB (or grey) and drops every piece of metadata, computing every
/// pixel into memory. Truncated or damaged data fails instead of showing grey. Returns a new
/// image to release with `ttsite_vips_release`, or NULL.
VipsImage *ttsite_vips_thumbnail(const void *bytes, size_t length, int width, int height, int crop);

/// A picture already decoded by `ttsite_vips_thumbnail` (in memory, upright, without
/// metadata) shrunk to fit `width` × `height`, never enlarged, cropped around the centre
/// when `crop` is set: each size of a picture is cut from one decoding. Returns a new image
/// to release with `ttsite_vips_release`, or NULL.
VipsImage *ttsite_vips_shrink(VipsImage *decoded, int width, int height, int crop);

int ttsite_vips_width(VipsImage *image);
int ttsite_vips_height(VipsImage *image);
void ttsite_vips_release(VipsImage *image);

/// WebP at `quality` (0–100), with no metadata at all: libvips 8.14 writes an EXIF chunk of
/// its own (resolution, orientation) whatever `strip` says, so libwebpmux takes the EXIF,
/// XMP and ICC chunks out of the file afterwards. The bytes go to `*output` (release with
/// `ttsite_vips_free`). Returns 0, or -1.
int ttsite_vips_save_webp(VipsImage *image, int quality, void **output, size_t *length);

/// Baseline-compatible progressive JPEG at `quality`, transparency flattened onto white,
/// with no metadata at all. Returns 0, or -1.
int ttsite_vips_save_jpeg(VipsImage *image, int quality, void **output, size_t *length);

/// ttsite's own SVG (a chart it drew), read by libvips' SVG loader at `scale` times its size:
/// the loader is unblocked for this call and blocked again before it returns, so the caller
/// must make sure no other libvips work starts meanwhile (Swift's `ImageProcessor` holds its
/// lock exclusively). The block is checked when an operation is made, so the pixels, drawn
/// by librsvg when they are first read, can be computed after: `svg` must stay in memory
/// until the image is released. librsvg's `unlimited` stays off (an SVG of more than 10 MB
/// or a deep tree is refused). Returns the image, or NULL.
VipsImage *ttsite_vips_svg_load(const void *svg, size_t length, double scale);

/// An image `ttsite_vips_svg_load` read, drawn, flattened onto white and saved as PNG:
/// 8-bit colours chosen for it (a chart has few), zlib's default level, `strip` (the SVG
/// loader gives the image nothing but its resolution: no copy through memory is needed to
/// drop metadata, as pictures from outside need). The bytes go to `*output` (release with
/// `ttsite_vips_free`). Returns 0, or -1.
int ttsite_vips_save_png(VipsImage *loaded, void **output, size_t *outputLength, int *width, int *height);

/// The text of libvips' last errors, which the caller releases with `ttsite_vips_free`; the
/// error buffer is cleared.
char *ttsite_vips_take_error(void);

void ttsite_vips_free(void *pointer);

#endif
