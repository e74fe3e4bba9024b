// libvips for Swift: its C API takes optional arguments as NULL-terminated variadic lists,
// which Swift cannot call, so each operation ttsite uses has a plain wrapper here.
#ifndef TTSITE_VIPS_SHIM_H
#define TTSITE_VIPS_SHIM_H

#include <vips/vips.h>
#include <webp/mux.h>

/// libvips' own warnings ("error in tile 0 x 184") would go to stderr: the errors that
/// matter come back as failed calls, and ttsite reports those itself.
static inline void ttsite_vips_ignore_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

/// Starts libvips once for the process: one thread per operation (callers run several
/// images side by side), no operation cache (each image is processed once), no ORC
/// vector code (liborc 0.4.33, Debian 12's, crashed the process when eight pictures were
/// processed at once: its code generation is not safe across threads; the pictures are
/// small, so plain C costs little), and every loader blocked but JPEG, PNG, WebP and GIF,
/// so that SVG, PDF, ImageMagick and the other formats libvips can read never see a byte
/// of downloaded data. Returns 0, or -1.
static inline int ttsite_vips_start(void) {
    if (vips_init("ttsite") != 0) return -1;
    vips_vector_set_enabled(FALSE);
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, ttsite_vips_ignore_log, NULL);
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    vips_block_untrusted_set(TRUE);
    vips_operation_block_set("VipsForeignLoad", TRUE);
    vips_operation_block_set("VipsForeignLoadJpeg", FALSE);
    vips_operation_block_set("VipsForeignLoadPng", FALSE);
    vips_operation_block_set("VipsForeignLoadWebp", FALSE);
    vips_operation_block_set("VipsForeignLoadGif", FALSE);
    vips_operation_block_set("VipsForeignLoadNsgif", FALSE);
    return 0;
}

/// The name of the loader libvips would pick for these bytes (`VipsForeignLoadJpegBuffer`),
/// or NULL when none of the allowed ones reads them.
static inline const char *ttsite_vips_loader(const void *bytes, size_t length) {
    return vips_foreign_find_load_buffer(bytes, length);
}

/// Reads only the header: the stored width and height, before any pixel is decoded (the
/// pixel limit is checked on these), and whether the EXIF orientation turns the picture on
/// its side. Returns 0, or -1 with the message in libvips' error buffer.
static inline int ttsite_vips_header(const void *bytes, size_t length, int *width, int *height, int *sideways) {
    VipsImage *image = vips_image_new_from_buffer(bytes, length, "", NULL);
    if (image == NULL) return -1;
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    *sideways = vips_image_get_orientation_swap(image) ? 1 : 0;
    g_object_unref(image);
    return 0;
}

/// The pixels of `image` in a new image made from memory, which has no metadata at all:
/// libvips 8.14's `strip` leaves EXIF (GPS included) in WebP files, and removing the fields
/// by name did not reach it, so nothing of the source's header is carried over. Computes the
/// pixels (a damaged file fails here). Returns NULL on failure.
static inline VipsImage *ttsite_vips_without_metadata(VipsImage *image) {
    size_t size = 0;
    void *pixels = vips_image_write_to_memory(image, &size);
    if (pixels == NULL) return NULL;
    VipsImage *fresh = vips_image_new_from_memory_copy(pixels, size,
        vips_image_get_width(image), vips_image_get_height(image),
        vips_image_get_bands(image), vips_image_get_format(image));
    g_free(pixels);
    // Made from memory, the image would guess its colour space (four bands read as CMYK).
    if (fresh != NULL) fresh->Type = vips_image_get_interpretation(image);
    return fresh;
}

/// Decodes, turns upright by the EXIF orientation, and shrinks to fit `width` × `height`
/// (never enlarging), cropping to exactly that box around the centre when `crop` is set;
/// then converts to 8-bit sRGB (or grey) and drops every piece of metadata, computing every
/// pixel into memory. Truncated or damaged data fails instead of showing grey. Returns a new
/// image to release with `ttsite_vips_release`, or NULL.
static inline VipsImage *ttsite_vips_thumbnail(const void *bytes, size_t length, int width, int height, int crop) {
    VipsImage *thumbnail = NULL;
    if (vips_thumbnail_buffer((void *)bytes, length, &thumbnail, width,
                              "height", height,
                              "size", VIPS_SIZE_DOWN,
                              "crop", crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                              "option_string", "fail_on=truncated",
                              NULL) != 0) {
        return NULL;
    }
    VipsInterpretation kind = vips_image_guess_interpretation(thumbnail);
    VipsInterpretation target = (kind == VIPS_INTERPRETATION_B_W || kind == VIPS_INTERPRETATION_GREY16)
        ? VIPS_INTERPRETATION_B_W : VIPS_INTERPRETATION_sRGB;
    VipsImage *converted = NULL;
    int failed = vips_colourspace(thumbnail, &converted, target, NULL);
    g_object_unref(thumbnail);
    if (failed) return NULL;
    VipsImage *bare = ttsite_vips_without_metadata(converted);
    g_object_unref(converted);
    return bare;
}

/// A picture already decoded by `ttsite_vips_thumbnail` (in memory, upright, without
/// metadata) shrunk to fit `width` × `height`, never enlarged, cropped around the centre
/// when `crop` is set: each size of a picture is cut from one decoding. Returns a new image
/// to release with `ttsite_vips_release`, or NULL.
static inline VipsImage *ttsite_vips_shrink(VipsImage *decoded, int width, int height, int crop) {
    VipsImage *shrunk = NULL;
    if (vips_thumbnail_image(decoded, &shrunk, width,
                             "height", height,
                             "size", VIPS_SIZE_DOWN,
                             "crop", crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                             "no_rotate", TRUE,
                             NULL) != 0) {
        return NULL;
    }
    return shrunk;
}

