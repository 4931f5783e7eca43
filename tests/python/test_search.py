"""Map.search: the core's stepped A*, one expansion at a time, as the C++ stepping gives it
(tests/test_method_stepping.cpp asserts the same tables)."""
import pytest

import polypath
from conftest import MAPS, SEED, SEED_LENGTH

ROOM = str(MAPS / "room-with-holes.json")

# (open, closed) set sizes before the first step and after each step, on room-with-holes
# from its start to its goal: tests/test_method_stepping.cpp's tables.
COUNTS = {
    "visibility": [(1, 0), (5, 1), (9, 2), (14, 3), (13, 4), (14, 5), (14, 6), (18, 7), (20, 8), (19, 9)],
    "polyanya": [(1, 0), (3, 1), (4, 2), (5, 3), (6, 4), (9, 5), (8, 6), (10, 7), (11, 8), (12, 9), (14, 10),
                 (16, 11), (18, 12), (19, 13), (18, 14), (18, 15), (18, 16), (17, 17)],
}


def stepped(s):
    counts = []
    while True:
        counts.append((len(s.open_set()), len(s.closed_set())))
        if s.done:
            return counts
        s.step()


@pytest.mark.parametrize("method", sorted(COUNTS))
def test_open_and_closed_sets_after_each_step_equal_the_cpp_stepping(method):
    m = polypath.load_map(ROOM)
    s = m.search(m.start, m.goal, method=method)
    assert s.status == "running" and s.expanded == 0 and s.last_expanded is None
    assert s.open_set() == [s.start_node] and s.closed_set() == []
    assert stepped(s) == COUNTS[method]
    assert s.status == "found"
    assert s.last_expanded == s.goal_node == s.closed_set()[-1]
    r = s.result()
    one_shot = m.path(method=method)
    assert (r.found, r.length, r.expanded) == (True, one_shot.length, one_shot.expanded)


def test_the_closed_set_is_in_expansion_order():
    s = polypath.load_map(ROOM).search()
    s.run(5)
    assert s.closed_set() == [28, 4, 13, 3, 14]
    assert [s.node(n)["expansion"] for n in s.closed_set()] == [0, 1, 2, 3, 4]
    assert all(s.node(n)["status"] == "open" for n in s.open_set())


def test_the_open_set_is_ordered_by_f():
    s = polypath.load_map(ROOM).search()
    s.run(3)
    f = [s.node(n)["f"] for n in s.open_set()]
    assert f == sorted(f)
    # f = g + h; g is the parent's g plus the straight step to it
    for n in s.open_set():
        rec = s.node(n)
        assert rec["f"] == pytest.approx(rec["g"] + rec["h"], abs=1e-12)
        parent = s.node(rec["parent"])
        step = sum((a - b) ** 2 for a, b in zip(rec["position"], parent["position"])) ** 0.5
        assert rec["g"] == pytest.approx(parent["g"] + step, abs=1e-9)


def test_positions_of_the_open_set_for_plotting():
    s = polypath.load_map(ROOM).search()
    s.step()
    pts = s.positions(s.open_set())
    assert len(pts) == 5
    assert tuple(pts[0]) == s.position(s.open_set()[0])
    with pytest.raises(IndexError):
        s.position(10**6)


def test_reset_starts_over_and_run_finishes():
    s = polypath.load_map(str(SEED)).search((15, 6), (18, 22))
    assert s.run() == "found"
    assert s.result().length == pytest.approx(SEED_LENGTH, abs=1e-9)
    assert s.step() == "found"  # a finished search stays finished
    s.reset()
    assert (s.status, s.expanded, s.result().found) == ("running", 0, False)


def test_a_search_from_outside_the_map_is_a_query_error():
    with pytest.raises(polypath.QueryError, match=r"^start \(0, 0\) is not walkable"):
        polypath.load_map(str(SEED)).search((0, 0), (18, 22))
