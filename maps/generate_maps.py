#!/usr/bin/env python3
"""Regenerates the grid-traced maps in maps/ (maze, rooms with doors, spiral, large maze).

Each map is drawn as a grid of blocked ('#') and free ('.') cells; cell (x, y) is the
square [x, x+1] x [y, y+1] scaled by `cell`. The free region is traced into an outer
ring and holes, collinear vertices are dropped. The layouts avoid diagonal pinches.
Run: python3 maps/generate_maps.py  (deterministic; writes the JSON files beside it).
     python3 maps/generate_maps.py --bench-map OUT.json  writes a 39 x 39 maze of about
     2,000 vertices (the editor's drag benchmark) to OUT.json instead; it is not kept in
     maps/ (every map there has a golden answer).
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))


def trace(rows, cell):
    """Returns (outer rings, holes) of the free cells as lists of [x, y] points."""
    h, w = len(rows), len(rows[0])
    free = lambda x, y: 0 <= x < w and 0 <= y < h and rows[y][x] != '#'
    # Directed boundary edges with the free cell on the left in a y-up frame; with y down
    # on screen that is: walk each free cell's sides clockwise on screen.
    nxt = {}
    for y in range(h):
        for x in range(w):
            if not free(x, y):
                continue
            if not free(x, y - 1): nxt[(x + 1, y)] = (x, y)          # top side, leftwards
            if not free(x - 1, y): nxt[(x, y)] = (x, y + 1)          # left side, downwards
            if not free(x, y + 1): nxt[(x, y + 1)] = (x + 1, y + 1)  # bottom side, rightwards
            if not free(x + 1, y): nxt[(x + 1, y + 1)] = (x + 1, y)  # right side, upwards
    rings = []
    while nxt:
        start = next(iter(nxt))
        ring, p = [], start
        while True:
            ring.append(p)
            p = nxt.pop(p)
            if p == start:
                break
        # drop collinear vertices
        out = []
        for i, q in enumerate(ring):
            a, c = ring[i - 1], ring[(i + 1) % len(ring)]
            if (q[0] - a[0]) * (c[1] - q[1]) - (q[1] - a[1]) * (c[0] - q[0]) != 0:
                out.append([q[0] * cell, q[1] * cell])
        rings.append(out)
    def area(r):
        return sum(r[i - 1][0] * r[i][1] - r[i][0] * r[i - 1][1] for i in range(len(r))) / 2
    rings.sort(key=lambda r: -abs(area(r)))
    outers = [r for r in rings if area(r) < 0]
    holes = [r for r in rings if area(r) > 0]
    return outers, holes


def dfs_maze(n, seed):
    rng = random.Random(seed)
    size = 2 * n + 1
    g = [['#'] * size for _ in range(size)]
    stack, seen = [(0, 0)], {(0, 0)}
    g[1][1] = '.'
    while stack:
        cx, cy = stack[-1]
        options = [(dx, dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                   if 0 <= cx + dx < n and 0 <= cy + dy < n and (cx + dx, cy + dy) not in seen]
        if not options:
            stack.pop()
            continue
        dx, dy = rng.choice(options)
        nx, ny = cx + dx, cy + dy
        g[2 * cy + 1 + dy][2 * cx + 1 + dx] = '.'
        g[2 * ny + 1][2 * nx + 1] = '.'
        seen.add((nx, ny))
        stack.append((nx, ny))
    # Open a few extra walls so the maze has loops (more than one route to compare).
    for _ in range(n):
        x, y = rng.randrange(1, size - 1), rng.randrange(1, size - 1)
        if (x + y) % 2 == 1 and g[y][x] == '#':
            g[y][x] = '.'
    return [''.join(r) for r in g]


def strip_border(rows):
    """The outer wall row/column of a maze is outside the map: drop it."""
    return [r[1:-1] for r in rows[1:-1]]


ROOMS = [
    "##############################",
    "#.............#..............#",
    "#.............#..............#",
    "#.............#..............#",
    "#.....##......#......##......#",
    "#.....##.....................#",
    "#.............#..............#",
    "#.............#..............#",
    "#######..######.########..####",
    "#.............#..............#",
    "#.............#..............#",
    "#...####......#..............#",
    "#...####.....................#",
    "#.............#.....###......#",
    "#.............#.....###......#",
    "#.............#..............#",
    "##############################",
]

SPIRAL = [
    "..................#",
    ".################.#",
    ".#..............#.#",
    ".#.############.#.#",
    ".#.#..........#.#.#",
    ".#.#.########.#.#.#",
    ".#.#.#......#.#.#.#",
    ".#.#.#.####.#.#.#.#",
    ".#.#.#.#..#.#.#.#.#",
    ".#.#.#.#..#.#.#.#.#",
    ".#.#.#.##.#.#.#.#.#",
    ".#.#.#....#.#.#.#.#",
    ".#.#.######.#.#.#.#",
    ".#.#........#.#.#.#",
    ".#.##########.#.#.#",
    ".#............#.#.#",
    ".##############.#.#",
    "................#..",
]


def write(filename, name, description, rows, cell, start, goal, path=None):
    outers, holes = trace(rows, cell)
    assert len(outers) == 1, (filename, len(outers))
    doc = {
        "format": "polypath-map", "version": 1, "name": name, "units": "m",
        "description": description,
        "polygons": [{"outer": outers[0], "holes": holes}],
        "start": start, "goal": goal,
        "settings": {"clearance": 0, "corner_offset": 0},
    }
    with open(path or os.path.join(HERE, filename), "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")
    print(filename, sum(len(r) for r in outers + holes), "vertices,", len(holes), "holes")


if __name__ == "__main__":
    import sys
    if len(sys.argv) == 3 and sys.argv[1] == "--bench-map":
        write("bench-map", "Bench maze", "A 39 x 39 maze with loops, about 2,000 vertices: the editor's drag benchmark.",
              strip_border(dfs_maze(39, 2026)), 1.0, [0.5, 0.5], [76.5, 76.5], sys.argv[2])
        sys.exit(0)
    write("maze.json", "Maze", "A 10 x 8 corridor maze with a few loops; start top-left, goal bottom-right.",
          strip_border(dfs_maze(10, 7))[:15], 2.0, [1, 1], [37, 27])
    write("rooms-with-doors.json", "Rooms with doors",
          "Four rooms joined by doorways, with furniture blocks as holes.",
          strip_border(ROOMS), 1.0, [1.5, 1.5], [26.5, 13.5])
    write("spiral.json", "Spiral", "A square spiral corridor: the goal is at the centre.",
          SPIRAL, 1.0, [0.5, 17.5], [8.5, 8.5])
    write("large-maze.json", "Large maze",
          "A 30 x 30 maze with loops, several hundred vertices: for build and query times.",
          strip_border(dfs_maze(30, 2026)), 1.0, [0.5, 0.5], [58.5, 58.5])
