#!/usr/bin/env python3
"""Generator for the Flange component icons (original drawings).

Coordinates: MSL icon extent, viewBox -100..100, but SVG y points down
(MSL y=+100 is SVG y=-100).
"""
import math
import os
import re
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else "/work/main/resources/icons"

DARK = "#202020"
OUTL = "#3c3c3c"
GREY_AX = "#9a9a9a"
GREEN = "#007f00"
GREEN_D = "#005a00"
GREEN_F = "#a9d8a9"
BLUE = "#00007f"
RED = "#bf0000"
WHITE = "#ffffff"

GRADS = {
    "shaft": ["#8a8a8a", "#f2f2f2", "#6c6c6c"],
    "disc": ["#5e5e5e", "#cdcdcd", "#4a4a4a"],
    "green": ["#4f934f", "#d8efd8", "#3f7f3f"],
    "pad": ["#3a3a3a", "#7a7a7a", "#2a2a2a"],
}


def f(v):
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class Icon:
    def __init__(self, name):
        self.name = name
        self.defs = {}
        self.el = []

    def grad(self, kind):
        gid = f"fl-{self.name.replace('/', '-').replace('_', '-')}-{kind}"
        if gid not in self.defs:
            a, b, c = GRADS[kind]
            self.defs[gid] = (
                f'<linearGradient id="{gid}" x1="0" y1="0" x2="0" y2="1">'
                f'<stop offset="0" stop-color="{a}"/>'
                f'<stop offset="0.42" stop-color="{b}"/>'
                f'<stop offset="1" stop-color="{c}"/></linearGradient>')
        return f"url(#{gid})"

    def add(self, s):
        self.el.append(s)

    # --- primitives -------------------------------------------------
    def line(self, x1, y1, x2, y2, color=DARK, w=5, cap="round", dash=None):
        d = f' stroke-dasharray="{dash}"' if dash else ""
        self.add(f'<line x1="{f(x1)}" y1="{f(y1)}" x2="{f(x2)}" y2="{f(y2)}" '
                 f'stroke="{color}" stroke-width="{f(w)}" stroke-linecap="{cap}"{d}/>')

    def poly(self, pts, color=DARK, w=5, fill="none", closed=False, join="round", cap="round"):
        p = " ".join(f"{f(x)},{f(y)}" for x, y in pts)
        tag = "polygon" if closed else "polyline"
        stroke = f'stroke="{color}" stroke-width="{f(w)}" ' if color else 'stroke="none" '
        self.add(f'<{tag} points="{p}" fill="{fill}" {stroke}'
                 f'stroke-linejoin="{join}" stroke-linecap="{cap}"/>')

    def rect(self, x1, y1, x2, y2, fill=WHITE, color=OUTL, w=4, rx=0):
        x, y = min(x1, x2), min(y1, y2)
        r = f' rx="{f(rx)}"' if rx else ""
        stroke = f'stroke="{color}" stroke-width="{f(w)}"' if color else 'stroke="none"'
        self.add(f'<rect x="{f(x)}" y="{f(y)}" width="{f(abs(x2 - x1))}" '
                 f'height="{f(abs(y2 - y1))}"{r} fill="{fill}" {stroke} stroke-linejoin="round"/>')

    def circle(self, cx, cy, r, fill=WHITE, color=DARK, w=4):
        stroke = f'stroke="{color}" stroke-width="{f(w)}"' if color else 'stroke="none"'
        self.add(f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}" fill="{fill}" {stroke}/>')

    def path(self, d, color=DARK, w=5, fill="none"):
        self.add(f'<path d="{d}" fill="{fill}" stroke="{color}" stroke-width="{f(w)}" '
                 f'stroke-linejoin="round" stroke-linecap="round"/>')

    def svg(self):
        out = ['<?xml version="1.0" encoding="UTF-8"?>',
               '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-100 -100 200 200" '
               'width="200" height="200">']
        if self.defs:
            out.append("<defs>" + "".join(self.defs.values()) + "</defs>")
        out.extend(self.el)
        out.append("</svg>")
        return "\n".join(out) + "\n"


# --- composite helpers ---------------------------------------------------

def arrowhead(ic, tip, d, length=18, half=9, color=DARK):
    dx, dy = d
    n = math.hypot(dx, dy)
    dx, dy = dx / n, dy / n
    bx, by = tip[0] - dx * length, tip[1] - dy * length
    px, py = -dy, dx
    ic.poly([tip, (bx + px * half, by + py * half), (bx - px * half, by - py * half)],
            color=color, w=2, fill=color, closed=True, join="miter")


def straight_arrow(ic, x1, y1, x2, y2, color=DARK, w=5, length=18, half=9, heads=1):
    dx, dy = x2 - x1, y2 - y1
    n = math.hypot(dx, dy)
    ux, uy = dx / n, dy / n
    back = length * heads - (length * 0.45 if heads > 1 else 0)
    ic.line(x1, y1, x2 - ux * (back - 2), y2 - uy * (back - 2), color, w)
    for k in range(heads):
        tip = (x2 - ux * k * length * 0.55, y2 - uy * k * length * 0.55)
        arrowhead(ic, tip, (ux, uy), length, half, color)


def arc_arrow(ic, cx, cy, r, a0, a1, color=DARK, w=5, length=20, half=10, heads=1):
    """Circular arc from angle a0 to a1 (degrees, SVG orientation), head at a1."""
    sgn = 1 if a1 > a0 else -1
    dtheta = math.degrees(length * (heads - (0.45 if heads > 1 else 0)) / r) - math.degrees(2 / r)
    a_end = a1 - sgn * dtheta
    pts = []
    steps = 40
    for i in range(steps + 1):
        a = math.radians(a0 + (a_end - a0) * i / steps)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    ic.poly(pts, color, w)
    for k in range(heads):
        at = a1 - sgn * math.degrees(k * length * 0.55 / r)
        a = math.radians(at)
        tip = (cx + r * math.cos(a), cy + r * math.sin(a))
        # direction: tangent of travel, slightly corrected towards the chord
        ab = math.radians(at - sgn * math.degrees(length / r))
        base = (cx + r * math.cos(ab), cy + r * math.sin(ab))
        arrowhead(ic, tip, (tip[0] - base[0], tip[1] - base[1]), length, half, color)


