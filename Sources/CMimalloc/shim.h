// mimalloc (Debian's libmimalloc-dev). Linked into the executable, it takes the place of glibc's
// malloc for everything in the process: the Swift runtime, Foundation, libcmark and libyaml.
#include <mimalloc.h>
