#!/usr/bin/env python3
"""A fake of the prediction Cloud Functions for stroke-triage's benchmark (Scripts/bench.d/cloud).

The tests serve the same contract and faults inside the test process
(Tests/FakeCloudLauncher, FakeCloud): a change to one belongs in the other.

Speaks the contract of cloud-api.md (predict_lvo answers with exactly the
local LVO model's numbers) and injects faults per request, chosen by the
path: POST /<run>/<fault>/<function>, where <run> is any label that groups
request counts (GET /<run>/_count answers {"<function>": n, "total": n}) and
<fault> is "ok" or one of the faults below; "<fault>@<function>" applies the
fault to that function only (others answer normally).

Faults:
  ok                  the contract's answers
  delay-<ms>          answer normally after <ms> milliseconds
  status-<code>       answer <code> with {"error": "injected <code>"}
  status-<code>-ra-<s>      ... plus "Retry-After: <s>" (seconds)
  status-<code>-radate-<s>  ... plus "Retry-After: <HTTP date s seconds ahead>"
  unavailable         answer 500 with {"error": "model unavailable"}
  first-<n>-<code>    the first <n> requests of the run answer <code>, then normal
  reset               close the connection without answering (TCP RST)
  truncated           promise more bytes than are sent, then close
  malformed           a body that is not JSON
  wrongtypes          probability as a string
  nan                 bare NaN tokens (as predict_coma_ich does for NaN input)
  html                normal answer labelled text/html
  oversize            a 2 MiB body
  hang                read the request and never answer (until the client leaves
                      or 30 s pass)
  stepped             predict_coma_ich's stepped placeholder: the GFAP step plus noise
                      (deterministic per request count, so two requests differ)
  stepped-exact       the placeholder's step value without noise
  simple-kind         a trained model's coma answer labelled drivers.kind simple_gfap_based
                      (as the reference labels it)
  ties                predict_full_stroke's ICH drivers with equal weights
  refnames            predict_lvo's risk factors named as the reference names them
                      ("High FAST-ED Score", "Low GFAP")
  drift               predict_lvo answers the local number + 0.01
  login-bad           authenticate-research-access answers 401

Prints the chosen port on the first line of stdout, then serves until
stdin closes (or, with --forever, until SIGTERM).
With --detach, prints "<port> <pid>" and serves from a detached child. It lives at
most 5 minutes, and with --watch-pid P no longer than process P.
Usage: fake-cloud-server.py [--port N] [--forever | --detach] [--watch-pid P]
"""
import json
import math
import os
import signal
import socket
import struct
import sys
import threading
import time
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

COUNTS = {}
COUNTS_LOCK = threading.Lock()
STOP = threading.Event()


def lvo_probability(gfap, fast_ed):
    """The local LVO model (models.md section 2)."""
    lam = -0.825559
    used = min(max(fast_ed, 0.0), 16.0)
    g = ((gfap + 1) ** lam - 1) / lam
    f = (used - 3.701422) / 2.306173
    gc, fc = -0.826450 * g, 1.651521 * f
    z = -0.408314 + gc + fc
    p = 1 / (1 + math.exp(-(1.117420 * z - 1.032167)))
    return p, gc, fc


STEPS = [(50, 0.1), (100, 0.25), (200, 0.4), (500, 0.6), (float("inf"), 0.8)]
NOISE = [0.031, -0.027, 0.012, -0.044]


def reference_risk_level(p):
    """predict_lvo's own scale (cloud-api.md): high >= 0.7, moderate >= 0.4, else low."""
    return "high" if p >= 0.7 else "moderate" if p >= 0.4 else "low"


