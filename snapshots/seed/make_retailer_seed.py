"""Maintainer script: make ``snapshots/seed/retailers.csv`` (and ``strains.csv``) from public data. Not run by the
product: it reads the project's shared real-data folder, which the product never reads at run time.

    python -m snapshots.seed.make_retailer_seed /path/to/shared/real-data [--out snapshots/seed/retailers.csv]

Reads (see RETAILERS_ATTRIBUTION.md for origins and licenses):
- ``cannlytics/cannabis_licenses/*.csv``: licensed retailers of 21 US states (Cannlytics, CC-BY-4.0). Only retail
  licenses are kept (Maine's cultivators, Vermont's growers, Arizona's labs and Michigan's Class A growers are not
  stores). E-mail, owner, phone and parcel columns are never read.
- ``cannabis-websites-scraper/LeaflyBased_output_archive.tar.gz``: Leafly store records, kept for Canada (Alberta,
  British Columbia, Ontario, ...), with postal code and coordinates.
- ``schwazze_demo/dispensaryData.js``: Weedmaps New Mexico store listings (a JS object literal), added where they
  are not already a licensed NM store at the same place.

- ``Cannabis_Strains_Project/leafly_strain_data.csv``: strain names with their type and typical THC level, written
  to ``strains.csv`` in the source's order (most viewed first). Only these facts are kept, no descriptions or images.

Normalizing: full state or province name and its code from fastpath.regions, country, names trimmed (no-break
spaces, newlines, a licensee's trailing "*"), all-caps cities title-cased, ZIP codes restored (Massachusetts' lost
leading zero, Washington's ZIP+4); a city column holding a unit or no name ("Suite 102" in Alaska's, "MO" in
Missouri's) is emptied, the unit joining the address; rows with no usable name are dropped; coordinates that are
not numbers or out of range become empty, the few wrong geocodes of the sources stay as they are. Ids are assigned
in a stable order (country, state, name, license number) so that a rebuilt seed keeps the same ids for the same
rows.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import re
import sys
import tarfile
from collections.abc import Iterator
from pathlib import Path

from fastpath.regions import CA_PROVINCES, US_STATES, abbreviation

COLUMNS = (
    "id", "name", "legal_name", "license_number", "license_type", "license_status", "status", "designation",
    "address", "city", "state", "state_code", "zipcode", "country", "latitude", "longitude", "website", "source",
)  # fmt: skip

# Per licenses-*.csv file (mixed license kinds): the license types that are stores.
RETAIL_TYPES = {
    "me": lambda t: t == "Store",
    "mi": lambda t: False,  # Class A growers only
    "vt": lambda t: t.startswith("RTLR") or t == "Integrated",
    "az": lambda t: t != "Marijuana Laboratory",
}
ACTIVE = {"active", "active (issued)", "active title certificate", "active-operating", "operating", "complete", ""}
PENDING = {"conditional", "pending conditional", "conditional, jurisdiction approved", "active-pending inspection"}
PENDING |= {"payment_pending", "delegated"}
MISSING = {"", "nan", "none", "null", "n/a", "error"}


def clean(value: object) -> str:
    """Trimmed text with inner whitespace collapsed; '' for the sources' missing-value spellings.

    >>> clean("\\xa0Zen Leaf Norwich ")
    'Zen Leaf Norwich'
    >>> clean("nan")
    ''
    """
    if value is None:
        return ""
    text = " ".join(str(value).replace("\xa0", " ").split())
    return "" if text.lower() in MISSING else text


def clean_name(value: object) -> str:
    """A store name: trimmed, the NY list's trailing "*" (a footnote marker) dropped."""
    return clean(value).rstrip("*").strip()


def title_if_caps(text: str) -> str:
    """'SEATTLE' -> 'Seattle'; mixed case is left alone."""
    return text.title() if text.isupper() else text


def coordinate(value: object, limit: float) -> str:
    """A coordinate as text, '' when it is not a finite number within +-limit."""
    try:
        number = float(clean(value))
    except ValueError:
        return ""
    if not math.isfinite(number) or abs(number) > limit or number == 0.0:
        return ""
    return repr(round(number, 7))


