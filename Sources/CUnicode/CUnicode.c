#include "CUnicode.h"

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

// Opening a line break iterator loads rules and costs far more than breaking a
// paragraph, so each thread keeps one and only resets its text.
static _Thread_local UBreakIterator *cached_line_iterator = NULL;

static UBreakIterator *line_iterator(void) {
    UErrorCode status = U_ZERO_ERROR;
    if (cached_line_iterator == NULL) {
        cached_line_iterator = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
        if (U_FAILURE(status)) {
            cached_line_iterator = NULL;
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
