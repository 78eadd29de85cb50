#!/usr/bin/env python3
"""Compares a diagram imported from an MSL example's Modelica source with the bundled
models/msl JSON of that example: instances and types, parameters, start/fixed/stateSelect
of variables, connections (as unordered pairs). Numbers agree to 1e-12 relative; an
expression agrees when its text does, spaces aside.

A value one side leaves to the component's definition agrees with the definition's
default (resources/components); connections agree when they join the same connectors
into the same sets, in whatever chain or star.

usage: modelica_msl_agree.py IMPORTED.json BUNDLED.json COMPONENTS_DIR
Prints one line per difference and exits 1 when there is any (0 when they agree).
"""
import ast
import json
import math
import operator
import os
import sys


def number_of(text):
    """The value of an arithmetic expression of numbers and pi ("50/pi"), or None."""
    ops = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
           ast.Pow: operator.pow, ast.USub: operator.neg, ast.UAdd: operator.pos}

    def walk(n):
        if isinstance(n, ast.Constant) and isinstance(n.value, (int, float)):
            return n.value
        if isinstance(n, ast.Name) and n.id == "pi":
            return math.pi
        if isinstance(n, ast.BinOp) and type(n.op) in ops:
            return ops[type(n.op)](walk(n.left), walk(n.right))
        if isinstance(n, ast.UnaryOp) and type(n.op) in ops:
            return ops[type(n.op)](walk(n.operand))
        raise ValueError
    try:
        return walk(ast.parse(text.replace("^", "**"), mode="eval").body)
    except (ValueError, SyntaxError, ZeroDivisionError):
        return None

definitions = {}


def definition(components, type_name):
    """The parameters' and variables' defaults of a library type, its bases' included."""
    if type_name in definitions:
        return definitions[type_name]
    path = os.path.join(components, *type_name.split(".")) + ".json"
    params, variables = {}, {}
    if os.path.exists(path):
        d = json.load(open(path))
        for base in d.get("extends", []):
            bp, bv = definition(components, base if isinstance(base, str) else base.get("name", ""))
            params.update(bp)
            variables.update(bv)
        for p in d.get("parameters", []):
            if "default" in p:
                params[p["name"]] = p["default"]
        for v in d.get("variables", []):
            variables[v["name"]] = {k: v[k] for k in ("start", "fixed", "stateSelect") if k in v}
    definitions[type_name] = (params, variables)
    return definitions[type_name]


def connection_sets(d):
    parent = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for k in d["connections"]:
        parent[find(k["from"])] = find(k["to"])
    sets = {}
    for x in list(parent):
        sets.setdefault(find(x), set()).add(x)
    return sorted(tuple(sorted(s)) for s in sets.values())


def same(a, b):
    if isinstance(a, dict) and "value" in a:
        a = a["value"]
    if isinstance(b, dict) and "value" in b:
        b = b["value"]
    # An expression as typed agrees with its value.
    if isinstance(a, str) and isinstance(b, (int, float)) and not isinstance(b, bool) and number_of(a) is not None:
        a = number_of(a)
    if isinstance(b, str) and isinstance(a, (int, float)) and not isinstance(a, bool) and number_of(b) is not None:
        b = number_of(b)
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= 1e-12 * max(1.0, abs(a), abs(b))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, str) and isinstance(b, str):
        return a.replace(" ", "") == b.replace(" ", "")
    return a == b


def main():
    imported = json.load(open(sys.argv[1]))
    bundled = json.load(open(sys.argv[2]))
    components = sys.argv[3]
    out = []
    ic = {c["name"]: c for c in imported["components"]}
    bc = {c["name"]: c for c in bundled["components"]}
    for n in sorted(set(ic) ^ set(bc)):
        out.append(f"instance {n}: only in the {'import' if n in ic else 'bundled JSON'}")
    for n in sorted(set(ic) & set(bc)):
        a, b = ic[n], bc[n]
        if a["type"] != b["type"]:
            out.append(f"{n}: type {a['type']} here, {b['type']} bundled")
        params, variables = definition(components, b["type"])
        ap = dict(params, **a.get("parameters", {}))
        bp = dict(params, **b.get("parameters", {}))
        for p in sorted(set(ap) | set(bp)):
            if p not in ap or p not in bp or not same(ap[p], bp[p]):
                out.append(f"{n}.{p}: {json.dumps(ap.get(p))[:80]} here, {json.dumps(bp.get(p))[:80]} bundled")
        av, bv = a.get("variables", {}), b.get("variables", {})
        for v in sorted(set(av) | set(bv)):
            for key in ("start", "fixed", "stateSelect"):
                default = variables.get(v, {}).get(key, False if key == "fixed" else None)
                x, y = av.get(v, {}).get(key, default), bv.get(v, {}).get(key, default)
                if (x is None) != (y is None) or (x is not None and not same(x, y)):
                    out.append(f"{n}.{v} {key}: {x} here, {y} bundled")
    ia, ba = connection_sets(imported), connection_sets(bundled)
    for k in sorted(set(ia) ^ set(ba)):
        out.append(f"connection set {' = '.join(k)}: only in the {'import' if k in ia else 'bundled JSON'}")
    ip, bp = imported.get("parameters", {}), bundled.get("parameters", {})
    for p in sorted(set(ip) | set(bp)):
        if p not in ip or p not in bp or not same(ip[p], bp[p]):
            out.append(f"model parameter {p}: {json.dumps(ip.get(p))[:80]} here, {json.dumps(bp.get(p))[:80]} bundled")
    for line in out:
        print(line)
    return 1 if out else 0


if __name__ == "__main__":
    sys.exit(main())