def ellipse_arrow(ic, cx, cy, rx, ry, t0, t1, color=DARK, w=5, length=18, half=9):
    steps = 48
    pts = []
    for i in range(steps + 1):
        t = math.radians(t0 + (t1 - t0) * i / steps)
        pts.append((cx + rx * math.cos(t), cy + ry * math.sin(t)))
    # shorten the polyline by the head length
    tip = pts[-1]
    acc = 0
    k = len(pts) - 1
    while k > 0 and acc < length:
        acc += math.hypot(pts[k][0] - pts[k - 1][0], pts[k][1] - pts[k - 1][1])
        k -= 1
    base = pts[k]
    ic.poly(pts[:k + 2], color, w)
    arrowhead(ic, tip, (tip[0] - base[0], tip[1] - base[1]), length, half, color)


def hatch(ic, x1, y1, x2, y2, step=14, color=OUTL, w=3.5, direction="/"):
    """Diagonal hatch lines clipped to the rectangle."""
    xa, xb = min(x1, x2), max(x1, x2)
    ya, yb = min(y1, y2), max(y1, y2)
    segs = []
    if direction == "/":
        # lines x + y = c
        c = xa + ya + step / 2
        while c < xb + yb:
            pts = []
            for x in (xa, xb):
                y = c - x
                if ya - 1e-9 <= y <= yb + 1e-9:
                    pts.append((x, y))
            for y in (ya, yb):
                x = c - y
                if xa - 1e-9 <= x <= xb + 1e-9:
                    pts.append((x, y))
            pts = sorted(set((round(p[0], 3), round(p[1], 3)) for p in pts))
            if len(pts) >= 2:
                segs.append((pts[0], pts[-1]))
            c += step
    else:
        c = xa - yb + step / 2
        while c < xb - ya:
            pts = []
            for x in (xa, xb):
                y = x - c
                if ya - 1e-9 <= y <= yb + 1e-9:
                    pts.append((x, y))
            for y in (ya, yb):
                x = c + y
                if xa - 1e-9 <= x <= xb + 1e-9:
                    pts.append((x, y))
            pts = sorted(set((round(p[0], 3), round(p[1], 3)) for p in pts))
            if len(pts) >= 2:
                segs.append((pts[0], pts[-1]))
            c += step
    for (p, q) in segs:
        if math.hypot(q[0] - p[0], q[1] - p[1]) > 2:
            ic.line(p[0], p[1], q[0], q[1], color, w, cap="butt")


def ground(ic, x1, x2, y, depth=22, color=DARK):
    """Ground line at y with hatching below it."""
    step = 16
    x = x1 + step
    while x <= x2 + 0.1:
        ic.line(x, y, x - depth * 0.9, y + depth, color, 3.5)
        x += step
    ic.line(x1, y, x2, y, color, 5)


def shaft(ic, x1, x2, h=10, kind="shaft", cy=0):
    outline = GREEN_D if kind == "green" else OUTL
    ic.rect(x1, cy - h, x2, cy + h, fill=ic.grad(kind), color=outline, w=3.5)


def support_stub(ic, y_top=62, color=DARK, bar=28):
    ic.line(-bar, y_top, bar, y_top, color, 5)
    ic.line(0, y_top, 0, 90, color, 5)


def zigzag(ic, x1, x2, y, amp, n, color=DARK, w=5, lead=0):
    pts = [(x1 - lead, y), (x1, y)] if lead else [(x1, y)]
    seg = (x2 - x1) / n
    for i in range(n):
        xm = x1 + seg * (i + 0.5)
        pts.append((xm, y + (-amp if i % 2 == 0 else amp)))
    pts.append((x2, y))
    ic.poly(pts, color, w, join="round")


def dashpot(ic, x1, x2, y, half, color=DARK, fluid="#d9d9d9", w=5):
    """Cylinder attached at x1 side (open to the right), piston rod to x2."""
    L = x2 - x1
    cx0 = x1 + 0.12 * L          # cylinder bottom
    cx1 = x1 + 0.80 * L          # cylinder open end
    px = x1 + 0.58 * L           # piston
    ic.rect(cx0, y - half, px, y + half, fill=fluid, color=None)
    ic.line(x1, y, cx0, y, color, w)
    ic.poly([(cx1, y - half), (cx0, y - half), (cx0, y + half), (cx1, y + half)], color, w, join="miter", cap="butt")
    ic.line(px, y - half * 0.72, px, y + half * 0.72, color, w + 1)
    ic.line(px, y, x2, y, color, w)


def spring_damper(ic, x1, x2, color=DARK, fluid="#d9d9d9", dy=34, lead=18):
    """Parallel spring (top) and damper (bottom) between x1 and x2 on y=0."""
    xa, xb = x1 + lead, x2 - lead
    ic.line(x1, 0, xa, 0, color, 5)
    ic.line(xb, 0, x2, 0, color, 5)
    ic.line(xa, -dy, xa, dy, color, 5)
    ic.line(xb, -dy, xb, dy, color, 5)
    span = xb - xa
    zigzag(ic, xa + span * 0.18, xb - span * 0.18, -dy, 15, 6, color)
    ic.line(xa, -dy, xa + span * 0.18, -dy, color, 5)
    ic.line(xb - span * 0.18, -dy, xb, -dy, color, 5)
    dashpot(ic, xa, xb, dy, 15, color, fluid)


def backlash(ic, x1, x2, color=DARK, fill="#d0d0d0"):
    """Cup attached at x1 (open towards x2) with a tooth from x2 inside it."""
    L = x2 - x1
    c0 = x1 + 0.18 * L
    c1 = x1 + 0.72 * L
    tooth = (c0 + c1) / 2
    ic.line(x1, 0, c0, 0, color, 5)
    ic.poly([(c1, -12), (c1, -30), (c0, -30), (c0, 30), (c1, 30), (c1, 12)], color, 5, join="miter", cap="butt")
    ic.line(tooth, 0, x2, 0, color, 5)
    ic.line(tooth, -18, tooth, 18, color, 7, cap="butt")


