#ifndef DOCSCROLL_CUNICODE_H
#define DOCSCROLL_CUNICODE_H

// A plain-C face for the few ICU services docscroll needs. Only <stdint.h> types
// appear here: ICU's own headers must not reach a Swift module that also sees
// Foundation (its bundled ICU defines the same C types differently).

#include <stdint.h>

/// Terminal columns a scalar takes when it starts a grapheme cluster, by UAX #11
/// East Asian Width: 2 for Wide and Fullwidth, 0 for nonspacing and enclosing marks
/// and format characters, 1 otherwise (ambiguous counts as narrow).
int32_t docscroll_scalar_columns(uint32_t scalar);

/// Whether a scalar has the Emoji_Presentation property (drawn two columns wide).
int32_t docscroll_is_emoji_presentation(uint32_t scalar);

/// Whether a scalar has the Emoji property (VS16 after it makes it two columns wide).
int32_t docscroll_is_emoji(uint32_t scalar);

// Columns of a scalar of the Basic Multilingual Plane that is always a grapheme of
// its own next to any other such scalar or printable ASCII (grapheme break property
// Other, or a precomposed Hangul syllable) and takes one or two columns; 0 for any
// other scalar (controls, marks, joiners, selectors, unassigned, zero-width).
int32_t docscroll_simple_scalar_columns(uint32_t scalar);

/// Whether a segment break (a line feed in the source) between this scalar and
/// another such one is removed rather than shown as a space (CSS Text 3): East Asian
/// Width F, W or H, and not Hangul.
int32_t docscroll_joins_across_segment_break(uint32_t scalar);

/// Line break opportunities of a UTF-8 text by UAX #14 (ICU's line break iterator).
///
/// Writes the byte offsets where a line may start, in increasing order, excluding 0
/// and including `length`, into `positions` (room for `capacity` entries). ICU reads
/// the bytes in place (a UText), with no conversion to UTF-16.
/// Returns how many were found (which may exceed `capacity`: call again with more
/// room), or -1 when ICU fails.
int32_t docscroll_line_breaks_utf8(const uint8_t *text, int64_t length,
                                   int32_t *positions, int32_t capacity);

#endif