def us_zip(value: object) -> str:
    """A US ZIP code: '1105.0' -> '01105', '981091622' -> '98109-1622'; '' when not a ZIP.

    >>> us_zip("1105.0"), us_zip("981091622"), us_zip("07644"), us_zip("USA")
    ('01105', '98109-1622', '07644', '')
    """
    text = clean(value)
    if text.endswith(".0"):
        text = text[:-2]
    digits = text.replace("-", "")
    if not digits.isdigit():
        return ""
    if len(digits) == 9:
        return f"{digits[:5]}-{digits[5:]}"
    if len(digits) <= 5:
        return digits.zfill(5)
    return ""


def designation(*texts: str) -> str:
    """recreational | medical | both, from a license's designation or type text."""
    text = " ".join(texts).lower()
    medical = "medic" in text
    adult = "adult" in text or "recreational" in text or "retail - sell" in text
    if medical and adult:
        return "both"
    if medical:
        return "medical"
    return "recreational"


def status_of(raw: str) -> str:
    key = raw.strip().lower()
    if key in ACTIVE:
        return "active"
    if key in PENDING:
        return "pending"
    return "inactive"


# --- Cannlytics ---------------------------------------------------------------------------------------------------

_UNIT_RE = re.compile(r"(?i)(?:suite|ste\.?|unit|bldg|building|apt|space|spc|room|rm)\b|#")
_NO_WORD_RE = re.compile(r"[^\W\d_]{3}")  # a city name has a word of three letters


def cannlytics_rows(folder: Path) -> Iterator[dict[str, str]]:
    for path in sorted(folder.glob("*.csv")):
        code = path.name.split("-")[1].upper()
        keep = RETAIL_TYPES.get(code.lower(), lambda t: True)
        with path.open(encoding="utf-8", newline="") as handle:
            for row in csv.DictReader(handle):
                license_type = clean(row.get("license_type"))
                if not keep(license_type):
                    continue
                name = clean_name(row.get("business_dba_name")) or clean_name(row.get("business_legal_name"))
                if not name:
                    continue
                address = clean(row.get("premise_street_address")) or clean(row.get("business_address_1"))
                city = title_if_caps(clean(row.get("premise_city")))
                zipcode = us_zip(row.get("premise_zip_code"))
                if code == "MO" and re.fullmatch(r"(?i)MO \d{5}", city):  # the city column holds "MO 63118"
                    zipcode, city = zipcode or city[3:], ""
                if _UNIT_RE.match(city) or (city and _NO_WORD_RE.search(city) is None):
                    # Alaska's columns slip: "Suite 102", "1A" in the city, the unit of the address
                    if city.lower().replace("#", "") not in address.lower().replace("#", ""):
                        address = f"{address} {city}".strip()
                    city = ""  # (no guess from a neighbour's: a city search must not find a store elsewhere)
                if code == "MS" and not city and address:  # "200 HIGHWAY 90 APT 8 WAVELAND, MS 39576"
                    found = re.search(r",\s*MS\s+(\d{5})$", address)
                    if found:
                        zipcode = zipcode or found.group(1)
                latitude = coordinate(row.get("premise_latitude"), 90.0)
                longitude = coordinate(row.get("premise_longitude"), 180.0)
                raw_status = clean(row.get("license_status"))
                yield {
                    "name": name,
                    "legal_name": clean_name(row.get("business_legal_name")),
                    "license_number": clean(row.get("license_number")),
                    "license_type": license_type,
                    "license_status": raw_status,
                    "status": status_of(raw_status),
                    "designation": designation(clean(row.get("license_designation")), license_type),
                    "address": address,
                    "city": city,
                    "state": US_STATES[code],
                    "state_code": code,
                    "zipcode": zipcode,
                    "country": "United States",
                    "latitude": latitude if longitude else "",
                    "longitude": longitude if latitude else "",
                    "website": clean(row.get("business_website")),
                    "source": f"cannlytics:{path.name}",
                }


# --- Leafly (Canada) ----------------------------------------------------------------------------------------------


