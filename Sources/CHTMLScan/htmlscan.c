// The HTML tokenizer behind htmlscan_parse: one pass over the bytes in the states of the HTML
// standard's tokenizer that decide where tags are (data, tag, attribute, comment, raw text, RCDATA),
// reporting the start tags that carry a link or anchor attribute and the text of <style>. No tree is
// built: link checking needs neither implied elements nor error recovery beyond the tokenizer's.
// libxml2 is used for one thing only, its table of HTML 4 named character references.
#include "htmlscan.h"
#include <libxml/HTMLparser.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_ATTRS 16
#define NAME_CAP 64

typedef struct cursor {
    const unsigned char *buf;
    size_t len;
    size_t pos_offset; /* monotonic cursor for offset -> line/column */
    int pos_line;
    size_t pos_line_start;
} cursor;

static void position(cursor *c, size_t offset, int *line, int *column) {
    if (offset > c->len) offset = c->len;
    if (offset < c->pos_offset) {
        c->pos_offset = 0;
        c->pos_line = 1;
        c->pos_line_start = 0;
    }
    const unsigned char *p = c->buf + c->pos_offset, *end = c->buf + offset;
    while (p < end) {
        const unsigned char *nl = memchr(p, '\n', (size_t)(end - p));
        if (nl == NULL) break;
        c->pos_line++;
        c->pos_line_start = (size_t)(nl - c->buf) + 1;
        p = nl + 1;
    }
    c->pos_offset = offset;
    *line = c->pos_line;
    *column = (int)(offset - c->pos_line_start) + 1;
}

