#!/usr/bin/env python3
"""Checks Apps/iOS/project.yml where XcodeGen cannot run (Linux): the YAML parses, every source
path it names exists, and every package product it names is a library product of Package.swift.
Needs PyYAML (Debian's python3-yaml, installed by `make deps`)."""
import os
import re
import sys

import yaml

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
project_dir = os.path.join(root, "Apps", "iOS")
with open(os.path.join(project_dir, "project.yml")) as f:
    project = yaml.safe_load(f)
with open(os.path.join(root, "Package.swift")) as f:
    libraries = set(re.findall(r'\.library\(name: "([^"]+)"', f.read()))

problems = []
for name, target in project["targets"].items():
    for source in target.get("sources", []):
        path = source["path"] if isinstance(source, dict) else source
        if not os.path.exists(os.path.join(project_dir, path)):
            problems.append(f"{name}: source {path} does not exist")
    for dependency in target.get("dependencies", []):
        product = dependency.get("product")
        if product is not None and product not in libraries:
            problems.append(f"{name}: {product} is not a library product of Package.swift")
        if "target" in dependency and dependency["target"] not in project["targets"]:
            problems.append(f"{name}: target {dependency['target']} is not in project.yml")

for problem in problems:
    print(f"Apps/iOS/project.yml: {problem}", file=sys.stderr)
if problems:
    sys.exit(1)
print(f"Apps/iOS/project.yml: {len(project['targets'])} targets checked")
