#include "CPictureCodecs.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void say(char *message, size_t message_bytes, const char *reason) {
    if (message_bytes > 0) snprintf(message, message_bytes, "%s", reason);
}

/// Reads the PNG's header into `image`; 0, or -1 with libpng's reason.
static int begin(png_image *image, const uint8_t *bytes, size_t count, char *message, size_t message_bytes) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    if (png_image_begin_read_from_memory(image, bytes, count)) return 0;
    say(message, message_bytes, image->message);
    return -1;
}

int docscroll_png_size(const uint8_t *bytes, size_t count, uint32_t *width, uint32_t *height, char *message, size_t message_bytes) {
    png_image image;
    if (begin(&image, bytes, count, message, message_bytes) != 0) return -1;
    *width = image.width;
    *height = image.height;
    png_image_free(&image);
    return 0;
}

int docscroll_png_decode(const uint8_t *bytes, size_t count, uint8_t *pixels, size_t pixel_bytes, char *message, size_t message_bytes) {
    png_image image;
    if (begin(&image, bytes, count, message, message_bytes) != 0) return -1;
    image.format = PNG_FORMAT_RGBA;
    if (PNG_IMAGE_SIZE(image) != pixel_bytes) {
        png_image_free(&image);
        say(message, message_bytes, "the pixels do not match the header's size");
        return -1;
    }
    int read = png_image_finish_read(&image, NULL, pixels, 0, NULL);
    if (!read) say(message, message_bytes, image.message);
    // (Nothing to free when libpng freed the image already: it marks it so.)
    png_image_free(&image);
    return read ? 0 : -1;
}

/// The file read from memory by libpng's own reader, and why it failed.
struct memory_file {
    const uint8_t *bytes;
    size_t count;
    size_t at;
    char *message;
    size_t message_bytes;
    jmp_buf failed;
};

static void read_from_memory(png_structp png, png_bytep out, size_t length) {
    struct memory_file *file = png_get_io_ptr(png);
    if (length > file->count - file->at) png_error(png, "the file ends early");
    memcpy(out, file->bytes + file->at, length);
    file->at += length;
}

static void fail(png_structp png, png_const_charp reason) {
    struct memory_file *file = png_get_error_ptr(png);
    say(file->message, file->message_bytes, reason);
    longjmp(file->failed, 1);
}

static void ignore_warning(png_structp png, png_const_charp reason) {
    (void)png;
    (void)reason;
}

/// Whether the rows of an image of this kind come out of libpng's row reader as its
/// simplified API gives them (RGBA of 8 bits, no gamma changed): 8 bits or fewer a
/// sample, not interlaced (whose rows arrive in seven passes), no gamma but sRGB's.
static int reads_in_rows(png_structp png, png_infop info) {
    if (png_get_bit_depth(png, info) > 8 || png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) return 0;
    double gamma;
    if (png_get_valid(png, info, PNG_INFO_sRGB)) return 1;
    if (png_get_gAMA(png, info, &gamma) && (gamma < 0.45 || gamma > 0.46)) return 0;
    return 1;
}

int docscroll_png_decode_scaled(
    const uint8_t *bytes, size_t count, uint32_t width, uint32_t height, uint8_t *pixels, char *message, size_t message_bytes) {
    struct memory_file file = {bytes, count, 0, message, message_bytes};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &file, fail, ignore_warning);
    if (!png) {
        say(message, message_bytes, "out of memory");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    // (Volatile: set after setjmp, read after a longjmp.)
    uint8_t *volatile row = NULL;
    uint64_t *volatile sums = NULL;
    uint32_t *volatile edges = NULL;
    volatile int result = -1;
    if (setjmp(file.failed)) goto done;
    if (!info) png_error(png, "out of memory");
    png_set_read_fn(png, &file, read_from_memory);
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    uint32_t source_width = png_get_image_width(png, info), source_height = png_get_image_height(png, info);
    if (!reads_in_rows(png, info) || width == 0 || height == 0 || width > source_width || height > source_height) {
        result = 1;
        goto done;
    }
    // Every kind to RGBA of 8 bits: palettes and low depths expanded, transparency
    // to alpha, grey to colour, an opaque alpha added.
    png_set_expand(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)source_width * 4) png_error(png, "rows not of four bytes a pixel");
    row = malloc((size_t)source_width * 4);
    sums = calloc((size_t)width * 4, sizeof(uint64_t));
    edges = malloc(((size_t)width + 1) * sizeof(uint32_t));
    if (!row || !sums || !edges) png_error(png, "out of memory");
    for (uint32_t x = 0; x <= width; x++) edges[x] = (uint32_t)((uint64_t)x * source_width / width);
    // Each pixel made the mean of the source's pixels it covers, weighted by alpha:
    // the rows `top..<bottom`, the columns `edges[x]..<edges[x + 1]`.
    uint32_t y = 0;
    uint32_t bottom = source_height / height;
    uint32_t top = 0;
    for (uint32_t source_y = 0; source_y < source_height; source_y++) {
        png_read_row(png, row, NULL);
        for (uint32_t x = 0; x < width; x++) {
            // (Summed in locals first: the row's bytes could alias the sums, which the
            // compiler would then load and store at every pixel.)
            uint64_t red = 0, green = 0, blue = 0, alpha = 0;
            for (const uint8_t *pixel = row + (size_t)edges[x] * 4, *end = row + (size_t)edges[x + 1] * 4; pixel < end; pixel += 4) {
                uint32_t weight = pixel[3];
                red += pixel[0] * weight;
                green += pixel[1] * weight;
                blue += pixel[2] * weight;
                alpha += weight;
            }
            uint64_t *sum = sums + (size_t)x * 4;
            sum[0] += red;
            sum[1] += green;
            sum[2] += blue;
            sum[3] += alpha;
        }
        if (source_y + 1 < bottom) continue;
        uint8_t *out = pixels + (size_t)y * width * 4;
        for (uint32_t x = 0; x < width; x++) {
            uint64_t *sum = sums + (size_t)x * 4;
            uint64_t covered = (uint64_t)(bottom - top) * (edges[x + 1] - edges[x]);
            uint64_t alpha = sum[3];
            if (alpha > 0) {
                out[x * 4] = (uint8_t)((sum[0] + alpha / 2) / alpha);
                out[x * 4 + 1] = (uint8_t)((sum[1] + alpha / 2) / alpha);
                out[x * 4 + 2] = (uint8_t)((sum[2] + alpha / 2) / alpha);
            } else {
                out[x * 4] = out[x * 4 + 1] = out[x * 4 + 2] = 0;
            }
            out[x * 4 + 3] = (uint8_t)((alpha + covered / 2) / covered);
        }
        memset(sums, 0, (size_t)width * 4 * sizeof(uint64_t));
        y++;
        top = bottom;
        bottom = (uint32_t)((uint64_t)(y + 1) * source_height / height);
    }
    result = 0;
done:
    free(row);
    free(sums);
    free(edges);
    png_destroy_read_struct(&png, info ? &info : NULL, NULL);
    return result;
}
