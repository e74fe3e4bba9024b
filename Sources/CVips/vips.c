// The wrappers of CVips.h. libvips and libwebpmux are opened with dlopen by
// `ttsite_vips_start`, and every function of theirs is called through `lib`, whose fields have
// the types of the libraries' own headers: a call that does not match its declaration does not
// compile, as if the libraries were linked.
#include "CVips.h"

#include <dlfcn.h>
#include <stdio.h>
#include <vips/vips.h>
#include <vips/vector.h>  // `vips_vector_set_enabled`, which vips.h does not declare
#include <webp/mux.h>

// GObject's macro of the same name (a cast to the argument's type) would stand in for the
// field `lib.g_object_ref`.
#undef g_object_ref

#if defined(__APPLE__)
#define TTSITE_LIBVIPS "libvips.42.dylib"
#define TTSITE_LIBWEBPMUX "libwebpmux.3.dylib"
#else
#define TTSITE_LIBVIPS "libvips.so.42"
#define TTSITE_LIBWEBPMUX "libwebpmux.so.3"
#endif

// Every function of libvips, GLib and GObject called here (found through libvips, which needs them).
#define TTSITE_VIPS_FUNCTIONS(X)                                                                                       \
    X(vips_init)                                                                                                       \
    X(vips_vector_set_enabled)                                                                                         \
    X(vips_concurrency_set)                                                                                            \
    X(vips_cache_set_max)                                                                                              \
    X(vips_block_untrusted_set)                                                                                        \
    X(vips_operation_block_set)                                                                                        \
    X(vips_foreign_find_load_buffer)                                                                                   \
    X(vips_image_new_from_buffer)                                                                                      \
    X(vips_image_new_from_memory_copy)                                                                                 \
    X(vips_image_write_to_memory)                                                                                      \
    X(vips_image_get_width)                                                                                            \
    X(vips_image_get_height)                                                                                           \
    X(vips_image_get_bands)                                                                                            \
    X(vips_image_get_format)                                                                                           \
    X(vips_image_get_interpretation)                                                                                   \
    X(vips_image_guess_interpretation)                                                                                 \
    X(vips_image_get_orientation_swap)                                                                                 \
    X(vips_image_hasalpha)                                                                                             \
    X(vips_thumbnail_buffer)                                                                                           \
    X(vips_thumbnail_image)                                                                                            \
    X(vips_colourspace)                                                                                                \
    X(vips_flatten)                                                                                                    \
    X(vips_array_double_newv)                                                                                          \
    X(vips_area_unref)                                                                                                 \
    X(vips_webpsave_buffer)                                                                                            \
    X(vips_jpegsave_buffer)                                                                                            \
    X(vips_pngsave_buffer)                                                                                             \
    X(vips_svgload_buffer)                                                                                             \
    X(vips_error)                                                                                                      \
    X(vips_error_buffer_copy)                                                                                          \
    X(g_log_set_handler)                                                                                               \
    X(g_free)                                                                                                          \
    X(g_memdup2)                                                                                                       \
    X(g_object_ref)                                                                                                    \
    X(g_object_unref)

// Every function of libwebpmux and libwebp called here (`WebPMuxCreate` and `WebPDataClear` are
// inline in the headers: they call the first and the last).
#define TTSITE_WEBPMUX_FUNCTIONS(X)                                                                                    \
    X(WebPMuxCreateInternal)                                                                                           \
    X(WebPMuxDeleteChunk)                                                                                              \
    X(WebPMuxAssemble)                                                                                                 \
    X(WebPMuxDelete)                                                                                                   \
    X(WebPFree)

#define TTSITE_FIELD(name) __typeof__(&name) name;
struct functions {
    TTSITE_VIPS_FUNCTIONS(TTSITE_FIELD)
    TTSITE_WEBPMUX_FUNCTIONS(TTSITE_FIELD)
};
#undef TTSITE_FIELD

/// Filled once by `ttsite_vips_start`, before any wrapper runs; read-only after.
static struct functions lib;
static char startError[512];

/// `name` opened, or NULL with the loader's words in `startError`.
static void *open_library(const char *name) {
    void *handle = dlopen(name, RTLD_NOW | RTLD_GLOBAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(startError, sizeof startError, "%s could not be opened: %s", name, reason ? reason : "no reason given");
    }
#if defined(__APPLE__)
    // dyld looks for a bare name in neither of Homebrew's folders (the one of Apple silicon,
    // then the one of Intel Macs). The first failure is the one reported.
    static const char *const homebrew[] = {"/opt/homebrew/lib/", "/usr/local/lib/"};
    for (size_t index = 0; handle == NULL && index < sizeof homebrew / sizeof homebrew[0]; index++) {
        char path[256];
        snprintf(path, sizeof path, "%s%s", homebrew[index], name);
        handle = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
    }
    if (handle != NULL) startError[0] = '\0';
#endif
    return handle;
}

