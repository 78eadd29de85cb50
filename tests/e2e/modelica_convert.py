"""Checks flange-sim convert's Modelica text against the diagram it came from: every
component declared with its MSL class and name, every connection a connect equation with the
same ends, the model parameters declared, the experiment's stop time and uses(Modelica 4.0.0).
    modelica_convert.py MODEL.json OUT.mo
"""
import json
import re
import sys


def main(model_path, mo_path):
    d = json.load(open(model_path))
    mo = open(mo_path).read()
    failures = []
    prefixes = {"Rotational": "Modelica.Mechanics.", "Translational": "Modelica.Mechanics.",
                "Blocks": "Modelica.", "Thermal": "Modelica."}
    for c in d.get("components", []):
        cls = prefixes[c["type"].split(".")[0]] + c["type"]
        if not re.search(r"^  %s %s[(\n]" % (re.escape(cls), re.escape(c["name"])), mo, re.M):
            failures.append("no declaration '%s %s'" % (cls, c["name"]))
    connects = re.findall(r"^  connect\(([\w.\[\]]+), ([\w.\[\]]+)\)", mo, re.M)
    wanted = [(k["from"], k["to"]) for k in d.get("connections", [])]
    if sorted(connects) != sorted(wanted):
        failures.append("connects %s, the diagram has %s" % (sorted(connects), sorted(wanted)))
    for name in d.get("parameters", {}):
        if not re.search(r"^  parameter \w+ %s[(=]" % re.escape(name), mo, re.M):
            failures.append("model parameter %s not declared" % name)
    stop = d.get("experiment", {}).get("stopTime", 1)
    if not re.search(r"experiment\(StartTime=[^,]+, StopTime=%s[,)]" % re.escape(repr(float(stop)).rstrip("0").rstrip(".")), mo) \
            and "StopTime=%g" % stop not in mo:
        failures.append("experiment without StopTime=%s" % stop)
    if 'uses(Modelica(version="4.0.0"))' not in mo:
        failures.append("no uses(Modelica(version=\"4.0.0\"))")
    if mo.count("annotation(Placement(") != len(d.get("components", [])):
        failures.append("%d placements for %d components" % (mo.count("annotation(Placement("), len(d["components"])))
    for f in failures:
        print("  " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
