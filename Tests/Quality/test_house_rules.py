"""House rules that check themselves (issue 51, item 5): what Package.swift and
Docs/Content/architecture.md say about the code is held to the code.

- Every `import` of a module's Swift files names a module its target declares in Package.swift
  (a target, or a product of a package), the target itself, or a module of the system or the
  toolchain.
- No line of a Swift file under Sources/, Tests/, Fuzz/ or Benchmarks/ is over 140 columns
  (`.swift-format`'s line length; swift format cannot break a string or a comment), except in
  a generated file, one its generator marks `// swift-format-ignore-file`.
- architecture.md names only types, members, functions and source files that the Swift files
  of Package.swift's targets declare (the test kit's and the suites' too), and paths that
  exist; its module table gives each module of Sources/ exactly the dependencies
  Package.swift gives it.

Reads source files only: needs no built site, no ttsite binary and none of the fixtures of
conftest.py, and runs in about a second. Each check is a function of texts, tried on
small inline texts below (the self-tests) as well as on the repository.
"""
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "Package.swift"
ARCHITECTURE = ROOT / "Docs" / "Content" / "architecture.md"

# Modules of the system and the toolchain, which no manifest declares.
SYSTEM_MODULES = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML",
    "Glibc", "Musl", "Darwin", "os", "Dispatch", "Synchronization",
    "XCTest", "Testing",
}

# Imports that Package.swift does not declare, by (target, module), allowed for now: they
# build only because SwiftPM lets a target see the modules its dependencies bring along. None
# today; an entry here is a debt to pay (declare it, or drop the import), and the test fails on
# an entry once it is declared or gone.
UNDECLARED_IMPORTS_TODAY: set[tuple[str, str]] = set()

# The line length of `.swift-format`, held here for what swift format cannot break.
LINE_LENGTH = 140


# --- Swift text ---------------------------------------------------------------------------

# A multi-line string's opening delimiter ends its line: `#"""#` is a raw string of one quote.
SWIFT_TOKEN = re.compile(r'//[^\n]*|/\*|(#*)"""(?=[ \t]*\r?\n)|(#*)"')
BLOCK_COMMENT_EDGE = re.compile(r"/\*|\*/")


def code_only(text, keep_strings=True):
    """`text` with its comments blanked, and without `keep_strings` the contents of its string
    literals too; line breaks stay where they are, so line numbers still hold. A single-line
    string ends at the end of its line at the latest, so a misread one spoils one line only."""
    blank = lambda s: re.sub(r"[^\n]", " ", s)
    out, i = [], 0
    while (m := SWIFT_TOKEN.search(text, i)):
        out.append(text[i:m.start()])
        token = m.group(0)
        if token.startswith("//"):
            out.append(blank(token))
            end = m.end()
        elif token == "/*":
            depth, end = 1, len(text)
            for edge in BLOCK_COMMENT_EDGE.finditer(text, m.end()):
                depth += 1 if edge.group(0) == "/*" else -1
                if depth == 0:
                    end = edge.end()
                    break
            out.append(blank(text[m.start():end]))
        else:
            multiline = m.group(1) is not None
            closing = ('"""' if multiline else '"') + (m.group(1) if multiline else m.group(2))
            if multiline:
                close = text.find(closing, m.end())
                end = len(text) if close < 0 else close + len(closing)
            else:
                # Up to the closing quote (an escaped one does not close a plain string), or the line's end.
                body = r'(?:[^"\\\n]|\\.)*' if closing == '"' else r'[^\n]*?(?=' + re.escape(closing) + r'|\n|\Z)'
                body_end = re.compile(body).match(text, m.end()).end()
                end = body_end + len(closing) if text.startswith(closing, body_end) else body_end
            out.append(text[m.start():end] if keep_strings else token + blank(text[m.end():end]))
        i = end
    out.append(text[i:])
    return "".join(out)


def split_top(text, separator=","):
    """`text` split at the separators outside brackets and string literals."""
    parts, depth, start, i, quoted = [], 0, 0, 0, False
    while i < len(text):
        c = text[i]
        if quoted:
            if c == "\\":
                i += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return [part.strip() for part in parts if part.strip()]