def answer(function, body, fault, seen=0):
    """(status, payload dict) for a well-formed request; seen counts the run's requests."""
    if function == "predict_coma_ich":
        gfap = float(body.get("gfap_value", 0))
        if fault in ("stepped", "stepped-exact"):
            step = next(p for upto, p in STEPS if gfap < upto)
            p = step if fault == "stepped-exact" else round(step + NOISE[seen % len(NOISE)], 4)
            return 200, {"probability": p, "ich_probability": p,
                         "decision": {"threshold": 0.5, "meets_threshold": True, "recommendation": "x"},
                         "drivers": {"kind": "simple_gfap_based", "units": "contribution",
                                     "positive": [{"label": "gfap_value", "weight": 0.5}], "negative": [],
                                     "meta": {"gfap_level": "high", "note": "x"}}, "confidence": 0.7}
        p = round(min(0.99, gfap / (gfap + 500.0)), 4)
        kind = "simple_gfap_based" if fault == "simple-kind" else "fake_trained_model"
        return 200, {"probability": p, "ich_probability": p,
                     "drivers": {"kind": kind, "units": "logit",
                                 "positive": [{"label": "gfap_value", "weight": 1}], "negative": []}}
    if function == "predict_limited_data_ich":
        return 200, {"ich_probability": 0.42,
                     "decision": {"threshold": 0.8, "meets_threshold": False, "recommendation": "x"},
                     "drivers": {"kind": "logistic_contributions", "units": "logit",
                                 "positive": [{"label": "gfap_value", "weight": 1.2}],
                                 "negative": [{"label": "age_years", "weight": -0.3}],
                                 "intercept": -1.1, "contrib_sum": 0.9, "logit_total": -0.2}}
    if function == "predict_full_stroke":
        required = ["age_years", "systolic_bp", "diastolic_bp", "gfap_value", "fast_ed_score", "headache",
                    "beinparese", "eye_deviation", "armparese", "vigilanzminderung", "atrial_fibrillation",
                    "anticoagulated_noak", "antiplatelets"]
        missing = [k for k in required if k not in body]
        if missing:
            return 400, {"error": "Invalid or missing input data: " + ", ".join(missing)}
        p, gc, fc = lvo_probability(float(body["gfap_value"]), float(body["fast_ed_score"]))
        pos = [{"label": "fast_ed_score", "weight": abs(fc)}] if fc >= 0 else []
        neg = [{"label": "fast_ed_score", "weight": abs(fc)}] if fc < 0 else []
        (pos if gc >= 0 else neg).append({"label": "gfap_value", "weight": abs(gc)})
        ich_drivers = {"age_years": 0.12, "gfap_value": 0.9, "headache": -0.05}
        if fault == "ties":
            ich_drivers = {"anticoagulated_noak": 0.1, "beinparese": -0.1, "antiplatelets": 0.1, "age_years": 0.0}
        # The reference rounds lvo_prediction's probability to 4 decimals.
        return 200, {"ich_prediction": {"probability": 0.31, "drivers": ich_drivers},
                     "lvo_prediction": {"probability": round(p, 4),
                                        "drivers": {"kind": "new_model_calibrated", "units": "logit_contribution",
                                                    "positive": pos, "negative": neg,
                                                    "meta": {"riskLevel": reference_risk_level(p), "interpretation": "x"}}}}
    if function == "predict_lvo":
        if "gfap_value" not in body or "fast_ed_score" not in body:
            return 400, {"error": "Missing required parameters", "required": ["gfap_value", "fast_ed_score"],
                         "received": sorted(body.keys())}
        p, gc, fc = lvo_probability(float(body["gfap_value"]), float(body["fast_ed_score"]))
        if fault == "drift":
            p += 0.01
        factors = [{"name": "fast_ed_score", "value": body["fast_ed_score"],
                    "impact": "increase" if fc >= 0 else "decrease", "contribution": abs(fc)}]
        if fault == "refnames":
            factors = [{"name": "High FAST-ED Score" if fc >= 0 else "Low FAST-ED Score", "value": body["fast_ed_score"],
                        "impact": "increase" if fc >= 0 else "decrease", "contribution": abs(fc)},
                       {"name": "Low GFAP" if gc >= 0 else "High GFAP", "value": body["gfap_value"],
                        "impact": "increase" if gc >= 0 else "decrease", "contribution": abs(gc)}]
        return 200, {"probability": p, "is_lvo": 1 if p >= 0.333333 else 0, "risk_level": reference_risk_level(p),
                     "model": "Production LVO Model v1.0",
                     "risk_factors": factors,
                     "interpretation": "x", "confidence": 0.8, "threshold": 0.333333, "warnings": [],
                     "debug": {"gfap_transformed": 0.0, "logit_calibrated": 0.0}}
    if function == "authenticate-research-access":
        if fault == "login-bad" or body.get("password") != "correct horse":
            return 401, {"success": False, "message": "Invalid credentials", "rate_limit_remaining": 4}
        return 200, {"success": True, "session_token": "ab" * 32, "expires_at": "2099-01-01T00:00:00Z",
                     "session_duration": 14400, "message": "ok"}
    return 404, {"error": "Not found"}


