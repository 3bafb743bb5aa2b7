#include "htmlscan.h"
#include <libxml/HTMLparser.h>
int htmlscan_version(void) { return LIBXML_VERSION; }