def inside(text, start):
    """The text between the bracket at `start` and the one that closes it."""
    depth = 0
    for part_end, c in enumerate(text[start:], start):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return text[start + 1:part_end]
    raise ValueError(f"no closing bracket for {text[start:start + 40]!r}")


def arguments(call):
    """The labelled arguments of a call's argument text: label → value text."""
    labelled = {}
    for argument in split_top(call):
        m = re.match(r"([A-Za-z_]\w*)\s*:\s*(.*)\Z", argument, re.S)
        if m:
            labelled[m.group(1)] = m.group(2).strip()
    return labelled


def string_value(value):
    m = re.fullmatch(r'"([^"\\]*)"', value or "")
    return m.group(1) if m else None


# --- The manifest -------------------------------------------------------------------------

TARGET_KINDS = {"target", "executableTarget", "testTarget", "systemLibrary", "binaryTarget", "macro", "plugin"}


def parse_manifest(text):
    """The targets of a SwiftPM manifest: name → {kind, dependencies (the modules it may import:
    target names and product names), path (its folder, relative to the package), exclude}."""
    code = code_only(text)
    package = re.search(r"\bPackage\s*\(", code)
    assert package, "Package.swift: no Package(…) call"
    targets_value = arguments(inside(code, package.end() - 1)).get("targets")
    assert targets_value and targets_value.startswith("["), "Package.swift: no targets: [...] argument"
    targets = {}
    for element in split_top(inside(targets_value, 0)):
        m = re.match(r"\.(\w+)\s*\(", element)
        assert m and m.group(1) in TARGET_KINDS, f"Package.swift: not a target: {element[:60]!r}"
        kind = m.group(1)
        args = arguments(inside(element, m.end() - 1))
        name = string_value(args.get("name"))
        assert name, f"Package.swift: a .{kind} without a plain name: {element[:60]!r}"
        dependencies = set()
        if "dependencies" in args:
            for dependency in split_top(inside(args["dependencies"], 0)):
                if (plain := string_value(dependency)) is not None:
                    dependencies.add(plain)
                    continue
                d = re.match(r"\.(product|target|byName)\s*\(", dependency)
                assert d, f"Package.swift: {name}: a dependency not understood: {dependency!r}"
                dependency_name = string_value(arguments(inside(dependency, d.end() - 1)).get("name"))
                assert dependency_name, f"Package.swift: {name}: a dependency without a plain name: {dependency!r}"
                dependencies.add(dependency_name)
        default_folder = "Tests" if kind == "testTarget" else "Sources"
        exclude = [string_value(e) for e in split_top(inside(args["exclude"], 0))] if "exclude" in args else []
        targets[name] = {
            "kind": kind,
            "dependencies": dependencies,
            "path": string_value(args.get("path")) or f"{default_folder}/{name}",
            "exclude": [e for e in exclude if e],
        }
    return targets


# --- Imports ------------------------------------------------------------------------------

IMPORT = re.compile(
    r"^[ \t]*(?:@[A-Za-z_]\w*(?:\([^)\n]*\))?[ \t]+)*"            # @testable, @preconcurrency …
    r"(?:(?:public|package|internal|fileprivate|private)[ \t]+)?"  # Swift 6 access-level imports
    r"import[ \t]+(?:(?:typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?"
    r"([A-Za-z_]\w*)",
    re.M,
)


def imports(swift_text):
    """The modules a Swift file imports, with their lines; imports in comments and string
    literals (Python run by a test, say) do not count."""
    code = code_only(swift_text, keep_strings=False)
    return [(m.group(1), code.count("\n", 0, m.start()) + 1) for m in IMPORT.finditer(code)]


def undeclared_imports(targets, files_of):
    """(target, file, line, module) for each import that its target may not make. `files_of`
    gives a target's Swift files as (name, text) pairs."""
    found = []
    for name, target in sorted(targets.items()):
        allowed = target["dependencies"] | {name} | SYSTEM_MODULES
        for file, text in files_of(name, target):
            for module, line in imports(text):
                if module not in allowed:
                    found.append((name, file, line, module))
    return found