static int is_space(unsigned char b) { return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f'; }
static int is_alpha(unsigned char b) { return (unsigned char)((b | 0x20) - 'a') < 26; }
static int is_digit(unsigned char b) { return (unsigned char)(b - '0') < 10; }
static int is_alnum(unsigned char b) { return is_alpha(b) || is_digit(b); }
static unsigned char lower(unsigned char b) { return (unsigned char)(b - 'A') < 26 ? b | 0x20 : b; }

static int interesting_attribute(const char *n) {
    switch (n[0]) {
    case 'a': return strcmp(n, "action") == 0;
    case 'c': return strcmp(n, "content") == 0;
    case 'd': return strcmp(n, "data") == 0;
    case 'h': return strcmp(n, "href") == 0 || strcmp(n, "http-equiv") == 0;
    case 'i': return n[1] == 'd' && n[2] == 0;
    case 'n': return strcmp(n, "name") == 0;
    case 'p': return strcmp(n, "poster") == 0;
    case 's': return strcmp(n, "src") == 0 || strcmp(n, "srcset") == 0 || strcmp(n, "style") == 0;
    case 'x': return strcmp(n, "xlink:href") == 0;
    default: return 0;
    }
}

/* A growable byte buffer for decoded attribute values: all values of one tag live in it, so that the
   pointers handed out stay valid until the tag has been reported. */
typedef struct bytes {
    char *data;
    size_t count, capacity;
} bytes;

static int reserve(bytes *b, size_t more) {
    if (b->count + more <= b->capacity) return 1;
    size_t capacity = b->capacity ? b->capacity : 256;
    while (capacity < b->count + more) capacity *= 2;
    char *grown = realloc(b->data, capacity);
    if (grown == NULL) return 0;
    b->data = grown;
    b->capacity = capacity;
    return 1;
}

static void append(bytes *b, const void *from, size_t n) {
    if (!reserve(b, n)) return;
    memcpy(b->data + b->count, from, n);
    b->count += n;
}

static void append_utf8(bytes *b, unsigned long cp) {
    unsigned char u[4];
    size_t n;
    if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
    if (cp < 0x80) {
        u[0] = (unsigned char)cp;
        n = 1;
    } else if (cp < 0x800) {
        u[0] = (unsigned char)(0xC0 | (cp >> 6));
        u[1] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        u[0] = (unsigned char)(0xE0 | (cp >> 12));
        u[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        u[0] = (unsigned char)(0xF0 | (cp >> 18));
        u[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        u[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        u[3] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    append(b, u, n);
}

/* Decodes the character reference at v[0] == '&' into `out`; returns how many bytes it took, 0 when
   it is not one (the `&` is then literal). Named references need their `;` as in attribute values
   (where `&copy=1` in a query stays as written), except `&amp`, `&lt`, `&gt` and `&quot` before a
   character that cannot continue a name. */
static size_t char_ref(const unsigned char *v, size_t n, bytes *out) {
    if (n < 2) return 0;
    if (v[1] == '#') {
        size_t i = 2;
        int hex = i < n && (v[i] | 0x20) == 'x';
        if (hex) i++;
        size_t start = i;
        unsigned long cp = 0;
        while (i < n && (hex ? (is_digit(v[i]) || (unsigned char)((v[i] | 0x20) - 'a') < 6) : is_digit(v[i]))) {
            unsigned d = is_digit(v[i]) ? v[i] - '0' : (unsigned)((v[i] | 0x20) - 'a' + 10);
            if (cp <= 0x10FFFF) cp = cp * (hex ? 16 : 10) + d;
            i++;
        }
        if (i == start) return 0;
        if (i < n && v[i] == ';') i++;
        append_utf8(out, cp);
        return i;
    }
    size_t i = 1;
    char name[40];
    while (i < n && i - 1 < sizeof name - 1 && is_alnum(v[i])) {
        name[i - 1] = (char)v[i];
        i++;
    }
    if (i == 1) return 0;
    name[i - 1] = 0;
    int terminated = i < n && v[i] == ';';
    if (!terminated) {
        int legacy = strcmp(name, "amp") == 0 || strcmp(name, "lt") == 0 || strcmp(name, "gt") == 0 ||
                     strcmp(name, "quot") == 0;
        if (!legacy || (i < n && (is_alnum(v[i]) || v[i] == '='))) return 0;
    }
    const htmlEntityDesc *entity = htmlEntityLookup((const xmlChar *)name);
    if (entity == NULL) return 0;
    append_utf8(out, entity->value);
    return terminated ? i + 1 : i;
}

/* Appends an attribute value as the tokenizer hands it on: references decoded, NUL replaced. */
static void append_value(bytes *out, const unsigned char *v, size_t n) {
    size_t i = 0, run = 0;
    while (i < n) {
        unsigned char ch = v[i];
        if (ch != '&' && ch != 0) {
            i++;
            continue;
        }
        append(out, v + run, i - run);
        if (ch == 0) {
            append_utf8(out, 0xFFFD);
            i++;
        } else {
            size_t took = char_ref(v + i, n - i, out);
            if (took == 0) {
                append(out, "&", 1);
                took = 1;
            }
            i += took;
        }
        run = i;
    }
    append(out, v + run, n - run);
}

typedef struct pending_attr {
    char name[NAME_CAP];
    size_t name_offset;
    size_t value_start, value_length;
    int has_value;
} pending_attr;

typedef struct tag {
    char name[NAME_CAP];
    size_t name_length;
    size_t end;  /* offset just after the tag */
    int closed;  /* ended by `>`: a tag cut off by the end of the input is dropped */
    pending_attr attrs[MAX_ATTRS];
    size_t count;
} tag;

/* Reads a name (tag or attribute) from p into `into`, lowercased, stopping at space, `/`, `>` and, for
   an attribute, `=`; names longer than the buffer are cut (they are never names of interest). */
static size_t read_name(const unsigned char *b, size_t len, size_t p, int attribute, char *into, size_t *length) {
    size_t n = 0, start = p;
    while (p < len && !is_space(b[p]) && b[p] != '/' && b[p] != '>' && !(attribute && b[p] == '=')) {
        if (n < NAME_CAP - 1) into[n++] = (char)lower(b[p]);
        p++;
    }
    if (p - start >= NAME_CAP - 1) n = 0; /* too long: never interesting */
    into[n] = 0;
    if (length) *length = n;
    return p;
}

/* Tokenizes the tag whose name starts at p (just after `<` or `</`). Attribute names are looked up;
   only interesting ones are kept, the first of each name winning. */
static void read_tag(const unsigned char *b, size_t len, size_t p, tag *t) {
    p = read_name(b, len, p, 0, t->name, &t->name_length);
    t->count = 0;
    t->closed = 0;
    while (p < len) {
        while (p < len && (is_space(b[p]) || b[p] == '/')) p++;
        if (p >= len) break;
        if (b[p] == '>') {
            t->end = p + 1;
            t->closed = 1;
            return;
        }
        pending_attr a;
        a.name_offset = p;
        a.has_value = 0;
        a.value_start = a.value_length = 0;
        /* An attribute name may start with `=` (never a name of interest); after that, `=` ends it. */
        int odd = b[p] == '=';
        p = read_name(b, len, odd ? p + 1 : p, 1, a.name, NULL);
        if (odd) a.name[0] = 0;
        size_t q = p;
        while (q < len && is_space(b[q])) q++;
        if (q < len && b[q] == '=') {
            q++;
            while (q < len && is_space(b[q])) q++;
            a.has_value = 1;
            if (q < len && (b[q] == '"' || b[q] == '\'')) {
                unsigned char quote = b[q++];
                const unsigned char *close = memchr(b + q, quote, len - q);
                size_t end = close ? (size_t)(close - b) : len;
                a.value_start = q;
                a.value_length = end - q;
                p = close ? end + 1 : len;
            } else if (q < len && b[q] == '>') {
                a.value_start = q;
                p = q;
            } else {
                size_t start = q;
                while (q < len && !is_space(b[q]) && b[q] != '>') q++;
                a.value_start = start;
                a.value_length = q - start;
                p = q;
            }
        }
        if (a.name[0] == 0 || !interesting_attribute(a.name) || t->count >= MAX_ATTRS) continue;
        int duplicate = 0;
        for (size_t i = 0; i < t->count; i++) duplicate |= strcmp(t->attrs[i].name, a.name) == 0;
        if (!duplicate) t->attrs[t->count++] = a;
    }
    t->end = len;
}

/* The offset of the `</name` that ends raw text or RCDATA begun at p, or len. */
static size_t find_end_tag(const unsigned char *b, size_t len, size_t p, const char *name, size_t n) {
    while (p < len) {
        const unsigned char *lt = memchr(b + p, '<', len - p);
        if (lt == NULL) return len;
        p = (size_t)(lt - b);
        if (p + 2 + n <= len && b[p + 1] == '/' && strncasecmp((const char *)b + p + 2, name, n) == 0) {
            unsigned char after = p + 2 + n < len ? b[p + 2 + n] : '>';
            if (is_space(after) || after == '/' || after == '>') return p;
        }
        p++;
    }
    return len;
}

/* Where a comment that starts at p (just after `<!--`) ends: after `-->` or `--!>`, or at `<!-->`
   and `<!--->`; len when it never does. */
static size_t comment_end(const unsigned char *b, size_t len, size_t p) {
    if (p < len && b[p] == '>') return p + 1;
    if (p + 1 < len && b[p] == '-' && b[p + 1] == '>') return p + 2;
    while (p < len) {
        const unsigned char *dash = memchr(b + p, '-', len - p);
        if (dash == NULL) return len;
        p = (size_t)(dash - b);
        if (p + 2 < len && b[p + 1] == '-' && b[p + 2] == '>') return p + 3;
        if (p + 3 < len && b[p + 1] == '-' && b[p + 2] == '!' && b[p + 3] == '>') return p + 4;
        p++;
    }
    return len;
}

static size_t after_next_gt(const unsigned char *b, size_t len, size_t p) {
    const unsigned char *gt = memchr(b + p, '>', len - p);
    return gt ? (size_t)(gt - b) + 1 : len;
}

/* How the text after a start tag is tokenized: as markup, or as raw text up to the matching end tag
   (<style>, reported; <script>, <xmp>, <iframe>, <noembed>, <noframes>, <title>, <textarea>), or as
   text to the end of the document (<plaintext>). Decided by length first: this runs for every tag.
   The length is the C string's, as the names reported to Swift are C strings. */
enum content { content_markup, content_style, content_raw_text, content_plaintext };

static enum content content_of(const char *name, size_t length) {
    switch (length) {
    case 3: return memcmp(name, "xmp", 3) == 0 ? content_raw_text : content_markup;
    case 5:
        if (memcmp(name, "style", 5) == 0) return content_style;
        return memcmp(name, "title", 5) == 0 ? content_raw_text : content_markup;
    case 6:
        return memcmp(name, "script", 6) == 0 || memcmp(name, "iframe", 6) == 0 ? content_raw_text : content_markup;
    case 7: return memcmp(name, "noembed", 7) == 0 ? content_raw_text : content_markup;
    case 8:
        return memcmp(name, "noframes", 8) == 0 || memcmp(name, "textarea", 8) == 0 ? content_raw_text
                                                                                       : content_markup;
    case 9: return memcmp(name, "plaintext", 9) == 0 ? content_plaintext : content_markup;
    default: return content_markup;
    }
}

static void report(cursor *c, const htmlscan_handler *h, size_t lt, tag *t, bytes *values) {
    int is_style = content_of(t->name, strlen(t->name)) == content_style;
    if (!t->closed || (t->count == 0 && !is_style) || h->start_element == NULL) return;
    htmlscan_attr attrs[MAX_ATTRS];
    size_t offsets[MAX_ATTRS];
    values->count = 0;
    for (size_t i = 0; i < t->count; i++) {
        offsets[i] = values->count;
        pending_attr *a = &t->attrs[i];
        if (a->has_value) append_value(values, c->buf + a->value_start, a->value_length);
        append(values, "", 1);
    }
    int line, column;
    position(c, lt, &line, &column);
    for (size_t i = 0; i < t->count; i++) {
        attrs[i].name = t->attrs[i].name;
        attrs[i].value = values->data ? values->data + offsets[i] : "";
        position(c, t->attrs[i].name_offset, &attrs[i].line, &attrs[i].column);
    }
    h->start_element(h->context, t->name, attrs, t->count, line, column);
}

int htmlscan_parse(const char *bytes_in, size_t len, const htmlscan_handler *h) {
    const unsigned char *b = (const unsigned char *)bytes_in;
    cursor c = {b, len, 0, 1, 0};
    bytes values = {NULL, 0, 0};
    tag *t = malloc(sizeof(tag));
    if (t == NULL) return -1;
    size_t p = 0;
    while (p < len) {
        const unsigned char *lt = memchr(b + p, '<', len - p);
        if (lt == NULL) break;
        size_t at = (size_t)(lt - b);
        p = at + 1;
        if (p >= len) break;
        unsigned char next = b[p];
        if (next == '!') {
            if (p + 2 < len && b[p + 1] == '-' && b[p + 2] == '-') {
                p = comment_end(b, len, p + 3);
            } else {
                p = after_next_gt(b, len, p);
            }
        } else if (next == '?') {
            p = after_next_gt(b, len, p);
        } else if (next == '/') {
            if (p + 1 < len && is_alpha(b[p + 1])) {
                read_tag(b, len, p + 1, t);
                p = t->end;
            } else if (p + 1 < len && b[p + 1] == '>') {
                p += 2;
            } else {
                p = after_next_gt(b, len, p);
            }
        } else if (is_alpha(next)) {
            read_tag(b, len, p, t);
            p = t->end;
            report(&c, h, at, t, &values);
            const char *name = t->name;
            enum content kind = content_of(name, strlen(name));
            if (kind == content_style) {
                size_t end = find_end_tag(b, len, p, "style", 5);
                if (end > p && h->style_text != NULL) {
                    int line, column;
                    position(&c, p, &line, &column);
                    h->style_text(h->context, (const char *)b + p, end - p, line, column);
                }
                if (h->style_end != NULL) h->style_end(h->context);
                p = end;
            } else if (kind == content_raw_text) {
                p = find_end_tag(b, len, p, name, t->name_length);
            } else if (kind == content_plaintext) {
                p = len;
            }
        }
    }
    free(values.data);
    free(t);
    return 0;
}

int htmlscan_version(void) { return LIBXML_VERSION; }
