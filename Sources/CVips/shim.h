// libvips from Debian (libvips-dev). Swift cannot call C's variadic functions, and libvips
// takes its options as NULL-terminated variadic lists: these few inline wrappers call them
// with fixed arguments. Everything else in JournalCore sees only Resizer.swift.
#include <vips/vips.h>

/// Starts libvips once: no loaders that libvips calls untrusted (ImageMagick, PDF, SVG through
/// librsvg, matrices...), one worker thread per image (the build runs images on every core
/// itself), and no cache of operations (each image is made once).
static inline void journal_vips_quiet(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {}

static inline int journal_vips_start(void) {
    if (VIPS_INIT("journal")) return -1;
    // Its warnings (a JPEG's extra bytes) would go to the terminal; failures come back as errors.
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, journal_vips_quiet, NULL);
    vips_block_untrusted_set(TRUE);
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    return 0;
}

/// The pixel size of the image in `bytes`, from its header only; -1 when it is not one libvips
/// reads.
static inline int journal_vips_size(const void *bytes, size_t length, int *width, int *height) {
    VipsImage *image = vips_image_new_from_buffer(bytes, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (image == NULL) return -1;
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    g_object_unref(image);
    return 0;
}

/// Whether the image in `bytes` needs its colours converted to be shown as sRGB: it carries a
/// colour profile, or it is CMYK. (Grey and 16-bit images without one are shown as they are,
/// as browsers show them; converting grey through lcms tinted it.) Read from the header only; 1
/// when it cannot be read (the conversion then reports the problem).
static inline int journal_vips_needs_colour_management(const void *bytes, size_t length) {
    VipsImage *image = vips_image_new_from_buffer(bytes, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (image == NULL) {
        vips_error_clear();
        return 1;
    }
    int needs = vips_image_get_typeof(image, VIPS_META_ICC_NAME) != 0 || vips_image_get_interpretation(image) == VIPS_INTERPRETATION_CMYK;
    g_object_unref(image);
    return needs;
}

/// The image in `bytes` cut to the middle square and shrunk to `side` pixels (never enlarged),
/// decoded at the smallest scale the format allows (a JPEG shrinks while it loads), with its
/// colours in sRGB, held in memory so it can be saved more than once. NULL on failure. Only an
/// image with a profile (or CMYK) goes through lcms: one without is sRGB already, and the
/// transform was a sixth of resizing.
static inline VipsImage *journal_vips_square(const void *bytes, size_t length, int side) {
    VipsImage *thumbnail = NULL;
    int failed = journal_vips_needs_colour_management(bytes, length)
        ? vips_thumbnail_buffer((void *)bytes, length, &thumbnail, side, "height", side, "size", VIPS_SIZE_DOWN, "crop", VIPS_INTERESTING_CENTRE,
                                "export_profile", "srgb", "option_string", "fail_on=truncated", NULL)
        : vips_thumbnail_buffer((void *)bytes, length, &thumbnail, side, "height", side, "size", VIPS_SIZE_DOWN, "crop", VIPS_INTERESTING_CENTRE,
                                "option_string", "fail_on=truncated", NULL);
    if (failed) return NULL;
    VipsImage *flat = NULL;
    // A cover with transparency is shown on the page's surface; JPEG has no alpha.
    if (vips_image_hasalpha(thumbnail)) {
        double white[3] = {255, 255, 255};
        VipsArrayDouble *background = vips_array_double_new(white, 3);
        int failed = vips_flatten(thumbnail, &flat, "background", background, NULL);
        vips_area_unref(VIPS_AREA(background));
        g_object_unref(thumbnail);
        if (failed) return NULL;
    } else {
        flat = thumbnail;
    }
    VipsImage *memory = vips_image_copy_memory(flat);
    g_object_unref(flat);
    return memory;
}

/// A square of ours (`bytes`, an sRGB JPEG without a profile) shrunk to `side` pixels for a card's
/// tile, as a baseline JPEG at `quality`: never published, only decoded again by librsvg while
/// it draws the card, so no colour management (the square is sRGB already: it was a tenth of
/// drawing cards), no progressive scans and no optimised tables (both slow to make and to read).
static inline int journal_vips_tile_jpeg(const void *bytes, size_t length, int side, int quality, void **out, size_t *out_length) {
    VipsImage *thumbnail = NULL;
    if (vips_thumbnail_buffer((void *)bytes, length, &thumbnail, side, "height", side,
                              "size", VIPS_SIZE_DOWN, "crop", VIPS_INTERESTING_CENTRE, NULL)) return -1;
    int failed = vips_jpegsave_buffer(thumbnail, out, out_length, "Q", quality, "strip", TRUE, NULL);
    g_object_unref(thumbnail);
    return failed ? -1 : 0;
}

/// `image` (a square in memory) shrunk to `side` pixels.
static inline VipsImage *journal_vips_shrink(VipsImage *image, int side) {
    VipsImage *out = NULL;
    if (vips_thumbnail_image(image, &out, side, "height", side, "size", VIPS_SIZE_DOWN, "crop", VIPS_INTERESTING_CENTRE, NULL)) return NULL;
    VipsImage *memory = vips_image_copy_memory(out);
    g_object_unref(out);
    return memory;
}

/// `image` as WebP (`format` 0) or progressive JPEG (1) at `quality`, without metadata.
static inline int journal_vips_save(VipsImage *image, int format, int quality, void **bytes, size_t *length) {
    if (format == 0) return vips_webpsave_buffer(image, bytes, length, "Q", quality, "strip", TRUE, "effort", 2, NULL);
    return vips_jpegsave_buffer(image, bytes, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, "interlace", TRUE, NULL);
}

/// A `width` x `height` picture of 32-bit pixels in memory, blue, green, red and one unused byte
/// each (cairo's RGB24 on a little-endian machine), as a JPEG at `quality` (colour at half
/// resolution, 4:2:0: a card's text is large enough to stay sharp, and it saves a fifth), baseline
/// with optimised tables: progressive scans took twice as long to encode (8 ms of a card's 20) for
/// 4% less, which a slightly lower quality gives back.
static inline int journal_vips_jpeg_from_bgrx(const void *pixels, int width, int height, int quality, void **bytes, size_t *length) {
    // Red, green and blue in a plain loop: three band extractions and a join cost libvips a
    // tenth of a cold build's CPU for pictures this small.
    size_t count = (size_t)width * height;
    unsigned char *rgb = g_try_malloc(count * 3);
    if (rgb == NULL) return -1;
    const unsigned char *from = pixels;
    for (size_t index = 0; index < count; index++) {
        rgb[index * 3] = from[index * 4 + 2];
        rgb[index * 3 + 1] = from[index * 4 + 1];
        rgb[index * 3 + 2] = from[index * 4];
    }
    VipsImage *image = vips_image_new_from_memory(rgb, count * 3, width, height, 3, VIPS_FORMAT_UCHAR);
    if (image == NULL) {
        g_free(rgb);
        return -1;
    }
    VipsImage *srgb = NULL;
    int failed = vips_copy(image, &srgb, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    if (!failed) {
        failed = vips_jpegsave_buffer(srgb, bytes, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE,
                                      "subsample_mode", VIPS_FOREIGN_SUBSAMPLE_ON, NULL);
        g_object_unref(srgb);
    }
    g_object_unref(image);
    g_free(rgb);
    return failed ? -1 : 0;
}

/// What went wrong last, for a message; clears it.
static inline char *journal_vips_error(void) {
    char *message = g_strdup(vips_error_buffer());
    vips_error_clear();
    return message;
}

/// `width` x `height` pixels of red, green and blue bytes as a PNG (a card's background glow,
/// drawn small and scaled up by librsvg). -1 on failure.
static inline int journal_vips_png_from_rgb(const void *rgb, int width, int height, void **bytes, size_t *length) {
    VipsImage *image = vips_image_new_from_memory(rgb, (size_t)width * height * 3, width, height, 3, VIPS_FORMAT_UCHAR);
    if (image == NULL) return -1;
    VipsImage *srgb = NULL;
    int failed = vips_copy(image, &srgb, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    if (!failed) {
        failed = vips_pngsave_buffer(srgb, bytes, length, "compression", 6, "strip", TRUE, NULL);
        g_object_unref(srgb);
    }
    g_object_unref(image);
    return failed ? -1 : 0;
}

/// The image in `bytes` decoded to red, green and blue bytes (alpha and extra bands dropped):
/// what tests compare pictures by. -1 on failure; `*pixels` is freed with g_free.
static inline int journal_vips_rgb(const void *bytes, size_t length, int *width, int *height, void **pixels, size_t *size) {
    VipsImage *image = vips_image_new_from_buffer(bytes, length, "", NULL);
    if (image == NULL) return -1;
    VipsImage *three = NULL;
    int failed = vips_image_get_bands(image) >= 3 ? vips_extract_band(image, &three, 0, "n", 3, NULL) : vips_colourspace(image, &three, VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(image);
    if (failed) return -1;
    *width = vips_image_get_width(three);
    *height = vips_image_get_height(three);
    *pixels = vips_image_write_to_memory(three, size);
    g_object_unref(three);
    return *pixels == NULL ? -1 : 0;
}

/// 0 when all of the image in `bytes` decodes (read at the smallest scale its format allows, no
/// colour management: only whether it is whole matters); -1 when it is cut short or damaged.
static inline int journal_vips_decodes(const void *bytes, size_t length) {
    VipsImage *thumbnail = NULL;
    if (vips_thumbnail_buffer((void *)bytes, length, &thumbnail, 16, "option_string", "fail_on=truncated", NULL)) return -1;
    VipsImage *memory = vips_image_copy_memory(thumbnail);
    g_object_unref(thumbnail);
    if (memory == NULL) return -1;
    g_object_unref(memory);
    return 0;
}
