#!/usr/bin/env python3
"""Check that every reference in the repository resolves inside it (docs/specs/README.md,
"Citing a rule").

1. No comment, doc, test or script names a document that is not in the repository: the product
   specifications of the earlier apps, their design and style pages, their TypeScript sources,
   or an issue by its title alone (an issue may be cited by its number: `issue 30`).
2. Every citation of a section, `docs/<path>.md, "Heading"` (or without the comma, or in
   parentheses, or with the path in backticks or as a link, or with several headings: `"A", "B" and "C"`), names an existing file with the
   first of those headings; each further one is a heading of that file, the bold label of a
   paragraph in it (`- **Known limit**: ...`) or words it contains: the place within the section.
3. Every mention of a file under docs/ names an existing file, and every relative markdown link
   `[text](path#anchor)` names an existing file and, for a markdown file, an existing anchor.

Run from anywhere: `python3 scripts/check-references.py`. Prints each broken reference as
`path:line: what` and exits 1 when there is one, 0 otherwise.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCANNED = ["Sources", "Tests", "Apps", "Benchmarks", "Fuzz", "scripts", "docs", "examples",
           "README.md", "Makefile", "Package.swift"]
EXTENSIONS = (".swift", ".md", ".py", ".sh", ".yml", ".yaml", ".h", ".c", ".modulemap")
SKIPPED_DIRS = {"Corpora", ".build", "Golden", "Goldens"}
THIS_FILE = os.path.join("scripts", "check-references.py")

# Names of documents that live outside the repository. Built from parts so that this file does
# not match itself.
OUTSIDE = [
    (re.compile(r"\b(?:DESIGN|STYLE)" + r"\.md\b"), "a design or style page outside the repository"),
    (re.compile(r"\b(?:workout-session-engine|nutrition-day-log|workout-live-activity)" + r"\.md\b"),
     "a product specification outside the repository (cite docs/specs/)"),
    (re.compile(r"\b[Ss]pec" + r' "'), "a section of a specification outside the repository"),
    (re.compile(r"\b[Ii]ssue" + r' "'), "an issue named by its title; cite it by number (issue 30)"),
    (re.compile(r"/work/" + r"(?:shared|main|wt)\b"), "a file in another checkout on a developer's machine"),
    (re.compile(r"`[\w./-]+\.(?:tsx?|dart)`"), "a source file of the earlier apps"),
]

CITATION = re.compile(
    r'(?P<path>(?<![\w/.-])docs/[\w./-]+\.md)`?(?:\]\([^)\s]*\))?(?P<sep>,? ?\(?)'
    r'(?P<headings>"[^"\n]+"(?:(?:, | and |, and )"[^"\n]+")*)?')
QUOTED = re.compile(r'"([^"\n]+)"')
DOCS_PATH = re.compile(r'(?<![\w/.-])docs/[\w./-]*\w\.(?:md|svg|json|txt)\b')
LINK = re.compile(r'\[[^\]\n]*\]\(([^)\s]+)\)')
HEADING = re.compile(r'^(#{1,6})\s+(.*?)\s*#*\s*$')


def files():
    for top in SCANNED:
        path = os.path.join(ROOT, top)
        if os.path.isfile(path):
            yield top
            continue
        for directory, dirs, names in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith("."))
            for name in sorted(names):
                if name.endswith(EXTENSIONS) or name == "Makefile":
                    yield os.path.relpath(os.path.join(directory, name), ROOT)


def slug(heading):
    """The anchor GitHub gives a heading."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", heading)
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


_headings = {}


def headings(path):
    """The heading texts (backticks removed) and anchors of a markdown file, or None if absent."""
    if path not in _headings:
        full = os.path.join(ROOT, path)
        if not os.path.isfile(full):
            _headings[path] = None
        else:
            texts, anchors, seen, fenced = set(), set(), {}, False
            content = open(full, encoding="utf-8").read()
            labels = " ".join(re.sub(r"\s+", " ", b).replace("`", "").lower()
                              for b in re.findall(r"\*\*(.+?)\*\*", content, re.S))
            labels += " " + re.sub(r"\s+", " ", content).replace("`", "").lower()
            for line in content.splitlines():
                if line.startswith("```"):
                    fenced = not fenced
                m = None if fenced else HEADING.match(line)
                if m:
                    text = m.group(2)
                    texts.add(text.replace("`", ""))
                    base = slug(text)
                    n = seen.get(base, 0)
                    seen[base] = n + 1
                    anchors.add(base if n == 0 else f"{base}-{n}")
            _headings[path] = (texts, anchors, labels)
    return _headings[path]


def joined(text, path):
    """The text with comment and line breaks folded into spaces, and a map back to line numbers."""
    if path.endswith((".swift", ".h", ".c")):
        pattern = r"\n[ \t]*(?:///?|\*)[ \t]?"
    elif path.endswith((".py", ".sh", ".yml", ".yaml")) or path.endswith("Makefile"):
        pattern = r"\n[ \t]*#+[ \t]?"
    else:
        pattern = r"\n[ \t]*(?:>[ \t]?)?"
    out, lines, pos, line = [], [], 0, 1
    def keep(chunk):
        nonlocal line
        out.append(chunk)
        for c in chunk:
            lines.append(line)
            line += c == "\n"

    for m in re.finditer(pattern, text):
        keep(text[pos:m.start()])
        out.append(" ")
        lines.append(line)
        line += m.group(0).count("\n")
        pos = m.end()
    keep(text[pos:])
    return "".join(out), lines


def check(path, problems):
    text = open(os.path.join(ROOT, path), encoding="utf-8", errors="replace").read()
    flat, line_of = joined(text, path)

    def report(offset, what):
        problems.append(f"{path}:{line_of[min(offset, len(line_of) - 1)]}: {what}")

    if path != THIS_FILE:
        for pattern, what in OUTSIDE:
            for m in pattern.finditer(flat):
                report(m.start(), f"{what}: {m.group(0)!r}")

    for m in CITATION.finditer(flat):
        cited = headings(m.group("path"))
        if cited is None:
            report(m.start(), f"no such file: {m.group('path')}")
            continue
        for n, h in enumerate(QUOTED.findall(m.group("headings") or "")):
            text = h.replace("`", "")
            if text in cited[0]:
                continue
            if n > 0 and re.sub(r"\s+", " ", text).lower() in cited[2]:
                continue
            report(m.start(), f'{m.group("path")} has no heading "{h}"')

    for m in DOCS_PATH.finditer(flat):
        if not os.path.exists(os.path.join(ROOT, m.group(0))):
            report(m.start(), f"no such file: {m.group(0)}")

    if path.endswith(".md"):
        for m in LINK.finditer(flat):
            target = m.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("<"):
                continue
            file_part, _, anchor = target.partition("#")
            resolved = (os.path.normpath(os.path.join(os.path.dirname(path), file_part))
                        if file_part else path)
            if resolved.startswith(".."):
                report(m.start(), f"link outside the repository: {target}")
                continue
            if not os.path.exists(os.path.join(ROOT, resolved)):
                report(m.start(), f"link to a missing file: {target}")
                continue
            if anchor and resolved.endswith(".md"):
                if anchor not in headings(resolved)[1]:
                    report(m.start(), f"link to a missing anchor: {target}")


def main():
    problems = []
    for path in files():
        check(path, problems)
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-references: {len(problems)} reference(s) do not resolve "
              "(docs/specs/README.md, \"Citing a rule\")", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