def leafly_rows(archive: Path) -> Iterator[dict[str, str]]:
    stores: dict[str, dict[str, str]] = {}
    with tarfile.open(archive) as tar:
        for member in sorted(tar.getmembers(), key=lambda m: m.name):
            if not member.isfile() or "_Producer" not in member.name:
                continue
            handle = tar.extractfile(member)
            if handle is None:
                continue
            text = handle.read().decode("utf-8-sig", "replace")
            for row in csv.DictReader(io.StringIO(text)):
                if clean(row.get("p_id")):
                    stores[clean(row["p_id"])] = row  # later files overwrite earlier ones
    for store_id, row in sorted(stores.items()):
        province = clean(row.get("Province"))
        code = abbreviation(province) if province else None
        if code not in CA_PROVINCES:
            continue
        name = clean_name(row.get("Store Name")) or clean_name(row.get("Producer"))
        if not name:
            continue
        latitude = coordinate(row.get("lat"), 90.0)
        longitude = coordinate(row.get("long"), 180.0)
        yield {
            "name": name,
            "legal_name": "",
            "license_number": "",
            "license_type": "Cannabis Retail Store",
            "license_status": "",
            "status": "active",
            "designation": "recreational",
            "address": clean(row.get("Address")),
            "city": title_if_caps(clean(row.get("City"))),
            "state": CA_PROVINCES[code],
            "state_code": code,
            "zipcode": clean(row.get("Postal Code")).upper(),
            "country": "Canada",
            "latitude": latitude if longitude else "",
            "longitude": longitude if latitude else "",
            "website": clean(row.get("Link")),
            "source": f"leafly:{store_id}",
        }


# --- Weedmaps New Mexico ------------------------------------------------------------------------------------------

_JS_TOKEN = re.compile(
    r"""
    \s*(?:
      (?P<string>"(?:[^"\\]|\\.)*")            # a double-quoted string, JSON escapes
    | (?P<single>'(?:[^'\\]|\\.)*')            # a single-quoted string
    | (?P<number>-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)
    | (?P<word>[A-Za-z_$][A-Za-z0-9_$]*)      # an unquoted key, or true / false / null
    | (?P<punct>[{}\[\]:,])
    )""",
    re.VERBOSE,
)


def js_object_to_json(text: str) -> str:
    """The JSON text of a JS object literal with unquoted keys and trailing commas.

    >>> js_object_to_json('{a: 1, "b": [true, null,], c: "x: y",}')
    '{"a":1,"b":[true,null],"c":"x: y"}'
    """
    out: list[str] = []
    position = 0
    while position < len(text):
        match = _JS_TOKEN.match(text, position)
        if match is None:
            if text[position:].strip() == "":
                break
            raise ValueError(f"unexpected JS text at {position}: {text[position : position + 40]!r}")
        position = match.end()
        kind = match.lastgroup
        token = match.group(kind)
        if kind == "single":
            token = json.dumps(_single_quoted(token[1:-1]))
        elif kind == "word" and token not in ("true", "false", "null"):
            token = json.dumps(token)
        elif kind == "punct" and token in "}]" and out and out[-1] == ",":
            out.pop()
        out.append(token)
    return "".join(out)


def _single_quoted(inner: str) -> str:
    """The value of a single-quoted JS string body (the escapes these files use: \\' \\" \\\\ \\n)."""
    escapes = {"n": "\n", "t": "\t", "r": "\r"}
    return re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(1)), inner)


