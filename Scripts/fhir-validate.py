#!/usr/bin/env python3
"""Validates the FHIR Bundles and CDS Hooks answers the tests wrote (issue 36).

Started once by Tests/EndToEndTests/FHIRValidationTests.swift over a folder:

- every `*.bundle.json` is parsed by fhir.resources' R4B `Bundle` model (pinned in
  Scripts/setup --tests), which validates every entry's resource against its own
  model; then checked: type collection, every entry has a `urn:uuid:` fullUrl equal
  to its resource's id, every `urn:uuid:` reference points to an entry, and the
  resources issue 36 asks for are there (`*.routed.bundle.json`: Location and
  Encounter too);
- every `*.cards.json` is a CDS Hooks 2.0 answer: `cards`, each with a summary of at
  most 140 characters, an indicator info|warning|critical, a `source.label`, a
  Markdown `detail`; `source.topic` is validated as an R4B `Coding`;
- every `*.discovery.json` is a CDS Hooks discovery answer.

Prints one line per file and `fhir-validate: N files valid`; exit 0 = all valid.

Usage: fhir-validate.py DIR
"""
import json
import pathlib
import sys

from fhir.resources.R4B.bundle import Bundle
from fhir.resources.R4B.coding import Coding

REQUIRED = {"Observation", "RiskAssessment", "GuidanceResponse", "Parameters", "Device", "Provenance"}
ROUTED = {"Location", "Encounter"}


def references(value):
    """Every `reference` string anywhere in a JSON value."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "reference" and isinstance(item, str):
                yield item
            else:
                yield from references(item)
    elif isinstance(value, list):
        for item in value:
            yield from references(item)


def check_bundle(path, data):
    Bundle.parse_obj(data)
    problems = []
    if data.get("type") != "collection":
        problems.append("type is not collection")
    urls = set()
    kinds = set()
    for entry in data.get("entry", []):
        resource = entry["resource"]
        kinds.add(resource["resourceType"])
        full = entry.get("fullUrl", "")
        if full != "urn:uuid:" + resource.get("id", ""):
            problems.append(f"fullUrl {full} is not urn:uuid:<id>")
        urls.add(full)
    for ref in references(data):
        if ref.startswith("urn:uuid:") and ref not in urls:
            problems.append(f"reference {ref} points to no entry")
    wanted = REQUIRED | (ROUTED if path.name.endswith(".routed.bundle.json") else set())
    if path.name.endswith(".patient.bundle.json"):
        wanted |= {"Patient"}
    elif "Patient" in kinds:
        problems.append("a Patient without --patient-id")
    missing = wanted - kinds
    if missing:
        problems.append("missing " + ", ".join(sorted(missing)))
    return problems


def check_cards(data):
    problems = []
    cards = data.get("cards")
    if not isinstance(cards, list):
        return ["no cards array"]
    for i, card in enumerate(cards):
        summary = card.get("summary")
        if not isinstance(summary, str) or not summary or len(summary) > 140:
            problems.append(f"card {i}: summary missing or over 140 characters")
        if card.get("indicator") not in ("info", "warning", "critical"):
            problems.append(f"card {i}: indicator {card.get('indicator')!r}")
        source = card.get("source") or {}
        if not isinstance(source.get("label"), str) or not source["label"]:
            problems.append(f"card {i}: no source.label")
        if "topic" in source:
            Coding.parse_obj(source["topic"])
        if "detail" in card and not isinstance(card["detail"], str):
            problems.append(f"card {i}: detail is not a string")
    return problems


def check_discovery(data):
    problems = []
    for service in data.get("services", []):
        for key in ("hook", "id", "description"):
            if not isinstance(service.get(key), str):
                problems.append(f"service without {key}")
        if not isinstance(service.get("prefetch", {}), dict):
            problems.append("prefetch is not an object")
    if not data.get("services"):
        problems.append("no services")
    return problems


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 64
    folder = pathlib.Path(sys.argv[1])
    files = sorted(folder.glob("*.json"))
    failed = 0
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        try:
            if path.name.endswith(".bundle.json"):
                problems = check_bundle(path, data)
            elif path.name.endswith(".cards.json"):
                problems = check_cards(data)
            elif path.name.endswith(".discovery.json"):
                problems = check_discovery(data)
            else:
                problems = ["unknown kind of file"]
        except Exception as error:  # the model's validation error names the element
            problems = [f"{type(error).__name__}: {error}"]
        if problems:
            failed += 1
            for problem in problems:
                print(f"{path.name}: INVALID: {problem}")
        else:
            print(f"{path.name}: valid")
    if not files:
        print("fhir-validate: no files", file=sys.stderr)
        return 1
    print(f"fhir-validate: {len(files) - failed} of {len(files)} files valid")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
