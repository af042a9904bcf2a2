"""How snapshots/seed/brands.csv was made: a maintainer tool, never run by the product or its tests.

    .venv/bin/python -m snapshots.seed.make_brand_seed --real-data /work/shared/real-data

It reads the public real-data folder of the project's workspace (outside the repository; see ATTRIBUTION.md) and
writes ``brands.csv`` beside this file. Nothing else reads that folder: the product ships only the CSV.

1. Real brands: the maintainers' list of widely sold brands (``known_brands.txt``) and every brand field of the
   real menus (Dutchie ``brandName``, Weedmaps ``brand_name`` and
   ``brand_endorsement.brand_name``, Leafly ``Brand``), plus a few brands that real menus name only inside product
   names ("Critical Kush | Everest"-style tails; ``FROM_PRODUCT_NAMES``).
2. Spellings that fold (``fastpath.brands_py.fold_brand``) to the same key are one brand; keys that differ only by
   spaces ("Luv Buds" / "LuvBuds") or that ``MERGES`` lists (misspellings and product lines checked by hand in the
   menus) join the most listed key. The brand's name is its most listed spelling (not shouting in capitals when
   another spelling exists); every other real spelling is an alias.
3. Junk goes: ``JUNK`` (empty, product types, promo lines, merch printers, marketplaces, wholesalers), and store
   names used as brands: a key that names the store chain whose menu lists it and is found on no other store's menu
   ("Dispensary Near Me" on Dispensary Near Me's menus). A house brand that other stores carry stays.
4. Generated brands (``random.Random(SEED)``) fill the catalog to ``TOTAL``: names built from word lists the way
   real brand names are, each kept only when its folded key is below ``MAX_RATIO`` (rapidfuzz ``fuzz.ratio``) from
   every key already in the catalog, so a fuzzy match in the catalog still means one brand, and is neither a
   strain name (Leafly strain list), the leading words of one, nor a single dictionary word.
5. Ids are stable: a brand of the previous ``brands.csv`` (same folded name) keeps its id, so an id a client
   stored names the same brand after a new seed; a new brand takes the next unused id (real brands first, sorted
   by name, case-insensitive, then generated ones in generation order), and a brand that left frees none.
   ``image_url`` and ``website`` are generated for every brand (``.test`` / ``.example`` hosts, not real sites).
"""

import argparse
import csv
import glob
import json
import os
import random
import re
import tarfile
import tempfile
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path

from rapidfuzz import fuzz, process

from fastpath.brands_py import fold_brand

SEED = 20260521
TOTAL = 15_000
MAX_RATIO = 80.0
OUT = Path(__file__).with_name("brands.csv")
COLUMNS = ("id", "name", "aliases", "preferred_name", "image_url", "website")

# Folded keys that are not brands: product types and strains in the brand field, promo lines, merch printers,
# marketplaces and stock-photo sites, wholesalers and regulators, product descriptions typed into the brand field.
JUNK = frozenset(
    """
    100 oz deal|3rd party|4imprint|accessories|aglc|alamy|amazon|etsy|black duck eb shirts|bloom 5g dispo
    |blueberry muffin|brand|bubble hash|canna|crumble|dab tool|distillate carts|droll pain stick|elevated sucker
    |flower|flower lot|great shake|hard candy|hard candy crush|highflyer vegan chocolate bars
    |highflyer vegan hazelnut bar|infused|juicy joints 2 gram blunt|live terp sugar|merch|ounce
    |poquitos mini preroll packs 3 5gm|premium flower|print shop|smoke shop accessories|thc suckers
    |twax 1 gram infused preroll|white truffle|bee active cbd dog treats|the shirt factory|nubes promotional
    |smoke promos|ganjaprint lighteningbug|isi wholesale|deja vu wholesale|mj wholesale|sps wholesale|tr
    |cinder sticks 1 2 gram infused prerolls|cinder stix 1 2 gram infused prerolls
    |cinder stixs 1 2 gram infused prerolls
    |afg distribution|sooner distributors|compassionate distributors|compassionate distributors nogal
    |compassionate distributors llc|marijuana packaging
    """.replace("\n", "").split("|")
)
JUNK = frozenset({"", *(k.strip() for k in JUNK)})

