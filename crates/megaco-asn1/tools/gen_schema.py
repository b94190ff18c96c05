#!/usr/bin/env python3
"""Writes src/tape/schema_v{1,2,3}.rs: the MEDIA-GATEWAY-CONTROL modules as
flat type tables for the tape decoders, from the ASN.1 that Erlang/OTP's
megaco ships.

Only what these modules use is understood (AUTOMATIC TAGS; SEQUENCE,
SEQUENCE OF, CHOICE, ENUMERATED, constrained INTEGER, BOOLEAN, NULL, OCTET
STRING, IA5String, BIT STRING, OBJECT IDENTIFIER; SIZE and value-range
constraints; one extension marker per type); anything else stops with the
line it is on.

usage: gen_schema.py MODULE.asn SCHEMA.rs STATIC_NAME [DECODERS.rs]
"""
import re
import sys

# Numbers keep their sign so a negative one fails loudly (the tables are u32).
TOKEN = re.compile(r"::=|\.\.\.|\.\.|[{}(),\[\]]|[A-Za-z][A-Za-z0-9-]*|-?\d+")


def tokens(text):
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        # A comment runs from "--" to the next "--" or the end of the line.
        parts = line.split("--")
        code = " ".join(parts[0::2])
        for t in TOKEN.findall(code):
            out.append((t, number))
    return out


class Parser:
    def __init__(self, toks):
        self.toks = toks
        self.i = 0

    def peek(self, k=0):
        return self.toks[self.i + k][0] if self.i + k < len(self.toks) else None

    def take(self, want=None):
        tok, line = self.toks[self.i]
        if want is not None and tok != want:
            sys.exit(f"line {line}: expected {want!r}, found {tok!r}")
        self.i += 1
        return tok

    def line(self):
        return self.toks[self.i][1]

    def module(self):
        name = self.take()
        depth = 0
        while self.peek() == "{":  # skip the object identifier, if any
            t = self.take()
            depth += t == "{"
            depth -= t == "}"
            while depth:
                t = self.take()
                depth += t == "{"
                depth -= t == "}"
        for w in ["DEFINITIONS", "AUTOMATIC", "TAGS", "::=", "BEGIN"]:
            self.take(w)
        types = {}
        order = []
        while self.peek() != "END":
            tname = self.take()
            self.take("::=")
            types[tname] = self.type_()
            order.append(tname)
        return name, types, order

    def size(self):
        # (SIZE (a..b)) or (SIZE(n))
        self.take("(")
        self.take("SIZE")
        self.take("(")
        lo = int(self.take())
        hi = lo
        if self.peek() == "..":
            self.take()
            hi = int(self.take())
        self.take(")")
        self.take(")")
        return lo, hi

    def type_(self):
        t = self.take()
        if t == "SEQUENCE" and self.peek() == "OF":
            self.take()
            return ("seqof", self.type_())
        if t == "SEQUENCE":
            return ("seq",) + self.components(fields=True)
        if t == "CHOICE":
            return ("choice",) + self.components(fields=False)
        if t == "ENUMERATED":
            return self.enumerated()
        if t == "INTEGER":
            self.take("(")
            lo = int(self.take())
            self.take("..")
            hi = int(self.take())
            self.take(")")
            return ("int", lo, hi)
        if t in ("BOOLEAN", "NULL"):
            return (t.lower(),)
        if t == "OCTET":
            self.take("STRING")
            return ("octets",) + (self.size() if self.peek() == "(" else (0, None))
        if t == "IA5String":
            return ("ia5",) + (self.size() if self.peek() == "(" else (0, None))
        if t == "BIT":
            self.take("STRING")
            if self.peek() == "{":
                while self.take() != "}":
                    pass
            if self.peek() == "(":
                sys.exit(f"line {self.line()}: sized BIT STRING not supported")
            return ("bits",)
        if t == "OBJECT":
            self.take("IDENTIFIER")
            return ("oid",)
        if t[0].isupper():
            return ("ref", t)
        sys.exit(f"line {self.line()}: unknown type {t!r}")

    def components(self, fields):
        self.take("{")
        items, ext, root = [], False, None
        while True:
            if self.peek() == "...":
                self.take()
                ext, root = True, len(items)
            else:
                name = self.take()
                ty = self.type_()
                optional = False
                if self.peek() == "OPTIONAL":
                    self.take()
                    optional = True
                items.append((name, ty, optional))
            if self.take() == "}":
                break
        return ext, (root if ext else len(items)), items

    def enumerated(self):
        self.take("{")
        root, added, ext = [], [], False
        while True:
            if self.peek() == "...":
                self.take()
                ext = True
            else:
                name = self.take()
                value = None
                if self.peek() == "(":
                    self.take()
                    value = int(self.take())
                    self.take(")")
                (added if ext else root).append((name, value))
            if self.take() == "}":
                break
        # Unnumbered items take the next free number (X.680 20.3).
        used = {v for _, v in root + added if v is not None}
        nxt = 0
        numbered = []
        for name, v in root + added:
            if v is None:
                while nxt in used:
                    nxt += 1
                v = nxt
                used.add(v)
            numbered.append((name, v))
        r = sorted(numbered[: len(root)], key=lambda x: x[1])
        return ("enum", ext, r, numbered[len(root) :])


