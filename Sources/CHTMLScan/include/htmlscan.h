#ifndef SITEGEN_HTMLSCAN_H
#define SITEGEN_HTMLSCAN_H
/*
 * A one-pass HTML tokenizer for link checking (states of the HTML standard's tokenizer: tags,
 * attributes, comments, raw text and RCDATA elements; no tree), with the HTML standard's table of
 * named character references for attribute values.
 *
 * Only what link checking needs crosses the boundary: start tags carrying a link or anchor attribute,
 * the raw text of <style> elements, and the end of <style>. Positions are 1-based line and byte
 * column in the input, computed from byte offsets.
 *
 * SVG's presentation attributes that may name an element by `url()` (`fill`, `stroke`, `clip-path`,
 * `mask`, `filter`, `marker-start`, `marker-mid`, `marker-end`, `cursor`) count only on <svg> and in
 * foreign content (an XML document; inside <svg> or <math>, outside <foreignObject>, <desc> and
 * <title>), and only when the value as written holds `url(` or a character reference:
 * `fill="none"` is no attribute of interest (though it beats a later `fill`, as the first of a name
 * does).
 */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One attribute of interest: lowercased name, entity-decoded UTF-8 value, where its name starts. */
typedef struct htmlscan_attr {
    const char *name;
    const char *value; /* never NULL; "" for an attribute without a value */
    int line;
    int column;
} htmlscan_attr;

/* Where a start tag stands. Inside an HTML <template>, whose content is no part of the document
   until a script puts a copy of it there: its <base> sets no base and its ids name nothing. In
   foreign content (inside <svg> or <math>, or an XML document): <base> is no HTML element there. */
/* A <source> stands for an image candidate (its `srcset`) as the child of a <picture>, and for a
   media resource (its `src`) as the child of a <video> or <audio> without a `src` of its own;
   anywhere else it loads nothing. */
/* Inside a <noscript>, whose content is text to a browser running scripts: its ids name nothing. */
enum { HTMLSCAN_IN_TEMPLATE = 1, HTMLSCAN_FOREIGN = 2, HTMLSCAN_IN_PICTURE = 4, HTMLSCAN_IN_MEDIA = 8, HTMLSCAN_IN_NOSCRIPT = 16 };

typedef struct htmlscan_handler {
    void *context;
    /* A start tag that has at least one attribute of interest, or a <style> start tag. `line` and
       `column` are those of the `<`. `place` holds HTMLSCAN_IN_TEMPLATE and HTMLSCAN_FOREIGN as
       they apply to the tag, and for a <source> HTMLSCAN_IN_PICTURE or HTMLSCAN_IN_MEDIA. */
    void (*start_element)(void *context, const char *name, const htmlscan_attr *attrs, size_t count,
                          int line, int column, int place);
    /* Raw text inside <style>, possibly in several pieces; line/column of the first byte. */
    void (*style_text)(void *context, const char *bytes, size_t length, int line, int column);
    /* The end of a <style> element. */
    void (*style_end)(void *context);
    /* Nonzero for an XML document (an SVG file): every tag may close itself, `<script/>` too. In
       HTML only tags inside <svg> and <math> (foreign content) may. */
    int xml;
} htmlscan_handler;

/* Tokenizes `length` bytes of UTF-8 HTML and calls `handler` synchronously. Returns 0 on success, -1
   if memory runs out. Never stops on malformed input. */
int htmlscan_parse(const char *bytes, size_t length, const htmlscan_handler *handler);

/* An attribute value as the tokenizer hands it on: character references decoded as in an attribute
   (`&copy=` stays, `&copy ` does not), NUL replaced by U+FFFD. Returns a NUL-terminated buffer of
   `*decoded_length` bytes for the caller to free(), or NULL if memory runs out. */
char *htmlscan_decode_attribute(const char *value, size_t length, size_t *decoded_length);

/* The offset of the first byte of `bytes` that starts no well-formed UTF-8 sequence (the Unicode
   standard's table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF, nothing cut off by
   the end), or `length` when all of it is UTF-8. */
size_t htmlscan_invalid_utf8(const char *bytes, size_t length);

/* The offset of the first occurrence of the `needle_length` bytes at `needle` in the `length` bytes
   at `bytes`, or `length` when there is none or `needle_length` is 0. With SSE2, sixteen positions
   a step are tested by the needle's first and last bytes. */
size_t htmlscan_find(const void *bytes, size_t length, const void *needle, size_t needle_length);

#ifdef __cplusplus
}
#endif
#endif
