#!/usr/bin/env python3
"""The benchmark table behind Scripts/bench (which builds the binary first).

Usage: python3 Scripts/bench.py PATH/TO/stroke-triage

Every ratio compares two commands timed in this same run on this machine;
each time is the median of several runs, taken with the runs interleaved.
Data files live in one temporary directory, removed at the end.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
ROWS = int(os.environ.get("BENCH_ROWS", "1000000"))
MEMORY_ROWS = int(os.environ.get("BENCH_MEMORY_ROWS", "10000000"))
RUNS = max(1, int(os.environ.get("BENCH_RUNS", "5")))
PIECE_TIMEOUT = 900  # seconds per Scripts/bench.d piece


def run_once(cmd, stdin_path=None):
    """Wall time in seconds and peak RSS in KiB of one run; raises on failure."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        err = proc.stderr.read().decode(errors="replace")
        proc.stderr.close()
    finally:
        if stdin_path:
            stdin.close()
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[:3])}… exited {proc.returncode}: {err.strip()[-200:]}")
    return elapsed, usage.ru_maxrss


def medians(commands, runs):
    """Median wall time of each command, runs interleaved so load affects all alike."""
    times = [[] for _ in commands]
    for _ in range(runs):
        for i, cmd in enumerate(commands):
            times[i].append(run_once(cmd)[0])
    return [statistics.median(t) for t in times]


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def count(n):
    return f"{n:,}".replace(",", " ")


FAILURES = []  # what failed: a row, or a piece that failed or printed no row (nonzero exit at the end)


def row(what, baseline, measured, ratio, goal):
    if str(measured).startswith("failed"):
        FAILURES.append(what)
    print(f"| {what} | {baseline} | {measured} | {ratio} | {goal} |", flush=True)


def verdict(value, limit):
    return "" if limit is None else (" ✓" if value <= limit else " ✗")


def main():
    binary = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="stroke-triage-bench-")
    try:
        print("| what | baseline (same run) | measured | ratio | goal |")
        print("| --- | --- | --- | --- | --- |", flush=True)
        one_shot = RUNS * 4

        try:
            base, mine = medians([
                [sys.executable, os.path.join(SCRIPTS, "lvo_baseline.py"), "180", "7"],
                [binary, "lvo", "--gfap", "180", "--fast-ed", "7", "--json"],
            ], one_shot)
            r = mine / base
            row("one-shot `stroke-triage lvo --json`, whole process", f"`python3 Scripts/lvo_baseline.py`: {ms(base)}",
                ms(mine), f"{r:.3f}×{verdict(r, 0.15)}", "≤ 0.15×")
        except Exception as e:  # a failing row never aborts the table
            row("one-shot `stroke-triage lvo --json`", "—", f"failed: {e}", "—", "≤ 0.15×")

        data = os.path.join(tmp, "rows.csv")
        out = os.path.join(tmp, "out.csv")
        # The goal row first, then two rows for scale (no goal): the full
        # module (triage rules, three models per row) and JSON Lines.
        for module, fmt, goal in (("lvo", "csv", 10), ("full", "csv", None), ("lvo", "jsonl", None)):
            label = f"batch scoring, {count(ROWS)} rows ({module}, {'CSV' if fmt == 'csv' else 'JSON Lines'}, offline)"
            source = os.path.join(tmp, "rows." + fmt)
            try:
                subprocess.run([sys.executable, os.path.join(SCRIPTS, "gen-batch-rows"), str(ROWS),
                                "--module", module, "--format", fmt, source], check=True)
                base, mine = medians([
                    ["wc", "-l", source],
                    [binary, "batch", "--module", module, "--mode", "offline", "--in", source, "--out", out],
                ], RUNS)
                r = mine / base
                row(label, f"`wc -l`: {ms(base)}", f"{ms(mine)} ({ROWS / mine / 1e6:.2f} M rows/s)",
                    f"{r:.1f}×{verdict(r, goal)}", "≤ 10×" if goal else "—")
            except Exception as e:
                row(label, "—", f"failed: {e}", "—", "≤ 10×" if goal else "—")
            finally:
                for path in (source, out):
                    if os.path.exists(path):
                        os.remove(path)

        try:
            subprocess.run([sys.executable, os.path.join(SCRIPTS, "gen-batch-rows"), str(MEMORY_ROWS), data], check=True)
            peaks, times = [], []
            for _ in range(min(RUNS, 3)):
                elapsed, peak = run_once([binary, "batch", "--module", "lvo", "--mode", "offline", "--in", data, "--out", out])
                peaks.append(peak)
                times.append(elapsed)
            peak_mb = statistics.median(peaks) / 1024
            row(f"peak memory (max RSS), batch of {count(MEMORY_ROWS)} rows", "—",
                f"{peak_mb:.1f} MB in {statistics.median(times):.1f} s", f"—{verdict(peak_mb, 50)}", "≤ 50 MB")
        except Exception as e:
            row("peak memory, batch", "—", f"failed: {e}", "—", "≤ 50 MB")
        finally:
            for path in (data, out):
                if os.path.exists(path):
                    os.remove(path)

        try:
            true_time, py_time, mine = medians([["/bin/true"], [sys.executable, "-c", "pass"], [binary, "--version"]], one_shot)
            row("start-up `stroke-triage --version`", f"`/bin/true`: {ms(true_time)}", ms(mine), f"{mine / true_time:.1f}×", "—")
            row("start-up `stroke-triage --version`", f"`python3 -c pass`: {ms(py_time)}", ms(mine), f"{mine / py_time:.3f}×", "—")
        except Exception as e:
            row("start-up `stroke-triage --version`", "—", f"failed: {e}", "—", "—")

        pieces_dir = os.path.join(SCRIPTS, "bench.d")
        pieces = sorted(p for p in os.listdir(pieces_dir) if not p.startswith(".")) if os.path.isdir(pieces_dir) else []
        for name in pieces:
            path = os.path.join(pieces_dir, name)
            if not (os.path.isfile(path) and os.access(path, os.X_OK)):
                continue
            env = dict(os.environ, STROKE_TRIAGE_BIN=binary)
            try:
                result = subprocess.run([path], env=env, capture_output=True, text=True, timeout=PIECE_TIMEOUT)
                rows = [line for line in result.stdout.splitlines() if line.startswith("|")]
                if result.returncode != 0 or not rows:
                    reason = f"exit {result.returncode}" if result.returncode != 0 else "no rows"
                    row(f"`bench.d/{name}`", "—", f"failed ({reason})", "—", "—")
                for line in rows:
                    if "failed" in line:
                        FAILURES.append(f"bench.d/{name}: {line}")
                    print(line, flush=True)
            except subprocess.TimeoutExpired:
                row(f"`bench.d/{name}`", "—", f"failed (timeout {PIECE_TIMEOUT} s)", "—", "—")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if FAILURES:
        print(f"bench: {len(FAILURES)} failed: " + "; ".join(FAILURES), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
