"""US states and Canadian provinces: abbreviation <-> full name (data only).

The read API takes full names (the contract); normalization takes US abbreviations. Both look here.
"""

US_STATES: dict[str, str] = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
    "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida", "GA": "Georgia",
    "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas",
    "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan",
    "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
    "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina",
    "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania",
    "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas",
    "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington", "WV": "West Virginia",
    "WI": "Wisconsin", "WY": "Wyoming", "PR": "Puerto Rico", "GU": "Guam", "VI": "U.S. Virgin Islands",
}  # fmt: skip

CA_PROVINCES: dict[str, str] = {
    "AB": "Alberta", "BC": "British Columbia", "MB": "Manitoba", "NB": "New Brunswick",
    "NL": "Newfoundland and Labrador", "NS": "Nova Scotia", "NT": "Northwest Territories", "NU": "Nunavut",
    "ON": "Ontario", "PE": "Prince Edward Island", "QC": "Quebec", "SK": "Saskatchewan", "YT": "Yukon",
}  # fmt: skip

ALL_REGIONS: dict[str, str] = {**US_STATES, **CA_PROVINCES}
ABBREVIATION_OF: dict[str, str] = {name.lower(): abbr for abbr, name in ALL_REGIONS.items()}


def full_name(abbreviation: str) -> str | None:
    """Full state or province name of an abbreviation, any case; None when unknown.

    >>> full_name("nm")
    'New Mexico'
    >>> full_name("XX") is None
    True
    """
    return ALL_REGIONS.get(abbreviation.strip().upper())


def abbreviation(name: str) -> str | None:
    """Abbreviation of a full state or province name, any case; None when unknown.

    >>> abbreviation("british columbia")
    'BC'
    """
    return ABBREVIATION_OF.get(name.strip().lower())
