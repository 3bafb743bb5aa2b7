#ifndef SITEGEN_HTMLSCAN_PREPARE_H
#define SITEGEN_HTMLSCAN_PREPARE_H
#include <stddef.h>

/* Makes the input safe and browser-like for libxml2 without moving any byte: NULs become spaces, and
   inside <title> and <textarea> (text only for browsers, markup for libxml2's HTML4 parser) every `<`
   becomes a space. Returns `bytes` itself when nothing needed changing, else a copy stored in `*copy`
   (free it). Returns NULL only when the copy cannot be allocated. */
const unsigned char *htmlscan_prepare(const unsigned char *bytes, size_t length, unsigned char **copy);

#endif
