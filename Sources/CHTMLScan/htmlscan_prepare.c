// Byte-level fixes applied before libxml2 sees a document (see htmlscan_prepare.h).
#include "htmlscan_prepare.h"
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

/* Whether `<name` (any case) starts at i and ends at a tag-name boundary. */
static int tag_at(const unsigned char *b, size_t len, size_t i, const char *name) {
    size_t n = strlen(name);
    if (i + 1 + n > len || b[i] != '<' || strncasecmp((const char *)b + i + 1, name, n) != 0) return 0;
    if (i + 1 + n == len) return 1;
    unsigned char c = b[i + 1 + n];
    return is_space(c) || c == '/' || c == '>';
}

/* The offset after the `>` closing the start tag at i (quotes respected), or len. */
static size_t tag_end(const unsigned char *b, size_t len, size_t i) {
    unsigned char quote = 0;
    for (size_t p = i + 1; p < len; p++) {
        if (quote) {
            if (b[p] == quote) quote = 0;
        } else if (b[p] == '"' || b[p] == '\'') {
            if (p > 0 && (b[p - 1] == '=' || is_space(b[p - 1]))) quote = b[p];
        } else if (b[p] == '>') {
            return p + 1;
        }
    }
    return len;
}

/* The offset of `</name` (any case) at or after i, or len. */
static size_t find_close(const unsigned char *b, size_t len, size_t i, const char *name) {
    size_t n = strlen(name);
    for (size_t p = i; p + 2 + n <= len; p++) {
        const unsigned char *lt = memchr(b + p, '<', len - p);
        if (lt == NULL) return len;
        p = (size_t)(lt - b);
        if (p + 2 + n <= len && b[p + 1] == '/' && strncasecmp((const char *)b + p + 2, name, n) == 0) return p;
    }
    return len;
}

static unsigned char *writable(const unsigned char *bytes, size_t length, unsigned char **copy) {
    if (*copy == NULL) {
        *copy = malloc(length ? length : 1);
        if (*copy != NULL) memcpy(*copy, bytes, length);
    }
    return *copy;
}

const unsigned char *htmlscan_prepare(const unsigned char *bytes, size_t length, unsigned char **copy) {
    *copy = NULL;
    if (memchr(bytes, 0, length) != NULL) {
        if (writable(bytes, length, copy) == NULL) return NULL;
        for (size_t i = 0; i < length; i++)
            if ((*copy)[i] == 0) (*copy)[i] = ' ';
    }
    const unsigned char *b = *copy ? *copy : bytes;
    size_t i = 0;
    while (i < length) {
        const unsigned char *lt = memchr(b + i, '<', length - i);
        if (lt == NULL) break;
        i = (size_t)(lt - b);
        if (i + 3 < length && b[i + 1] == '!' && b[i + 2] == '-' && b[i + 3] == '-') {
            size_t p = i + 4;
            while (p + 2 < length && !(b[p] == '-' && b[p + 1] == '-' && b[p + 2] == '>')) p++;
            i = p + 2 < length ? p + 3 : length;
            continue;
        }
        const char *raw = tag_at(b, length, i, "script") ? "script" : tag_at(b, length, i, "style") ? "style" : NULL;
        if (raw != NULL) {
            i = find_close(b, length, tag_end(b, length, i), raw);
            i = i < length ? i + 2 : length;
            continue;
        }
        const char *text = tag_at(b, length, i, "title") ? "title" : tag_at(b, length, i, "textarea") ? "textarea" : NULL;
        if (text != NULL) {
            size_t start = tag_end(b, length, i), end = find_close(b, length, start, text);
            for (size_t p = start; p < end; p++) {
                if (b[p] != '<') continue;
                if (writable(bytes, length, copy) == NULL) return NULL;
                b = *copy;
                (*copy)[p] = ' ';
            }
            i = end < length ? end + 2 : length;
            continue;
        }
        i++;
    }
    return b;
}
