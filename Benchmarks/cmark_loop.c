/* The floor for "parse, render, write" with libcmark: one thread reads each Markdown file
 * named on stdin, strips the YAML front matter, renders the body with
 * cmark_markdown_to_html, wraps it in a small HTML skeleton and writes it to
 * OUT/<path without .md>/index.html. Build: cc -O2 cmark_loop.c -lcmark -o cmark_loop */
#include <cmark.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void make_parents(char *path) {
    for (char *p = path + 1; *p; p++) {
        if (*p == '/') {
            *p = 0;
            if (mkdir(path, 0755) != 0 && errno != EEXIST) { perror(path); exit(1); }
            *p = '/';
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: cmark_loop CONTENT_DIR OUT_DIR < list\n"); return 2; }
    const char *root = argv[1], *out = argv[2];
    char relative[4096], source[8192], target[8192];
    while (fgets(relative, sizeof relative, stdin)) {
        relative[strcspn(relative, "\n")] = 0;
        snprintf(source, sizeof source, "%s/%s", root, relative);
        FILE *in = fopen(source, "rb");
        if (!in) { perror(source); return 1; }
        fseek(in, 0, SEEK_END);
        long size = ftell(in);
        fseek(in, 0, SEEK_SET);
        char *text = malloc(size + 1);
        if (fread(text, 1, size, in) != (size_t)size) { perror(source); return 1; }
        text[size] = 0;
        fclose(in);

        const char *body = text;
        if (strncmp(text, "---\n", 4) == 0) {
            const char *end = strstr(text + 4, "\n---\n");
            if (end) body = end + 5;
        }
        char *html = cmark_markdown_to_html(body, strlen(body), CMARK_OPT_DEFAULT);

        size_t length = strlen(relative);
        if (length > 3) relative[length - 3] = 0; /* drop .md */
        snprintf(target, sizeof target, "%s/%s/index.html", out, relative);
        make_parents(target);
        FILE *file = fopen(target, "wb");
        if (!file) { perror(target); return 1; }
        fprintf(file, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title></head>"
                      "<body><main>%s</main></body></html>\n", relative, html);
        fclose(file);
        free(html);
        free(text);
    }
    return 0;
}