def swift_files(name, target, root=ROOT):
    folder = root / target["path"]
    excluded = [folder / e for e in target["exclude"]]
    for file in sorted(folder.rglob("*.swift")):
        if not any(file == e or e in file.parents for e in excluded):
            yield str(file.relative_to(root)), file.read_text(encoding="utf-8")


# --- The architecture document ------------------------------------------------------------

TYPE_NAME = r"[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*"    # UpperCamelCase, not an acronym like SET
MEMBER_NAME = r"[a-z_][A-Za-z0-9_]*"
# `Type`, `Type.Nested`, `Module.Type`, `Type.member`, `Type.member(…)`.
TYPE_LIKE = re.compile(rf"(?P<types>{TYPE_NAME}(?:\.{TYPE_NAME})*)(?:\.(?P<member>{MEMBER_NAME})(?:\([^)]*\))?)?")
# `read(_:kind:checkingFiles:)`, `SiteDataLoader.read(_:kind:)`: a function by its argument labels.
SELECTOR = re.compile(rf"(?:(?P<types>{TYPE_NAME}(?:\.{TYPE_NAME})*)\.)?(?P<name>{MEMBER_NAME})\((?P<labels>(?:[A-Za-z_]\w*:)+)\)")
# `DataPages+Generated`: a source file's name without `.swift`.
FILE_STEM = re.compile(rf"{TYPE_NAME}\+{TYPE_NAME}")
# Backticked words that look like types and are not: none today. Keep it short, say why.
NOT_TYPES: set[str] = set()
# Paths of a site (its sources and state, as `ttsite init` makes them) and of a built site,
# and URLs: not paths of this repository.
SITE_PATH = re.compile(r"(?:Content|Templates|queries|data|\.ttsite|assets|people)/|\.\./|/")


def backticked(markdown):
    """The backticked spans of a Markdown text outside its fenced blocks."""
    prose = re.sub(r"^```.*?^```", "", markdown, flags=re.S | re.M)
    return re.findall(r"`([^`\n]+)`", prose)


DECLARATION = re.compile(r"\b(struct|class|enum|actor|protocol|typealias|extension)\s+((?:[A-Z]\w*\.)*)([A-Z]\w*)")


def body_end(code, brace):
    """Where the body that opens at `brace` ends: braces only, as a regex literal or an
    interpolation may leave a parenthesis or a square bracket alone; the code's end if never."""
    depth = 0
    for m in re.finditer(r"[{}]", code[brace:]):
        depth += 1 if m.group(0) == "{" else -1
        if depth == 0:
            return brace + m.end()
    return len(code)


def declarations(files):
    """Type name → where it is declared or extended: (file, start, end, outer) with the span of
    the declaration and its body in the file's code, and `outer`, the type an `extension A.B`
    names before the last dot. `files`: (name, code) pairs, code without comments or strings."""
    declared = {}
    for file, code in files:
        for m in DECLARATION.finditer(code):
            end = m.end()
            brace = code.find("{", m.end())
            if m.group(1) != "typealias" and brace >= 0:
                end = body_end(code, brace)
            outer = m.group(2).rstrip(".").rsplit(".", 1)[-1] or None
            declared.setdefault(m.group(3), []).append((file, m.start(), end, outer))
    return declared


def declares_member(code, member):
    """Whether `code` (a type's body) declares `member`: a func, var, let, init or enum case."""
    name = re.escape(member)
    return re.search(
        rf"\b(?:func|var|let|init)\s+{name}\b"
        rf"|\bcase\s+(?:\w+(?:\([^)]*\))?\s*,\s*)*{name}\b",
        code,
    ) is not None


def declares_function(code, name, labels):
    """Whether `code` declares `func name` with these argument labels (`["_", "kind"]`)."""
    for m in re.finditer(rf"\bfunc\s+{re.escape(name)}\s*(?:<[^(){{}}]*>)?\s*\(", code):
        try:
            parameters = split_top(inside(code, m.end() - 1))
        except ValueError:
            continue
        declared = [re.match(r"(?:@\w+\s+)*([A-Za-z_]\w*)", parameter).group(1) for parameter in parameters]
        if declared == labels:
            return True
    return False