/// `name` from `handle` (or a library it needs) into `*field`. Returns 0, or -1 with the name
/// in `startError`.
static int resolve(void *handle, const char *library, const char *name, void **field) {
    *field = dlsym(handle, name);
    if (*field != NULL) return 0;
    snprintf(startError, sizeof startError, "%s has no function %s", library, name);
    return -1;
}

/// Opens both libraries and resolves every function into `into`. Returns 0, or -1 with the
/// reason in `startError`.
static int load(struct functions *into) {
    void *vips = open_library(TTSITE_LIBVIPS);
    if (vips == NULL) return -1;
    void *mux = open_library(TTSITE_LIBWEBPMUX);
    if (mux == NULL) return -1;
#define TTSITE_RESOLVE(library, handle, name)                                                                          \
    if (resolve(handle, library, #name, (void **)&into->name) != 0) return -1;
#define TTSITE_RESOLVE_VIPS(name) TTSITE_RESOLVE(TTSITE_LIBVIPS, vips, name)
#define TTSITE_RESOLVE_WEBPMUX(name) TTSITE_RESOLVE(TTSITE_LIBWEBPMUX, mux, name)
    TTSITE_VIPS_FUNCTIONS(TTSITE_RESOLVE_VIPS)
    TTSITE_WEBPMUX_FUNCTIONS(TTSITE_RESOLVE_WEBPMUX)
#undef TTSITE_RESOLVE_WEBPMUX
#undef TTSITE_RESOLVE_VIPS
#undef TTSITE_RESOLVE
    return 0;
}

const char *ttsite_vips_start_error(void) {
    return startError[0] != '\0' ? startError : NULL;
}

/// libvips' own warnings ("error in tile 0 x 184") would go to stderr: the errors that
/// matter come back as failed calls, and ttsite reports those itself.
static void ignore_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain;
    (void)level;
    (void)message;
    (void)data;
}

int ttsite_vips_start(void) {
    if (load(&lib) != 0) return -1;
    if (lib.vips_init("ttsite") != 0) {
        char *reason = lib.vips_error_buffer_copy();
        snprintf(startError, sizeof startError, "libvips did not start: %s", reason ? reason : "no reason given");
        lib.g_free(reason);
        return -1;
    }
    lib.vips_vector_set_enabled(FALSE);
    lib.g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, ignore_log, NULL);
    lib.vips_concurrency_set(1);
    lib.vips_cache_set_max(0);
    lib.vips_block_untrusted_set(TRUE);
    lib.vips_operation_block_set("VipsForeignLoad", TRUE);
    lib.vips_operation_block_set("VipsForeignLoadJpeg", FALSE);
    lib.vips_operation_block_set("VipsForeignLoadPng", FALSE);
    lib.vips_operation_block_set("VipsForeignLoadWebp", FALSE);
    lib.vips_operation_block_set("VipsForeignLoadGif", FALSE);
    lib.vips_operation_block_set("VipsForeignLoadNsgif", FALSE);
    return 0;
}

const char *ttsite_vips_loader(const void *bytes, size_t length) {
    return lib.vips_foreign_find_load_buffer(bytes, length);
}

int ttsite_vips_header(const void *bytes, size_t length, int *width, int *height, int *sideways) {
    VipsImage *image = lib.vips_image_new_from_buffer(bytes, length, "", NULL);
    if (image == NULL) return -1;
    *width = lib.vips_image_get_width(image);
    *height = lib.vips_image_get_height(image);
    *sideways = lib.vips_image_get_orientation_swap(image) ? 1 : 0;
    lib.g_object_unref(image);
    return 0;
}

/// The pixels of `image` in a new image made from memory, which has no metadata at all:
/// libvips 8.14's `strip` leaves EXIF (GPS included) in WebP files, and removing the fields
/// by name did not reach it, so nothing of the source's header is carried over. Computes the
/// pixels (a damaged file fails here). Returns NULL on failure.
static VipsImage *without_metadata(VipsImage *image) {
    size_t size = 0;
    void *pixels = lib.vips_image_write_to_memory(image, &size);
    if (pixels == NULL) return NULL;
    VipsImage *fresh = lib.vips_image_new_from_memory_copy(pixels, size, lib.vips_image_get_width(image),
                                                           lib.vips_image_get_height(image),
                                                           lib.vips_image_get_bands(image),
                                                           lib.vips_image_get_format(image));
    lib.g_free(pixels);
    // Made from memory, the image would guess its colour space (four bands read as CMYK).
    if (fresh != NULL) fresh->Type = lib.vips_image_get_interpretation(image);
    return fresh;
}

VipsImage *ttsite_vips_thumbnail(const void *bytes, size_t length, int width, int height, int crop) {
    VipsImage *thumbnail = NULL;
    if (lib.vips_thumbnail_buffer((void *)bytes, length, &thumbnail, width, "height", height, "size", VIPS_SIZE_DOWN,
                                  "crop", crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE, "option_string",
                                  "fail_on=truncated", NULL) != 0) {
        return NULL;
    }
    VipsInterpretation kind = lib.vips_image_guess_interpretation(thumbnail);
    VipsInterpretation target = (kind == VIPS_INTERPRETATION_B_W || kind == VIPS_INTERPRETATION_GREY16)
                                    ? VIPS_INTERPRETATION_B_W
                                    : VIPS_INTERPRETATION_sRGB;
    VipsImage *converted = NULL;
    int failed = lib.vips_colourspace(thumbnail, &converted, target, NULL);
    lib.g_object_unref(thumbnail);
    if (failed) return NULL;
    VipsImage *bare = without_metadata(converted);
    lib.g_object_unref(converted);
    return bare;
}