# Variant key -> the key it belongs to, checked by hand against the menus: misspellings ("Moutain Top"),
# legal or site names ("Animas Cannabis LLC-Manufacturer"), product lines listed as the brand ("Zig Zag Hemp").
MERGES = {
    "moutain top extracts": "mountaintop extracts",
    "assurance labratories": "assurance laboratories",
    "assurance labs": "assurance laboratories",
    "elvated rx": "elevated rx",
    "doubles as": "double as",
    "monsoon cannabis comapny": "monsoon",
    "rio grand hemp": "rio grande hemp",
    "phresh pics": "phresh picks",
    "pittbull glass": "pitbull glass",
    "cheeba che": "cheeba chews",
    "cheeba": "cheeba chews",
    "lift equations": "lift equation",
    "lyft equation": "lift equation",
    "710 diamonds": "710 diamond",
    "baca farms": "baca pharms",
    "pecos valley production": "pecos valley productions",
    "purplebee": "purple bees",
    "animas cannabis llc manufacturer": "animas",
    "botapharm llc vassar manufacturer": "botapharm",
    "burque budz llc acoma rd production": "burque budz",
    "jbs technologies nm llc columbia dr manufacturer": "jbs technologies nm",
    "compassionate distributors nogal": "compassionate distributors",
    "dark matter albuquerque": "dark matter",
    "dos gringos critical solutions": "dos gringos",
    "desert peaks farms": "desert peaks",
    "desert peak farms": "desert peaks",
    "budder pros 1002": "budder pros",
    "gold fish": "goldfish farms",
    "encore xtracts": "encore extracts",
    "high five": "high 5",
    "high five edibles": "high 5",
    "mad and hatter": "mad hatter",
    "the mad hatter": "mad hatter",
    "mad hatter grow": "mad hatter",
    "mary janes": "mary jane",
    "packpod": "pack pods",
    "wulf lux": "wulf",
    "wulf unipro": "wulf",
    "yocan uni": "yocan",
    "sandia botanicals monroe production": "sandia botanicals",
    "oryx king producers 1": "oryx",
    "seed junky genetics": "seed junky",
    "stoney road": "stone road",
    "the grow nm": "the grow",
    "the grower circle": "growers circle",
    "the thc kitchen": "thc kitchen",
    "the verdes foundation": "verdes foundation",
    "verdes": "verdes foundation",
    "unidos farms nm": "unidos farms",
    "urb": "urb nm",
    "vuber technologies": "vuber",
    "vibes rolling papers": "vibes",
    "zig zag hemp": "zig zag",
    "zig": "zig zag",
    "billionaire hemp wraps": "billionaire hemp",
    "high hemp wraps": "high hemp",
    "green hornet gummies": "green hornet",
    "funktional gummies": "funktional",
    "505 gummies": "505",
    "frozin jam": "frozin",
    "wana": "wana edibles",
    "ripple wellness": "ripple",
    "lava leaf organics": "lava leaf",
    "gila river organics": "gila river",
    "lazarus naturals": "lazarus",
    "gonzo family farms": "gonzo",
    "gonzo kush": "gonzo",
    "gonzo extracts": "gonzo",
    "mesilla valley": "mesilla valley extracts",
    "herbal edibles and extracts": "herbal edibles",
    "caviar": "caviar gold",
    "packwoods la": "packwoods",
    "pharmers": "pharmers quality",
    "pharmers quality concentrates": "pharmers quality",
    "hybrio pharmers": "pharmers quality",
    "phd": "pharmicated",
    "phd concentrates": "pharmicated",
    "phd pharmicated": "pharmicated",
    "olio of new mexico": "olio",
    "new mexico sacred flower": "sacred flower",
    "nm sacred flower": "sacred flower",
    "terp land farms": "terp land",
    "rolling thunder mesa": "rolling thunder",
    "matchbox farms": "matchbox",
    "green wave farms": "green wave",
    "cactus": "cactus confections",
    "bee active cbd": "bee active",
    "gh": "gh labs",
    "dime": "dime industries",
    "synergy": "synergy extracts",
    "minerva": "minerva canna",
    "hf holding": "happy",
    "clear": "the clear",
    "raw natural": "raw",
    "daft": "daft republic",
    "p37": "prohibition 37",
    "humboldt": "humboldt seed",  # its items are "Humboldt Seed Co. ... Photo Seeds"
    "enchanted botanicals llc menaul blvd retail": "enchanted botanicals",
    "fci of new mexico eubank blvd retail": "fci",
    "gnomad llc retail": "gnomad",
    "gnomad llc cultivation": "gnomad",
    "gnomad grimes manu": "gnomad",
    "gnomad manufacturing tatum": "gnomad",
}

