"""Shared paths for the Python module's tests.

Run from the source root with the module's build folder on PYTHONPATH (ctest does both):
    PYTHONPATH=build/src/python /usr/bin/python3 -m pytest tests/python
POLYPATH_CLI names the command-line tool the answers are compared with (ctest sets it;
default build/src/cli/polypath); tests that need it skip when it is absent.
"""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
SEED = MAPS / "seed-demo.json"
SHARED = ROOT.parent / "shared"

# The seed demo's visibility-graph length, as tests/test_maps.cpp checks it.
SEED_LENGTH = 34.861884652980


def cli_path():
    return pathlib.Path(os.environ.get("POLYPATH_CLI", ROOT / "build" / "src" / "cli" / "polypath"))


@pytest.fixture
def cli():
    """Runs the polypath command line; returns (exit status, stdout lines, stderr lines)."""
    exe = cli_path()
    if not exe.exists():
        pytest.skip(f"the command line {exe} is not built")

    def run(*args):
        p = subprocess.run([str(exe), *map(str, args)], capture_output=True, text=True, cwd=ROOT)
        return p.returncode, p.stdout.splitlines(), p.stderr.splitlines()

    return run
