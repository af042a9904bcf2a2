"""Every setting of the declarative table is documented in the README's configuration table."""

from pathlib import Path

from server.settings import SETTINGS

README = Path(__file__).resolve().parent.parent / "README.md"


def test_each_setting_is_in_the_readme() -> None:
    text = README.read_text()
    missing = [s.env for s in SETTINGS if f"`{s.env}`" not in text]
    assert not missing, f"README.md does not document {missing}"