def flatten(name, types, order):
    table = []  # (name, kind tuple with type ids)
    ids = {}

    def add(tname, ty):
        if ty[0] == "ref":
            if ty[1] not in types:
                sys.exit(f"{name}: unknown type {ty[1]}")
            return type_id(ty[1])
        idx = len(table)
        table.append(None)
        if ty[0] == "seqof":
            kind = ("seqof", add(tname + ".elem", ty[1]))
        elif ty[0] in ("seq", "choice"):
            _, ext, root, items = ty
            kind = (
                ty[0],
                ext,
                root,
                [(n, add(f"{tname}.{n}", t), o) for n, t, o in items],
            )
        else:
            kind = ty
        table[idx] = (tname, kind)
        return idx

    def type_id(tname):
        if tname in ids:
            return ids[tname]
        ty = types[tname]
        if ty[0] == "ref":
            ids[tname] = type_id(ty[1])
        else:
            # Registered before its parts, so recursive types refer back.
            ids[tname] = len(table)
            add(tname, ty)
        return ids[tname]

    for t in order:
        type_id(t)
    return table, ids["MegacoMessage"]


def rust(module, table, root, static):
    def size(lo, hi):
        return f"lo: {lo}, hi: {'u32::MAX' if hi is None else hi}"

    out = [
        f"// Generated by tools/gen_schema.py from {module}.asn (Erlang/OTP megaco).",
        "// Do not edit: regenerate (see the crate README).",
        "use super::schema::{Alt, Field, Kind, Schema, Type};",
        "",
        "#[rustfmt::skip]",
        f"pub(crate) static {static}: Schema = Schema {{",
        f"    root: {root},",
        "    types: &[",
    ]
    for i, (name, kind) in enumerate(table):
        k = kind[0]
        if k == "seq" or k == "choice":
            _, ext, rootn, items = kind
            if k == "seq":
                items_rs = ", ".join(
                    f'Field {{ name: "{n}", ty: {t}, optional: {str(o or j >= rootn).lower()} }}'
                    for j, (n, t, o) in enumerate(items)
                )
                body = f"Kind::Seq {{ ext: {str(ext).lower()}, root: {rootn}, fields: &[{items_rs}] }}"
            else:
                items_rs = ", ".join(f'Alt {{ name: "{n}", ty: {t} }}' for n, t, _ in items)
                body = f"Kind::Choice {{ ext: {str(ext).lower()}, root: {rootn}, alts: &[{items_rs}] }}"
        elif k == "seqof":
            body = f"Kind::SeqOf {{ elem: {kind[1]} }}"
        elif k == "enum":
            _, ext, r, added = kind
            values = ", ".join(str(v) for _, v in r + added)
            names = ", ".join(f'"{n}"' for n, _ in r + added)
            body = f"Kind::Enum {{ ext: {str(ext).lower()}, root: {len(r)}, values: &[{values}], names: &[{names}] }}"
        elif k == "int":
            body = f"Kind::Int {{ lo: {kind[1]}, hi: {kind[2]} }}"
        elif k == "octets":
            body = f"Kind::Octets {{ {size(kind[1], kind[2])} }}"
        elif k == "ia5":
            body = f"Kind::Ia5 {{ {size(kind[1], kind[2])} }}"
        elif k == "bits":
            body = "Kind::Bits"
        elif k == "oid":
            body = "Kind::Oid"
        elif k == "boolean":
            body = "Kind::Bool"
        elif k == "null":
            body = "Kind::Null"
        else:
            sys.exit(f"unhandled kind {k}")
        out.append(f'        /* {i} */ Type {{ name: "{name}", kind: {body} }},')
    out += ["    ],", "};", ""]
    return "\n".join(out)


