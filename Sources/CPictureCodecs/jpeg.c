#include "CPictureCodecs.h"

#include <stdio.h>
#include <turbojpeg.h>

static void say(char *message, size_t message_bytes, tjhandle handle) {
    if (message_bytes > 0) snprintf(message, message_bytes, "%s", tjGetErrorStr2(handle));
}

int docscroll_jpeg_size(
    const uint8_t *bytes, size_t count, uint32_t min_width, uint32_t min_height, uint32_t *width, uint32_t *height,
    char *message, size_t message_bytes) {
    tjhandle handle = tjInitDecompress();
    if (handle == NULL) {
        say(message, message_bytes, NULL);
        return -1;
    }
    int full_width = 0, full_height = 0, subsampling = 0, colorspace = 0;
    if (tjDecompressHeader3(handle, bytes, (unsigned long)count, &full_width, &full_height, &subsampling, &colorspace) != 0) {
        say(message, message_bytes, handle);
        tjDestroy(handle);
        return -1;
    }
    tjDestroy(handle);
    *width = (uint32_t)full_width;
    *height = (uint32_t)full_height;
    if (min_width == 0 && min_height == 0) return 0;
    int factor_count = 0;
    tjscalingfactor *factors = tjGetScalingFactors(&factor_count);
    for (int i = 0; factors != NULL && i < factor_count; i++) {
        if (factors[i].num > factors[i].denom) continue;
        uint32_t scaled_width = (uint32_t)TJSCALED(full_width, factors[i]);
        uint32_t scaled_height = (uint32_t)TJSCALED(full_height, factors[i]);
        if (scaled_width >= min_width && scaled_height >= min_height && scaled_width < *width) {
            *width = scaled_width;
            *height = scaled_height;
        }
    }
    return 0;
}

int docscroll_jpeg_decode(
    const uint8_t *bytes, size_t count, uint32_t width, uint32_t height, uint8_t *pixels, char *message, size_t message_bytes) {
    tjhandle handle = tjInitDecompress();
    if (handle == NULL) {
        say(message, message_bytes, NULL);
        return -1;
    }
    int flags = TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS;
    int result = tjDecompress2(handle, bytes, (unsigned long)count, pixels, (int)width, 0, (int)height, TJPF_RGBA, flags);
    if (result != 0) say(message, message_bytes, handle);
    tjDestroy(handle);
    return result == 0 ? 0 : -1;
}