# Brands that real menus name only inside product names, e.g. Weedmaps "Blueberry 100mg 10pk | Elemental" or
# Leafly "Queen of Bud - Shungite Garlic Kush - Pre-Rolls" (a Candre Cannabis line). Spelled as the menus do.
# Listed here, a brand is kept even when only its own stores sell it: Everest's NM menus name Everest as the maker
# of its house flower, capsules and tinctures ("Critical Kush | Everest"), beside other makers ("... | Derived").
FROM_PRODUCT_NAMES = ("Elemental", "Alchemy Naturals", "Mad Tasty", "Kill Cliff", "Harmony Extracts",
                      "Gonzo Extracts", "Lost Art Hashish", "High Five Edibles", "JoyBombs", "Queen of Bud",
                      "Violet Tourist", "R. Greenleaf", "Everest")  # fmt: skip

#: What ``preferred_name`` leaves out of a listed name: a legal form, a bracketed note, a " - " tail.
_NOT_PREFERRED = re.compile(r"\s+\(.*?\)|\s+-\s.*$|,?\s+(?:Inc\.?|LLC\.?|L\.L\.C\.|Ltd\.?|Corp\.?)$", re.IGNORECASE)


# --- 1. real brand spellings ---------------------------------------------------------------------------------


def _store_of(menu_file: str) -> str:
    """'328828_PurLife_-_Santa_Fe_menu.json' -> 'PurLife - Santa Fe'; 'score-420-albuquerque.js' -> 'score 420'."""
    base = os.path.basename(menu_file)
    if base.endswith(".js"):
        return base[:-3].replace("-", " ").rsplit(" ", 1)[0]
    return re.sub(r"^\d+_|_menu\.json$", "", base).replace("_", " ")


def real_listings(real_data: Path) -> Iterator[tuple[str, str | None]]:
    """(brand as listed, store whose menu lists it or None) for every product of the real menus."""
    for product in json.loads((real_data / "cana-scrape" / "shopcuzzies_products.json").read_text("utf-8")):
        yield product.get("brandName") or "", None
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(real_data / "schwazze_demo" / "weedmaps_nm_menus_dev.tar.gz") as tar:
            tar.extractall(tmp, filter="data")
        for path in sorted(glob.glob(f"{tmp}/**/menu/*.json", recursive=True)):
            for item in json.loads(Path(path).read_text("utf-8")).get("data", []):
                yield item["attributes"].get("brand_name") or "", _store_of(path)
        for path in sorted(glob.glob(f"{tmp}/**/menu/*.js", recursive=True)):
            for found in re.finditer(r'brand_name:\s*"([^"]*)"', Path(path).read_text("utf-8")):
                yield found.group(1), _store_of(path)
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(real_data / "cannabis-websites-scraper" / "LeaflyBased_output_archive.tar.gz") as tar:
            tar.extractall(tmp, filter="data")
        for path in sorted(glob.glob(f"{tmp}/**/*Products*.csv", recursive=True)):
            with open(path, encoding="utf-8-sig", newline="") as fh:
                for row in csv.DictReader(fh):
                    yield row.get("Brand") or "", None
    for name in FROM_PRODUCT_NAMES:
        yield name, None


