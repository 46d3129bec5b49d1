#include "CPictureCodecs.h"

#include <gif_lib.h>
#include <stdio.h>
#include <string.h>

/// The GIF's bytes, read from the start by giflib.
typedef struct {
    const uint8_t *bytes;
    size_t count;
    size_t at;
} Reader;

static int read_bytes(GifFileType *gif, GifByteType *into, int wanted) {
    Reader *reader = gif->UserData;
    size_t left = reader->count - reader->at;
    size_t taken = wanted < 0 ? 0 : ((size_t)wanted < left ? (size_t)wanted : left);
    memcpy(into, reader->bytes + reader->at, taken);
    reader->at += taken;
    return (int)taken;
}

static int fail(GifFileType *gif, char *message, size_t message_bytes, const char *reason) {
    if (message_bytes > 0) snprintf(message, message_bytes, "%s", reason);
    int error = 0;
    if (gif != NULL) DGifCloseFile(gif, &error);
    return -1;
}

/// Reads the frame's rows onto the canvas: interlaced rows come in four passes.
static int read_frame(GifFileType *gif, uint32_t width, uint32_t height, int transparent, uint8_t *pixels, GifPixelType *line) {
    const GifImageDesc *frame = &gif->Image;
    const ColorMapObject *colors = frame->ColorMap != NULL ? frame->ColorMap : gif->SColorMap;
    static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
    int passes = frame->Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        int start = frame->Interlace ? starts[pass] : 0, step = frame->Interlace ? steps[pass] : 1;
        for (int row = start; row < frame->Height; row += step) {
            if (DGifGetLine(gif, line, frame->Width) != GIF_OK) return -1;
            long y = (long)frame->Top + row;
            if (y < 0 || y >= (long)height) continue;
            for (int column = 0; column < frame->Width; column++) {
                long x = (long)frame->Left + column;
                int index = line[column];
                if (x < 0 || x >= (long)width || index == transparent || colors == NULL || index >= colors->ColorCount) continue;
                uint8_t *pixel = pixels + ((size_t)y * width + (size_t)x) * 4;
                pixel[0] = colors->Colors[index].Red;
                pixel[1] = colors->Colors[index].Green;
                pixel[2] = colors->Colors[index].Blue;
                pixel[3] = 255;
            }
        }
    }
    return 0;
}

int docscroll_gif_decode(
    const uint8_t *bytes, size_t count, uint32_t width, uint32_t height, uint64_t max_pixels, uint8_t *pixels, char *message,
    size_t message_bytes) {
    Reader reader = {bytes, count, 0};
    int error = 0;
    GifFileType *gif = DGifOpen(&reader, read_bytes, &error);
    if (gif == NULL) return fail(NULL, message, message_bytes, GifErrorString(error));
    memset(pixels, 0, (size_t)width * height * 4);
    int transparent = -1;
    GifRecordType type;
    while (DGifGetRecordType(gif, &type) == GIF_OK) {
        if (type == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *extension = NULL;
            if (DGifGetExtension(gif, &code, &extension) != GIF_OK) break;
            // (A graphics control block: its first byte's low bit says a colour is transparent.)
            if (code == GRAPHICS_EXT_FUNC_CODE && extension != NULL && extension[0] >= 4 && (extension[1] & 1)) transparent = extension[4];
            while (extension != NULL) {
                if (DGifGetExtensionNext(gif, &extension) != GIF_OK) return fail(gif, message, message_bytes, GifErrorString(gif->Error));
            }
        } else if (type == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageDesc(gif) != GIF_OK) break;
            const GifImageDesc *frame = &gif->Image;
            if (frame->Width <= 0 || frame->Height <= 0 || (uint64_t)frame->Width * (uint64_t)frame->Height > max_pixels) {
                return fail(gif, message, message_bytes, "a frame larger than the pixel limit");
            }
            GifPixelType line[65536];
            if (read_frame(gif, width, height, transparent, pixels, line) != 0) break;
            DGifCloseFile(gif, &error);
            return 0;
        } else if (type == TERMINATE_RECORD_TYPE) {
            return fail(gif, message, message_bytes, "no frame");
        }
    }
    return fail(gif, message, message_bytes, GifErrorString(gif->Error));
}
