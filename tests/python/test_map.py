"""polypath.load_map and Map.path: lengths, every registered method, points, errors."""
import json
import math
import subprocess
import sys

import pytest

import polypath
from conftest import ROOT, SEED, SEED_LENGTH


def test_the_seed_demos_visibility_path_has_the_length_the_cpp_tests_check():
    m = polypath.load_map(str(SEED))
    r = m.path((15, 6), (18, 22), method="visibility", clearance=0.0)
    assert r.found
    assert r.length == pytest.approx(SEED_LENGTH, abs=1e-9)
    # golden answer (tests/golden/maps.json): 6 points, 6 expansions
    assert len(r.points) == 6
    assert r.expanded == 6
    assert tuple(r.points[0]) == (15.0, 6.0)
    assert tuple(r.points[-1]) == (18.0, 22.0)
    # the points are the path: their segment lengths add up to the length
    pts = [tuple(p) for p in r.points]
    assert sum(math.dist(a, b) for a, b in zip(pts, pts[1:])) == pytest.approx(SEED_LENGTH, abs=1e-9)


def test_start_and_goal_default_to_the_maps_own():
    m = polypath.load_map(SEED)  # a pathlib.Path works too
    assert m.start == (15.0, 6.0) and m.goal == (18.0, 22.0)
    assert m.name == "Seed demo" and m.units == "m"
    assert len(m.polygons) == 1 and len(m.polygons[0]["outer"]) == 12 and m.polygons[0]["holes"] == []
    assert m.path().length == pytest.approx(SEED_LENGTH, abs=1e-9)


def test_every_registered_method_finds_a_path_on_the_seed_demo():
    names = polypath.methods()
    assert names[:5] == ["visibility", "polyanya", "centre", "portal", "grid"]
    m = polypath.load_map(str(SEED))
    for name in names:
        r = m.path((15, 6), (18, 22), method=name)
        assert r.found, name
        assert r.method == name
        assert r.expanded > 0, name
        if polypath.method_info(name)["exact"]:
            assert r.length == pytest.approx(SEED_LENGTH, abs=1e-9), name
        else:  # approximations are never shorter than the shortest path
            assert r.length >= SEED_LENGTH - 1e-9, name


def test_method_options_follow_the_command_lines_name_colon_value():
    m = polypath.load_map(str(SEED))
    coarse = m.path(method="grid")
    fine = m.path(method="grid:0.5")
    assert coarse.found and fine.found
    assert fine.length != coarse.length
    assert polypath.method_info("grid")["options"] == ["cell-size"]


def test_paths_agree_with_the_command_lines_json(cli):
    m = polypath.load_map(str(SEED))
    for method in polypath.methods():
        status, out, _ = cli("path", SEED, "--method", method, "--json")
        assert status == 0
        expected = json.loads(out[0])
        r = m.path(method=method)
        assert r.found == expected["found"]
        assert r.length == pytest.approx(expected["length"], abs=1e-9)
        assert r.expanded == expected["expanded"]
        flat = [c for p in r.points for c in p]
        assert flat == pytest.approx([c for p in expected["path"] for c in p], abs=1e-9)


def test_clearance_erodes_the_map_as_the_command_line_does(cli):
    m = polypath.load_map(str(SEED))
    r = m.path(clearance=0.5)
    status, out, _ = cli("path", SEED, "--clearance", "0.5", "--json")
    assert status == 0
    expected = json.loads(out[0])
    assert r.found and r.length > SEED_LENGTH
    assert r.length == pytest.approx(expected["length"], abs=1e-9)


def test_points_are_a_numpy_array_of_shape_n_by_2():
    np = pytest.importorskip("numpy")
    r = polypath.load_map(str(SEED)).path()
    assert isinstance(r.points, np.ndarray)
    assert r.points.shape == (6, 2) and r.points.dtype == np.float64