def _names_store(key: str, store: str) -> bool:
    """Whether a brand key names the chain of ``store`` ("purlife" and "PurLife Dispensary - Menaul")."""
    chain = fold_brand(re.split(r"\s*-\s", store)[0])
    return chain == key or chain.startswith(key + " ") or key.startswith(chain + " ")


def real_brands(listings: Iterable[tuple[str, str | None]]) -> list[tuple[str, list[str]]]:
    """(name, aliases) of each real brand, junk and store names removed, variants merged."""
    spellings: dict[str, Counter[str]] = defaultdict(Counter)
    stores: dict[str, set[str | None]] = defaultdict(set)
    for listed, store in listings:
        key = fold_brand(listed)
        spellings[key][listed.strip()] += 1
        stores[key].add(store)
    keys = [key for key in spellings if key not in JUNK]
    total = {key: sum(spellings[key].values()) for key in keys}
    by_compact: dict[str, list[str]] = defaultdict(list)
    for key in keys:
        by_compact[key.replace(" ", "")].append(key)
    target: dict[str, str] = {}
    for same in by_compact.values():
        head = min(same, key=lambda k: (-total[k], k))
        target.update((k, head) for k in same)
    for variant, head in MERGES.items():
        if variant in target and head in target:
            target[variant] = target[head]
    members: dict[str, list[str]] = defaultdict(list)
    for key in keys:
        head = target[key]
        while target[head] != head:
            head = target[head]
        members[head].append(key)
    brands = []
    for head, group in members.items():
        seen_at = set().union(*(stores[key] for key in group))
        if all(store is not None and _names_store(head, store) for store in seen_at):
            continue  # a store's own name listed as the brand of its house items, and nowhere else
        counts = Counter()
        for key in group:
            counts.update(spellings[key])

        def rank(spelling: str, counts: Counter[str] = counts, head: str = head) -> tuple:
            tidy = "(" not in spelling and " - " not in spelling and all(ord(c) < 0x2000 for c in spelling)
            return (fold_brand(spelling) != head, not tidy, spelling.isupper(), spelling.islower(), -counts[spelling],
                    spelling)  # fmt: skip

        name = min(counts, key=rank)
        aliases = sorted((s for s in counts if s != name), key=lambda s: (-counts[s], s))
        brands.append((name, aliases))
    return sorted(brands, key=lambda b: (b[0].casefold(), b[0]))


KNOWN = Path(__file__).with_name("known_brands.txt")


def with_known_brands(real: list[tuple[str, list[str]]], known_file: Path = KNOWN) -> list[tuple[str, list[str]]]:
    """Add the maintainers' list of widely sold brands: a known brand whose name or alias folds to a brand's key
    (or one of its aliases') adds its spellings as aliases there; any other is a new brand."""
    brands = [(name, list(aliases)) for name, aliases in real]
    owner = {fold_brand(text): index for index, (name, aliases) in enumerate(brands) for text in (name, *aliases)}
    for line in known_file.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, *aliases = (part.strip() for part in line.split("|"))
        index = next((owner[fold_brand(t)] for t in (name, *aliases) if fold_brand(t) in owner), None)
        if index is None:
            brands.append((name, []))
            index = len(brands) - 1
        spellings = {fold_brand(s) for s in (brands[index][0], *brands[index][1])}
        for text in (name, *aliases):
            if text != brands[index][0] and text not in brands[index][1]:
                brands[index][1].append(text)
            spellings.add(fold_brand(text))
        owner.update((key, index) for key in spellings)
    return sorted(brands, key=lambda b: (b[0].casefold(), b[0]))


