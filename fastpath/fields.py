"""RawFields: what a provider adapter read from one raw record, still as the POS said it.

Adapters (fastpath/providers) fill it; the pipeline (fastpath/normalize) parses it. Potency and weight stay
text in a small canonical form that the parsers read ("22.5%", "20-24%", "100mg", "0.22", "3.5g", "1/8 oz"),
so that one parser serves every provider.
"""

from dataclasses import dataclass, field


@dataclass(slots=True)
class RawFields:
    name: str | None = None  # product name as listed
    brand: str | None = None  # brand name as listed (None when the record has no brand field)
    category: str | None = None  # the provider's category label, e.g. "VAPORIZERS", "extract", "Vape Pens"
    subcategory: str | None = None  # the provider's subcategory label, e.g. "CARTRIDGES", "Gummies"
    strain: str | None = None  # strain type label, e.g. "INDICA", "Indica-dominant hybrid", "HIGH_CBD"
    thc: str | None = None  # total THC as text: "22.5%", "20-24%", "100mg", "0.22"
    cbd: str | None = None  # total CBD as text
    thca: str | None = None  # THCA as text, used only when no total THC is given (total = THC + 0.877 THCA)
    weight: str | None = None  # size as text: "3.5g", "1/8 oz", ".5g", "5pk x 0.5g", "100mg", "1oz"
    price: float | None = None  # shelf price in dollars
    external_id: str | None = None  # the POS's product id
    in_stock: bool | None = None
    description: str | None = None  # free text; only used for hints (pack counts, potency) when fields are empty
    tags: list[str] = field(default_factory=list)  # attribute labels the provider gave
    menu: str | None = None  # the menu the record says it is on: "medical", "recreational" or "both" (menu_of)
