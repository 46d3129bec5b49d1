#include "CPictureCodecs.h"

#include <stdio.h>
#include <webp/decode.h>

static void say(char *message, size_t message_bytes, const char *reason) {
    if (message_bytes > 0) snprintf(message, message_bytes, "%s", reason);
}

int docscroll_webp_size(const uint8_t *bytes, size_t count, uint32_t *width, uint32_t *height, char *message, size_t message_bytes) {
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(bytes, count, &features) != VP8_STATUS_OK) {
        say(message, message_bytes, "not a WebP libwebp reads");
        return -1;
    }
    if (features.has_animation) {
        say(message, message_bytes, "an animated WebP");
        return -1;
    }
    *width = (uint32_t)features.width;
    *height = (uint32_t)features.height;
    return 0;
}

int docscroll_webp_decode(
    const uint8_t *bytes, size_t count, uint32_t width, uint32_t height, uint8_t *pixels, char *message, size_t message_bytes) {
    size_t size = (size_t)width * height * 4;
    if (WebPDecodeRGBAInto(bytes, count, pixels, size, (int)width * 4) == NULL) {
        say(message, message_bytes, "a broken or cut WebP");
        return -1;
    }
    return 0;
}
