#!/usr/bin/env python3
"""Keeps docs/ true to the tree: every repository path a doc names in backticks
(crates/..., web/..., scripts/..., bench/..., testdata/...) and every relative link
between docs must exist. Run by `make lint`."""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PATH = re.compile(r"`((?:crates|web|scripts|bench|testdata)/[A-Za-z0-9_./\-\[\]]*[A-Za-z0-9_/\-\]])")
# A shorter path (`sync/status.ts`, `routes/sync.rs`) names a file by the end of its path.
SHORT = re.compile(r"`([A-Za-z0-9_.\-]+/[A-Za-z0-9_./\-]*\.(?:rs|ts|tsx|mjs|sh|sql|typ|json|py))`")
LINK = re.compile(r"\]\(([^)#:\s]+\.md)(?:#[^)]*)?\)")

def exists(path: str) -> bool:
    # A trailing glob-free path; `foo/` names a folder.
    return (ROOT / path.rstrip("/")).exists()

SKIP = {"node_modules", "target", "dist", ".git", "data"}
FILES = [
    "/" + str(path.relative_to(ROOT))
    for path in ROOT.rglob("*")
    if path.is_file() and not SKIP.intersection(path.relative_to(ROOT).parts)
]

def ends_some_path(path: str) -> bool:
    return any(name.endswith("/" + path) for name in FILES)

problems = []
docs = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]
for doc in docs:
    text = doc.read_text()
    for number, line in enumerate(text.splitlines(), 1):
        for match in PATH.finditer(line):
            if not exists(match.group(1)):
                problems.append(f"{doc.relative_to(ROOT)}:{number}: no such path `{match.group(1)}`")
        for match in SHORT.finditer(line):
            if not PATH.match("`" + match.group(1)) and not ends_some_path(match.group(1)):
                problems.append(f"{doc.relative_to(ROOT)}:{number}: no file ends with `{match.group(1)}`")
        for match in LINK.finditer(line):
            if not (doc.parent / match.group(1)).exists():
                problems.append(f"{doc.relative_to(ROOT)}:{number}: broken link {match.group(1)}")

print("\n".join(problems) or f"docs: every path and link of {len(docs)} pages exists")
sys.exit(1 if problems else 0)
