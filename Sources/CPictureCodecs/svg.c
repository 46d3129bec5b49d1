#include "CPictureCodecs.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// librsvg is loaded when the first SVG is drawn, not linked: linked, it and what it
// pulls in (cairo, pango, fontconfig, gdk-pixbuf) cost every start of docscroll about
// 6 ms and 10 MB, pictures or not. Its functions are declared here from its stable C
// API (librsvg 2.52 and later), so no development package is needed to build.

typedef struct RsvgHandle RsvgHandle;
typedef struct cairo_surface cairo_surface_t;
typedef struct cairo cairo_t;
typedef struct {
    double x, y, width, height;
} RsvgRectangle;
typedef struct {
    uint32_t domain;
    int code;
    char *message;
} GError;

static struct {
    RsvgHandle *(*new_from_data)(const uint8_t *, size_t, GError **);
    int (*render_document)(RsvgHandle *, cairo_t *, const RsvgRectangle *, GError **);
    void (*object_unref)(void *);
    void (*error_free)(GError *);
    cairo_surface_t *(*image_surface_create)(int, int, int);
    cairo_surface_t *(*image_surface_create_for_data)(unsigned char *, int, int, int, int);
    int (*surface_status)(cairo_surface_t *);
    void (*surface_flush)(cairo_surface_t *);
    void (*surface_destroy)(cairo_surface_t *);
    cairo_t *(*create)(cairo_surface_t *);
    void (*destroy)(cairo_t *);
    void (*scale)(cairo_t *, double, double);
    int loaded;
} rsvg;

static pthread_once_t rsvg_once = PTHREAD_ONCE_INIT;
/// librsvg's renderer is run one SVG at a time.
static pthread_mutex_t rsvg_lock = PTHREAD_MUTEX_INITIALIZER;

static void load_rsvg(void) {
    void *library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    // (Symbols of the libraries librsvg depends on are found through its handle.)
    *(void **)&rsvg.new_from_data = dlsym(library, "rsvg_handle_new_from_data");
    *(void **)&rsvg.render_document = dlsym(library, "rsvg_handle_render_document");
    *(void **)&rsvg.object_unref = dlsym(library, "g_object_unref");
    *(void **)&rsvg.error_free = dlsym(library, "g_error_free");
    *(void **)&rsvg.image_surface_create_for_data = dlsym(library, "cairo_image_surface_create_for_data");
    *(void **)&rsvg.surface_status = dlsym(library, "cairo_surface_status");
    *(void **)&rsvg.surface_flush = dlsym(library, "cairo_surface_flush");
    *(void **)&rsvg.surface_destroy = dlsym(library, "cairo_surface_destroy");
    *(void **)&rsvg.create = dlsym(library, "cairo_create");
    *(void **)&rsvg.destroy = dlsym(library, "cairo_destroy");
    *(void **)&rsvg.scale = dlsym(library, "cairo_scale");
    rsvg.loaded = rsvg.new_from_data && rsvg.render_document && rsvg.object_unref && rsvg.error_free
        && rsvg.image_surface_create_for_data && rsvg.surface_status && rsvg.surface_flush && rsvg.surface_destroy
        && rsvg.create && rsvg.destroy && rsvg.scale;
}

static void say(char *message, size_t message_bytes, const char *reason) {
    if (message_bytes > 0) snprintf(message, message_bytes, "%s", reason);
}

static void say_error(char *message, size_t message_bytes, const char *what, GError *error) {
    if (message_bytes > 0) snprintf(message, message_bytes, "%s: %s", what, error && error->message ? error->message : "no reason given");
    if (error) rsvg.error_free(error);
}

int docscroll_svg_available(void) {
    pthread_once(&rsvg_once, load_rsvg);
    return rsvg.loaded;
}

int docscroll_svg_render(
    const uint8_t *bytes, size_t count, double natural_width, double natural_height, uint32_t width, uint32_t height,
    uint8_t *pixels, char *message, size_t message_bytes) {
    if (!docscroll_svg_available()) {
        say(message, message_bytes, "SVG needs librsvg (Debian's librsvg2-2)");
        return -1;
    }
    if (width == 0 || height == 0 || width > 32767 || height > 32767 || !(natural_width > 0) || !(natural_height > 0)) {
        say(message, message_bytes, "a size cairo cannot draw");
        return -1;
    }
    // Cairo draws into the pixels themselves: 32-bit words, alpha highest, colours
    // premultiplied (format 0, ARGB32), a row every `width * 4` bytes.
    memset(pixels, 0, (size_t)width * height * 4);
    pthread_mutex_lock(&rsvg_lock);
    int result = -1;
    GError *error = NULL;
    RsvgHandle *handle = rsvg.new_from_data(bytes, count, &error);
    if (handle == NULL) {
        say_error(message, message_bytes, "a broken SVG", error);
        pthread_mutex_unlock(&rsvg_lock);
        return -1;
    }
    cairo_surface_t *surface = rsvg.image_surface_create_for_data(pixels, 0, (int)width, (int)height, (int)width * 4);
    if (rsvg.surface_status(surface) != 0) {
        say(message, message_bytes, "cairo cannot draw at this size");
    } else {
        cairo_t *context = rsvg.create(surface);
        // Drawn into a viewport of its own size, stretched to the pixels' (the box
        // keeps the picture's aspect in cells, whose pixels are sampled unevenly).
        rsvg.scale(context, width / natural_width, height / natural_height);
        RsvgRectangle viewport = {0, 0, natural_width, natural_height};
        if (rsvg.render_document(handle, context, &viewport, &error)) {
            result = 0;
        } else {
            say_error(message, message_bytes, "an SVG librsvg cannot draw", error);
        }
        rsvg.destroy(context);
        rsvg.surface_flush(surface);
    }
    rsvg.surface_destroy(surface);
    rsvg.object_unref(handle);
    pthread_mutex_unlock(&rsvg_lock);
    if (result != 0) return result;
    // Premultiplied native-endian ARGB words to straight RGBA bytes.
    size_t total = (size_t)width * height;
    for (size_t index = 0; index < total; index++) {
        uint32_t word;
        memcpy(&word, pixels + index * 4, 4);
        uint32_t alpha = word >> 24, red = (word >> 16) & 0xFF, green = (word >> 8) & 0xFF, blue = word & 0xFF;
        if (alpha != 0 && alpha != 255) {
            red = (red * 255 + alpha / 2) / alpha;
            green = (green * 255 + alpha / 2) / alpha;
            blue = (blue * 255 + alpha / 2) / alpha;
        }
        uint8_t *pixel = pixels + index * 4;
        pixel[0] = (uint8_t)(red > 255 ? 255 : red);
        pixel[1] = (uint8_t)(green > 255 ? 255 : green);
        pixel[2] = (uint8_t)(blue > 255 ? 255 : blue);
        pixel[3] = (uint8_t)alpha;
    }
    return 0;
}
