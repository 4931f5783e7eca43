"""Map.paths: many queries at once on worker threads (PathBatch), equal to path() one by one."""
import math
import random

import pytest

import polypath
from conftest import MAPS, SEED, SEED_LENGTH

ROOM = str(MAPS / "room-with-holes.json")


def random_points(m, n, seed):
    """n points in the map's bounding box (some fall in holes or outside: refused queries)."""
    xs = [x for p in m.polygons for x, _ in p["outer"]]
    ys = [y for p in m.polygons for _, y in p["outer"]]
    rng = random.Random(seed)
    return [(rng.uniform(min(xs), max(xs)), rng.uniform(min(ys), max(ys))) for _ in range(n)]


@pytest.mark.parametrize("method", ["visibility", "polyanya", "centre"])
def test_two_threads_answer_as_path_one_by_one(method):
    m = polypath.load_map(ROOM)
    starts, goals = random_points(m, 60, 1), random_points(m, 60, 2)
    batch = m.paths(starts, goals, method=method, threads=2)
    assert len(batch) == 60
    found = refused = 0
    for a, b, r in zip(starts, goals, batch):
        try:
            one = m.path(a, b, method=method)
        except polypath.QueryError as e:
            assert not r.found and r.error, (a, b)
            if method == "visibility":  # the same check words it the same way
                assert r.error == str(e)
            refused += 1
            continue
        assert r.error == ""
        assert (r.found, r.length, r.expanded) == (one.found, one.length, one.expanded)
        assert [tuple(p) for p in r.points] == [tuple(p) for p in one.points]
        found += one.found
    assert found > 10 and refused > 0


def test_the_seed_demo_in_a_batch():
    m = polypath.load_map(str(SEED))
    rs = m.paths([(15, 6)] * 3, [(18, 22)] * 3, threads=2)
    assert [r.length for r in rs] == pytest.approx([SEED_LENGTH] * 3, abs=1e-9)
    assert all(r.method == "visibility" and r.expanded == 6 for r in rs)


def test_numpy_arrays_in_and_no_points_out():
    np = pytest.importorskip("numpy")
    m = polypath.load_map(str(SEED))
    rs = m.paths(np.array([[15.0, 6.0], [4.0, 4.0]]), np.array([[18.0, 22.0], [23.0, 23.0]]), keep_points=False)
    assert [r.found for r in rs] == [True, True]
    assert rs[0].length == pytest.approx(SEED_LENGTH, abs=1e-9)
    assert len(rs[0].points) == 0


def test_a_clearance_refuses_points_too_close_to_a_wall():
    m = polypath.load_map(str(SEED))
    rs = m.paths([(15, 6), (15, 3.5)], [(18, 22), (18, 22)], clearance=1.0, threads=2)
    assert rs[0].found and rs[0].length == pytest.approx(m.path(clearance=1.0).length, abs=1e-9)
    assert not rs[1].found and rs[1].error.startswith("start (15, 3.5) is 0.5 from the nearest wall")


def test_bad_arguments_raise():
    m = polypath.load_map(str(SEED))
    with pytest.raises(ValueError, match="differ in length"):
        m.paths([(15, 6)], [])
    with pytest.raises(ValueError, match="threads"):
        m.paths([(15, 6)], [(18, 22)], threads=0)
    with pytest.raises(TypeError, match="starts"):
        m.paths([15, 6], [(18, 22)])
    with pytest.raises(polypath.MethodError):
        m.paths([(15, 6)], [(18, 22)], method="nope")
    with pytest.raises(polypath.GeometryError):
        polypath.load_map("tests/fuzz/corpus/bad-bowtie.json").paths([(5, 1)], [(5, 9)])
    assert m.paths([], []) == []
    assert math.isfinite(m.paths([(15, 6)], [(18, 22)])[0].length)


def test_numpy_rows_one_and_many():
    np = pytest.importorskip("numpy")
    m = polypath.load_map(str(SEED))
    one = m.paths(np.array([[15.0, 6.0]]), np.array([[18.0, 22.0]]))
    assert one[0].length == pytest.approx(SEED_LENGTH, abs=1e-9)
    starts = np.tile(np.array([[15.0, 6.0]]), (300, 1))
    goals = np.tile(np.array([[18.0, 22.0]]), (300, 1))
    rs = m.paths(starts, goals, threads=2, keep_points=False)
    assert len(rs) == 300
    assert all(r.length == pytest.approx(SEED_LENGTH, abs=1e-9) for r in rs)