def unknown_names(words, targets, files):
    """The backticked words that name a type, a nested type, a member or a source file that
    the sources do not declare, each with why. `files`: (name, code) pairs, code without
    comments or strings. `Module.Type` must be declared in the module's folder, `Type.Nested`
    inside a body of `Type` (or as `extension Type.Nested`), `Type.member` inside a body of
    `Type`."""
    declared = declarations(files)
    code_of = dict(files)
    stems = {pathlib.PurePath(file).stem for file, _ in files}
    problems = []
    for word in sorted(set(words) - NOT_TYPES):
        if FILE_STEM.fullmatch(word):
            if word not in stems:
                problems.append((word, "no source file of that name"))
            continue
        if (selector := SELECTOR.fullmatch(word)):
            name, labels = selector.group("name"), selector.group("labels").rstrip(":").split(":")
            types = selector.group("types")
            if types and (problem := unknown_names([types], targets, files)):
                problems.append((word, problem[0][1]))
            else:
                last = types.split(".")[-1] if types else None
                bodies = [code_of[f][a:b] for f, a, b, _ in declared.get(last, [])] if last else list(code_of.values())
                if not any(declares_function(body, name, labels) for body in bodies):
                    problems.append((word, f"no function `{name}({selector.group('labels')})`" + (f" in `{last}`" if last else "")))
            continue
        m = TYPE_LIKE.fullmatch(word)
        if not m:
            continue
        chain, member = m.group("types").split("."), m.group("member")
        if chain[0] in targets:
            module = chain.pop(0)
            if not chain:
                if member:
                    problems.append((word, f"`{module}` is a module, not a type"))
                continue
            folder = targets[module]["path"] + "/"
            spans = [s for s in declared.get(chain[0], []) if s[0].startswith(folder)]
            where = f" in module {module}"
        else:
            spans, where = declared.get(chain[0], []), ""
        for index, type_name in enumerate(chain):
            if index:
                outer, where = spans, f" in {chain[index - 1]}"
                spans = [s for s in declared.get(type_name, [])
                         if s[3] == chain[index - 1] or any(o[0] == s[0] and o[1] < s[1] and s[2] <= o[2] for o in outer)]
            if not spans:
                problems.append((word, f"no type `{type_name}` declared{where}"))
                break
        else:
            if member and not any(declares_member(code_of[file][start:end], member) for file, start, end, _ in spans):
                problems.append((word, f"no member `{member}` of `{chain[-1]}`"))
    return problems


def missing_paths(words, bases, searched):
    """The backticked paths (with a `/`, or a `.swift` file) that are in none of `bases`, the
    folders they may be relative to; a file named alone (`SitePlan+Live.swift`) may be at any
    depth of `searched`. `<code>`, `…` and `*` stand for any name."""
    problems = []
    for word in sorted(set(words)):
        if " " in word or not ("/" in word or word.endswith(".swift")) or SITE_PATH.match(word):
            continue
        pattern = re.sub(r"<[^>]*>|…", "*", word).rstrip("/")
        alone = "/" not in pattern
        if not any(any(base.glob(pattern)) for base in bases) and not (alone and any(any(folder.rglob(pattern)) for folder in searched)):
            problems.append(word)
    return problems


def module_table(markdown):
    """The table of "## The modules": module → the set of modules it may import."""
    section = re.search(r"^## The modules\n(.*?)(?=^## |\Z)", markdown, re.S | re.M)
    assert section, "no section \"## The modules\""
    table = {}
    for line in section.group(1).splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.startswith("|") else []
        m = re.fullmatch(r"`(\w+)`", cells[0]) if cells else None
        if not m:
            continue
        last = cells[-1]
        table[m.group(1)] = set() if last in {"—", "-", ""} else {d.strip() for d in last.split(",")}
    return table


def module_table_problems(table, targets):
    """How the module table differs from the manifest's targets under Sources/."""
    problems = []
    modules = {name for name, target in targets.items() if target["path"].startswith("Sources/")}
    for name in sorted(modules - table.keys()):
        problems.append(f"`{name}` is a target under Sources/ and not in the table")
    for name in sorted(table.keys() - modules):
        problems.append(f"`{name}` is in the table and not a target under Sources/")
    for name in sorted(modules & table.keys()):
        declared, listed = targets[name]["dependencies"], table[name]
        if declared != listed:
            problems.append(f"`{name}` may import {sorted(declared)} in Package.swift, the table says {sorted(listed)}"
                            f" (missing {sorted(declared - listed)}, extra {sorted(listed - declared)})")
    return problems


