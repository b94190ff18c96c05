#!/usr/bin/env python3
"""Copies a constrained type's constraint onto the extension-addition fields
that use it, in rasn-compiler output (after rustfmt).

Why: rasn 0.30 encodes an extension addition with the field's own
constraints only (`Option<T>` does not pass on `T::CONSTRAINTS`), so an
addition such as `segmentNumber SegmentNumber` (INTEGER(0..65535)) went out
as an unconstrained integer and Erlang's PER encodings of it did not decode.
Stating the constraint on the field gives rasn what X.691 asks for.

Usage: fix_extension_constraints.py FILE.rs  (rewrites FILE.rs in place)
"""
import re
import sys

path = sys.argv[1]
lines = open(path).read().split("\n")

# `#[rasn(delegate, value("0..=65535"))]` then `pub struct SegmentNumber(pub u16);`
constrained = {}
for attr, decl in zip(lines, lines[1:]):
    a = re.match(r'\s*#\[rasn\(delegate, ((?:value|size)\("[^"]*"\))\)\]$', attr)
    d = re.match(r"\s*pub struct (\w+)\(", decl)
    if a and d:
        constrained[d.group(1)] = a.group(1)

fixed = 0
for i in range(len(lines) - 1):
    a = re.match(r"(\s*#\[rasn\(extension_addition)(.*)$", lines[i])
    f = re.match(r"\s*pub \w+: Option<(\w+)>,$", lines[i + 1])
    if a and f and f.group(1) in constrained and "value(" not in a.group(2) and "size(" not in a.group(2):
        lines[i] = f"{a.group(1)}, {constrained[f.group(1)]}{a.group(2)}"
        fixed += 1

open(path, "w").write("\n".join(lines))
print(f"{path}: constraint copied onto {fixed} extension-addition fields")
