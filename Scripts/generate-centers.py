#!/usr/bin/env python3
"""Writes a synthetic stroke-center dataset for benchmarks (never for routing).

Deterministic: the same --count and --seed always give the same bytes
(Python's Mersenne Twister, no clock). Centers are spread uniformly over
Germany's bounding box (47.2-55.1 N, 5.8-15.1 E); a candidate closer than
60 m to an earlier one is redrawn, so the loader's duplicate-site check
passes. Levels: 5 % neurosurgical, 10 % comprehensive, 35 % regional stroke
unit, 50 % thrombolysis hospital, with the capabilities that go with them.

Usage: Scripts/generate-centers.py [--count 100000] [--seed 20240928] [--out FILE]
"""

import argparse
import json
import math
import random
import sys

LEVELS = [
    (0.05, "neurosurgical", (True, True, True, True)),
    (0.15, "comprehensive", (False, True, True, True)),
    (0.50, "regionalStrokeUnit", (False, False, True, True)),
    (1.00, "thrombolysisHospital", (False, False, True, False)),
]
MIN_SEPARATION_M = 60.0
CELL_DEG = 0.001  # grid cell for the separation check (~111 m of latitude)


def distance_m(a, b):
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dp, dl = p2 - p1, math.radians(b[1] - a[1])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371000.0 * math.asin(min(1.0, math.sqrt(h)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=20240928)
    parser.add_argument("--out", default="-")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    grid = {}
    records = []
    while len(records) < args.count:
        lat = round(rng.uniform(47.2, 55.1), 6)
        lon = round(rng.uniform(5.8, 15.1), 6)
        ci, cj = int(lat / CELL_DEG), int(lon / CELL_DEG)
        near = [p for di in (-1, 0, 1) for dj in (-1, 0, 1) for p in grid.get((ci + di, cj + dj), [])]
        if any(distance_m((lat, lon), p) < MIN_SEPARATION_M for p in near):
            continue
        grid.setdefault((ci, cj), []).append((lat, lon))
        u = rng.random()
        _, level, caps = next(l for l in LEVELS if u < l[0])
        n = len(records) + 1
        records.append({
            "id": f"syn-{n:06d}", "name": f"Synthetic center {n:06d}", "address": None,
            "lat": lat, "lon": lon, "phone": None, "emergencyPhone": None, "region": None, "level": level,
            "capabilities": dict(zip(("neurosurgery", "thrombectomy", "thrombolysis", "strokeUnit"), caps)),
            "certification": None, "source": f"synthetic (Scripts/generate-centers.py, seed {args.seed})", "updated": None,
        })
    text = "[\n" + ",\n".join(json.dumps(r, separators=(",", ":")) for r in records) + "\n]\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)


if __name__ == "__main__":
    main()