# --- The repository -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def targets():
    return parse_manifest(MANIFEST.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def sources(targets):
    """Every Swift file of every target, comments and strings blanked: (path, code) pairs."""
    return [(file, code_only(text, keep_strings=False)) for name, target in sorted(targets.items()) for file, text in swift_files(name, target)]


@pytest.fixture(scope="module")
def architecture():
    return ARCHITECTURE.read_text(encoding="utf-8")


def test_the_manifest_is_read(targets):
    # What the rest stands on: the manifest read as it is written.
    assert targets["SiteServer"]["dependencies"] == {"SiteBuilder", "DataSources", "FlyingFox", "FlyingSocks"}
    assert targets["TestSupport"]["path"] == "Tests/TestSupport"
    assert targets["CCmark"]["kind"] == "systemLibrary"
    assert all((ROOT / target["path"]).is_dir() for target in targets.values())


def import_problems(found, allowed):
    """What `undeclared_imports` found, less what `allowed` lets through; and what `allowed`
    lets through that is no longer found."""
    problems = [f"{file}:{line}: `import {module}`, which target {target} does not declare in Package.swift"
                for target, file, line, module in found if (target, module) not in allowed]
    stale = allowed - {(target, module) for target, _, _, module in found}
    if stale:
        problems.append(f"declared or gone now, take them out of UNDECLARED_IMPORTS_TODAY: {sorted(stale)}")
    return problems


def test_every_import_is_declared(targets):
    problems = import_problems(undeclared_imports(targets, swift_files), UNDECLARED_IMPORTS_TODAY)
    assert not problems, "\n".join(problems)


def test_architecture_names_only_what_exists(architecture, targets, sources):
    problems = unknown_names(backticked(architecture), targets, sources)
    assert not problems, "architecture.md: " + "; ".join(f"`{word}`: {why}" for word, why in problems)


def test_architecture_paths_exist(architecture, targets):
    bases = [ROOT, ROOT / "Sources", ROOT / "Tests"] + [ROOT / t["path"] for t in targets.values()]
    searched = [ROOT / "Sources", ROOT / "Tests", ROOT / "Benchmarks"]
    missing = missing_paths(backticked(architecture), bases, searched)
    assert not missing, f"architecture.md names paths that are not in the repository: {missing}"


def test_architecture_module_table_is_the_manifest(architecture, targets):
    problems = module_table_problems(module_table(architecture), targets)
    assert not problems, "architecture.md, \"## The modules\": " + "; ".join(problems)


def long_lines(files, limit=LINE_LENGTH):
    """(path, line number, columns) of each line over `limit` columns, in Swift files that are
    not generated (marked `// swift-format-ignore-file` in their opening comment)."""
    found = []
    for path, text in files:
        lines = text.splitlines()
        opening = [line for line in lines[:5] if line.startswith("//")]
        if "// swift-format-ignore-file" in opening:
            continue
        found += [(path, number, len(line)) for number, line in enumerate(lines, 1) if len(line) > limit]
    return found


def test_no_line_is_over_the_line_length():
    files = [(path.relative_to(ROOT), path.read_text(encoding="utf-8"))
             for folder in ("Sources", "Tests", "Fuzz", "Benchmarks") for path in sorted((ROOT / folder).rglob("*.swift"))]
    found = long_lines(files)
    assert not found, f"{len(found)} lines over {LINE_LENGTH} columns: " + "; ".join(f"{p}:{n} ({c})" for p, n, c in found[:20])


# The plan of a build and its stages (issue 51): a plan of a few values, stages that take the
# build's context and what the stages before made.
PLAN_FIELDS_LIMIT = 12
STAGE_PARAMETERS_LIMIT = 5
STORED_PROPERTY = re.compile(r"^\s*(?:(?:private|fileprivate|internal|public)(?:\(set\))?\s+)*(?:let|var)\s+(\w+)")


def stored_properties(swift_text, type_name):
    """The stored properties declared in the body of `struct type_name` itself (not in its
    nested types; a property with a body of its own is computed)."""
    code = code_only(swift_text, keep_strings=False)
    m = re.search(r"\bstruct\s+" + type_name + r"\b[^{]*\{", code)
    assert m, f"no struct {type_name}"
    body = code[m.end():body_end(code, m.end() - 1) - 1]
    names, depth = [], 0
    for line in body.splitlines():
        if depth == 0 and (found := STORED_PROPERTY.match(line)) and "{" not in line:
            names.append(found.group(1))
        depth += line.count("{") + line.count("(") + line.count("[") - line.count("}") - line.count(")") - line.count("]")
    return names


def function_parameters(swift_text):
    """Each `func` of the text with how many parameters it takes: name → counts (a name may
    be declared more than once)."""
    code = code_only(swift_text, keep_strings=False)
    found = {}
    for m in re.finditer(r"\bfunc\s+(\w+)\s*(?:<[^>]*>)?\s*\(", code):
        found.setdefault(m.group(1), []).append(len(split_top(inside(code, m.end() - 1))))
    return found


def test_the_plan_has_few_fields():
    fields = stored_properties((ROOT / "Sources/SiteBuilder/Pipeline/SitePlan.swift").read_text(encoding="utf-8"), "SitePlan")
    assert "context" in fields and len(fields) <= PLAN_FIELDS_LIMIT, f"SitePlan has {len(fields)} fields: {', '.join(fields)}"


def test_stages_take_few_parameters():
    stages = function_parameters((ROOT / "Sources/SiteBuilder/Pipeline/SitePlan+Stages.swift").read_text(encoding="utf-8"))
    assert {"make", "decode", "loadTables", "runQueries", "derive"} <= set(stages)
    over = [f"{name} ({count})" for name, counts in stages.items() for count in counts if count > STAGE_PARAMETERS_LIMIT]
    assert not over, f"stages over {STAGE_PARAMETERS_LIMIT} parameters: {', '.join(over)}"


# --- Self-tests: each check fails when it should ------------------------------------------

FAKE_MANIFEST = '''
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "fake",
    products: [.executable(name: "tool", targets: ["Tool"])],
    dependencies: [.package(url: "https://example.org/yams", from: "1.0.0")],
    targets: [
        // A comment with "quotes", [brackets] and .target(name: "Ghost").
        .systemLibrary(name: "CThing", pkgConfig: "thing", providers: [.apt(["thing-dev"])]),
        .target(name: "Core", dependencies: ["CThing", .product(name: "Yams", package: "yams")]),
        /* .target(name: "Commented"), */
        .executableTarget(
            name: "Tool",
            dependencies: [
                "Core",
                .target(name: "Extra", condition: .when(platforms: [.linux])),
            ],
            path: "Tools/Tool"
        ),
        .target(name: "Extra"),
        .testTarget(name: "CoreTests", dependencies: ["Core"], exclude: ["Fixtures"]),
    ]
)
'''


def test_self_manifest_parsing():
    targets = parse_manifest(FAKE_MANIFEST)
    assert set(targets) == {"CThing", "Core", "Tool", "Extra", "CoreTests"}
    assert targets["Core"]["dependencies"] == {"CThing", "Yams"}
    assert targets["Tool"]["dependencies"] == {"Core", "Extra"}
    assert targets["Tool"]["path"] == "Tools/Tool"
    assert targets["CoreTests"]["path"] == "Tests/CoreTests"
    assert targets["CoreTests"]["exclude"] == ["Fixtures"]
    assert targets["CThing"]["dependencies"] == set()


def test_self_imports():
    text = '''import Foundation
@testable import Core
@preconcurrency import struct Yams.Node
internal import CThing
// import Commented
/* import Blocked */
let script = """
    import json, sys
    """
let line = "import Quoted"
#if canImport(Glibc)
import Glibc
#endif
'''
    assert imports(text) == [("Foundation", 1), ("Core", 2), ("Yams", 3), ("CThing", 4), ("Glibc", 12)]


def test_self_undeclared_imports_are_found():
    targets = parse_manifest(FAKE_MANIFEST)
    files = {
        "Core": [("Sources/Core/A.swift", "import Foundation\nimport Yams\nimport CThing\nimport Core\n")],
        "Tool": [("Tools/Tool/main.swift", "import Core\nimport Extra\n\n@testable import Yams\n")],
        "CoreTests": [("Tests/CoreTests/T.swift", "import Testing\n@testable import Core\nimport struct CThing.Handle\n")],
    }
    found = undeclared_imports(targets, lambda name, target: files.get(name, []))
    assert found == [("CoreTests", "Tests/CoreTests/T.swift", 3, "CThing"), ("Tool", "Tools/Tool/main.swift", 4, "Yams")]
    assert import_problems(found, {("Tool", "Yams"), ("Core", "Gone")}) == [
        "Tests/CoreTests/T.swift:3: `import CThing`, which target CoreTests does not declare in Package.swift",
        "declared or gone now, take them out of UNDECLARED_IMPORTS_TODAY: [('Core', 'Gone')]",
    ]
    assert import_problems(found, {("Tool", "Yams"), ("CoreTests", "CThing")}) == []


def test_self_swift_files_honour_exclude(tmp_path):
    (tmp_path / "Tests/CoreTests/Fixtures").mkdir(parents=True)
    (tmp_path / "Tests/CoreTests/T.swift").write_text("import Core\n")
    (tmp_path / "Tests/CoreTests/Fixtures/F.swift").write_text("import Anything\n")
    target = parse_manifest(FAKE_MANIFEST)["CoreTests"]
    assert [file for file, _ in swift_files("CoreTests", target, root=tmp_path)] == ["Tests/CoreTests/T.swift"]


FAKE_SOURCES = [
    ("Sources/Core/Page.swift", code_only(r'''
public struct Page {
    public var kind: Kind
    public enum Kind { case home, content
        var isMarkdownPage: Bool { true } }
    func render(into output: inout String) { print("} struct Fake {") }
}
extension Page.Kind { static let all: [Page.Kind] = [] }
struct Other { func elsewhere() {} }
// struct Commented {}
''', keep_strings=False)),
    ("Sources/Tool/Site.swift", "final class Site { static func build(_ options: Int) {}\n"
                                "  private func read<D: Decoder>(_ source: String, with decoder: D, into data: inout [Int], held: (Int) -> String) {} }\n"),
    ("Sources/Core/Site+Live.swift", "extension Site { func live() {} }\n"),
]


def test_self_unknown_names():
    targets = parse_manifest(FAKE_MANIFEST.replace('path: "Tools/Tool"', 'path: "Sources/Tool"'))
    targets["Core"]["path"] = "Sources/Core"
    known = ["Page", "Page.Kind", "Page.Kind.isMarkdownPage", "Page.Kind.all", "Page.render", "Site.build(options)",
             "Site.live()", "Core", "Core.Page", "Core.Site", "Site+Live", "SET", "Content/", "data:", "Other.elsewhere",
             "read(_:with:into:held:)", "Site.read(_:with:into:held:)", "build(_:)", "Site.build(_:)"]
    unknown = ["Commented", "Fake", "Page.Nope", "Page.Kind.render", "Page.elsewhere", "Site.missing()", "Tool.Page",
               "Site+Dead", "Extra.Thing", "Core.render",
               "read(_:with:into:)", "Page.read(_:with:into:held:)", "Gone.build(_:)", "build(options:)"]
    assert unknown_names(known + unknown, targets, FAKE_SOURCES) == [
        ("Commented", "no type `Commented` declared"),
        ("Core.render", "`Core` is a module, not a type"),
        ("Extra.Thing", "no type `Thing` declared in module Extra"),
        ("Fake", "no type `Fake` declared"),
        ("Gone.build(_:)", "no type `Gone` declared"),
        ("Page.Kind.render", "no member `render` of `Kind`"),
        ("Page.Nope", "no type `Nope` declared in Page"),
        ("Page.elsewhere", "no member `elsewhere` of `Page`"),
        ("Page.read(_:with:into:held:)", "no function `read(_:with:into:held:)` in `Page`"),
        ("Site+Dead", "no source file of that name"),
        ("Site.missing()", "no member `missing` of `Site`"),
        ("Tool.Page", "no type `Page` declared in module Tool"),
        ("build(options:)", "no function `build(options:)`"),
        ("read(_:with:into:)", "no function `read(_:with:into:)`"),
    ]


def test_self_backticked_outside_fences():
    text = "A `Page` and `Site.build`.\n```\nnot `Fenced`\n```\nthen `Content/`.\n"
    assert backticked(text) == ["Page", "Site.build", "Content/"]


def test_self_missing_paths(tmp_path):
    (tmp_path / "Sources/Core/Pipeline").mkdir(parents=True)
    (tmp_path / "Sources/Core/Pipeline/Site.swift").write_text("")
    (tmp_path / "Sources/Core/Languages").mkdir()
    (tmp_path / "Sources/Core/Languages/en.yml").write_text("")
    bases = [tmp_path, tmp_path / "Sources" / "Core"]
    words = ["Pipeline/Site.swift", "Sources/Core/Pipeline/", "Languages/<code>.yml", "Content/index.md", "../../",
             "/reports/", "Site.swift", "Pipeline/Gone.swift", "Old.swift", "Sources/Gone/", "Languages/<code>.json"]
    assert missing_paths(words, bases, [tmp_path / "Sources"]) == ["Languages/<code>.json", "Old.swift", "Pipeline/Gone.swift", "Sources/Gone/"]


def test_self_module_table():
    targets = parse_manifest(FAKE_MANIFEST)
    targets["Tool"]["path"] = "Sources/Tool"
    doc = """## The modules

| module | holds | may import |
|---|---|---|
| `CThing` | the C library | — |
| `Core` | the core, with `Page` | CThing, Yams |
| `Tool` | the tool | Core |
| `Ghost` | gone | Core |

## Next
| `Extra` | not in the section | — |
"""
    table = module_table(doc)
    assert table == {"CThing": set(), "Core": {"CThing", "Yams"}, "Tool": {"Core"}, "Ghost": {"Core"}}
    assert module_table_problems(table, targets) == [
        "`Extra` is a target under Sources/ and not in the table",
        "`Ghost` is in the table and not a target under Sources/",
        "`Tool` may import ['Core', 'Extra'] in Package.swift, the table says ['Core'] (missing ['Extra'], extra [])",
    ]
    fixed = doc.replace("| `Tool` | the tool | Core |", "| `Tool` | the tool | Core, Extra |").replace("| `Ghost` | gone | Core |", "| `Extra` | more | — |")
    assert module_table_problems(module_table(fixed), targets) == []


def test_self_long_lines():
    # Columns are characters, not bytes: 140 letters of Cyrillic are 140 columns.
    files = [
        ("A.swift", "let a = 1\n" + "// " + "я" * 137 + "\n" + "x" * 141 + "\n"),
        ("Generated.swift", "// Generated by a script.\n// swift-format-ignore-file\n" + "x" * 200 + "\n"),
        ("Late.swift", "import A\n\nlet s = \"// swift-format-ignore-file\"\n" + "x" * 141 + "\n"),
    ]
    assert long_lines(files) == [("A.swift", 3, 141), ("Late.swift", 4, 141)]


def test_self_stored_properties():
    text = """
struct Plan {
    let a: Int
    private(set) var b = Nested()
    var c: (x: [Int], y: [String: Int])
    var computed: Int { a }
    let text = "let notAField = 1"
    struct Nested {
        let inner: Int
    }
    init(a: Int) {
        let local = a
        self.a = local
    }
    func f() { var d = 1 }
}
"""
    assert stored_properties(text, "Plan") == ["a", "b", "c", "text"]


def test_self_function_parameters():
    text = """
    static func make(_ context: Context, loader: Loader, sources: consuming Sources, ledger: Ledger, clock: inout Clock) -> P {}
    static func two(a: (x: Int, y: Int), b: [String: Int] = [:]) {}
    static func none() {}
    func generic<T>(_ value: T, f: (Int, Int) -> Int) {}
"""
    assert function_parameters(text) == {"make": [5], "two": [2], "none": [0], "generic": [2]}