VipsImage *ttsite_vips_shrink(VipsImage *decoded, int width, int height, int crop) {
    VipsImage *shrunk = NULL;
    if (lib.vips_thumbnail_image(decoded, &shrunk, width, "height", height, "size", VIPS_SIZE_DOWN, "crop",
                                 crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE, "no_rotate", TRUE,
                                 NULL) != 0) {
        return NULL;
    }
    return shrunk;
}

int ttsite_vips_width(VipsImage *image) {
    return lib.vips_image_get_width(image);
}

int ttsite_vips_height(VipsImage *image) {
    return lib.vips_image_get_height(image);
}

void ttsite_vips_release(VipsImage *image) {
    lib.g_object_unref(image);
}

int ttsite_vips_save_webp(VipsImage *image, int quality, void **output, size_t *length) {
    void *encoded = NULL;
    size_t encodedLength = 0;
    if (lib.vips_webpsave_buffer(image, &encoded, &encodedLength, "Q", quality, "strip", TRUE, NULL) != 0) return -1;
    WebPData data = {(const uint8_t *)encoded, encodedLength};
    WebPMux *mux = lib.WebPMuxCreateInternal(&data, 0, WEBP_MUX_ABI_VERSION);
    if (mux == NULL) {
        lib.g_free(encoded);
        lib.vips_error("ttsite", "libwebpmux cannot read the WebP libvips wrote");
        return -1;
    }
    lib.WebPMuxDeleteChunk(mux, "EXIF");
    lib.WebPMuxDeleteChunk(mux, "XMP ");
    lib.WebPMuxDeleteChunk(mux, "ICCP");
    WebPData assembled;
    WebPDataInit(&assembled);
    WebPMuxError status = lib.WebPMuxAssemble(mux, &assembled);
    lib.WebPMuxDelete(mux);
    lib.g_free(encoded);
    if (status != WEBP_MUX_OK) {
        lib.WebPFree((void *)assembled.bytes);
        lib.vips_error("ttsite", "libwebpmux cannot write the WebP without metadata");
        return -1;
    }
    // Handed over in memory of glib's, so that one function releases every output.
    *output = lib.g_memdup2(assembled.bytes, assembled.size);
    *length = assembled.size;
    lib.WebPFree((void *)assembled.bytes);
    return 0;
}

int ttsite_vips_save_jpeg(VipsImage *image, int quality, void **output, size_t *length) {
    VipsImage *opaque = image;
    lib.g_object_ref(opaque);
    if (lib.vips_image_hasalpha(image)) {
        VipsArrayDouble *white = lib.vips_array_double_newv(1, 255.0);
        VipsImage *flattened = NULL;
        int failed = lib.vips_flatten(image, &flattened, "background", white, NULL);
        lib.vips_area_unref(VIPS_AREA(white));
        lib.g_object_unref(opaque);
        if (failed) return -1;
        opaque = flattened;
    }
    int result = lib.vips_jpegsave_buffer(opaque, output, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE,
                                          "interlace", TRUE, NULL);
    lib.g_object_unref(opaque);
    return result;
}

VipsImage *ttsite_vips_svg_load(const void *svg, size_t length, double scale) {
    lib.vips_operation_block_set("VipsForeignLoadSvg", FALSE);
    VipsImage *loaded = NULL;
    int failed = lib.vips_svgload_buffer((void *)svg, length, &loaded, "scale", scale, NULL);
    lib.vips_operation_block_set("VipsForeignLoadSvg", TRUE);
    return failed ? NULL : loaded;
}

int ttsite_vips_save_png(VipsImage *loaded, void **output, size_t *outputLength, int *width, int *height) {
    VipsArrayDouble *white = lib.vips_array_double_newv(1, 255.0);
    VipsImage *flattened = NULL;
    int failed = lib.vips_flatten(loaded, &flattened, "background", white, NULL);
    lib.vips_area_unref(VIPS_AREA(white));
    if (failed) return -1;
    *width = lib.vips_image_get_width(flattened);
    *height = lib.vips_image_get_height(flattened);
    failed = lib.vips_pngsave_buffer(flattened, output, outputLength, "compression", 6, "palette", TRUE, "effort", 1,
                                     "strip", TRUE, NULL);
    lib.g_object_unref(flattened);
    return failed ? -1 : 0;
}

char *ttsite_vips_take_error(void) {
    return lib.vips_error_buffer_copy();
}

void ttsite_vips_free(void *pointer) {
    lib.g_free(pointer);
}