def gear_points(cx, cy, r, n, depth, phase=0.0):
    ro, ri = r + depth / 2, r - depth / 2
    pts = []
    p = 2 * math.pi / n
    prof = [(-0.5, ri), (-0.22, ri), (-0.12, ro), (0.12, ro), (0.22, ri)]
    for i in range(n):
        th = phase + p * i
        for frac, rad in prof:
            a = th + frac * p
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


def gear(ic, cx, cy, r, n, depth=11, phase=0.0, fill=None):
    ic.poly(gear_points(cx, cy, r, n, depth, phase), OUTL, 3.5,
            fill=fill or ic.grad("disc"), closed=True)
    ic.circle(cx, cy, r * 0.62, fill="none", color=OUTL, w=3)
    ic.circle(cx, cy, 9, fill="#e6e6e6", color=OUTL, w=3.5)


# --- glyphs (stroked paths, normalized coordinates, y down) ---------------
GLYPHS = {
    "k": "M -0.26 -0.5 L -0.26 0.5 M 0.3 -0.12 L -0.26 0.26 M -0.06 0.12 L 0.32 0.5",
    "S": ("M 0.3 -0.36 C 0.18 -0.52 -0.32 -0.54 -0.32 -0.24 C -0.32 0.02 0.32 -0.04 0.32 0.24 "
          "C 0.32 0.54 -0.2 0.54 -0.34 0.34"),
    "s": ("M 0.2 -0.06 C 0.12 -0.18 -0.22 -0.18 -0.22 0.03 C -0.22 0.17 0.22 0.13 0.22 0.28 "
          "C 0.22 0.46 -0.14 0.46 -0.24 0.34"),
    "2": "M -0.3 -0.26 C -0.26 -0.56 0.32 -0.56 0.3 -0.2 C 0.28 0.04 -0.1 0.18 -0.32 0.5 L 0.34 0.5",
    "phi": ("M -0.32 0.06 C -0.32 -0.26 0.32 -0.26 0.32 0.06 C 0.32 0.38 -0.32 0.38 -0.32 0.06 Z "
            "M 0 -0.5 L 0 0.56"),
    "omega": ("M -0.3 -0.16 C -0.46 0.12 -0.36 0.42 -0.17 0.42 C -0.02 0.42 0 0.24 0 0.08 "
              "C 0 0.24 0.02 0.42 0.17 0.42 C 0.36 0.42 0.46 0.12 0.3 -0.16"),
    "a": ("M 0.2 0.13 C 0.2 -0.2 -0.26 -0.2 -0.26 0.13 C -0.26 0.46 0.2 0.46 0.2 0.13 "
          "M 0.2 -0.14 L 0.2 0.42"),
    "tau": "M -0.34 -0.14 L 0.34 -0.14 M 0.0 -0.14 L 0.0 0.3 C 0.0 0.42 0.1 0.44 0.2 0.38",
    "v": "M -0.3 -0.14 L 0 0.42 L 0.3 -0.14",
    "f": "M 0.26 -0.42 C 0.14 -0.56 -0.06 -0.5 -0.06 -0.28 L -0.06 0.46 M -0.28 -0.12 L 0.2 -0.12",
    "P": "M -0.24 0.5 L -0.24 -0.5 L 0.04 -0.5 C 0.4 -0.5 0.4 0.02 0.04 0.02 L -0.24 0.02",
    "plus": "M -0.42 0 L 0.42 0 M 0 -0.42 L 0 0.42",
    "times": "M -0.32 -0.32 L 0.32 0.32 M 0.32 -0.32 L -0.32 0.32",
    "minus": "M -0.36 0 L 0.36 0",
    "l": "M 0 -0.5 L 0 0.42",
    "i": "M 0 -0.14 L 0 0.42 M 0 -0.4 L 0 -0.38",
    "n": "M -0.22 -0.14 L -0.22 0.42 M -0.22 0.06 C -0.22 -0.22 0.22 -0.22 0.22 0.06 L 0.22 0.42",
    "p": ("M -0.22 -0.14 L -0.22 0.7 M -0.22 0.13 C -0.22 -0.2 0.24 -0.2 0.24 0.13 "
          "C 0.24 0.46 -0.22 0.46 -0.22 0.13"),
}


def word(ic, letters, cx, cy, size, color="#5f5f5f", w=5):
    """A short badge such as "lin" or "np", centred on (cx, cy), from stroked glyphs."""
    advance = {"l": 0.3, "i": 0.3}
    widths = [advance.get(c, 0.6) for c in letters]
    x = cx - sum(widths) * size / 2
    for c, wdt in zip(letters, widths):
        glyph(ic, c, x + wdt * size / 2, cy, size, color, w)
        x += wdt * size


def glyph(ic, name, cx, cy, size, color=DARK, w=5):
    toks = re.findall(r"[MLCZ]|-?\d*\.?\d+", GLYPHS[name])
    out = []
    nums = []
    for t in toks:
        if t in "MLCZ":
            out.append(t)
        else:
            nums.append(float(t))
            if len(nums) == 2:
                out.append(f"{f(cx + nums[0] * size)} {f(cy + nums[1] * size)}")
                nums = []
    ic.path(" ".join(out), color, w)


# --- sensors -----------------------------------------------------------

def gauge(ic, sym=None, symcolor=DARK):
    ic.circle(0, 0, 70, fill=WHITE, color=DARK, w=4.5)
    for ang in (150, 120, 90, 60, 30):
        a = math.radians(ang)
        ic.line(70 * math.cos(a) * 0.97, -70 * math.sin(a) * 0.97,
                54 * math.cos(a), -54 * math.sin(a), DARK, 4)
    a = math.radians(52)
    tip = (56 * math.cos(a), -56 * math.sin(a))
    px, py = math.sin(a) * 6, math.cos(a) * 6
    ic.poly([tip, (px, py), (-px, -py)], DARK, 2, fill=DARK, closed=True)
    ic.circle(0, 0, 8, fill=DARK, color=None)
    if sym:
        glyph(ic, sym, 0, 36, 40, symcolor, 5)


