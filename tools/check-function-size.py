#!/usr/bin/env python3
"""Function-size guard: no function body in core/ or app/ longer than LIMIT lines.

The sources are clang-formatted (.clang-format), so a function definition at namespace scope opens
with `{` alone at column 0 and closes with `}` at column 0; the body is the lines between. A
function defined inside a class body is indented and not measured (those are one-liners here).
Lambdas count toward the function that holds them.

Exceptions are listed in tools/function-size-exceptions.txt, one `path:function-signature-start` per
line with the reason after a `#`; an exception that no longer exceeds the limit is reported too, so
the list only shrinks. Exits 1 on any finding.

Usage: tools/check-function-size.py [--limit N] [ROOT]
"""
import argparse
import pathlib
import re
import sys


def functions(path):
    lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
    i = 0
    while i < len(lines):
        if lines[i] == "{" and i > 0:
            # the signature: the lines above up to a blank line, a comment or a line ending in ; or }
            j = i - 1
            while j > 0 and lines[j - 1].strip() and not re.match(r"^\s*(//|#|\}|.*;\s*$)", lines[j - 1]):
                j -= 1
            signature = " ".join(l.strip() for l in lines[j:i])
            k = i + 1
            while k < len(lines) and lines[k] != "}" and lines[k] != "};":
                k += 1
            if not signature.startswith(("namespace", "struct", "class", "enum", "union", "extern")):
                yield j + 1, signature, k - i - 1
            i = k
        i += 1


def key(path, signature):
    name = re.search(r"([\w:~]+)\s*\(", signature)
    return f"{path}:{name.group(1) if name else signature[:60]}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=120)
    parser.add_argument("root", nargs="?", default=str(pathlib.Path(__file__).resolve().parent.parent))
    args = parser.parse_args()
    root = pathlib.Path(args.root)
    exceptions = {}
    listing = root / "tools" / "function-size-exceptions.txt"
    if listing.exists():
        for line in listing.read_text().split("\n"):
            entry = line.split("#", 1)[0].strip()
            if entry:
                exceptions[entry] = line
    findings = 0
    seen = set()
    for folder in ("core", "app"):
        for path in sorted((root / folder).rglob("*.cpp")):
            rel = path.relative_to(root).as_posix()
            for line, signature, length in functions(path):
                if length <= args.limit:
                    continue
                k = key(rel, signature)
                if k in exceptions:
                    seen.add(k)
                    continue
                print(f"{rel}:{line}: {length} lines in {k.split(':', 1)[1]} (limit {args.limit})")
                findings += 1
    for k in exceptions:
        if k not in seen:
            print(f"tools/function-size-exceptions.txt: {k} is listed but no longer over {args.limit} lines")
            findings += 1
    if findings:
        print(f"check-function-size: {findings} finding(s)", file=sys.stderr)
        return 1
    print(f"check-function-size: every function in core/ and app/ is at most {args.limit} lines "
          f"({len(exceptions)} listed exceptions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