UNIVERSAL = {
    "seq": (0x20, 16), "seqof": (0x20, 16), "int": (0, 2), "boolean": (0, 1),
    "null": (0, 5), "octets": (0, 4), "ia5": (0, 22), "bits": (0, 3),
    "oid": (0, 6), "enum": (0, 10),
}


def constructed(kind):
    return kind[0] in ("seq", "seqof", "choice")


def ber_leaf(table, c, slot, s="s", ln="len"):
    """The call that decodes the contents of a leaf of type c."""
    k = table[c][1]
    name = k[0]
    if name == "int":
        return f"d.int({c}, {slot}, {s}, {ln}, {k[1]}, {k[2]})?;"
    if name == "enum":
        values = ", ".join(str(v) for _, v in k[2] + k[3])
        return f"d.enumerated({c}, {slot}, {s}, {ln}, &[{values}])?;"
    if name in ("octets", "ia5"):
        hi = "u32::MAX" if k[2] is None else k[2]
        return f"d.{name}({c}, {slot}, {s}, {ln}, {k[1]}, {hi})?;"
    return {"boolean": "d.boolean", "null": "d.null", "bits": "d.bits", "oid": "d.oid"}[name] + f"({c}, {slot}, {s}, {ln})?;"


def ber_child(table, c, slot):
    """Decodes a component [slot] of type c whose header (tag, at, s, len)
    the caller read and matched."""
    k = table[c][1]
    if k[0] == "choice":
        return f"let (tag, at, s, len) = d.wrapped({c}, s, len)?; b{c}(d, {slot}, tag, at, s, len)?;"
    if constructed(k):
        return f"b{c}(d, {slot}, s, s + len)?;"
    return ber_leaf(table, c, slot)


def context_tag(table, c, number):
    k = table[c][1]
    return (0xA0 if constructed(k) else 0x80), number


def per_field(table, c, slot, r="r"):
    k = table[c][1]
    name = k[0]
    if constructed(k):
        return f"p{c}(d, {r}, {slot})?;"
    if name == "int":
        return f"d.int({r}, {c}, {slot}, {k[1]}, {k[2]})?;"
    if name == "enum":
        values = ", ".join(str(v) for _, v in k[2] + k[3])
        return f"d.enumerated({r}, {c}, {slot}, {str(k[1]).lower()}, {len(k[2])}, &[{values}])?;"
    if name in ("octets", "ia5"):
        hi = "u32::MAX" if k[2] is None else k[2]
        return f"d.string({r}, {c}, {slot}, {k[1]}, {hi}, {str(name == 'ia5').lower()})?;"
    if name == "null":
        return f"d.null({c}, {slot});"
    return {"boolean": "d.boolean", "bits": "d.bits", "oid": "d.oid"}[name] + f"({r}, {c}, {slot})?;"


