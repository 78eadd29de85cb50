#!/usr/bin/env python3
"""Writes docs/guide/components.md from the component definitions in resources/components.

Every component that is not partial gets its description, its connectors, its parameters and
the equations the definition itself states (inherited ones are named by their base); the main
components also get the key equations written by hand below (KEY). Run by make_guide.sh.
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
LIB = ROOT / "resources" / "components"
OUT = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "guide" / "components.md"

# Hand-written key equations, in the notation of the definitions (der() is the time derivative).
KEY = {
    "Rotational.Components.Inertia": "phi = flange_a.phi = flange_b.phi;  w = der(phi);  a = der(w);  J*a = flange_a.tau + flange_b.tau",
    "Rotational.Components.Spring": "tau = c*(phi_rel - phi_rel0),  phi_rel = flange_b.phi - flange_a.phi",
    "Rotational.Components.Damper": "tau = d*w_rel,  w_rel = der(phi_rel)",
    "Rotational.Components.SpringDamper": "tau = c*(phi_rel - phi_rel0) + d*w_rel",
    "Rotational.Components.IdealGear": "phi_a = ratio*phi_b;  0 = ratio*flange_a.tau + flange_b.tau",
    "Rotational.Components.LossyGear": "phi_a = ratio*phi_b;  0 = flange_b.tau + ratio*(flange_a.tau - tauLoss);  tauLoss from lossTable (mesh efficiencies eta_mf1, eta_mf2 and bearing friction tau_bf1, tau_bf2 versus speed) for the quadrant of power flow; stuck (w_a = 0) while the losses hold the torque",
    "Rotational.Components.Clutch": "sliding: tau = cgeo*fn*mu(w_rel)*sign(w_rel);  stuck: w_rel = 0 while |tau| <= peak*cgeo*fn*mu(0);  fn = fn_max*f_normalized",
    "Rotational.Components.Brake": "as Clutch between flange and support:  fn = fn_max*f_normalized,  tau = cgeo*fn*mu(w)*sign(w) when sliding",
    "Rotational.Components.OneWayClutch": "slides forward (w_rel > 0) with tau = cgeo*fn*mu(w_rel), tau = 0 while f_normalized <= 0;  locks (w_rel = 0) when the relative motion would turn backwards, so it drives in that direction",
    "Rotational.Components.BearingFriction": "tau = tau_pos(w) when sliding; stuck (w = 0) while |tau| <= peak*tau_pos(0)",
    "Rotational.Components.ElastoBacklash": "phi_diff = phi_rel - phi_rel0;  in the gap (b/2 >= |phi_diff|) tau = 0;  in contact tau_c = c*(phi_diff -+ b/2), tau_d = d*w_rel, tau = tau_c + min(tau_c, tau_d) (max for negative contact), 0 if it would pull",
    "Rotational.Components.ElastoBacklash2": "as ElastoBacklash, but the contact torque is set to 0 whenever c*phi_contact + d*w_rel would pull (no sticking)",
    "Rotational.Components.IdealPlanetary": "(1 + ratio)*phi_carrier = phi_sun + ratio*phi_ring;  ring.tau = ratio*sun.tau;  carrier.tau = -(1 + ratio)*sun.tau",
    "Rotational.Components.IdealRollingWheel": "flangeR.phi*radius = flangeT.s;  flangeR.tau = -radius*flangeT.f (relative to supports)",
    "Rotational.Components.IdealGearR2T": "phi*ratio = s;  0 = ratio*flangeR.tau + flangeT.f",
    "Rotational.Components.Fixed": "flange.phi = phi0",
    "Translational.Components.Mass": "s = flange_a.s + L/2 = flange_b.s - L/2;  v = der(s);  a = der(v);  m*a = flange_a.f + flange_b.f",
    "Translational.Components.Spring": "f = c*(s_rel - s_rel0)",
    "Translational.Components.Damper": "f = d*v_rel",
    "Translational.Components.SpringDamper": "f = c*(s_rel - s_rel0) + d*v_rel",
    "Translational.Components.ElastoGap": "contact = s_rel < s_rel0;  f_c = -c*|s_rel - s_rel0|^n;  f_d = d*v_rel limited to [f_c, -f_c];  f = f_c + f_d in contact, 0 otherwise (the contact never pulls)",
    "Translational.Components.MassWithStopAndFriction": "mass with Stribeck friction F_prop*v + F_Coulomb + F_Stribeck*exp(-fexp*|v|) and hard stops at smin/smax "
                                                        "that reverse the speed (elastic impact)",
    "Translational.Components.Brake": "as the rotational Brake, force instead of torque",
    "Translational.Components.SupportFriction": "friction between flange and support: f = f_pos(v) sliding, stuck while |f| <= peak*f_pos(0)",
    "Translational.Components.Fixed": "flange.s = s0",
    "Rotational.Sources.Torque": "flange.tau = -tau (tau from the input signal)",
    "Translational.Sources.Force": "flange.f = -f (f from the input signal)",
    # Issue 16, mechanics library: the classes that complete MSL v4.0.0's packages.
    "Rotational.Components.Gearbox": "LossyGear (ratio, lossTable) followed by ElastoBacklash (c, d, b):  phi_rel = flange_b.phi - lossyGear.flange_b.phi is the deflection of the elastic, backlashed mesh",
    "Rotational.Components.InitializeFlange": "flange.tau = 0;  at t = 0 only: phi_flange = phi_start, w_flange = w_start, der(w_flange) = a_start (each if its use_* is set)",
    "Translational.Components.InitializeFlange": "flange.f = 0;  at t = 0 only: s_flange = s_start, v_flange = v_start, der(v_flange) = a_start (each if its use_* is set)",
    "Rotational.Sources.Torque2": "flange_a.tau = tau;  flange_b.tau = -tau",
    "Translational.Sources.Force2": "flange_a.f = f;  flange_b.f = -f",
}

SECTIONS = [
    ("Rotational.Components", "Rotational components"),
    ("Rotational.Sources", "Rotational sources"),
    ("Rotational.Sensors", "Rotational sensors"),
    ("Translational.Components", "Translational components"),
    ("Translational.Sources", "Translational sources"),
    ("Translational.Sensors", "Translational sensors"),
    ("Thermal", "Thermal (heat ports of lossy components)"),
    ("Blocks", "Signal blocks"),
    ("Flange.ContactLaws", "Flange contact-law variants"),
]


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def value(v):
    if isinstance(v, (list, dict)):
        return "`" + json.dumps(v) + "`"
    return "`" + str(v) + "`" if v != "" else ""


def main():
    defs = {}
    for f in sorted(LIB.rglob("*.json")):
        d = json.loads(f.read_text())
        if "enumeration" in d:  # an enumeration type (Blocks/Types), not a component
            continue
        defs[d["name"]] = d
    lines = ["# The component library", "",
             "<!-- Generated by make_components_chapter.py from resources/components; edit the definitions "
             "or the script, not this file. -->", "",
             "Every component is a JSON definition in `resources/components` (installed in "
             "`share/flange/components`); this chapter is generated from those files. The *key equations* "
             "summarise the physics; *equations* lists what the definition itself states, where "
             "`der(x)` is the time derivative and the variables of the bases it extends "
             "(`flange_a`, `phi_rel`, `tau`, ...) come with them. The behaviour follows the Modelica "
             "Standard Library 4.0.0 component of the same name.", ""]
    toc = []
    body = []
    for prefix, title in SECTIONS:
        names = [n for n, d in defs.items() if n.startswith(prefix + ".") and not d.get("partial")]
        if not names:
            continue
        anchor = title.split(" (")[0].lower().replace(" ", "-")
        toc.append(f"- [{title}](#{anchor})")
        body += [f"## {title}", ""]
        for n in sorted(names):
            d = defs[n]
            short = n.split(".")[-1]
            body += [f"### {short}", "", f"`{n}`: {d['description']}.", ""]
            if d.get("extends"):
                body += ["Extends " + ", ".join(f"`{e.split('.')[-1]}`" for e in d["extends"]) + ".", ""]
            if n in KEY:
                body += [f"Key equations: `{KEY[n]}`", ""]
            params = d.get("parameters", [])
            if isinstance(params, dict):
                # A subsystem (flange-diagram): its declared parameters are name -> value or object.
                params = [{"name": k, "default": v.get("value", "") if isinstance(v, dict) else v,
                           "unit": v.get("unit", "") if isinstance(v, dict) else "",
                           "description": v.get("description", "") if isinstance(v, dict) else ""}
                          for k, v in params.items()]
            if params:
                body += ["| parameter | default | unit | meaning |", "|---|---|---|---|"]
                for p in params:
                    body.append(f"| `{p['name']}` | {cell(value(p.get('default', '')))} | {cell(p.get('unit', ''))} | "
                                f"{cell(p.get('description', ''))}{' (required)' if p.get('required') else ''} |")
                body.append("")
            if d.get("format") == "flange-diagram":
                parts = ", ".join(f"`{c['name']}` ({c['type'].split('.')[-1]})" for c in d.get("components", []))
                body += [f"A subsystem built of: {parts}.", ""]
            eqs = d.get("equations", [])
            if eqs:
                shown = [e if isinstance(e, str) else json.dumps(e) for e in eqs[:8]]
                body += ["Equations:", "", "```"] + [e if len(e) <= 160 else e[:157] + "..." for e in shown]
                if len(eqs) > len(shown):
                    body.append(f"... ({len(eqs) - len(shown)} more in the definition)")
                body += ["```", ""]
    OUT.write_text("\n".join(lines + toc + [""] + body))
    print(f"wrote {OUT} ({sum(1 for d in defs.values() if not d.get('partial'))} components)")


if __name__ == "__main__":
    main()
