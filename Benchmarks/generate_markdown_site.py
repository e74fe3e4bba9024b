#!/usr/bin/env python3
"""A deterministic Markdown site for the benchmarks: N pages of about 3 KB each (headings,
emphasis, links, lists, a blockquote, a fenced code block, YAML front matter), a fifth of
them in sub-folders. Writes a ttsite site and a Hugo site that reads the same Markdown files.

The front matter is a quoted title and a date (`--front-matter dates`), or what people write
when Hugo's archetypes start their posts (`--front-matter hugo`): full date-times with a zone,
titles with escaped quotes, tag lists in flow and block style, a nested author, a single-quoted
description, a draft flag and a weight.

    generate_markdown_site.py --pages 10000 --out /tmp/bench/md10k
    generate_markdown_site.py --pages 10000 --front-matter hugo --out /tmp/bench/md10k-hugo
    → /tmp/bench/md10k/ttsite/{ttsite.yml,Content/…}  /tmp/bench/md10k/hugo/{hugo.toml,layouts/…}
"""
import argparse
import os
import random

WORDS = ("time birthday report timeline event scenario journey moon launch orbit distance "
         "people calendar river mountain city station signal archive window morning evening "
         "history summer winter letter number table chapter harbour bridge engine garden").split()


def sentence(rng, words=12):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def paragraph(rng, sentences=4):
    parts = []
    for _ in range(sentences):
        s = sentence(rng, rng.randint(8, 16))
        words = s.split(" ")
        i = rng.randrange(len(words) - 1)
        words[i] = f"*{words[i]}*"
        j = rng.randrange(len(words) - 1)
        if j != i:
            words[j] = f"**{words[j]}**"
        parts.append(" ".join(words))
    return " ".join(parts)


def dates_front_matter(rng, index, title):
    return [f'title: "{title}"', f"date: 2024-{1 + index % 12:02d}-{1 + index % 28:02d}"]


def hugo_front_matter(rng, index, title):
    """Front matter as Hugo's archetypes and their users write it; the shapes turn with the index."""
    month, day, hour = 1 + index % 12, 1 + index % 28, index % 24
    zone = ("Z", "+01:00", "-05:00")[index % 3]
    if index % 4 == 1:
        title = title.replace(": ", ': the "', 1) + '"'
        title = title.replace('"', '\\"')
    lines = [f'title: "{title}"', f"date: 2020-{month:02d}-{day:02d}T{hour:02d}:{index % 60:02d}:00{zone}", "draft: false"]
    tags = rng.sample(WORDS, 1 + index % 3)
    if index % 2 == 0:
        lines.append("tags: [" + ", ".join(f'"{tag}"' for tag in tags) + "]")
    else:
        lines += ["tags:"] + [f"  - {tag}" for tag in tags]
    lines.append(f"categories: [{rng.choice(WORDS)}]")
    if index % 3 == 0:
        lines.append(f"lastmod: 2021-{month:02d}-{day:02d}T08:30:00+02:00")
    if index % 5 == 0:
        lines += ["author:", f'  name: "{rng.choice(WORDS).title()} {rng.choice(WORDS).title()}"', f"  url: https://example.net/{index}"]
    lines.append(f"description: '{sentence(rng, 6)[:-1]}, it''s page {index}'")
    lines.append(f"weight: {index % 100}")
    return lines


FRONT_MATTER = {"dates": dates_front_matter, "hugo": hugo_front_matter}


def page(rng, index, front_matter):
    title = f"Page {index}: {sentence(rng, 4)[:-1]}"
    body = [
        "---",
        *FRONT_MATTER[front_matter](rng, index, title),
        "---",
        f"# {title}",
        "",
        paragraph(rng),
        "",
        "## Details",
        "",
        # Links to another site (example.net, as long as example.org, so the corpus keeps its
        # size): links into the site's own base_url must lead to one of its pages.
        paragraph(rng, 3) + f" See [the first page](https://example.net/p/{rng.randint(1, 999)}) and [another](https://example.net/q/{index}).",
        "",
        "- " + sentence(rng, 6),
        "- " + sentence(rng, 7),
        "- " + sentence(rng, 5) + " with `inline code`",
        "",
        "> " + sentence(rng, 14),
        "> " + sentence(rng, 10),
        "",
        "```swift",
        "let value = items.map { $0 * 2 }.reduce(0, +)",
        f'print("page {index}", value)',
        "```",
        "",
        "### More",
        "",
        paragraph(rng, 5),
        "",
        "1. " + sentence(rng, 6),
        "2. " + sentence(rng, 8),
        "",
        paragraph(rng, 4),
        "",
        paragraph(rng, 5),
        "",
    ]
    return "\n".join(body)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=10000)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--front-matter", choices=sorted(FRONT_MATTER), default="dates")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    ttsite = os.path.join(args.out, "ttsite")
    content = os.path.join(ttsite, "Content")
    os.makedirs(content, exist_ok=True)
    with open(os.path.join(ttsite, "ttsite.yml"), "w") as f:
        f.write("title: Benchmark\nbase_url: https://example.org/\nmarkdown: { smart: false }\n")
    for index in range(args.pages):
        folder = os.path.join(content, f"section-{index % 20}") if index % 5 == 0 else content
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"page-{index}.md"), "w") as f:
            f.write(page(rng, index, args.front_matter))

    hugo = os.path.join(args.out, "hugo")
    layouts = os.path.join(hugo, "layouts", "_default")
    os.makedirs(layouts, exist_ok=True)
    with open(os.path.join(hugo, "hugo.toml"), "w") as f:
        f.write('baseURL = "https://example.org/"\ntitle = "Benchmark"\n'
                f'contentDir = "{os.path.abspath(content)}"\n'
                'disableKinds = ["taxonomy", "term", "RSS"]\n')
    skeleton = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title>'
                '</head><body><main>{{ .Content }}</main></body></html>\n')
    for name in ("single.html", "list.html"):
        with open(os.path.join(layouts, name), "w") as f:
            f.write(skeleton)


if __name__ == "__main__":
    main()