class Server(ThreadingHTTPServer):
    """A threading server with a listen backlog deep enough for a parallel test suite
    (the default of 5 drops connections when many tests call at once)."""
    request_queue_size = 256
    daemon_threads = True


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_json(self, status, payload, content_type="application/json", extra=None, raw=None):
        data = raw if raw is not None else json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        parts = self.path.strip("/").split("/")
        if len(parts) == 2 and parts[1] == "_count":
            with COUNTS_LOCK:
                counts = dict(COUNTS.get(parts[0], {}))
            counts["total"] = sum(counts.values())
            return self.send_json(200, counts)
        self.send_json(400, {"error": "GET not supported"})

    def do_OPTIONS(self):
        self.send_response(204)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self):
        parts = self.path.strip("/").split("/")
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if len(parts) != 3:
            return self.send_json(404, {"error": "use /<run>/<fault>/<function>"})
        run, fault, function = parts
        if "@" in fault:
            fault, target = fault.split("@", 1)
            if target != function:
                fault = "ok"
        with COUNTS_LOCK:
            per_run = COUNTS.setdefault(run, {})
            per_run[function] = per_run.get(function, 0) + 1
            seen = sum(per_run.values())
        if self.headers.get("Content-Type", "").split(";")[0].strip() != "application/json":
            return self.send_json(400, {"error": "Missing required parameters"})
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            return self.send_json(400, {"error": "Invalid JSON"})
        if not isinstance(body, dict):
            return self.send_json(500, {"error": "Internal error"})
        return self.inject(run, fault, function, body, seen)

    def inject(self, run, fault, function, body, seen):
        words = fault.split("-")
        if words[0] == "delay":
            STOP.wait(int(words[1]) / 1000.0)
            fault = "ok"
        elif words[0] == "first":
            if seen <= int(words[1]):
                return self.send_json(int(words[2]), {"error": "injected " + words[2]})
            fault = "ok"
        if words[0] == "status":
            extra = {}
            if len(words) == 4 and words[2] == "ra":
                extra["Retry-After"] = words[3]
            if len(words) == 4 and words[2] == "radate":
                extra["Retry-After"] = formatdate(time.time() + int(words[3]), usegmt=True)
            return self.send_json(int(words[1]), {"error": "injected " + words[1]}, extra=extra)
        if fault == "unavailable":
            return self.send_json(500, {"error": "model unavailable"})
        if fault == "reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            self.connection.close()
            return
        if fault == "truncated":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b'{"probability": 0.5')
            self.wfile.flush()
            self.close_connection = True
            return
        if fault == "malformed":
            return self.send_json(200, None, raw=b'{"probability": 0.5, "drivers": ')
        if fault == "wrongtypes":
            return self.send_json(200, None, raw=b'{"probability": "0.5", "ich_probability": "0.5",'
                                                 b' "ich_prediction": {"probability": "high"}}')
        if fault == "nan":
            return self.send_json(200, None, raw=b'{"probability": NaN, "ich_probability": Infinity}',
                                  content_type="text/html")
        if fault == "oversize":
            return self.send_json(200, None, raw=b'{"pad": "' + b"x" * (2 * 1024 * 1024) + b'"}')
        if fault == "hang":
            deadline = time.time() + 30
            while time.time() < deadline and not STOP.is_set():
                STOP.wait(0.05)
            self.close_connection = True
            return
        status, payload = answer(function, body, fault, seen)
        self.send_json(status, payload, content_type="text/html" if fault == "html" else "application/json")


WATCH_PID = None


def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


def watch(parent):
    """Bounded life: exit after 5 minutes, when the parent changes (non-detached), or when
    the --watch-pid process (the test process) is gone."""
    end = time.time() + 300
    while time.time() < end and not STOP.is_set():
        if parent is not None and os.getppid() != parent:
            break
        if WATCH_PID is not None and not alive(WATCH_PID):
            break
        time.sleep(0.25)
    os._exit(0)


def main():
    global WATCH_PID
    # Close every descriptor inherited beyond stdin/stdout/stderr: a test process that
    # spawns several children at once may have leaked the write end of another child's
    # pipe into this one, and holding it would keep that pipe from ever reaching EOF.
    os.closerange(3, 65536)
    # A launcher may have blocked or ignored SIGTERM in the mask it passed on: make it stop us.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    args = sys.argv[1:]
    port = int(args[args.index("--port") + 1]) if "--port" in args else 0
    forever = "--forever" in args
    if "--watch-pid" in args:
        WATCH_PID = int(args[args.index("--watch-pid") + 1])
    server = Server(("127.0.0.1", port), Handler)
    if "--detach" in args:
        # Print "<port> <pid>" and exit at once; a detached child serves until SIGTERM,
        # the --watch-pid process ends, or 5 minutes pass (for callers whose process
        # library cannot wait for one child while another is still running).
        child = os.fork()
        if child:
            print(server.server_address[1], child, flush=True)
            os._exit(0)
        os.setsid()
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        threading.Thread(target=watch, args=(None,), daemon=True).start()
        server.serve_forever(poll_interval=0.05)
        return
    print(server.server_address[1], flush=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    threading.Thread(target=watch, args=(os.getppid(),), daemon=True).start()
    try:
        if forever:
            threading.Event().wait()
        sys.stdin.read()  # serve until stdin closes (the test ends) or a signal arrives
    except KeyboardInterrupt:
        pass
    STOP.set()
    server.shutdown()


if __name__ == "__main__":
    main()