def abs_sensor(name, sym, color):
    ic = Icon(name)
    ic.line(-90, 0, -70, 0, color, 5)
    ic.line(70, 0, 100, 0, BLUE, 5)
    gauge(ic, sym)
    return ic


def rel_sensor(name, sym, color):
    ic = Icon(name)
    ic.line(-90, 0, -70, 0, color, 5)
    ic.line(70, 0, 90, 0, color, 5)
    ic.line(0, 70, 0, 100, BLUE, 5)
    gauge(ic, sym)
    return ic


def cut_sensor(name, sym, color):
    ic = Icon(name)
    ic.line(-90, 0, -70, 0, color, 5)
    ic.line(70, 0, 90, 0, color, 5)
    ic.poly([(-80, 100), (-80, 0)], BLUE, 5)
    gauge(ic, sym)
    return ic


def multi_sensor(name, color):
    ic = Icon(name)
    ic.line(-90, 0, -70, 0, color, 5)
    ic.line(70, 0, 90, 0, color, 5)
    y60 = math.sqrt(70 ** 2 - 60 ** 2)
    ic.line(-60, y60, -60, 100, BLUE, 5)
    ic.line(0, 70, 0, 100, BLUE, 5)
    ic.line(60, y60, 60, 100, BLUE, 5)
    gauge(ic, None)
    return ic


# --- sources -------------------------------------------------------------

def characteristic(ic, curve, ox=0, oy=24, sx=52, sy=34):
    """Blue characteristic curve over faint axes. curve: list of polylines in
    normalised coordinates (u right, v up, both -1..1)."""
    ic.line(ox - sx - 6, oy, ox + sx + 6, oy, GREY_AX, 3.5)
    ic.line(ox, oy + sy + 4, ox, oy - sy - 6, GREY_AX, 3.5)
    for pl in curve:
        ic.poly([(ox + u * sx, oy - v * sy) for u, v in pl], BLUE, 5)


def sample(fn, u0, u1, n=40):
    return [(u0 + (u1 - u0) * i / n, fn(u0 + (u1 - u0) * i / n)) for i in range(n + 1)]


CURVES = {
    "constant": [[(-1, 0.62), (1, 0.62)]],
    "step": [[(-1, -0.5), (-0.1, -0.5), (-0.1, 0.75), (1, 0.75)]],
    "linear": [[(-1, -0.95), (1, 0.95)]],
    "quadratic": [sample(lambda u: math.copysign(u * u, u) * 0.95, -1, 1)],
    "inverse": [sample(lambda u: 0.2 / u, 0.2, 1, 30), sample(lambda u: 0.2 / u, -1, -0.2, 30)],
    "sign": [[(-1, -0.7), (-0.06, -0.7), (0.06, 0.7), (1, 0.7)]],
    "eddy": [sample(lambda u: 0.98 * 2 * (3 * u) / (1 + (3 * u) ** 2), -1, 1, 60)],
    "vertical": [[(0.45, -1.05), (0.45, 1.05)]],
}


def rot_char_source(name, curve):
    ic = Icon(name)
    arc_arrow(ic, 0, 40, 90, -150, -30, DARK, 5)
    characteristic(ic, CURVES[curve])
    support_stub(ic, 68)
    return ic


def trans_char_source(name, curve):
    ic = Icon(name)
    straight_arrow(ic, -78, -52, 88, -52, GREEN, 5.5, 22, 11)
    characteristic(ic, CURVES[curve], oy=18)
    support_stub(ic, 68, GREEN)
    return ic


def rot_motion_source(name, sym):
    ic = Icon(name)
    ic.line(-100, 0, -58, 0, BLUE, 5)
    shaft(ic, -58, 90, 12)
    ellipse_arrow(ic, 38, 0, 15, 40, -200, 125, DARK, 5)
    glyph(ic, sym, -30, -50, 44)
    support_stub(ic, 60)
    return ic


def trans_motion_source(name, sym):
    ic = Icon(name)
    ic.line(-100, 0, -58, 0, BLUE, 5)
    shaft(ic, -58, 90, 11, "green")
    straight_arrow(ic, 5, -40, 82, -40, GREEN, 5.5, 20, 10)
    glyph(ic, sym, -32, -48, 44)
    support_stub(ic, 60, GREEN)
    return ic


# =========================================================================
ICONS = {}


def icon(path):
    def deco(fn):
        ICONS[path] = fn
        return fn
    return deco


# ----------------------------- rotational --------------------------------

def fixed(name, postcolor, kind):
    ic = Icon(name)
    ground(ic, -75, 75, 40)
    ic.rect(-9, 6, 9, 40, fill=ic.grad(kind), color=postcolor, w=3.5)
    ic.line(-40, 6, 40, 6, postcolor, 5)
    return ic


@icon("rotational/fixed")
def _():
    return fixed("rotational/fixed", OUTL, "shaft")


@icon("rotational/inertia")
def _():
    ic = Icon("rotational/inertia")
    shaft(ic, -90, -40)
    shaft(ic, 40, 90)
    ic.rect(-40, -62, 40, 62, fill=ic.grad("disc"), color=OUTL, w=4)
    return ic


@icon("rotational/disc")
def _():
    ic = Icon("rotational/disc")
    shaft(ic, -90, 90)
    ic.rect(-10, -56, 10, 56, fill=ic.grad("disc"), color=OUTL, w=4)
    # angle offset symbol
    vx, vy = 30, -22
    ic.line(vx, vy, 82, vy, DARK, 4.5)
    a = math.radians(-52)
    ic.line(vx, vy, vx + 58 * math.cos(a), vy + 58 * math.sin(a), DARK, 4.5)
    arc_arrow(ic, vx, vy, 36, -2, -50, DARK, 4, 13, 7)
    return ic


