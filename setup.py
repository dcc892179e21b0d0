"""The package map pyproject.toml cannot state: every room's folder becomes a
subpackage of `berserk_judge`, found afresh at build time (a new subfolder
needs no edit here). All other metadata is in pyproject.toml."""
from setuptools import find_namespace_packages, setup

ROOMS = ("cli", "parser", "cardbase", "reports", "lint", "grid", "explain", "rulebook", "russian", "server", "docs")

package_dir = {"berserk_judge": "berserk_judge"}
packages = ["berserk_judge"]
for room in ROOMS:
    package_dir[f"berserk_judge.{room}"] = room
    packages.append(f"berserk_judge.{room}")
    packages += [f"berserk_judge.{room}.{sub}" for sub in find_namespace_packages(room, exclude=["*__pycache__*"])]

setup(package_dir=package_dir, packages=packages)
