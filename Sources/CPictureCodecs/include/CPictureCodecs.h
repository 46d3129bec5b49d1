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

/// Decodes a PNG scaled down to `width` by `height` pixels (each at most the PNG's
/// own) into `pixels` (`width * height * 4` bytes, RGBA as `docscroll_png_decode`
/// gives them), reading it a row at a time: each pixel the mean of those it covers,
/// weighted by their alpha, and no more than a row of the PNG's own size held. Returns
/// 0; 1 for a PNG whose rows cannot be read so (interlaced, of 16 bits a sample, of a
/// gamma not sRGB's: decode it whole), `pixels` untouched; or -1 with a reason in
/// `message`.
int docscroll_png_decode_scaled(
    const uint8_t *bytes, size_t count, uint32_t width, uint32_t height, uint8_t *pixels, char *message, size_t message_bytes);

/// Reads a JPEG's header from `count` bytes: the size it decodes at, the smallest of
/// those TurboJPEG scales to (eighths, 1/8 to 1) that is at least `min_width` by `min_height`
/// (its own size when none is, or when both are 0). Returns 0, or -1 with a reason in
/// `message`.
int docscroll_jpeg_size(
    const uint8_t *bytes, size_t count, uint32_t min_width, uint32_t min_height, uint32_t *width, uint32_t *height,
    char *message, size_t message_bytes);

/// Decodes a JPEG at a size `docscroll_jpeg_size` gave into `pixels` (`width * height *
/// 4` bytes, RGBA, alpha opaque, rows top to bottom, the file's Exif orientation not
/// applied). A warning (a cut or corrupt stream) ends the decoding, and a progressive
/// image of more than 500 scans is refused. Returns 0, or -1 with a reason in `message`.
int docscroll_jpeg_decode(
    const uint8_t *bytes, size_t count, uint32_t width, uint32_t height, uint8_t *pixels, char *message, size_t message_bytes);

/// Decodes a GIF's first frame onto its canvas (`width * height * 4` bytes, RGBA, the
/// canvas's size from the GIF's header; pixels outside the frame, or of its transparent
/// colour, transparent). Only the records up to the first frame are read, whatever
/// follows it (an animation of any number of frames). A frame of more than
/// `max_pixels` pixels is refused. Returns 0, or -1 with a reason in `message`.
int docscroll_gif_decode(
    const uint8_t *bytes, size_t count, uint32_t width, uint32_t height, uint64_t max_pixels, uint8_t *pixels, char *message,
    size_t message_bytes);

/// Reads a WebP's size (its canvas). Returns 0, or -1 with a reason in `message`.
int docscroll_webp_size(const uint8_t *bytes, size_t count, uint32_t *width, uint32_t *height, char *message, size_t message_bytes);

/// Decodes a still WebP into `pixels` (`width * height * 4` bytes, RGBA, as
/// `docscroll_webp_size` gave). An animated WebP is refused. Returns 0, or -1 with a
/// reason in `message`.
int docscroll_webp_decode(
    const uint8_t *bytes, size_t count, uint32_t width, uint32_t height, uint8_t *pixels, char *message, size_t message_bytes);

/// Whether SVG can be drawn: librsvg (`librsvg-2.so.2`) loaded, the first time this
/// is asked. Returns 1 or 0.
int docscroll_svg_available(void);

/// Draws an SVG into `pixels` (`width * height * 4` bytes, RGBA straight, rows top to
/// bottom): laid out at its own size, `natural_width` by `natural_height` CSS pixels
/// (its aspect kept there), then stretched to `width` by `height`; through librsvg
/// loaded on first use, one SVG at a time. Nothing
/// outside the bytes is read (no base address: references to other files are
/// refused). Returns 0, or -1 with a reason in `message`.
int docscroll_svg_render(
    const uint8_t *bytes, size_t count, double natural_width, double natural_height, uint32_t width, uint32_t height,
    uint8_t *pixels, char *message, size_t message_bytes);

#endif