# --- 4. generated brands -------------------------------------------------------------------------------------


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


NATURE = _words("""
Cedar Pine Juniper Aspen Willow Birch Maple Oak Sage Sagebrush Mesquite Pinon Cypress Redwood Sequoia
Alder Hemlock Spruce Laurel Magnolia Clover Fern Moss Thistle Yarrow Lavender Poppy Marigold Sunflower Lotus
Jasmine Wildflower Bramble Ivy Nettle Juniper Tumbleweed Yucca Agave Saguaro Ocotillo Cholla Chamisa Bluebonnet
Canyon Mesa Ridge Summit Valley Hollow Meadow Prairie Desert Dune Glacier Harbor Bayou Delta Cove Creek River
Lake Spring Falls Cascade Basin Bluff Butte Arroyo Gulch Timber Stone Granite Basalt Quartz Copper Silver Cobalt
Amber Ember Ash Cinder Flint Slate Onyx Jade Opal Garnet Indigo Crimson Scarlet Golden Emerald Sapphire Obsidian
Coyote Raven Falcon Hawk Heron Owl Fox Wolf Bison Elk Moose Badger Lynx Puma Jaguar Otter Beaver Sparrow Finch
Hummingbird Magpie Crow Condor Kestrel Mustang Stallion Roadrunner Jackrabbit Tortoise Salamander Dragonfly Firefly
Moth Honeybee Hornet Cricket Sunrise Sunset Twilight Dawn Dusk Midnight Moonlight Starlight Aurora Comet Nebula
Solstice Equinox Thunder Lightning Rain Monsoon Tide Wave Breeze Zephyr Frost Snow Blizzard Mist Fog Cloud""")

ADJECTIVES = _words("""
Lazy Happy Lucky Wild Quiet Gentle Bold Brave Humble Honest Noble Rustic Humboldt Mellow Cosmic
Electric Velvet Hazy Dreamy Sleepy Groovy Funky Jolly Merry Sunny Misty Dusty Frosty Sticky Smoky Spicy Sweet
Sour Tangy Zesty Juicy Crispy Golden Silver Purple Violet Emerald Royal Grand Little Big Tiny Giant Mighty
Ancient Modern Urban Rural Coastal Northern Southern Western Eastern High Low Deep Bright Dark Hidden Secret Lost
Found Free Wandering Roaming Rolling Drifting Flying Dancing Laughing Howling Singing Burning Blazing Glowing
Shining Rising Falling Sacred Holy Magic Mystic Lunar Solar Stellar Radiant Vivid Pure Raw True Real Prime
Elite Classic Vintage Heritage Legacy Craft Artisan Small Batch Fresh Green Blue Red Black White""")

NOUNS = _words("""
Garden Grove Orchard Field Farm Ranch Homestead Acre Harvest Bloom Blossom Petal Leaf Bud Root Seed Sprout
Vine Branch Trunk Canopy Thicket Trail Path Road Highway Junction Crossing Station Depot Outpost Lodge Cabin Barn
Mill Forge Workshop Kitchen Pantry Bakery Apothecary Remedy Tonic Elixir Potion Alchemy Theory Society Collective
Club Union Guild Tribe Clan Family Brothers Sisters Cousins Kin Friends Company Crew Gang Posse Circle Council
Kingdom Empire Republic Nation Territory Frontier Horizon Compass Lantern Beacon Anchor Harbor Voyage Journey
Quest Ritual Ceremony Tradition Story Legend Myth Fable Dream Vision Spirit Soul Heart Mind Muse Echo Rhythm
Groove Melody Harmony Chorus Anthem Ballad Sonnet Poem Canvas Palette Brush Ink Press Print Craft Studio Lab
Laboratory Reserve Cellar Vault Cache Stash Treasure Jewel Gem Crown Throne Castle Tower Bridge Gate Door Window
Porch Patio Yard Backyard Lot Plot Patch Bed Row Terrace Estate Manor Villa Hacienda Casa Rancho Pueblo Plaza""")

