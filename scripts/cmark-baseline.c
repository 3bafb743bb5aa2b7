/*
 * The floor for `make bench`: libcmark in one process (or -j N forked processes), a file per page,
 * no template. Walks SRC for *.md, strips the YAML front matter, parses, renders HTML and writes
 * OUT/<same path>.html, creating folders as needed.
 *
 *   cc -O2 -o cmark-baseline scripts/cmark-baseline.c -lcmark
 *   cmark-baseline [-j N] SRC OUT
 */
#define _XOPEN_SOURCE 700
#include <cmark.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char **paths;
static size_t count, capacity;
static size_t src_len;

static int collect(const char *path, const struct stat *st, int type, struct FTW *ftw) {
    (void)st; (void)ftw;
    size_t n = strlen(path);
    if (type == FTW_F && n > 3 && strcmp(path + n - 3, ".md") == 0) {
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 1024;
            paths = realloc(paths, capacity * sizeof *paths);
            if (!paths) { perror("realloc"); exit(2); }
        }
        paths[count++] = strdup(path);
    }
    return 0;
}

static void make_parents(char *path) {
    for (char *p = path + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        if (mkdir(path, 0755) != 0 && errno != EEXIST) { perror(path); exit(2); }
        *p = '/';
    }
}

static char *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(2); }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (!text || fread(text, 1, (size_t)n, f) != (size_t)n) { perror(path); exit(2); }
    fclose(f);
    text[n] = 0;
    *size = (size_t)n;
    return text;
}

/* Skips a leading `---` ... `---` block. */
static const char *body(const char *text, size_t *size) {
    if (strncmp(text, "---\n", 4) != 0) return text;
    const char *end = strstr(text + 4, "\n---\n");
    if (!end) return text;
    end += 5;
    *size -= (size_t)(end - text);
    return end;
}

static void render(const char *src, const char *out_root) {
    size_t size;
    char *text = read_file(src, &size);
    const char *markdown = body(text, &size);
    char *html = cmark_markdown_to_html(markdown, size, CMARK_OPT_UNSAFE | CMARK_OPT_SMART);
    char out[4096];
    snprintf(out, sizeof out, "%s/%.*s.html", out_root, (int)(strlen(src) - src_len - 3), src + src_len);
    make_parents(out);
    FILE *f = fopen(out, "wb");
    if (!f) { perror(out); exit(2); }
    fputs(html, f);
    fclose(f);
    free(html);
    free(text);
}

int main(int argc, char **argv) {
    int jobs = 1;
    if (argc == 5 && strcmp(argv[1], "-j") == 0) {
        jobs = atoi(argv[2]);
        argv += 2;
        argc -= 2;
    }
    if (argc != 3 || jobs < 1) {
        fprintf(stderr, "usage: cmark-baseline [-j N] SRC OUT\n");
        return 2;
    }
    src_len = strlen(argv[1]);
    if (nftw(argv[1], collect, 32, FTW_PHYS) != 0) { perror(argv[1]); return 2; }
    int worker = 0;
    for (int k = 1; k < jobs; k++) {
        pid_t pid = fork();
        if (pid < 0) { perror("fork"); return 2; }
        if (pid == 0) { worker = k; break; }
    }
    for (size_t i = (size_t)worker; i < count; i += (size_t)jobs) render(paths[i], argv[2]);
    if (worker != 0) return 0;
    int failed = 0, status;
    while (wait(&status) > 0) failed |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
    return failed ? 1 : 0;
}
