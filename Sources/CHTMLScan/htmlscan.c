// The only file that includes libxml2. It runs the HTML SAX push parser over one document and reports
// the start tags that matter for link checking, with line and column computed from byte offsets.
#include "htmlscan.h"
#include "htmlscan_prepare.h"
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ATTRS 16
#define MAX_LEXED 64

typedef struct scan_state {
    const htmlscan_handler *handler;
    htmlParserCtxtPtr ctxt;
    const unsigned char *buf;
    size_t len;
    size_t last_end;        /* offset just after the last token reported by libxml2 */
    size_t pos_offset;      /* monotonic cursor for offset -> line/column */
    int pos_line;
    size_t pos_line_start;
} scan_state;

int htmlscan_version(void) { return LIBXML_VERSION; }

static size_t current_offset(scan_state *s) {
    xmlParserInputPtr in = s->ctxt ? s->ctxt->input : NULL;
    if (in == NULL || in->cur == NULL || in->base == NULL || in->cur < in->base) return s->last_end;
    size_t off = (size_t)in->consumed + (size_t)(in->cur - in->base);
    return off > s->len ? s->len : off;
}

static void position(scan_state *s, size_t offset, int *line, int *column) {
    if (offset > s->len) offset = s->len;
    if (offset < s->pos_offset) {
        s->pos_offset = 0;
        s->pos_line = 1;
        s->pos_line_start = 0;
    }
    const unsigned char *p = s->buf + s->pos_offset, *end = s->buf + offset;
    while (p < end) {
        const unsigned char *nl = memchr(p, '\n', (size_t)(end - p));
        if (nl == NULL) break;
        s->pos_line++;
        s->pos_line_start = (size_t)(nl - s->buf) + 1;
        p = nl + 1;
    }
    s->pos_offset = offset;
    *line = s->pos_line;
    *column = (int)(offset - s->pos_line_start) + 1;
}

static int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

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

/* Finds the `<name` that starts the tag libxml2 just reported, between the previous token and now. */
static size_t find_tag_start(scan_state *s, const char *name, size_t now) {
    size_t n = strlen(name);
    for (size_t i = s->last_end; i + n < now + 1 && i + n < s->len; i++) {
        if (s->buf[i] != '<' || strncasecmp((const char *)s->buf + i + 1, name, n) != 0) continue;
        unsigned char after = i + 1 + n < s->len ? s->buf[i + 1 + n] : '>';
        if (is_space(after) || after == '/' || after == '>') return i;
    }
    return (size_t)-1;
}

typedef struct lexed_attr { size_t start, length; } lexed_attr;

/* Splits the tag at `start` into attribute names the way the HTML tokenizer does. */
static size_t lex_attributes(scan_state *s, size_t start, size_t name_len, lexed_attr *out, size_t max) {
    size_t p = start + 1 + name_len, end = s->len, count = 0;
    while (p < end && count < max) {
        while (p < end && (is_space(s->buf[p]) || s->buf[p] == '/')) p++;
        if (p >= end || s->buf[p] == '>') break;
        size_t name_start = p++;
        while (p < end && !is_space(s->buf[p]) && s->buf[p] != '=' && s->buf[p] != '>' && s->buf[p] != '/') p++;
        out[count].start = name_start;
        out[count].length = p - name_start;
        count++;
        while (p < end && is_space(s->buf[p])) p++;
        if (p >= end || s->buf[p] != '=') continue;
        p++;
        while (p < end && is_space(s->buf[p])) p++;
        if (p < end && (s->buf[p] == '"' || s->buf[p] == '\'')) {
            unsigned char quote = s->buf[p++];
            while (p < end && s->buf[p] != quote) p++;
            if (p < end) p++;
        } else {
            while (p < end && !is_space(s->buf[p]) && s->buf[p] != '>') p++;
        }
    }
    return count;
}