DESCRIPTORS = _words("""
Farms Extracts Labs Gardens Growers Cultivators Botanicals Organics Naturals Wellness Remedies
Edibles Confections Kitchen Bakery Chocolates Gummies Elixirs Tinctures Apothecary Genetics Seeds Cultivation
Craft Reserve Collective Supply Provisions Goods Co-op Ranch Harvest Works Concentrates Rosin Hash Glass Vapors
Wraps Papers Pre-Rolls Flower Cannabis Hemp""")

SURNAMES = _words("""
Abernathy Alvarez Archuleta Baca Barela Benavidez Brennan Calloway Candelaria Castillo Chavez Cordova
Crawford Delgado Duran Ellison Espinoza Fairbanks Fitzgerald Gallegos Garrison Gonzales Gutierrez Hadley Halvorsen
Hargrove Herrera Holloway Jaramillo Kessler Lovato Lucero Maestas Marquez Martinez McAllister Medina Mondragon
Montoya Nakamura Navarro Okafor Olivas Ortega Padilla Pacheco Quintana Ramirez Rivera Romero Salazar Sandoval
Sedillo Serna Sisneros Tafoya Tapia Trujillo Ulibarri Valdez Vigil Whitaker Winslow Yazzie Zamora Abbott Barlow
Beckett Blackwood Bramwell Carver Colton Dalton Dawson Emerson Fletcher Garland Hawthorne Holt Ingram Jensen
Keller Lambert Lockhart Maddox Mercer Norwood Pemberton Prescott Radcliffe Sawyer Sinclair Thornton Underwood
Vance Wexler Whitlock Yardley Zeller Okonkwo Ferreira Lindqvist Kowalski Novak Petrov Rossi Moreau Dubois Schultz
Nguyen Tran Kimura Sato Takahashi Park Choi Singh Patel Kapoor Haddad Khoury Mensah Adeyemi Oyelaran Mwangi""")

SLANG = _words("""
Dank Loud Fire Gas Zaza Kush Chronic Ganja Reefer Mary Jane Doobie Spliff Blunt Bong Toke Stoner Blazed
Lit Baked Lifted Elevated Faded Cloud Nine Sticky Icky Frosty Trichome Terp Terpene Nug Bud Herb Green Leafy
Hazy Mellow Chill Vibe Kief Resin Rosin Budder Shatter Sauce Diamonds Sugar Wax Crumble Dab Hash Bubble Cone
Stash Sesh Roach Zip Eighth Quarter Ounce Dime Nickel Smoke Puff Pass Rolling Roller Joint Jay Pre""")

PLACES = _words("""
Taos Sandia Sangre Socorro Ruidoso Mescalero Gila Chama Jemez Zuni Pecos Cimarron Mora Rio Abiquiu
Galisteo Cerrillos Madrid Corrales Placitas Tijeras Espanola Chimayo Questa Raton Clovis Portales Tucumcari
Humboldt Mendocino Trinity Emerald Sonoma Tahoe Shasta Cascade Olympic Willamette Umpqua Klamath Rogue Yakima
Okanagan Kootenay Fraser Cariboo Muskoka Kawartha Laurentian Appalachian Ozark Catskill Adirondack Berkshire
Chesapeake Allegheny Shenandoah Blue Ridge Smoky Mojave Sonoran Chihuahua Sierra Coronado Flagstaff Sedona Tucson
Yuma Moab Telluride Durango Pagosa Crested Butte Boulder Aspen Vail Breckenridge Eldorado Pacifica Catalina
Kona Maui Kauai Hilo Gulf Coast Bayou Delta Great Lakes Superior Huron Erie Ontario Michigan Lakeshore""")

