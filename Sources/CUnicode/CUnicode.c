#include "CUnicode.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
#include <unicode/utypes.h>

int32_t docscroll_scalar_columns(uint32_t scalar) {
    UChar32 c = (UChar32)scalar;
    switch (u_charType(c)) {
    case U_NON_SPACING_MARK:
    case U_ENCLOSING_MARK:
    case U_FORMAT_CHAR:
        return 0;
    default:
        break;
    }
    switch (u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH)) {
    case U_EA_WIDE:
    case U_EA_FULLWIDTH:
        return 2;
    default:
        return 1;
    }
}

int32_t docscroll_is_emoji_presentation(uint32_t scalar) {
    return u_hasBinaryProperty((UChar32)scalar, UCHAR_EMOJI_PRESENTATION) ? 1 : 0;
}

int32_t docscroll_is_emoji(uint32_t scalar) {
    return u_hasBinaryProperty((UChar32)scalar, UCHAR_EMOJI) ? 1 : 0;
}

int32_t docscroll_joins_across_segment_break(uint32_t scalar) {
    UChar32 c = (UChar32)scalar;
    switch (u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH)) {
    case U_EA_WIDE:
    case U_EA_FULLWIDTH:
    case U_EA_HALFWIDTH:
        break;
    default:
        return 0;
    }
    return u_getIntPropertyValue(c, UCHAR_HANGUL_SYLLABLE_TYPE) == U_HST_NOT_APPLICABLE
        && !(c >= 0x3130 && c <= 0x318F) && !(c >= 0xFFA0 && c <= 0xFFDC);
}

// The simple columns of a scalar (see the header), from its properties.
static uint8_t simple_columns(UChar32 c) {
    if (c < 0xA0 || (c >= 0xD800 && c <= 0xDFFF) || u_charType(c) == U_UNASSIGNED) {
        return 0;
    }
    switch (u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK)) {
    case U_GCB_OTHER:
    case U_GCB_LV:
    case U_GCB_LVT:
        break;
    default:
        return 0;
    }
    if (docscroll_is_emoji_presentation((uint32_t)c)) {
        return 2;
    }
    return (uint8_t)docscroll_scalar_columns((uint32_t)c);
}

// Pages of 256 scalars of the Basic Multilingual Plane, each built the first time a
// scalar in it is asked for (most pages use a handful of them). Threads may race to
// build a page: the first one published wins, the others free theirs.
static _Atomic(uint8_t *) simple_pages[256];

int32_t docscroll_simple_scalar_columns(uint32_t scalar) {
    if (scalar > 0xFFFF) {
        return 0;
    }
    _Atomic(uint8_t *) *slot = &simple_pages[scalar >> 8];
    uint8_t *page = atomic_load_explicit(slot, memory_order_acquire);
    if (page == NULL) {
        uint8_t *built = malloc(256);
        if (built == NULL) {
            return 0;
        }
        for (uint32_t low = 0; low < 256; low++) {
            built[low] = simple_columns((UChar32)((scalar & 0xFF00) | low));
        }
        uint8_t *expected = NULL;
        if (atomic_compare_exchange_strong_explicit(slot, &expected, built, memory_order_acq_rel, memory_order_acquire)) {
            page = built;
        } else {
            free(built);
            page = expected;
        }
    }
    return page[scalar & 0xFF];
}

// Opening a line break iterator loads rules and costs far more than breaking a
// paragraph, so each thread keeps one and only resets its text; it is closed when
// the thread ends (a thread key's destructor), not left behind.
static _Thread_local UBreakIterator *cached_line_iterator = NULL;
static pthread_key_t line_iterator_key;
static pthread_once_t line_iterator_key_once = PTHREAD_ONCE_INIT;

static void close_line_iterator(void *iterator) {
    ubrk_close((UBreakIterator *)iterator);
}

static void make_line_iterator_key(void) {
    pthread_key_create(&line_iterator_key, close_line_iterator);
}

static UBreakIterator *line_iterator(void) {
    UErrorCode status = U_ZERO_ERROR;
    if (cached_line_iterator == NULL) {
        cached_line_iterator = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
        if (U_FAILURE(status)) {
            cached_line_iterator = NULL;
        } else {
            pthread_once(&line_iterator_key_once, make_line_iterator_key);
            pthread_setspecific(line_iterator_key, cached_line_iterator);
        }
    }
    return cached_line_iterator;
}

int32_t docscroll_line_breaks_utf8(const uint8_t *text, int64_t length,
                                   int32_t *positions, int32_t capacity) {
    UBreakIterator *iterator = line_iterator();
    if (iterator == NULL) {
        return -1;
    }
    UErrorCode status = U_ZERO_ERROR;
    UText *utext = utext_openUTF8(NULL, (const char *)text, length, &status);
    if (U_FAILURE(status)) {
        return -1;
    }
    ubrk_setUText(iterator, utext, &status);
    if (U_FAILURE(status)) {
        utext_close(utext);
        return -1;
    }
    int32_t count = 0;
    ubrk_first(iterator);
    for (int32_t at = ubrk_next(iterator); at != UBRK_DONE; at = ubrk_next(iterator)) {
        if (count < capacity) {
            positions[count] = at;
        }
        count += 1;
    }
    utext_close(utext);
    return count;
}