def test_points_are_a_list_of_tuples_without_numpy():
    # numpy made unimportable in a fresh interpreter
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import polypath\n"
        "r = polypath.load_map('maps/seed-demo.json').path()\n"
        "assert isinstance(r.points, list) and all(isinstance(p, tuple) for p in r.points), r.points\n"
        "print(r.points[0], r.points[-1], len(r.points))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "(15.0, 6.0) (18.0, 22.0) 6"


def test_a_bad_map_file_raises_the_command_lines_message(cli):
    for name in ["bad-version.json", "bad-truncated.json", "bad-type.json", "bad-format.json", "bad-huge-number.json"]:
        f = f"tests/fuzz/corpus/{name}"
        with pytest.raises(polypath.MapFileError) as e:
            polypath.load_map(f)
        status, _, err = cli("path", f)
        assert status == 2
        assert err == ["polypath: " + str(e.value)], name
        assert isinstance(e.value, polypath.Error) and isinstance(e.value, Exception)
        assert e.value.file == f
        assert e.value.location.startswith(f)


def test_a_missing_file_names_it():
    with pytest.raises(polypath.MapFileError) as e:
        polypath.load_map("maps/no-such-map.json")
    assert "maps/no-such-map.json" in str(e.value)
    assert e.value.location == "maps/no-such-map.json"


def test_a_start_outside_the_map_is_a_query_error_naming_it():
    m = polypath.load_map(str(SEED))
    with pytest.raises(polypath.QueryError) as e:
        m.path((0, 0), (18, 22))
    assert str(e.value) == ("start (0, 0) is not walkable: it is outside every polygon; "
                            "move it into the walkable region")
    with pytest.raises(polypath.QueryError, match=r"^goal \(nan, 5\) has a NaN or infinite coordinate$"):
        m.path((15, 6), (math.nan, 5))


def test_a_start_too_close_to_a_wall_is_a_query_error_with_the_distance():
    m = polypath.load_map(str(SEED))
    with pytest.raises(polypath.QueryError, match=r"^start \(15, 3\.5\) is 0\.5 from the nearest wall"):
        m.path((15, 3.5), (18, 22), clearance=1.0)


def test_a_clearance_that_erodes_everything_is_a_clearance_error():
    m = polypath.load_map(str(SEED))
    with pytest.raises(polypath.Error) as e:
        m.path(clearance=50.0)
    assert isinstance(e.value, (polypath.ClearanceError, polypath.QueryError))


def test_an_unknown_method_is_a_method_error_listing_the_methods():
    m = polypath.load_map(str(SEED))
    with pytest.raises(polypath.MethodError) as e:
        m.path(method="dijkstra")
    assert str(e.value) == "unknown method 'dijkstra' (one of: " + ", ".join(polypath.methods()) + ")"
    with pytest.raises(ValueError, match="heuristic"):
        m.path(heuristic="straight")
    with pytest.raises(ValueError, match="finite number > 0"):
        m.path(method="grid:-1")


def test_a_path_on_an_invalid_map_is_a_geometry_error_listing_its_errors(cli):
    f = "tests/fuzz/corpus/bad-bowtie.json"
    m = polypath.load_map(f)
    with pytest.raises(polypath.GeometryError) as e:
        m.path()
    status, _, err = cli("path", f)
    assert status == 2
    # the command line also checks the map's own start and goal; path() checks the points it is given
    about_the_map = [line for line in err if ": error: /start: " not in line and ": error: /goal: " not in line]
    assert str(e.value).splitlines() == [line.removeprefix("polypath: ") for line in about_the_map]
    assert len(about_the_map) == 1 and "/polygons/0/outer" in about_the_map[0]


def test_the_exception_classes_mirror_the_cpp_hierarchy():
    for name in ["MapFileError", "MeshFileError", "LessonError", "GeometryError", "QueryError",
                 "ClearanceError", "MethodError"]:
        assert issubclass(getattr(polypath, name), polypath.Error)
    assert issubclass(polypath.Error, Exception)
    assert polypath.__version__