static void on_start(void *ctx, const xmlChar *xname, const xmlChar **atts) {
    scan_state *s = ctx;
    const char *name = (const char *)xname;
    size_t now = current_offset(s);
    htmlscan_attr attrs[MAX_ATTRS];
    size_t count = 0;
    for (size_t i = 0; atts != NULL && atts[i] != NULL && count < MAX_ATTRS; i += 2) {
        const char *an = (const char *)atts[i];
        if (!interesting_attribute(an)) continue;
        attrs[count].name = an;
        attrs[count].value = atts[i + 1] ? (const char *)atts[i + 1] : "";
        count++;
    }
    int is_style = strcmp(name, "style") == 0;
    if ((count > 0 || is_style) && s->handler->start_element != NULL) {
        size_t tag = find_tag_start(s, name, now);
        int line, column;
        position(s, tag == (size_t)-1 ? now : tag, &line, &column);
        lexed_attr lexed[MAX_LEXED];
        size_t nlexed = tag == (size_t)-1 ? 0 : lex_attributes(s, tag, strlen(name), lexed, MAX_LEXED);
        for (size_t i = 0; i < count; i++) {
            size_t at = (size_t)-1, n = strlen(attrs[i].name);
            for (size_t j = 0; j < nlexed; j++) {
                if (lexed[j].length == n && strncasecmp((const char *)s->buf + lexed[j].start, attrs[i].name, n) == 0) {
                    at = lexed[j].start;
                    break;
                }
            }
            if (at == (size_t)-1) {
                attrs[i].line = line;
                attrs[i].column = column;
            } else {
                position(s, at, &attrs[i].line, &attrs[i].column);
            }
        }
        s->handler->start_element(s->handler->context, name, attrs, count, line, column);
        s->last_end = now;
    }
    /* Other start tags leave last_end alone: implied <html> and <body> are reported from inside the
       next real start tag, and moving past it would hide that tag's `<`. */
}

static void on_end(void *ctx, const xmlChar *name) {
    scan_state *s = ctx;
    /* Not moving last_end: libxml2 reports implied ends while it is inside the next start tag. */
    if (s->handler->style_end != NULL && strcmp((const char *)name, "style") == 0) s->handler->style_end(s->handler->context);
}

static void on_cdata(void *ctx, const xmlChar *value, int len) {
    scan_state *s = ctx;
    size_t now = current_offset(s);
    const xmlChar *current = s->ctxt->name;
    if (s->handler->style_text != NULL && current != NULL && strcmp((const char *)current, "style") == 0 && len > 0) {
        size_t start = now >= (size_t)len ? now - (size_t)len : 0;
        int line, column;
        position(s, start, &line, &column);
        s->handler->style_text(s->handler->context, (const char *)value, (size_t)len, line, column);
    }
    s->last_end = now;
}

static void on_text(void *ctx, const xmlChar *value, int len) {
    (void)value;
    (void)len;
    scan_state *s = ctx;
    s->last_end = current_offset(s);
}

static void on_comment(void *ctx, const xmlChar *value) {
    (void)value;
    scan_state *s = ctx;
    s->last_end = current_offset(s);
}

static void on_pi(void *ctx, const xmlChar *target, const xmlChar *data) {
    (void)target;
    (void)data;
    scan_state *s = ctx;
    s->last_end = current_offset(s);
}

static void on_subset(void *ctx, const xmlChar *name, const xmlChar *external, const xmlChar *system) {
    (void)name;
    (void)external;
    (void)system;
    scan_state *s = ctx;
    s->last_end = current_offset(s);
}

static void on_message(void *ctx, const char *msg, ...) {
    (void)ctx;
    (void)msg;
}

int htmlscan_parse(const char *bytes, size_t length, const htmlscan_handler *handler) {
    unsigned char *copy = NULL;
    const unsigned char *input = htmlscan_prepare((const unsigned char *)bytes, length, &copy);
    if (input == NULL) return -1;

    xmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    sax.startElement = on_start;
    sax.endElement = on_end;
    sax.cdataBlock = on_cdata;
    sax.characters = on_text;
    sax.ignorableWhitespace = on_text;
    sax.comment = on_comment;
    sax.processingInstruction = on_pi;
    sax.internalSubset = on_subset;
    sax.warning = on_message;
    sax.error = on_message;

    scan_state state = {handler, NULL, input, length, 0, 0, 1, 0};
    htmlParserCtxtPtr ctxt = htmlCreatePushParserCtxt(&sax, &state, NULL, 0, NULL, XML_CHAR_ENCODING_UTF8);
    if (ctxt == NULL) {
        free(copy);
        return -1;
    }
    state.ctxt = ctxt;
    htmlCtxtUseOptions(ctxt, HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET |
                                 HTML_PARSE_IGNORE_ENC | HTML_PARSE_COMPACT);
    /* Feeding in bounded chunks keeps libxml2's int sizes safe for any input length. */
    const size_t chunk = 1 << 20;
    size_t offset = 0;
    do {
        size_t n = length - offset < chunk ? length - offset : chunk;
        int last = offset + n >= length;
        htmlParseChunk(ctxt, (const char *)input + offset, (int)n, last);
        offset += n;
    } while (offset < length);
    htmlFreeParserCtxt(ctxt);
    free(copy);
    return 0;
}