SYLLABLES = _words("""
ka ky ze zo vi va lo la mi na ro ri sa so ta to ve vo xa xo lu nu ru su pa po be bo da do fe fi
ga go ha ho ja jo ke ki le li me mo ne ni pe pi qua re se si te ti za zi cy ly my ny ry sy ty dra bra kra tra
vra zen ven kyn lyn ryn tal mar sol lun nov ast aur cal del el or ar ir ul""")
ENDINGS = _words("a o ix ex ax on an en ia io ara ora era ova iva ium yx is os us ly ra ro")
NUMBERS = _words("7 12 21 27 33 42 51 66 77 88 99 101 111 203 218 303 365 420 505 575 616 710 777 808 909 1010")
LEGAL = ("Co.", "Inc.", "LLC", "Brands", "Company")


def _invented(rng: random.Random) -> str:
    word = "".join(rng.choice(SYLLABLES) for _ in range(rng.choice((1, 2, 2)))) + rng.choice(ENDINGS)
    return word.capitalize()


def brand_name(rng: random.Random) -> str:
    """One made-up name shaped like a real brand's (not checked for distinctness)."""
    pick = rng.random()
    if pick < 0.14:
        name = f"{rng.choice(NATURE)} {rng.choice(NOUNS)}"
    elif pick < 0.28:
        name = f"{rng.choice(NATURE)} {rng.choice(NOUNS)} {rng.choice(DESCRIPTORS)}"
    elif pick < 0.40:
        name = f"{rng.choice(ADJECTIVES)} {rng.choice(NATURE + NOUNS)}"
    elif pick < 0.48:
        name = rng.choice(
            (
                f"{rng.choice(SURNAMES)} Family Farms",
                f"{rng.choice(SURNAMES)} {rng.choice(DESCRIPTORS)}",
                f"{rng.choice(SURNAMES)}'s {rng.choice(NOUNS)}",
                f"{rng.choice(SURNAMES)} & {rng.choice(SURNAMES)}",
            )
        )
    elif pick < 0.58:
        name = f"{rng.choice(SLANG)} {rng.choice(NOUNS + DESCRIPTORS)}"
    elif pick < 0.68:
        name = f"{rng.choice(PLACES)} {rng.choice(NATURE + NOUNS)} {rng.choice(DESCRIPTORS)}"
    elif pick < 0.82:
        name = _invented(rng)
        if rng.random() < 0.5:
            name = f"{name} {rng.choice(DESCRIPTORS)}"
    elif pick < 0.88:
        name = f"The {rng.choice(ADJECTIVES)} {rng.choice(NATURE + NOUNS)}"
    elif pick < 0.93:
        name = f"{rng.choice(NUMBERS)} {rng.choice(NATURE + NOUNS + DESCRIPTORS)}"
    else:
        name = f"{rng.choice(NATURE + NOUNS)} & {rng.choice(NATURE + NOUNS)}"
    if rng.random() < 0.12:
        name = f"{name} {rng.choice(LEGAL)}"
    return name


def reserved_keys(strains: Iterable[str]) -> set[str]:
    """Keys a generated brand must not have: strain names and their leading words ("blue dream" of "Blue Dream
    Haze"), so that a product name that starts with a strain is not read as a brand, and single dictionary words
    ("aurora", from "Aurora Cannabis" once the fold drops "cannabis")."""
    reserved: set[str] = set()
    for strain in strains:
        words = fold_brand(strain).split()
        reserved.update(" ".join(words[:n]) for n in range(1, len(words) + 1))
    for words in (NATURE, ADJECTIVES, NOUNS, DESCRIPTORS, SURNAMES, SLANG, PLACES):
        reserved.update(fold_brand(word) for word in words)
    return reserved


