"""Map.validate(): the problems `polypath validate` lists, as objects."""
import pathlib

import pytest

import polypath
from conftest import ROOT, SEED, SHARED

BROKEN = sorted((ROOT / "tests" / "fuzz" / "corpus").glob("bad-*.json"))


def without_ok(lines):
    """`polypath validate`'s problem lines: it ends with "ok" when there is no error."""
    return lines[:-1] if lines and lines[-1] == "ok" else lines


def loadable(files):
    out = []
    for f in files:
        try:
            polypath.load_map(str(f))
        except polypath.MapFileError:
            continue
        out.append(f)
    return out


def test_the_seed_demo_has_no_problems(cli):
    assert polypath.load_map(str(SEED)).validate() == []
    assert cli("validate", SEED) == (0, ["ok"], [])


@pytest.mark.parametrize("f", loadable(BROKEN), ids=lambda f: f.name)
def test_a_broken_maps_problems_are_the_command_lines(cli, f):
    rel = f.relative_to(ROOT)
    problems = polypath.load_map(str(rel)).validate()
    status, out, _ = cli("validate", rel)
    assert problems
    assert [str(p) for p in problems] == without_ok(out)
    assert status == (1 if any(p.severity == "error" for p in problems) else 0)
    for p in problems:
        assert str(p) == f"{p.severity}: {p.where}: {p.what}" if p.where else f"{p.severity}: {p.what}"


def test_the_shared_cases_problems_are_the_command_lines(cli):
    cases = sorted((SHARED / "cases").glob("*.json"))
    if not cases:
        pytest.skip(f"{SHARED / 'cases'} is absent")
    compared = 0
    for f in loadable(cases):
        problems = polypath.load_map(str(f)).validate()
        _, out, _ = cli("validate", f)
        assert [str(p) for p in problems] == without_ok(out), f.name
        compared += 1
    assert compared > 0


def test_a_self_crossing_ring_names_the_crossing():
    problems = polypath.load_map("tests/fuzz/corpus/bad-bowtie.json").validate()
    errors = [p for p in problems if p.severity == "error"]
    assert errors
    p = errors[0]
    assert p.where.startswith("/polygons/0/outer")
    assert p.polygon == 0 and p.hole == -1
    assert p.point is not None and len(p.point) == 2
    assert p.fix and p.what.endswith(p.fix)


def test_a_start_in_a_hole_is_an_error_at_start():
    problems = polypath.load_map("tests/fuzz/corpus/bad-start-in-hole.json").validate()
    assert [p.where for p in problems if p.severity == "error"] == ["/start"]
    start = [p for p in problems if p.where == "/start"][0]
    assert start.polygon == -1 and start.point is not None
