#ifndef DOCSCROLL_CPICTURECODECS_H
#define DOCSCROLL_CPICTURECODECS_H

#include <stddef.h>
#include <stdint.h>

/// Reads a PNG's header from `count` bytes: its width and height in pixels. Returns 0,
/// or -1 with a reason in `message` (`message_bytes` long, ended by a zero byte).
int docscroll_png_size(const uint8_t *bytes, size_t count, uint32_t *width, uint32_t *height, char *message, size_t message_bytes);

/// Decodes a PNG into `pixels`: `width * height * 4` bytes of red, green, blue and
/// alpha (straight, not premultiplied), rows top to bottom, as `docscroll_png_size`
/// gave the size. libpng's simplified API: its errors end the decoding, never the
/// program. Returns 0, or -1 with a reason in `message`.
int docscroll_png_decode(const uint8_t *bytes, size_t count, uint8_t *pixels, size_t pixel_bytes, char *message, size_t message_bytes);

#endif
