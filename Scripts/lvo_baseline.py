#!/usr/bin/env python3
"""Benchmark baseline: the LVO model (models.md §2) in plain Python, printing
the same JSON object as `stroke-triage lvo --gfap G --fast-ed F --json`
(probability, contributions, risk level). Used by Scripts/bench only.

Usage: python3 Scripts/lvo_baseline.py GFAP FAST_ED
"""
import json
import math
import sys

LAMBDA = -0.825559
FAST_ED_MEAN, FAST_ED_SCALE = 3.701422, 2.306173
INTERCEPT, B_GFAP, B_FAST = -0.408314, -0.826450, 1.651521
PLATT_A, PLATT_B = 1.117420, -1.032167
THRESHOLD = 0.333333


def main():
    gfap, fast_ed = float(sys.argv[1]), float(sys.argv[2])
    used = min(max(fast_ed, 0.0), 16.0)
    g = ((gfap + 1) ** LAMBDA - 1) / LAMBDA
    f = (used - FAST_ED_MEAN) / FAST_ED_SCALE
    z = INTERCEPT + B_GFAP * g + B_FAST * f
    p = 1 / (1 + math.exp(-(PLATT_A * z + PLATT_B)))
    level = "critical" if p >= 0.7 else "high" if p >= 0.5 else "medium" if p >= 0.25 else "low"
    print(json.dumps({
        "gfap": gfap, "fastEd": fast_ed, "fastEdUsed": used, "clamped": used != fast_ed,
        "probability": p, "lvoLikely": p >= THRESHOLD, "threshold": THRESHOLD, "riskLevel": level,
        "contributions": {"gfap": B_GFAP * g, "fastEd": B_FAST * f},
        "source": "local", "model": "2024.09.28-calibrated",
    }, separators=(",", ":")))


if __name__ == "__main__":
    main()
