"""polypath.Grid: Moving AI maps searched cell to cell against the scenarios' optima."""
import pytest

import polypath
from conftest import ROOT, SHARED

ARENA = SHARED / "data" / "movingai" / "dao" / "arena.map"


def scenario_lines(scen):
    """(start, goal, optimal, tolerance) of each line of a Moving AI scenario: the tolerance
    is half a unit of the last printed digit plus 1e-6 relative (the files' rounding)."""
    out = []
    for line in scen.read_text().splitlines()[1:]:
        fields = line.split()
        if len(fields) != 9:
            continue
        sx, sy, gx, gy = map(int, fields[4:8])
        text = fields[8]
        decimals = len(text.split(".")[1]) if "." in text else 0
        optimal = float(text)
        out.append(((sx, sy), (gx, gy), optimal, 0.5 * 10 ** -decimals + 1e-6 * optimal))
    return out


@pytest.fixture
def arena():
    if not ARENA.exists():
        pytest.skip(f"{ARENA} is absent")
    return polypath.Grid(str(ARENA))


def test_the_arena_grid_is_read(arena):
    assert (arena.width, arena.height) == (49, 49)
    assert 0 < arena.free_count < 49 * 49
    assert arena.blocked(0, 0)  # the border
    assert arena.blocked(-1, 5) and arena.blocked(49, 5)


def test_octile_lengths_equal_the_scenarios_optima(arena):
    lines = scenario_lines(ARENA.with_name("arena.map.scen"))
    assert len(lines) == 160
    for start, goal, optimal, tolerance in lines[::8]:
        r = arena.path(start, goal)
        assert r.found
        assert abs(r.length - optimal) <= tolerance, (start, goal, r.length, optimal)
        # the points are cell centres from start to goal, one cell apart
        assert tuple(r.points[0]) == (start[0] + 0.5, start[1] + 0.5)
        assert tuple(r.points[-1]) == (goal[0] + 0.5, goal[1] + 0.5)


def test_dijkstra_and_a_star_agree_and_a_star_expands_no_more(arena):
    start, goal, optimal, _ = scenario_lines(ARENA.with_name("arena.map.scen"))[-1]
    a = arena.path(start, goal)
    d = arena.path(start, goal, heuristic="none")
    assert a.length == pytest.approx(d.length, abs=1e-9)
    assert a.expanded <= d.expanded


def test_a_stepped_grid_search_ends_where_the_one_shot_search_does(arena):
    start, goal, _, _ = scenario_lines(ARENA.with_name("arena.map.scen"))[-1]
    s = arena.search(start, goal)
    assert s.start_node == start[1] * 49 + start[0]
    status = s.run()
    assert status == "found"
    r = s.result()
    one_shot = arena.path(start, goal)
    assert (r.length, r.expanded) == (one_shot.length, one_shot.expanded)


def test_a_blocked_or_outside_cell_is_a_query_error(arena):
    rel = str(ARENA)
    with pytest.raises(polypath.QueryError) as e:
        arena.path((0, 0), (5, 5))
    assert str(e.value) == f"{rel}: start cell (0, 0) is blocked"
    with pytest.raises(polypath.QueryError) as e:
        arena.path((1, 11), (60, 5))
    assert str(e.value) == f"{rel}: goal cell (60, 5) is outside the 49 x 49 grid"
    with pytest.raises(ValueError):
        arena.path((1, 11), (1, 12), moves=6)


def test_a_bad_grid_file_raises_map_file_error(tmp_path):
    bad = tmp_path / "bad.map"
    bad.write_text("type octile\nheight 2\nwidth 2\nmap\n..\n.x\n")
    with pytest.raises(polypath.MapFileError) as e:
        polypath.Grid(bad)
    assert str(e.value).startswith(f"{bad}:6:")