@icon("rotational/spring")
def _():
    ic = Icon("rotational/spring")
    zigzag(ic, -60, 60, 0, 32, 7, DARK, 5)
    ic.line(-90, 0, -60, 0, DARK, 5)
    ic.line(60, 0, 90, 0, DARK, 5)
    return ic


@icon("rotational/damper")
def _():
    ic = Icon("rotational/damper")
    dashpot(ic, -90, 90, 0, 32)
    return ic


@icon("rotational/spring_damper")
def _():
    ic = Icon("rotational/spring_damper")
    spring_damper(ic, -90, 90)
    return ic


def elasto_backlash(name, color, fluid, two=False):
    ic = Icon(name)
    spring_damper(ic, -90, 18, color, fluid, dy=30, lead=12)
    backlash(ic, 18, 90, color)
    if two:
        glyph(ic, "2", 64, -58, 34, "#5f5f5f", 5)
    return ic


@icon("rotational/elasto_backlash")
def _():
    return elasto_backlash("rotational/elasto_backlash", DARK, "#d9d9d9")


@icon("rotational/elasto_backlash_linear")
def _():
    # Flange's linear contact-law variant: the same drawing, badged so it tells apart.
    ic = elasto_backlash("rotational/elasto_backlash_linear", DARK, "#d9d9d9")
    word(ic, "lin", 60, -60, 34)
    return ic


@icon("rotational/elasto_backlash2")
def _():
    return elasto_backlash("rotational/elasto_backlash2", DARK, "#d9d9d9", two=True)


def gear_pair(ic):
    c1, r1, c2, r2 = -30, 38, 32, 24
    shaft(ic, -90, c1, 9)
    shaft(ic, c2, 90, 9)
    gear(ic, c1, 0, r1, 12, 12, phase=0)
    gear(ic, c2, 0, r2, 8, 12, phase=math.pi / 8 * 0 + math.pi)
    # housing / support
    ic.poly([(c1, 56), (c1, 70), (c2, 70), (c2, 42)], DARK, 4.5, join="miter")
    ic.line(0, 70, 0, 90, DARK, 5)


@icon("rotational/ideal_gear")
def _():
    ic = Icon("rotational/ideal_gear")
    gear_pair(ic)
    return ic


@icon("rotational/lossy_gear")
def _():
    ic = Icon("rotational/lossy_gear")
    gear_pair(ic)
    # heat (loss) lines rising from the mesh
    for x in (-6, 10, 26):
        d = (f"M {x} -50 C {x - 8} -58 {x + 8} -64 {x} -72 "
             f"C {x - 8} -80 {x + 8} -86 {x} -94")
        ic.path(d, RED, 4)
    return ic


def r2t_base(ic, toothed):
    cx, cy, r = -25, -2, 34
    shaft(ic, -90, cx, 9, cy=0)
    top = cy + r + (5 if toothed else 0)
    # rack / track
    x0, x1 = -72, 58
    if toothed:
        pts = [(x0, top + 18), (x0, top)]
        pitch = 2 * math.pi * r / 10
        x = x0
        # align a gap with the gear bottom
        start = cx - pitch / 2 - pitch * math.ceil((cx - pitch / 2 - x0) / pitch)
        x = start
        while x < x1:
            xs = [x, x + 0.22 * pitch, x + 0.34 * pitch, x + 0.66 * pitch, x + 0.78 * pitch, x + pitch]
            ys = [top, top, top - 11, top - 11, top, top]
            for xx, yy in zip(xs, ys):
                if x0 <= xx <= x1:
                    pts.append((xx, yy))
            x += pitch
        pts += [(x1, top), (x1, top + 18)]
        ic.poly(pts, GREEN_D, 3.5, fill=ic.grad("green"), closed=True)
        gear(ic, cx, cy, r, 10, 11, phase=math.pi / 2)
    else:
        ic.rect(x0, top, x1, top + 16, fill=ic.grad("green"), color=GREEN_D, w=3.5)
        ic.circle(cx, cy, r + 4, fill="#3c3c3c", color=OUTL, w=3.5)
        ic.circle(cx, cy, r - 6, fill=ic.grad("shaft"), color=OUTL, w=3.5)
        for k in range(6):
            a = math.radians(k * 60 + 15)
            ic.line(cx + 10 * math.cos(a), cy + 10 * math.sin(a),
                    cx + (r - 7) * math.cos(a), cy + (r - 7) * math.sin(a), OUTL, 4)
        ic.circle(cx, cy, 10, fill="#e6e6e6", color=OUTL, w=3.5)
    ym = top + 9
    ic.poly([(x1, ym), (78, ym), (78, 0), (90, 0)], GREEN, 5, join="round")
    straight_arrow(ic, 0, 80, 50, 80, GREEN, 4.5, 14, 7)


@icon("rotational/ideal_rolling_wheel")
def _():
    ic = Icon("rotational/ideal_rolling_wheel")
    r2t_base(ic, False)
    return ic


@icon("rotational/ideal_gear_r2t")
def _():
    ic = Icon("rotational/ideal_gear_r2t")
    r2t_base(ic, True)
    return ic


def relative_states(name, linecolor):
    ic = Icon(name)
    ic.line(-90, 0, 90, 0, linecolor, 4.5, dash="10 8", cap="butt")
    ic.circle(0, 0, 40, fill="#b4e8e8", color=OUTL, w=4)
    glyph(ic, "S", 0, 0, 50, BLUE, 6)
    return ic


@icon("rotational/relative_states")
def _():
    return relative_states("rotational/relative_states", DARK)