static inline int ttsite_vips_width(VipsImage *image) { return vips_image_get_width(image); }
static inline int ttsite_vips_height(VipsImage *image) { return vips_image_get_height(image); }
static inline void ttsite_vips_release(VipsImage *image) { g_object_unref(image); }

/// WebP at `quality` (0–100), with no metadata at all: libvips 8.14 writes an EXIF chunk of
/// its own (resolution, orientation) whatever `strip` says, so libwebpmux takes the EXIF,
/// XMP and ICC chunks out of the file afterwards. The bytes go to `*output` (release with
/// `ttsite_vips_free`). Returns 0, or -1.
static inline int ttsite_vips_save_webp(VipsImage *image, int quality, void **output, size_t *length) {
    void *encoded = NULL;
    size_t encodedLength = 0;
    if (vips_webpsave_buffer(image, &encoded, &encodedLength, "Q", quality, "strip", TRUE, NULL) != 0) return -1;
    WebPData data = { (const uint8_t *)encoded, encodedLength };
    WebPMux *mux = WebPMuxCreate(&data, 0);
    if (mux == NULL) {
        g_free(encoded);
        vips_error("ttsite", "libwebpmux cannot read the WebP libvips wrote");
        return -1;
    }
    WebPMuxDeleteChunk(mux, "EXIF");
    WebPMuxDeleteChunk(mux, "XMP ");
    WebPMuxDeleteChunk(mux, "ICCP");
    WebPData assembled;
    WebPDataInit(&assembled);
    WebPMuxError status = WebPMuxAssemble(mux, &assembled);
    WebPMuxDelete(mux);
    g_free(encoded);
    if (status != WEBP_MUX_OK) {
        WebPDataClear(&assembled);
        vips_error("ttsite", "libwebpmux cannot write the WebP without metadata");
        return -1;
    }
    // Handed over in memory of glib's, so that one function releases every output.
    *output = g_memdup2(assembled.bytes, assembled.size);
    *length = assembled.size;
    WebPDataClear(&assembled);
    return 0;
}

/// Baseline-compatible progressive JPEG at `quality`, transparency flattened onto white,
/// with no metadata at all. Returns 0, or -1.
static inline int ttsite_vips_save_jpeg(VipsImage *image, int quality, void **output, size_t *length) {
    VipsImage *opaque = image;
    g_object_ref(opaque);
    if (vips_image_hasalpha(image)) {
        VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
        VipsImage *flattened = NULL;
        int failed = vips_flatten(image, &flattened, "background", white, NULL);
        vips_area_unref(VIPS_AREA(white));
        g_object_unref(opaque);
        if (failed) return -1;
        opaque = flattened;
    }
    int result = vips_jpegsave_buffer(opaque, output, length,
                                      "Q", quality, "strip", TRUE,
                                      "optimize_coding", TRUE, "interlace", TRUE, NULL);
    g_object_unref(opaque);
    return result;
}

/// ttsite's own SVG (a chart it drew), read by libvips' SVG loader at `scale` times its size:
/// the loader is unblocked for this call and blocked again before it returns, so the caller
/// must make sure no other libvips work starts meanwhile (Swift's `ImageProcessor` holds its
/// lock exclusively). The block is checked when an operation is made, so the pixels, drawn
/// by librsvg when they are first read, can be computed after: `svg` must stay in memory
/// until the image is released. librsvg's `unlimited` stays off (an SVG of more than 10 MB
/// or a deep tree is refused). Returns the image, or NULL.
static inline VipsImage *ttsite_vips_svg_load(const void *svg, size_t length, double scale) {
    vips_operation_block_set("VipsForeignLoadSvg", FALSE);
    VipsImage *loaded = NULL;
    int failed = vips_svgload_buffer((void *)svg, length, &loaded, "scale", scale, NULL);
    vips_operation_block_set("VipsForeignLoadSvg", TRUE);
    return failed ? NULL : loaded;
}

/// An image `ttsite_vips_svg_load` read, drawn, flattened onto white and saved as PNG:
/// 8-bit colours chosen for it (a chart has few), zlib's default level, `strip` (the SVG
/// loader gives the image nothing but its resolution: no copy through memory is needed to
/// drop metadata, as pictures from outside need). The bytes go to `*output` (release with
/// `ttsite_vips_free`). Returns 0, or -1.
static inline int ttsite_vips_save_png(VipsImage *loaded, void **output, size_t *outputLength, int *width, int *height) {
    VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
    VipsImage *flattened = NULL;
    int failed = vips_flatten(loaded, &flattened, "background", white, NULL);
    vips_area_unref(VIPS_AREA(white));
    if (failed) return -1;
    *width = vips_image_get_width(flattened);
    *height = vips_image_get_height(flattened);
    failed = vips_pngsave_buffer(flattened, output, outputLength, "compression", 6, "palette", TRUE, "effort", 1, "strip", TRUE, NULL);
    g_object_unref(flattened);
    return failed ? -1 : 0;
}

/// The text of libvips' last errors, which the caller releases with `g_free`; the error
/// buffer is cleared.
static inline char *ttsite_vips_take_error(void) {
    return vips_error_buffer_copy();
}

static inline void ttsite_vips_free(void *pointer) { g_free(pointer); }

#endif