def decoders(module, table, root):
    out = [
        f"// Generated by tools/gen_schema.py from {module}.asn (Erlang/OTP megaco).",
        "// Do not edit: regenerate (see the crate README). One function per",
        "// constructed type and rule; leaves are decoded in place by the helpers",
        "// of ber.rs and per.rs, so each tag and constraint is a constant here.",
        "#![allow(clippy::all, unused_mut, unused_variables)]",
        "use super::ber::{Decoder as Ber, Tag};",
        "use super::per::{Bits, Decoder as Per};",
        "use encbench_codecs::CodecError;",
        "",
        "// Errors are boxed so results travel in a register.",
        "type R = Result<(), Box<CodecError>>;",
        "",
        f"pub(super) fn ber(d: &mut Ber<'_>, start: usize, end: usize) -> R {{ b{root}(d, 0, start, end) }}",
        f"pub(super) fn per(d: &mut Per, r: &mut Bits<'_>) -> R {{ p{root}(d, r, 0) }}",
        "",
    ]
    for i, (name, kind) in enumerate(table):
        k = kind[0]
        if k == "seq":
            _, ext, rootn, items = kind
            if len(items) > 63:
                sys.exit(f"{name}: more than 63 components")
            mand = sum(1 << j for j, (_, _, o) in enumerate(items) if not o and j < rootn)
            out.append(f"// {name}")
            out.append(f"fn b{i}(d: &mut Ber<'_>, slot: u16, start: usize, end: usize) -> R {{")
            out.append(f"    d.enter({i}, start)?;")
            out.append(f"    let node = d.tape.push({i}, slot, 0, 0);")
            out.append("    let (mut p, mut next, mut seen) = (start, 0u32, 0u64);")
            out.append("    while p < end {")
            out.append("        let at = p;")
            out.append("        let (tag, len) = d.header(&mut p, end)?;")
            out.append("        let s = p;")
            out.append("        p += len;")
            out.append(f"        if tag.number < next {{ return Err(d.out_of_order({i}, at).into()); }}")
            out.append("        match (tag.bits, tag.number) {")
            for j, (_, c, _) in enumerate(items):
                bits, num = context_tag(table, c, j)
                out.append(f"            (0x{bits:02X}, {num}) => {{ {ber_child(table, c, j)} }}")
            if ext:
                out.append(f"            (0x80 | 0xA0, n) if n >= {len(items)} => {{ next = n + 1; continue }} // an unknown extension addition")
            out.append(f"            _ => return Err(d.unexpected({i}, tag, at).into()),")
            out.append("        }")
            out.append("        seen |= 1 << tag.number;")
            out.append("        next = tag.number + 1;")
            out.append("    }")
            out.append(f"    if seen & {mand:#x} != {mand:#x} {{ return Err(d.missing({i}, seen, end).into()); }}")
            out.append("    d.tape.nodes[node].a = seen.count_ones();")
            out.append("    d.leave();")
            out.append("    Ok(())")
            out.append("}")
            # PER
            nopt = sum(1 for j, (_, _, o) in enumerate(items[:rootn]) if o)
            if nopt > 32:
                sys.exit(f"{name}: more than 32 optional components")
            out.append(f"fn p{i}(d: &mut Per, r: &mut Bits<'_>, slot: u16) -> R {{")
            out.append(f"    d.enter({i}, r)?;")
            out.append(f"    let node = d.tape.push({i}, slot, 0, 0);")
            out.append(f"    let ext = {'r.read(1)? == 1' if ext else 'false'};")
            out.append(f"    let opt = r.read({nopt})?;")
            out.append("    let mut count = 0u32;")
            k_opt = 0
            for j, (_, c, o) in enumerate(items[:rootn]):
                if o:
                    out.append(f"    if opt >> {nopt - 1 - k_opt} & 1 == 1 {{ {per_field(table, c, j)} count += 1; }}")
                    k_opt += 1
                else:
                    out.append(f"    {per_field(table, c, j)} count += 1;")
            if ext and len(items) == rootn:
                out.append("    if ext { d.additions(r, |_, _, _| Ok(false))?; }")
            elif ext:
                out.append("    if ext {")
                out.append("        count += d.additions(r, |d, r, j| {")
                out.append("            match j {")
                for j, (_, c, _) in enumerate(items[rootn:]):
                    out.append(f"                {j} => {{ {per_field(table, c, rootn + j)} }}")
                out.append("                _ => return Ok(false),")
                out.append("            }")
                out.append("            Ok(true)")
                out.append("        })?;")
                out.append("    }")
            out.append("    d.tape.nodes[node].a = count;")
            out.append("    d.leave();")
            out.append("    Ok(())")
            out.append("}")
        elif k == "choice":
            _, ext, rootn, items = kind
            out.append(f"// {name}")
            out.append(f"fn b{i}(d: &mut Ber<'_>, slot: u16, tag: Tag, at: usize, s: usize, len: usize) -> R {{")
            out.append(f"    d.enter({i}, at)?;")
            out.append("    match (tag.bits, tag.number) {")
            for j, (_, c, _) in enumerate(items):
                bits, num = context_tag(table, c, j)
                if table[c][1][0] == "choice":
                    bits = 0xA0
                out.append(f"        (0x{bits:02X}, {num}) => {{ d.tape.push({i}, slot, {j}, 0); {ber_child(table, c, j)} }}")
            out.append(f"        _ => return Err(d.no_alternative({i}, tag, at).into()),")
            out.append("    }")
            out.append("    d.leave();")
            out.append("    Ok(())")
            out.append("}")
            out.append(f"fn p{i}(d: &mut Per, r: &mut Bits<'_>, slot: u16) -> R {{")
            out.append(f"    d.enter({i}, r)?;")
            if ext and len(items) == rootn:
                out.append(f"    if r.read(1)? == 1 {{ return Err(d.unknown_alternative({i}, r).into()); }}")
            elif ext:
                out.append("    if r.read(1)? == 1 {")
                out.append(f"        let n = {rootn} + r.small()?;")
                out.append("        let mut sub = d.open_type(r)?;")
                out.append("        let r = &mut sub;")
                out.append("        match n {")
                for j, (_, c, _) in enumerate(items[rootn:], rootn):
                    out.append(f"            {j} => {{ d.tape.push({i}, slot, {j}, 0); {per_field(table, c, j)} }}")
                out.append(f"            _ => return Err(d.unknown_alternative({i}, r).into()),")
                out.append("        }")
                out.append("        d.leave();")
                out.append("        return Ok(());")
                out.append("    }")
            out.append(f"    match r.constrained({rootn})? {{")
            for j, (_, c, _) in enumerate(items[:rootn]):
                out.append(f"        {j} => {{ d.tape.push({i}, slot, {j}, 0); {per_field(table, c, j)} }}")
            out.append(f"        n => return Err(d.bad_index({i}, r, n).into()),")
            out.append("    }")
            out.append("    d.leave();")
            out.append("    Ok(())")
            out.append("}")
        elif k == "seqof":
            c = kind[1]
            ck = table[c][1]
            out.append(f"// {name}")
            out.append(f"fn b{i}(d: &mut Ber<'_>, slot: u16, start: usize, end: usize) -> R {{")
            out.append(f"    d.enter({i}, start)?;")
            out.append(f"    let node = d.tape.push({i}, slot, 0, 0);")
            out.append("    let (mut p, mut count) = (start, 0u32);")
            out.append("    while p < end {")
            out.append("        let at = p;")
            out.append("        let (tag, len) = d.header(&mut p, end)?;")
            out.append("        let s = p;")
            out.append("        p += len;")
            if ck[0] == "choice":
                out.append(f"        b{c}(d, 0, tag, at, s, len)?;")
            else:
                bits, num = UNIVERSAL[ck[0]]
                out.append(f"        let want = Tag {{ bits: 0x{bits:02X}, number: {num} }};")
                out.append(f"        if tag != want {{ return Err(d.mismatch({c}, want, tag, at).into()); }}")
                if constructed(ck):
                    out.append(f"        b{c}(d, 0, s, s + len)?;")
                else:
                    out.append("        " + ber_leaf(table, c, 0))
            out.append("        count += 1;")
            out.append("    }")
            out.append("    d.tape.nodes[node].a = count;")
            out.append("    d.leave();")
            out.append("    Ok(())")
            out.append("}")
            out.append(f"fn p{i}(d: &mut Per, r: &mut Bits<'_>, slot: u16) -> R {{")
            out.append(f"    d.enter({i}, r)?;")
            out.append("    let count = r.length()?;")
            out.append(f"    d.tape.push({i}, slot, count as u32, 0);")
            out.append("    for _ in 0..count {")
            out.append(f"        d.spend({i}, r)?;")
            out.append(f"        {per_field(table, c, 0)}")
            out.append("    }")
            out.append("    d.leave();")
            out.append("    Ok(())")
            out.append("}")
    out.append("")
    return "\n".join(out)


def main():
    src, dst, static = sys.argv[1:4]
    module, types, order = Parser(tokens(open(src).read())).module()
    table, root = flatten(module, types, order)
    open(dst, "w").write(rust(module, table, root, static))
    if len(sys.argv) > 4:
        open(sys.argv[4], "w").write(decoders(module, table, root))


if __name__ == "__main__":
    main()