@icon("rotational/ideal_planetary")
def _():
    ic = Icon("rotational/ideal_planetary")
    # ring gear (rows above/below) with its housing and output shaft (right)
    shaft(ic, 24, 90, 10)
    ic.rect(10, -82, 24, 82, fill=ic.grad("disc"), color=OUTL, w=3.5)
    ic.rect(-30, -82, 10, -62, fill=ic.grad("disc"), color=OUTL, w=3.5)
    ic.rect(-30, 62, 10, 82, fill=ic.grad("disc"), color=OUTL, w=3.5)
    # sun shaft (left) and sun gear
    shaft(ic, -90, -26, 8)
    ic.rect(-26, -19, 2, 19, fill=ic.grad("shaft"), color=OUTL, w=3.5)
    # planets
    for sg in (-1, 1):
        ic.rect(-26, sg * 23, 2, sg * 58, fill=ic.grad("shaft"), color=OUTL, w=3.5)
    # carrier (flange at left, y = -40): arm, web around the sun shaft, planet axles
    ic.poly([(-90, -40), (-48, -40), (-48, -15)], DARK, 5.5, join="miter")
    ic.poly([(-48, -40), (-12, -40)], DARK, 5.5)
    ic.poly([(-48, 15), (-48, 40), (-12, 40)], DARK, 5.5, join="miter")
    for sg in (-1, 1):
        ic.circle(-12, sg * 40, 5, fill=DARK, color=None)
    return ic


@icon("rotational/bearing_friction")
def _():
    ic = Icon("rotational/bearing_friction")
    shaft(ic, -90, 90, 10)
    for y1, y2 in ((-36, -12), (12, 36)):
        ic.rect(-32, y1, 32, y2, fill=WHITE, color=None)
        hatch(ic, -32, y1, 32, y2, 12, OUTL, 3.5)
        ic.rect(-32, y1, 32, y2, fill="none", color=DARK, w=4)
    ic.line(0, 36, 0, 90, DARK, 5)
    ic.line(-32, 36, 32, 36, DARK, 5)
    return ic


def clutch_plates(ic, sawtooth=False):
    shaft(ic, -90, -20, 9)
    shaft(ic, 20, 90, 9)
    if not sawtooth:
        ic.rect(-22, -56, -8, 56, fill=ic.grad("disc"), color=OUTL, w=3.5)
        ic.rect(8, -56, 22, 56, fill=ic.grad("disc"), color=OUTL, w=3.5)
        ic.rect(-8, -50, -3, 50, fill="#303030", color=None)
        ic.rect(3, -50, 8, 50, fill="#303030", color=None)
    else:
        n, top, bot = 5, -56, 56
        h = (bot - top) / n
        lp = [(-24, top)]
        for i in range(n):
            y0 = top + i * h
            lp += [(-7, y0), (3, y0 + h), (-7, y0 + h)]
        lp += [(-24, bot)]
        ic.poly(lp, OUTL, 3.5, fill=ic.grad("disc"), closed=True, join="miter")
        rp = [(26, top)]
        for i in range(n):
            y0 = top + i * h
            rp += [(1, y0), (11, y0 + h)] + ([(1, y0 + h)] if i < n - 1 else [])
        rp += [(26, bot)]
        ic.poly(rp, OUTL, 3.5, fill=ic.grad("disc"), closed=True, join="miter")


def control_input(ic, y_end):
    ic.line(0, -90, 0, y_end - 16, BLUE, 5)
    arrowhead(ic, (0, y_end), (0, 1), 18, 9, BLUE)


@icon("rotational/clutch")
def _():
    ic = Icon("rotational/clutch")
    clutch_plates(ic)
    control_input(ic, -60)
    return ic


@icon("rotational/one_way_clutch")
def _():
    ic = Icon("rotational/one_way_clutch")
    clutch_plates(ic, sawtooth=True)
    control_input(ic, -60)
    return ic


@icon("rotational/brake")
def _():
    ic = Icon("rotational/brake")
    shaft(ic, -90, 90, 9)
    ic.rect(-8, -62, 8, 62, fill=ic.grad("disc"), color=OUTL, w=3.5)
    for sgn in (-1, 1):
        for xa, xb in ((-24, -9), (9, 24)):
            ic.rect(xa, sgn * 30, xb, sgn * 58, fill=ic.grad("pad"), color=OUTL, w=3)
        ic.poly([(-16, sgn * 58), (-16, sgn * 70), (16, sgn * 70), (16, sgn * 58)], DARK, 4.5, join="miter")
    ic.line(0, -90, 0, -70, BLUE, 5)
    ic.line(0, 70, 0, 90, DARK, 5)
    return ic


# sources
@icon("rotational/torque")
def _():
    ic = Icon("rotational/torque")
    arc_arrow(ic, 0, 63.5, 108.5, -144.2, -35.8, DARK, 6, 24, 12)
    support_stub(ic, 62)
    return ic


for nm, cv in (("constant_torque", "constant"), ("torque_step", "step"),
               ("linear_speed_dependent_torque", "linear"),
               ("quadratic_speed_dependent_torque", "quadratic"),
               ("inverse_speed_dependent_torque", "inverse"),
               ("sign_torque", "sign"), ("eddy_current_torque", "eddy"),
               ("constant_speed", "vertical")):
    ICONS["rotational/" + nm] = (lambda n=nm, c=cv: rot_char_source("rotational/" + n, c))

for nm, sym in (("speed", "omega"), ("position", "phi"), ("accelerate", "a")):
    ICONS["rotational/" + nm] = (lambda n=nm, s=sym: rot_motion_source("rotational/" + n, s))

for nm, sym in (("angle_sensor", "phi"), ("speed_sensor", "omega"), ("acc_sensor", "a")):
    ICONS["rotational/" + nm] = (lambda n=nm, s=sym: abs_sensor("rotational/" + n, s, DARK))
for nm, sym in (("rel_angle_sensor", "phi"), ("rel_speed_sensor", "omega"), ("rel_acc_sensor", "a")):
    ICONS["rotational/" + nm] = (lambda n=nm, s=sym: rel_sensor("rotational/" + n, s, DARK))
ICONS["rotational/torque_sensor"] = lambda: cut_sensor("rotational/torque_sensor", "tau", DARK)
ICONS["rotational/power_sensor"] = lambda: cut_sensor("rotational/power_sensor", "P", DARK)
ICONS["rotational/multi_sensor"] = lambda: multi_sensor("rotational/multi_sensor", DARK)

