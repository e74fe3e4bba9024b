/* The floor for "parse, render, write" with cmark-gfm, the library ttsite renders Markdown
 * with: one thread reads each Markdown file named on stdin, strips the YAML front matter,
 * parses the body with the extensions ttsite turns on by default (tables, strikethrough,
 * autolinks, task lists, footnotes; the tag filter acts in unsafe mode alone), renders it,
 * wraps it in a small HTML skeleton and writes it to OUT/<path without .md>/index.html.
 * Build: cc -O2 cmark_loop.c $(pkg-config --cflags --libs libcmark-gfm) -o cmark_loop */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
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
    const char *extensions[] = {"table", "strikethrough", "autolink", "tasklist"};
    const int options = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8;
    cmark_gfm_core_extensions_ensure_registered();
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
        cmark_parser *parser = cmark_parser_new(options);
        for (size_t i = 0; i < sizeof extensions / sizeof *extensions; i++)
            cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(extensions[i]));
        cmark_parser_feed(parser, body, strlen(body));
        cmark_node *document = cmark_parser_finish(parser);
        char *html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser));
        cmark_node_free(document);
        cmark_parser_free(parser);

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
