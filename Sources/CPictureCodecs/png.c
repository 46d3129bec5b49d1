#include "CPictureCodecs.h"

#include <png.h>
#include <stdio.h>
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
