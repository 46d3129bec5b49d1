#ifndef DOCSCROLL_CLIBXML2_SHIM_H
#define DOCSCROLL_CLIBXML2_SHIM_H

// Debian's libxml2 is built with ICU, and its headers then include <unicode/*.h>,
// which clashes with Foundation's own ICU module in any Swift module that sees both
// ('UErrorCode' has different definitions). libxml2's public API needs none of ICU.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlmemory.h>
#include <malloc.h>

/// `xmlFree` is a global function pointer variable; Swift 6 rejects it as not
/// concurrency-safe, so call it through a function.
static inline void docscroll_xml_free(void *pointer) {
    xmlFree(pointer);
}

/// glibc keeps the pages of a freed libxml2 tree until asked to return them.
static inline void docscroll_malloc_trim(void) {
    malloc_trim(0);
}

#endif