# ----------------------------- translational -----------------------------
G = GREEN
GFLUID = "#cfe9cf"


@icon("translational/fixed")
def _():
    return fixed("translational/fixed", GREEN_D, "green")


@icon("translational/mass")
def _():
    ic = Icon("translational/mass")
    ic.line(-90, 0, -50, 0, G, 5)
    ic.line(50, 0, 90, 0, G, 5)
    ic.rect(-50, -42, 50, 42, fill=ic.grad("green"), color=GREEN_D, w=4)
    return ic


@icon("translational/rod")
def _():
    ic = Icon("translational/rod")
    shaft(ic, -90, 90, 9, "green")
    return ic


@icon("translational/spring")
def _():
    ic = Icon("translational/spring")
    zigzag(ic, -60, 60, 0, 32, 7, G, 5)
    ic.line(-90, 0, -60, 0, G, 5)
    ic.line(60, 0, 90, 0, G, 5)
    return ic


@icon("translational/damper")
def _():
    ic = Icon("translational/damper")
    dashpot(ic, -90, 90, 0, 32, G, GFLUID)
    return ic


@icon("translational/spring_damper")
def _():
    ic = Icon("translational/spring_damper")
    spring_damper(ic, -90, 90, G, GFLUID)
    return ic


@icon("translational/elasto_gap")
def _():
    ic = Icon("translational/elasto_gap")
    spring_damper(ic, -90, 30, G, GFLUID, dy=30, lead=12)
    ic.line(40, -30, 40, 30, G, 7, cap="butt")
    ic.line(66, -30, 66, 30, G, 7, cap="butt")
    ic.line(66, 0, 90, 0, G, 5)
    ic.line(30, 0, 40, 0, G, 5)
    return ic


@icon("translational/elasto_gap_linear")
def _():
    ic = ICONS["translational/elasto_gap"]()
    ic.name = "translational/elasto_gap_linear"
    word(ic, "lin", 60, -60, 34)
    return ic


@icon("translational/elasto_gap_no_pull")
def _():
    ic = ICONS["translational/elasto_gap"]()
    ic.name = "translational/elasto_gap_no_pull"
    word(ic, "np", 60, -62, 34)
    return ic


@icon("translational/relative_states")
def _():
    return relative_states("translational/relative_states", G)


@icon("translational/support_friction")
def _():
    ic = Icon("translational/support_friction")
    shaft(ic, -90, 90, 9, "green")
    for y1, y2 in ((-34, -11), (11, 34)):
        ic.rect(-32, y1, 32, y2, fill=WHITE, color=None)
        hatch(ic, -32, y1, 32, y2, 12, OUTL, 3.5)
        ic.rect(-32, y1, 32, y2, fill="none", color=DARK, w=4)
    ic.line(0, 34, 0, 90, DARK, 5)
    ic.line(-32, 34, 32, 34, DARK, 5)
    return ic


@icon("translational/brake")
def _():
    ic = Icon("translational/brake")
    shaft(ic, -90, 90, 9, "green")
    for sgn in (-1, 1):
        ic.rect(-30, sgn * 11, 30, sgn * 30, fill=ic.grad("pad"), color=OUTL, w=3)
        ic.poly([(-20, sgn * 30), (-20, sgn * 44), (20, sgn * 44), (20, sgn * 30)], DARK, 4.5, join="miter")
    control_input(ic, -46)
    ic.line(0, 44, 0, 90, DARK, 5)
    return ic


@icon("translational/mass_with_stop_and_friction")
def _():
    ic = Icon("translational/mass_with_stop_and_friction")
    ground(ic, -90, 90, 46, 18)
    for x in (-76, 76):
        ic.rect(x - 6, 14, x + 6, 46, fill="#5a5a5a", color=DARK, w=3)
    ic.line(-90, 0, -36, 0, G, 5)
    ic.line(36, 0, 90, 0, G, 5)
    ic.rect(-36, -34, 36, 44, fill=ic.grad("green"), color=GREEN_D, w=4)
    return ic


@icon("translational/force")
def _():
    ic = Icon("translational/force")
    ic.poly([(-80, -13), (22, -13), (22, -40), (88, 0), (22, 40), (22, 13), (-80, 13)],
            GREEN_D, 4, fill="#3f9a3f", closed=True, join="miter")
    support_stub(ic, 64, GREEN)
    return ic


for nm, cv in (("constant_force", "constant"), ("force_step", "step"),
               ("linear_speed_dependent_force", "linear"),
               ("quadratic_speed_dependent_force", "quadratic"),
               ("sign_force", "sign"), ("eddy_current_force", "eddy"),
               ("constant_speed", "vertical")):
    ICONS["translational/" + nm] = (lambda n=nm, c=cv: trans_char_source("translational/" + n, c))

for nm, sym in (("speed", "v"), ("position", "s"), ("accelerate", "a")):
    ICONS["translational/" + nm] = (lambda n=nm, s=sym: trans_motion_source("translational/" + n, s))

for nm, sym in (("position_sensor", "s"), ("speed_sensor", "v"), ("acc_sensor", "a")):
    ICONS["translational/" + nm] = (lambda n=nm, s=sym: abs_sensor("translational/" + n, s, G))
for nm, sym in (("rel_position_sensor", "s"), ("rel_speed_sensor", "v"), ("rel_acc_sensor", "a")):
    ICONS["translational/" + nm] = (lambda n=nm, s=sym: rel_sensor("translational/" + n, s, G))
ICONS["translational/force_sensor"] = lambda: cut_sensor("translational/force_sensor", "f", G)
ICONS["translational/power_sensor"] = lambda: cut_sensor("translational/power_sensor", "P", G)
ICONS["translational/multi_sensor"] = lambda: multi_sensor("translational/multi_sensor", G)

# ----------------------------- blocks --------------------------------------


def block_frame(name):
    ic = Icon(name)
    ic.rect(-100, -100, 100, 100, fill=WHITE, color=BLUE, w=4.5)
    return ic


