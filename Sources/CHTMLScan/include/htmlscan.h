#ifndef SITEGEN_HTMLSCAN_H
#define SITEGEN_HTMLSCAN_H
#include <stddef.h>
int htmlscan_version(void);
#endif