def strain_names(real_data: Path) -> list[str]:
    """The strain names of the Leafly strain list (Cannabis_Strains_Project)."""
    with open(real_data / "Cannabis_Strains_Project" / "leafly_strain_data.csv", encoding="utf-8", newline="") as fh:
        return [row["name"] for row in csv.DictReader(fh) if row.get("name")]


def generated_brands(rng: random.Random, count: int, taken: list[str], reserved: set[str] = frozenset()) -> list[str]:
    """``count`` new names whose folded keys stay below MAX_RATIO from ``taken`` (folded keys) and each other,
    and are not in ``reserved``. ``taken`` grows with the keys of the names returned.
    """
    seen = set(taken)
    names: list[str] = []
    while len(names) < count:
        name = brand_name(rng)
        key = fold_brand(name)
        if not key or key in seen or len(key) < 4 or key in reserved:
            continue
        if process.extractOne(key, taken, scorer=fuzz.ratio, score_cutoff=MAX_RATIO) is not None:
            continue
        seen.add(key)
        taken.append(key)
        names.append(name)
    return names


# --- 5. the CSV ----------------------------------------------------------------------------------------------


def slug(name: str) -> str:
    return fold_brand(name).replace(" ", "-")


def previous_ids(path: Path) -> tuple[dict[str, int], int]:
    """(folded name -> id, highest id) of the brands a previous seed file holds; nothing when there is none."""
    if not path.exists():
        return {}, 0
    with open(path, encoding="utf-8", newline="") as fh:
        listed = {fold_brand(row["name"]): int(row["id"]) for row in csv.DictReader(fh)}
    return listed, max(listed.values(), default=0)


def stable_ids(names: list[str], previous: dict[str, int], highest: int) -> list[int]:
    """An id for each name: its previous one, else the next after every id ever given.

    >>> stable_ids(["Kiva", "New Brand", "Wyld"], {"kiva": 7, "wyld": 2, "gone": 9}, 9)
    [7, 10, 2]
    """
    ids = []
    for name in names:
        number = previous.get(fold_brand(name))
        if number is None:
            highest += 1
            number = highest
        ids.append(number)
    return ids


def rows(real: list[tuple[str, list[str]]], made: list[str], previous: Path | None = None) -> Iterator[dict[str, str]]:
    """The CSV's rows in id order; ``previous``: the seed file whose ids are kept (see the module docstring)."""
    entries = [*real, *((name, []) for name in made)]
    known, highest = previous_ids(previous) if previous is not None else ({}, 0)
    numbered = sorted(zip(stable_ids([name for name, _ in entries], known, highest), entries, strict=True))
    for number, (name, aliases) in numbered:
        if any("|" in text for text in (name, *aliases)):
            raise ValueError(f"{name!r} or an alias holds '|', the CSV alias separator")
        preferred = _NOT_PREFERRED.sub("", name).strip()
        yield {
            "id": str(number),
            "name": name,
            "aliases": "|".join(aliases),
            "preferred_name": preferred if preferred != name else "",
            "image_url": f"https://images.example-menudex.test/brands/{slug(name)}.png",
            "website": f"https://{slug(name)}.example",
        }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--real-data", type=Path, required=True, help="the workspace's shared/real-data folder")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)

    real = with_known_brands(real_brands(real_listings(args.real_data)))
    taken = [fold_brand(name) for name, _ in real]
    if len(set(taken)) != len(taken):
        raise SystemExit("two real brands fold to one key: extend MERGES")
    made = generated_brands(random.Random(SEED), TOTAL - len(real), taken, reserved_keys(strain_names(args.real_data)))
    table = list(rows(real, made, previous=args.out))  # (read before the file is written over)
    with open(args.out, "w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(table)
    print(f"{args.out}: {len(real)} real brands ({sum(len(a) for _, a in real)} aliases) + {len(made)} generated")


if __name__ == "__main__":
    main()