def plot_axes(ic, y_axis=56):
    ic.line(-74, 82, -74, -64, GREY_AX, 4)
    arrowhead(ic, (-74, -84), (0, -1), 18, 8, GREY_AX)
    ic.line(-86, y_axis, 66, y_axis, GREY_AX, 4)
    arrowhead(ic, (86, y_axis), (1, 0), 18, 8, GREY_AX)


def signal_plot(name, pts, y_axis=56):
    ic = block_frame(name)
    plot_axes(ic, y_axis)
    ic.poly(pts, DARK, 5)
    return ic


def wave(fn, x0=-74, x1=76, n=80):
    return [(x0 + (x1 - x0) * i / n, fn(i / n)) for i in range(n + 1)]


ICONS["blocks/constant"] = lambda: signal_plot("blocks/constant", [(-74, -22), (76, -22)])
ICONS["blocks/step"] = lambda: signal_plot(
    "blocks/step", [(-74, 34), (-4, 34), (-4, -50), (76, -50)])
ICONS["blocks/ramp"] = lambda: signal_plot(
    "blocks/ramp", [(-74, 34), (-40, 34), (40, -50), (76, -50)])
ICONS["blocks/sine"] = lambda: signal_plot(
    "blocks/sine", wave(lambda t: -52 * math.sin(2 * math.pi * t)), 0)
ICONS["blocks/cosine"] = lambda: signal_plot(
    "blocks/cosine", wave(lambda t: -52 * math.cos(2 * math.pi * t)), 0)
ICONS["blocks/exp_sine"] = lambda: signal_plot(
    "blocks/exp_sine", wave(lambda t: -62 * math.exp(-2.6 * t) * math.sin(2 * math.pi * 2.5 * t), n=120), 0)
ICONS["blocks/pulse"] = lambda: signal_plot(
    "blocks/pulse", [(-74, 34), (-50, 34), (-50, -46), (-18, -46), (-18, 34), (12, 34),
                     (12, -46), (44, -46), (44, 34), (76, 34)])
ICONS["blocks/trapezoid"] = lambda: signal_plot(
    "blocks/trapezoid", [(-74, 34), (-62, 34), (-44, -46), (-18, -46), (0, 34), (16, 34),
                         (34, -46), (60, -46), (76, 25)])


@icon("blocks/gain")
def _():
    ic = Icon("blocks/gain")
    ic.poly([(-100, -100), (100, 0), (-100, 100)], BLUE, 4.5, fill=WHITE, closed=True, join="miter")
    glyph(ic, "k", -38, 0, 64, DARK, 7)
    return ic


def two_input(name, sym):
    ic = block_frame(name)
    ic.poly([(-100, -60), (-62, -60), (-30, -27)], BLUE, 4.5)
    ic.poly([(-100, 60), (-62, 60), (-30, 27)], BLUE, 4.5)
    ic.line(42, 0, 100, 0, BLUE, 4.5)
    ic.circle(0, 0, 42, fill=WHITE, color=BLUE, w=4.5)
    glyph(ic, sym, 0, 0, 66, DARK, 7)
    return ic


ICONS["blocks/add"] = lambda: two_input("blocks/add", "plus")
ICONS["blocks/product"] = lambda: two_input("blocks/product", "times")


@icon("blocks/feedback")
def _():
    ic = Icon("blocks/feedback")
    ic.line(-60, 0, -32, 0, BLUE, 5)
    ic.line(32, 0, 80, 0, BLUE, 5)
    ic.line(0, 32, 0, 60, BLUE, 5)
    ic.circle(0, 0, 32, fill=WHITE, color=BLUE, w=5)
    glyph(ic, "minus", 30, 50, 36, DARK, 6.5)
    glyph(ic, "plus", -50, -30, 36, DARK, 6.5)
    return ic



# ------------------------------- thermal ---------------------------------

@icon("thermal/heat_capacitor")
def _():
    ic = Icon("thermal/heat_capacitor")
    ic.line(0, 62, 0, 100, RED, 5)
    ic.path("M -64 40 C -88 -16 -60 -72 0 -72 C 60 -72 88 -16 64 40 C 48 68 -48 68 -64 40 Z",
            RED, 5, fill="#f4cccc")
    # stored heat: wavy layers (no letters, which would turn upside down with the symbol)
    for y in (-30, -6, 18):
        ic.path(f"M -46 {y} q 15 -10 30 0 t 30 0 t 30 0", RED, 3.5)
    return ic


@icon("thermal/fixed_temperature")
def _():
    ic = Icon("thermal/fixed_temperature")
    ic.rect(-80, -50, 40, 50, fill="#f4cccc", color=RED, w=5)
    ic.line(40, 0, 100, 0, RED, 5)
    hatch(ic, -80, -50, 40, 50, 16, RED, 3)
    return ic


@icon("thermal/thermal_conductor")
def _():
    ic = Icon("thermal/thermal_conductor")
    ic.line(-100, 0, -60, 0, RED, 5)
    ic.line(60, 0, 100, 0, RED, 5)
    ic.rect(-60, -36, 60, 36, fill="#f4cccc", color=RED, w=5)
    for x in (-36, -12, 12, 36):
        ic.line(x, -36, x, 36, RED, 3)
    return ic


@icon("thermal/convection")
def _():
    ic = Icon("thermal/convection")
    ic.line(-100, 0, -70, 0, RED, 5)
    ic.line(56, 0, 100, 0, RED, 5)
    ic.rect(-70, -60, -40, 60, fill="#c0c0c0", color=OUTL, w=4)
    for y in (-36, 0, 36):
        straight_arrow(ic, -28, y, 44, y, BLUE, 4.5, 16, 8)
    return ic

def main():
    only = set(sys.argv[2:])
    for path, fn in ICONS.items():
        if only and path not in only:
            continue
        ic = fn()
        fname = os.path.join(OUT, path + ".svg")
        os.makedirs(os.path.dirname(fname), exist_ok=True)
        with open(fname, "w") as fh:
            fh.write(ic.svg())
    print(len(ICONS), "icons")


if __name__ == "__main__":
    main()
