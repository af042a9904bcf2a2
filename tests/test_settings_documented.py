"""Every setting of the declarative table is documented in the README's configuration table."""

from pathlib import Path

from server.settings import SETTINGS

README = Path(__file__).resolve().parent.parent / "README.md"


def test_each_setting_is_in_the_readme() -> None:
    text = README.read_text()
    missing = [s.env for s in SETTINGS if f"`{s.env}`" not in text]
    assert not missing, f"README.md does not document {missing}"


def test_the_readme_s_brand_examples_name_the_seed_catalog_s_brand() -> None:
    """The README's curl lines that use a brand id say which brand it is: the seed catalog must agree (the README
    named another brand than its id's for a while; the demo sells brand 421 in Colorado, checked by hand)."""
    import re

    from snapshots.brands import load_brands

    names = {brand.id: brand.name for brand in load_brands()}
    examples = re.findall(r"/v1/brands/(\d+)/\S*\s*#\s*\1:\s*([^\n]+)", README.read_text())
    assert examples, "the README shows no brand example with its name"
    for brand_id, name in examples:
        assert names.get(int(brand_id)) == name.strip(), f"brand {brand_id} is {names.get(int(brand_id))!r}"


def test_the_readme_lists_every_error_code() -> None:
    from server.errors import CODES

    text = " ".join(README.read_text().split())
    missing = [f"{status} {code}" for status, code in CODES.items() if f"{status} {code}" not in text]
    assert not missing, f"README.md's list of error codes lacks {missing}"