def weedmaps_rows(path: Path, known: list[dict[str, str]]) -> Iterator[dict[str, str]]:
    text = path.read_text(encoding="utf-8")
    start = text.index("{", text.index("organizedData"))
    end = text.index("\n};", start) + 2
    by_city = json.loads(js_object_to_json(text[start:end]))
    seen_places = {
        (round(float(row["latitude"]), 3), round(float(row["longitude"]), 3))
        for row in known
        if row["state_code"] == "NM" and row["latitude"]
    }
    seen_addresses = {_address_key(row["address"]) for row in known if row["state_code"] == "NM" and row["address"]}
    seen_ids: set[int] = set()
    for city in sorted(by_city):
        for store in by_city[city]:
            if store.get("type") != "dispensary" or store.get("id") in seen_ids:
                continue
            seen_ids.add(store.get("id"))
            name = clean_name(store.get("name"))
            latitude = coordinate(store.get("latitude"), 90.0)
            longitude = coordinate(store.get("longitude"), 180.0)
            address = clean(store.get("address"))
            if not name:
                continue
            place = (round(float(latitude), 3), round(float(longitude), 3)) if latitude and longitude else None
            if place in seen_places or (address and _address_key(address) in seen_addresses):
                continue  # already a licensed NM store at this place
            license_type = clean(store.get("license_type"))
            yield {
                "name": name,
                "legal_name": "",
                "license_number": "",
                "license_type": "Cannabis Retailer",
                "license_status": "",
                "status": "active",
                "designation": {"hybrid": "both", "medical": "medical"}.get(license_type, "recreational"),
                "address": address,
                "city": clean(store.get("city")) or city,
                "state": "New Mexico",
                "state_code": "NM",
                "zipcode": us_zip(store.get("zip_code")),
                "country": "United States",
                "latitude": latitude if longitude else "",
                "longitude": longitude if latitude else "",
                "website": "",
                "source": f"weedmaps:{store.get('id')}",
            }


def _address_key(address: str) -> str:
    return re.sub(r"[^a-z0-9]", "", address.lower())[:12]


# --- strains ------------------------------------------------------------------------------------------------------

STRAIN_COLUMNS = ("rank", "name", "type", "thc_percent")


def strain_rows(path: Path) -> list[dict[str, str]]:
    """Strain names as menus print them: trimmed, curly apostrophes straightened, no duplicates, at most 40 chars."""
    rows: list[dict[str, str]] = []
    seen: set[str] = set()
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            name = clean(row.get("name")).replace("\u2019", "'").replace("\u2018", "'")
            if not name or len(name) > 40 or name.lower() in seen or not re.search(r"[A-Za-z]", name):
                continue
            seen.add(name.lower())
            strain_type = clean(row.get("type")).capitalize()
            thc = clean(row.get("thc_level")).rstrip("%")
            rows.append(
                {
                    "rank": str(len(rows) + 1),
                    "name": name,
                    "type": strain_type if strain_type in ("Indica", "Sativa", "Hybrid") else "",
                    "thc_percent": thc if re.fullmatch(r"\d{1,2}(\.\d+)?", thc) else "",
                }
            )
    return rows


# --- main ---------------------------------------------------------------------------------------------------------


def build_rows(real_data: Path) -> list[dict[str, str]]:
    rows = list(cannlytics_rows(real_data / "cannlytics" / "cannabis_licenses"))
    rows += leafly_rows(real_data / "cannabis-websites-scraper" / "LeaflyBased_output_archive.tar.gz")
    rows += weedmaps_rows(real_data / "schwazze_demo" / "dispensaryData.js", rows)
    unique: dict[tuple[str, ...], dict[str, str]] = {}
    for row in rows:
        key = (row["state_code"], row["name"].lower(), row["address"].lower(), row["license_number"])
        unique.setdefault(key, row)  # the NV list repeats rows
    ordered = sorted(unique.values(), key=_seed_order)
    for number, row in enumerate(ordered, start=1):
        row["id"] = str(number)
    return ordered


def _seed_order(row: dict[str, str]) -> tuple:
    return (row["country"] != "United States", row["state"], row["name"].lower(), row["license_number"], row["address"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("real_data", help="the shared real-data folder")
    parser.add_argument("--out", default=str(Path(__file__).with_name("retailers.csv")))
    parser.add_argument("--strains-out", default=str(Path(__file__).with_name("strains.csv")))
    args = parser.parse_args(argv)
    real_data = Path(args.real_data)
    rows = build_rows(real_data)
    _write(args.out, COLUMNS, rows)
    print(f"wrote {len(rows)} retailers to {args.out}", file=sys.stderr)
    strains = strain_rows(real_data / "Cannabis_Strains_Project" / "leafly_strain_data.csv")
    _write(args.strains_out, STRAIN_COLUMNS, strains)
    print(f"wrote {len(strains)} strains to {args.strains_out}", file=sys.stderr)
    return 0


def _write(path: str, columns: tuple[str, ...], rows: list[dict[str, str]]) -> None:
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


if __name__ == "__main__":
    sys.exit(main())
