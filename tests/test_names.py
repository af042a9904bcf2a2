"""Display names and identity keys (fastpath.names) on real product names.

Golden cases copied from real menus, the expected display name checked by eye: (raw name, brand names the pipeline
passes, category, expected display name). Known gaps are xfail(strict=True).

Sources (copied as literals; the project never reads them):
  - Dutchie ecommerce: bRaInT00T/cana-scrape data/json/shopcuzzies_products.json @2aeb02bd (name, brandName).
  - Weedmaps: CannaTechNM/schwazze_demo data/menu/*.json @3b112ef6 (attributes.name, brand_name).
  - Dispense/Leaflogix: bRaInT00T/cana-scrape data/json/indigodispensary_products.json @fe9031cf (name,
    brand.name), a NJ store's menu outside the golden corpus.
"""

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fastpath.names import display_name, name_key

DUTCHIE = [
    (
        "Strawberry Shortcake Moonrock | Moonrock - Puff To The Moon Pre-Roll",
        ["Moonrock - Puff To The Moon"],
        "Pre-roll",
        "Strawberry Shortcake Moonrock",
    ),
    ("Subzero | Jerzey Grown Premium Flower", ["Jerzey Grown Premium"], "Flower", "Subzero"),
    ("Grape Escape | Simply Herb Vape", ["Simply Herb"], "Vape", "Grape Escape"),
    ("Rainbow Runtz | URBNJ Flower", ["URBNJ"], "Flower", "Rainbow Runtz"),
    ("Orange Creamsicle | Wudder Ice Vape Cartridge", ["Wudder Ice"], "Vape", "Orange Creamsicle"),
    ("Xeno (I) | RYTHM Live Resin Badder", ["Rythm"], "Concentrate", "Xeno | Live Resin Badder"),
    ("Granddaddy Purp | DANK Disposable Vape", ["DANK"], "Vape", "Granddaddy Purp | Disposable"),
    (
        "Paloma Spritz | Garden Greens Pre-Roll (Diamond Infused)",
        ["Garden Greens"],
        "Pre-roll",
        "Paloma Spritz | (Diamond Infused)",
    ),
    ("Savvy | B52 Bomber Flower (Smalls)", ["Savvy"], "Flower", "B52 Bomber (Smalls)"),
    ("1:1 Elderberry Wellness | Bits Gummies", ["Bits"], "Edible", "Elderberry Wellness"),
    ("Dark Krystal | Hamilton Farms Flower", [], "Flower", "Dark Krystal | Hamilton Farms"),
    ("WudderMelon | Wudder Ice Vape Cartridge", ["Wudder Ice"], "Vape", "WudderMelon"),
    ("Rainbow Fizz | Garden State Banana Flower", ["Garden State Banana"], "Flower", "Rainbow Fizz"),
    ("Mango | Fernway 1g Vape Cartridge", ["Fernway"], "Vape", "Mango"),
    ("Optimals Fast Asleep | Wana | 20mg Gummies (10 Pack)", ["Wana"], "Edible", "Optimals Fast Asleep"),
    ("Boysenberry (CBN + CBD 1:1:1 THC) | WYLD | 100mg Gummies", ["Wyld"], "Edible", "Boysenberry (CBN + CBD)"),
    (
        "3:1 Blueberry Lemonade Pearls (CBG/THC) | Gron | 100mg Gummies 10pcs",
        ["Gron"],
        "Edible",
        "Blueberry Lemonade Pearls (CBG/THC)",
    ),
    ("White Durban | RYTHM Fower", ["Rythm"], "Flower", "White Durban | Fower"),
    ("Peanut Butter Pie | Kind Tree Flower", ["Kind Tree"], "Flower", "Peanut Butter Pie"),
    ("Huckleberry Gelato | Cookies Vape Cartridge", ["Cookies"], "Vape", "Huckleberry Gelato"),
    ("Evan's OG Kush | Hamilton Farms Flower", ["Hamilton Farms"], "Flower", "Evan's OG Kush"),
    ("Gunpowder Milkshake | The Happy Farmer Flower", ["The Happy Farmer"], "Flower", "Gunpowder Milkshake"),
    ("1:1 CBN:THC Peach Ginger Tincture", ["Avexia"], "Tincture", "Peach Ginger Tincture"),
    ("Fatso | niche. Flower", ["niche."], "Flower", "Fatso"),
    ("Rainbow Sherbet | Wudder Ice Vape Cartridge", ["Wudder Ice"], "Vape", "Rainbow Sherbet"),
    (
        "Sleepy Chews Chocolate Taffy | Cheeba Chews | 2: 1 Taffy",
        ["Cheeba Chews®"],
        "Edible",
        "Sleepy Chews Chocolate Taffy",
    ),
    ("Ozone | Maui Wowie Vape Cartridge", ["Ozone"], "Vape", "Maui Wowie"),
    (
        "Weymouth Sour Berry | 0.5 Pre-Roll (3 Pack)  | High Grass Farms",
        ["High Grass Farms Premium"],
        "Pre-roll",
        "Weymouth Sour Berry",
    ),
    ("Orange Malt | Crops Flower", ["Crops"], "Flower", "Orange Malt"),
    ("Biscotti Pancakes | niche. Flower", ["niche."], "Flower", "Biscotti Pancakes"),
    (
        "Raspberry Orange | Ogeez (Peg's RSO) |  100mg RSO Gummies",
        ["O'Geez"],
        "Edible",
        "Raspberry Orange | (Peg's RSO)",
    ),
    ("Mendo OG | Garden Greens Flower", ["Garden Greens"], "Flower", "Mendo OG"),
    ("Citrus Berry Marmalade | Legend Vape Cartridge", ["Legend"], "Vape", "Citrus Berry Marmalade"),
    ("Strawberry | Ozone | 100mg Gummies", ["Ozone"], "Edible", "Strawberry"),
    ("Classic Mango | Wana | 100mg Gummies (10 piece)", ["Wana"], "Edible", "Classic Mango"),
    ("Apple Jelly (I) | Hamilton Farms Flower", ["Hamilton Farms"], "Flower", "Apple Jelly"),
    ("Baja Blast | Jersey Smooth Disposable Vape", ["Jersey Smooth"], "Vape", "Baja Blast | Disposable"),
    ("Motorbreath 15 | Last Resort Flower", ["Last Resort"], "Flower", "Motorbreath 15"),
    ("Chill Tablets | 1906 | 100mg Tablets", ["1906"], "Edible", "Chill Tablets"),
    ("Classic Watermelon | Wana | 100mg Gummies (10 piece)", ["Wana"], "Edible", "Classic Watermelon"),
    ("Gron | 10:1 Tart Cherry Pearls (CBN/THC) | Gummies", ["Gron"], "Edible", "Tart Cherry Pearls (CBN/THC)"),
    ("Pain Relief 1:1 CBD:THC Lotion [2oz] 100mg CBD/100mg THC", ["Avexia"], "Topical", "Pain Relief Lotion"),
    ("Strawberry Mango Haze | Anthologie Flower", ["Anthologie"], "Flower", "Strawberry Mango Haze"),
    ("Radical Raspberry | Simply Herb Vape Cartridge", ["Simply Herb"], "Vape", "Radical Raspberry"),
    ("Raspberry (S) | WYLD | 100mg Gummies", ["Wyld"], "Edible", "Raspberry"),
]

WEEDMAPS = [
    (
        "Rolling Thunder Mesa | Prerolls | Super Silver Haze | [1G] | Sativa | 21% THC",
        [],
        "Pre-roll",
        "Rolling Thunder Mesa | Super Silver Haze",
    ),
    ("Enchanted Botanicals - Orange Punch", ["Enchanted Botanicals"], "Flower", "Orange Punch"),
    ("Shake2Bake- THC Shooter- Sugar Free Red Razz- 100mg", [], "Beverage", "Sugar Free Red Razz"),
    ("Slurpie Live Rosin Cold Cure Badder 1g", [], "Concentrate", "Slurpie Live Rosin Cold Cure Badder"),
    ("Cactus Jellies mango tajin 100mg", ["lift equation"], "Edible", "Cactus Jellies mango tajin"),
    ("Kush Pop Blueberry (H) 100Mg GH", [], "Edible", "Kush Pop Blueberry GH"),
    (
        "Fiore Single Use 500mg Strawberry Sour Diesel",
        ["Assurance laboratories LLC"],
        "Vape",
        "Fiore Single Use Strawberry Sour Diesel",
    ),
    (
        "Karma | Take And Make | Ingredients | Brownies | (100MG) | Hybrid",
        [],
        "Edible",
        "Karma | Take And Make",  # "Ingredients" is the store's label
    ),
    ("Amnesia Live Rosin", ["Mesilla Valley"], "Concentrate", "Amnesia Live Rosin"),
    ("O-pen 2.0 V Battery Camoflauge", [], "Accessory", "O-pen 2.0 V Battery Camoflauge"),
    (
        "Fruity Pebbles X Cereal Milk (I) 1G Disposable Pen",
        ["PhD"],
        "Vape",
        "Fruity Pebbles X Cereal Milk Disposable Pen",
    ),
    ("Dompen - Pineapple Coast 1g Disposable", [], "Vape", "Dompen - Pineapple Coast Disposable"),
    (
        "High Society - Pomegranate x Blue Dream - Dispo - [1g]",
        ["High Society"],
        "Vape",
        "Pomegranate x Blue Dream - Dispo",
    ),
    ("Daft Republic | 7g Mylar | SOL SONIC", ["Daft Republic Co"], "Flower", "Sol Sonic"),
    ("Cloud Walker pre rolls", [], "Pre-roll", "Cloud Walker"),
    ("Pharmers - Phuse Honey Hole - Tangie - 2.5g", ["Pharmers Quality"], "Pre-roll", "Phuse Honey Hole - Tangie"),
    ("Daft Republic | 3.5g Mylar | BANANA JELLA-SCOTTI", ["Daft Republic Co"], "Flower", "Banana Jella-Scotti"),
    (
        "Lazy Jays premium indoor flower MYSTERY MIX #5 1g Pre-Roll",
        ["710 Diamond co"],
        "Pre-roll",
        "Lazy Jays premium indoor flower MYSTERY MIX #5",
    ),
    ("GK X SC X GM LIVE BADDER 1GM", [], "Concentrate", "GK x SC x GM Live Badder"),
    ("Stoned Ape Grape 500MG Med Gummies", [], "Edible", "Stoned Ape Grape Gummies"),  # the menu's medical mark
    ("Sour Pineapple Lollipop MEDICAL", [], "Edible", "Sour Pineapple Lollipop"),
    ("Kudose Energy Tincture Medical Dose", [], "Tincture", "Kudose Energy Tincture Medical Dose"),  # a line's words
    ("Peanut Butter Cherry Pie 30.57%THC I/H", [], "Flower", "Peanut Butter Cherry Pie"),  # a strain code
    ("Milk Chocolate 300mg Sativa", [], "Edible", "Milk Chocolate"),  # a type after a product's name
    ("Discount Dabs 'Blue Dream' Sativa 1g", ["Discount Dabs"], "Concentrate", "'Blue Dream'"),  # after a cultivar
    ("Grower's Choice Indica", [], "Flower", "Grower's Choice Indica"),  # tells a line's products apart
    ("Hawaiian Sativa 3.5g", [], "Flower", "Hawaiian Sativa"),  # a cultivar's name
    (
        "Pomegranate 1:1 CBD + Hybrid Enhanced Gummies | 100:100mg",
        ["WYLD"],
        "Edible",
        "Pomegranate Hybrid Enhanced Gummies",
    ),
    ("Cherry On Top - Under 25 Percent | Everest", [], "Flower", "Cherry On Top | Everest"),  # the bound goes too
    ("Blazy Susan King Size Cones - 3 pack", ["Blazy Susan"], "Accessory", "King Size Cones - 3 pack"),
    ("Puffco The Peak Travel Pack", ["Puffco"], "Accessory", "The Peak Travel Pack"),  # a pack no form word names
    ("Deadband 12 Pre-Roll Pack", [], "Pre-roll", "Deadband 12"),
    ("HARD CANDY - Green Apple - 10mg", [], "Edible", "Green Apple"),  # a store's category label as a segment
    # sizes written as words go ("by the OUNCE", "Full Gram", a last "Ounce"); an ounce the name is about stays;
    # the hyphen a removed size was glued to separates (Weedmaps NM, Green Society)
    ("ZIPS Premium shake by the OUNCE- DIVINE FROST", [], "Flower", "ZIPS Premium shake - DIVINE FROST"),
    ("Distillate Cartridge Full Gram", [], "Concentrate", "Distillate Cartridge"),
    ("Raw THC Clear Distillate Ounce", [], "Concentrate", "Raw THC Clear Distillate"),
    ("El Jefe Ounce Special", [], "Flower", "El Jefe Ounce Special"),
    ("Pack Pods Mini 1g-Black Cherry Gelato Disposable", [], "Vape", "Pack Pods Mini - Black Cherry Gelato Disposable"),
    ("Jinja Punch 50mg-Watermelon", [], "Edible", "Jinja Punch - Watermelon"),
    ("Formula Cleaner | 710 | Smoking And Dab Accessories", [], "Accessory", "Formula Cleaner | 710"),
    ("Zooted | Papers | (King Sized)", ["Zooted"], "Accessory", "Papers | (King Sized)"),  # nothing else to read
    ("XL MED-TAINER (Black)", [], "Accessory", "XL MED-TAINER (Black)"),  # a word's part is no medical mark
    ("FLOWER MILL MINI - ASSORTED COLORS", [], "Accessory", "Flower Mill Mini - Assorted Colors"),  # gear's nouns
    ("Happy Camper - Full Flower - 3.5g", ["Happy Camper"], "Flower", "Full Flower"),  # a grade, not a name
    ("Growers Circle - Oreoz - Pre Package - [3.5g]", ["Growers Circle"], "Flower", "Oreoz"),
    ("Pharmers - Phusewood - Xhale - 2.5g", ["Pharmers Quality"], "Pre-roll", "Phusewood - Xhale"),  # a line's name
    ("Superboof | Sativa | HDR", ["High Desert Relief"], "Flower", "Superboof"),  # the brand's initials last
    ("GHL Premium 1g Cartridge - Blue Dream - Sativa Hybrid", ["GH Labs"], "Vape", "GHL Premium - Blue Dream"),
    ("1000mg THC: 1000mg CBD Drool Stick", [], "Topical", "Drool Stick"),
    ("Puffco - Peak Pro - Joystick Cap - Accessory", ["Puffco"], "Accessory", "Peak Pro - Joystick Cap"),
    ("Humble 2 Wraps", [], "Accessory", "Humble 2 Wraps"),
    ("King Palm Squeeze & Pop - Energy Drink", [], "Accessory", "King Palm Squeeze & Pop - Energy Drink"),
    ("Jack Fruit | Outdoor", ["Lava Leaf"], "Flower", "Jack Fruit | Outdoor"),
    ("BLAZY SUSAN 1 1/4” PAPERS (PURPLE)", ["Gnomad LLC - Retail"], "Accessory", "Blazy Susan 1 1/4” Papers (Purple)"),
    ("Serenity Serum AM 100mg Pure", [], "Topical", "Serenity Serum AM Pure"),
    (
        "Black 510 Thread Battery - Adjustable Temperature",
        ["Elevation"],
        "Accessory",
        "Black 510 Thread Battery - Adjustable Temperature",
    ),
    ("WHITE MACADAMIA COOKIE 4 X 25MG", ["Canna Cafe"], "Edible", "White Macadamia Cookie"),
    ("Peanut Butter Cups - Dark Chocolate", ["GH Labs"], "Edible", "Peanut Butter Cups - Dark Chocolate"),
    ("Purple Garlic Live Rosin", ["Mesilla Valley"], "Concentrate", "Purple Garlic Live Rosin"),
    ("3.5g Wedding Cake Value", [], "Flower", "Wedding Cake Value"),
    ("Cannabis Massage Oil", [], "Topical", "Cannabis Massage Oil"),
    ("Blue Zkittles | Distillate Cart", ["Fiore"], "Vape", "Blue Zkittles"),
    ("Lucky Pharms Hoodie", ["Lucky Pharms"], "Accessory", "Hoodie"),
    ("GNOMIE T-SHIRT - (2X) TAN", ["GNOMAD GRIMES MANU"], "Accessory", "Gnomie T-Shirt - (2x) Tan"),
    ("Mountain Top - MAC #1 Live Diamonds", ["Mountain Top Extracts"], "Concentrate", "MAC #1 Live Diamonds"),
    ("Ice cream cake 🍰", ["Juicy Joints"], "Concentrate", "Ice cream cake"),
    (
        "Sublime HotRod Acapulco Gold .5g Infused Pre Roll",
        ["Sublime"],
        "Pre-roll",
        "HotRod Acapulco Gold Infused Pre Roll",
    ),
    (
        "Yum Clouds Dragon Fruit Live Rosin Gummies 20mg-2ct",
        ["Yum Clouds"],
        "Edible",
        "Dragon Fruit Live Rosin Gummies",
    ),
    ("Proton Glass - $70 Rig", ["Dark Matter - Albuquerque"], "Accessory", "Proton Glass - Rig"),
    ("Top Crop - Tee - Grey", ["Top Crop"], "Accessory", "Tee - Grey"),
    ("Phluffer Nutter Dark Choc 80MG", ["Phactory Chocolate"], "Edible", "Phluffer Nutter Dark Choc"),
    ("Lookah Seahorse - Ceramic Coil 5pk", [], "Accessory", "Lookah Seahorse - Ceramic Coil 5pk"),
    ("All-In-One Relieve | HeyDay", [], "Vape", "All-In-One Relieve | HeyDay"),
    (
        "Mountain Top Extracts - Ruby Violet - Cured Resin - Vape - .5ml",
        ["Mountain Top Extracts"],
        "Vape",
        "Ruby Violet - Cured Resin",
    ),
    (
        "Hard Candy Crush - Purple Kush (Indica): Green Lemonade",
        [],
        "Edible",
        "Hard Candy Crush - Purple Kush: Green Lemonade",
    ),
    (
        "Sawmill - Gummies - Distilalte - Blue Raspberry - (250mg THC)",
        ["Sawmill Cannabis Company LLC"],
        "Edible",
        "Distilalte - Blue Raspberry",
    ),
    ("Strawberry Cheesecake Airopro Pod .5", [], "Vape", "Strawberry Cheesecake Airopro Pod"),
    ("Rolling paper 1 1/4", ["Phresh Pics"], "Accessory", "Rolling paper 1 1/4"),
    ("Live Rosin Disposable - Gelato 41 x GSC", ["happy"], "Vape", "Live Rosin Disposable - Gelato 41 x GSC"),
    ('Blink torch - Size 6"', ["Luv Buds"], "Accessory", 'Blink torch - Size 6"'),
    ("Desert Peaks Lemon Cherry Gelato", ["Desert Peaks Farms Inc"], "Flower", "Desert Peaks Lemon Cherry Gelato"),
    ("DNM ZIG - ZAG PAPERS", ["Dispensary Near Me"], "Accessory", "Zig - Zag Papers"),  # (the store's initials go)
    ("Modified Grape 1.0g Refined Resin", ["Under Dawg"], "Concentrate", "Modified Grape Refined Resin"),
    (
        "Ooze Twist Slim Pen 2.0 510 Thread Vaporizer Battery - Cosmic Chrome",
        ["Ooze"],
        "Accessory",
        "Twist Slim Pen 2.0 510 Thread Vaporizer Battery - Cosmic Chrome",
    ),
    ("Sandia 1G Cartridge- Luckys Gold", [], "Vape", "Sandia - Luckys Gold"),
    ("Animas Cannabis Peach Bellini", [], "Concentrate", "Animas Cannabis Peach Bellini"),
    ("CYCLONE CLEAR - BLUEBERRY", ["Cyclone"], "Accessory", "Clear - Blueberry"),
    ("OG inc - GG4 - 1g Live Resin", ["NM Green Door"], "Concentrate", "OG inc - GG4 - Live Resin"),
    ("10mg Life of the Party Snack Mix", ["Mjay's Canna Kitchen"], "Edible", "Life of the Party Snack Mix"),
    ("Chill Pills (10mg/100MG) - Hybrid", [], "Edible", "Chill Pills"),
    ("Sleep Chocolate", ["Elevated RX"], "Edible", "Sleep Chocolate"),
    (
        "Head Space - Las Frescas REBANADITAS 1G Disposbale",
        ["Head Space"],
        "Vape",
        "Las Frescas REBANADITAS Disposbale",
    ),
    ("Zig Zag - 1 1/4 Hemp Cigarette Paper", [], "Accessory", "Zig Zag - 1 1/4 Hemp Cigarette Paper"),
    ("Alien OG Kush | 1g Pre Roll | Juicy Joints", ["Juicy Joints"], "Pre-roll", "Alien OG Kush"),
    ("Forbidden Apple | 2g Disposable | DIME", ["DIME"], "Vape", "Forbidden Apple | Disposable"),
    (
        "Lemon Cherry Gelato ALL FLOWER Blunt 1g",
        ["LW Organics (Chadcor Holdings NM)"],
        "Pre-roll",
        "Lemon Cherry Gelato ALL FLOWER Blunt",
    ),
    (
        "Bloom Classic Surf All-In-One 500mg | Granddaddy Purple",
        ["BLOOM"],
        "Vape",
        "Classic Surf All-In-One | Granddaddy Purple",
    ),
    ("Pharmers - Skywalker OG Kush - 1g - Vape", ["Pharmers Quality"], "Vape", "Skywalker OG Kush"),
    (
        "Cheeba Chews - CBN Sleepy Time Chews - Edible Solid - (100mg)",
        ["Cheeba Chews"],
        "Edible",
        "CBN Sleepy Time Chews",
    ),
    ("Purple Punch 1G Cart", ["Elevated RX"], "Vape", "Purple Punch"),
    ("Taphy- Orange Creamsicle", ["Pharmers"], "Edible", "Taphy - Orange Creamsicle"),
    ("2g Injoy Zkittles", [], "Vape", "Injoy Zkittles"),
    ("Blackberry Gummies 500mg", ["Mountaintop Extracts"], "Edible", "Blackberry Gummies"),
    ("Cartology 2g Disposable- Strawberry Shortcake", [], "Vape", "Cartology Disposable - Strawberry Shortcake"),
    ("Permanent Marker - 1G", [], "Flower", "Permanent Marker"),
    (
        "High Five Edibles - High Flyer 420 - Milk Chocolate Bars - 420mg ( MEDICAL)",
        [],
        "Edible",
        "High Five Edibles - High Flyer 420 - Milk Chocolate Bars",
    ),
    (
        "D.G. - El Premio 1 Gram Disposable Fruity Pebbles OG-Hybrid",
        [],
        "Vape",
        "D.G - El Premio Disposable Fruity Pebbles OG",
    ),
    ("Elevated Disposable Vape / 1g / Hybrid / GG #4", [], "Vape", "Elevated Disposable / GG #4"),
    ("Watermelon Gummies (58G)", ["PhytoRemedies"], "Edible", "Watermelon Gummies"),
    ("Orange Push Pop Hash Hole (2.5g)", ["Roadrunner Dank"], "Pre-roll", "Orange Push Pop Hash Hole"),
    ("HP - MOBILITY JOINT SUPPORT SOFT CHEW 30 CT - 400mg", [], "Edible", "HP - Mobility Joint Support Soft Chew"),
    ('Custom White Glass Rig 6" | Wig Wag', ["Wacky Bowlz"], "Accessory", 'Custom White Glass Rig 6" | Wig Wag'),
    ("Super Melonade 1G Rosin- Goldfish Farms", [], "Concentrate", "Super Melonade Rosin - Goldfish Farms"),
    ("High Hemp Wraps (Baked Cookie)", ["Cannatron"], "Accessory", "High Hemp Wraps (Baked Cookie)"),
    ("Blink Large Torch", ["isi wholesale"], "Accessory", "Blink Large Torch"),
    ("Cinnamon Salve", ["Sacred Flower"], "Topical", "Cinnamon Salve"),
    (
        "Pack Pods - Marshmallow Fluff - Mini Dispo - [1g]",
        ["Packwoods"],
        "Vape",
        "Pack Pods - Marshmallow Fluff - Mini Dispo",
    ),
    ("Girl Scout Cookies | Surf Disposable", ["BLOOM"], "Vape", "Girl Scout Cookies | Surf Disposable"),
    ("Blueberry Haze | Hot Rod Infused", ["Sublime"], "Pre-roll", "Blueberry Haze | Hot Rod Infused"),
    ("Peach Ringz (H) 1G Cart Elevated", [], "Vape", "Peach Ringz Cart Elevated"),
    ("KulluKush 1 Gram Tank - Grand Daddy Purple", ["Kullu Kush"], "Vape", "Grand Daddy Purple"),
    ("3.5g Seven Stars value", [], "Flower", "Seven Stars value"),
    (
        "Sandia Botanicals Monroe Production: Tropic Soda #2 - Loose",
        ["Sandia Botanicals"],
        "Flower",
        "Monroe Production: Tropic Soda #2 - Loose",
    ),
]

DISPENSE = [
    (
        "Grön Blackberry Lemonade Fun Size Pearls 1:1:1: CBD:CBN:THC - 20mg",
        ["Grön", "Gron"],
        "Edible",
        "Blackberry Lemonade Fun Size Pearls",
    ),
    ("Grön Blue Razzleberry Mega Pearls CBG:THC - 100mg", ["Grön"], "Edible", "Blue Razzleberry Mega Pearls CBG:THC"),
    ("Gron Cherry Limeade Mega Pearls - 100mg", ["Grön", "Gron"], "Edible", "Cherry Limeade Mega Pearls"),
    (
        "Mafia Melts Lemonade Revive 1:1:1 THC:CBD:Caffeine Gummies - 100mg",
        ["Mafia Melts"],
        "Edible",
        "Lemonade Revive Gummies",
    ),
    ("Camino Sparkling Pear 2:6 THC:CBD Gummies - 100mg", ["Camino"], "Edible", "Sparkling Pear Gummies"),
    ("Hashables Dark Chocolate 20pc - 100mg", ["Hashables"], "Edible", "Dark Chocolate"),
]

KNOWN_GAPS = [
    # the brand "Airo Brands" is also the start of its product line "Airo Pod"; the pod is the form
    (
        "Airo Pod - Strawberry Cough Live Flower 1g Vape Cartridge",
        ["Airo Brands"],
        "Vape",
        "Strawberry Cough Live Flower",
    ),
    # a form word repeated in the name and in the provider's label
    (
        "Ghost - Ghost Train Haze Disposable - Disposable Cartridge - [2g]",
        ["Ghost"],
        "Vape",
        "Ghost Train Haze Disposable",
    ),
    # a 1:1:1 ratio written inside the cannabinoid list takes its last cannabinoid with it
    ("Boysenberry (CBN + CBD 1:1:1 THC) | WYLD | 100mg Gummies", ["Wyld"], "Edible", "Boysenberry (CBN + CBD + THC)"),
]


def _ids(rows, source):
    return [pytest.param(*row, id=f"{source}-{row[0]}") for row in rows]


@pytest.mark.parametrize(
    ("name", "brands", "category", "want"),
    _ids(DUTCHIE, "dutchie") + _ids(WEEDMAPS, "weedmaps") + _ids(DISPENSE, "dispense"),
)
def test_display_name(name, brands, category, want):
    assert display_name(name, brands, category) == want


@pytest.mark.parametrize(
    ("name", "brands", "category", "want"),
    [pytest.param(*row, id=f"gap-{row[0]}", marks=pytest.mark.xfail(strict=True)) for row in KNOWN_GAPS],
)
def test_display_name_known_gaps(name, brands, category, want):
    assert display_name(name, brands, category) == want


RULES = [
    # apparel's lone "S" is its size, no sativa mark (Weedmaps NM)
    ("GNOMIE T-SHIRT - (S) RED", [], "Accessory", "Gnomie T-Shirt - (S) Red"),
    ("WHITE POLO - S", [], "Accessory", "White Polo - S"),
    ("Blue Dream Seeds (S)", [], "Accessory", "Blue Dream Seeds"),
    # a plant form's strain type goes after what ends many cultivars' names; an edible's tells a line's variants
    # apart and stays (Weedmaps NM)
    ("Maggie's Farm - Orange Cookie Kush (1g Pre-Roll) Indica", ["Maggie's Farm"], "Pre-roll", "Orange Cookie Kush"),
    ("EDI - WANA QUICK ISLAND PUNCH INDICA 100mg", ["Wana"], "Edible", "Edi - Quick Island Punch Indica"),
    # a slash with a space before it separates as " / " does, so a strain type between two is a segment of its own
    # (Weedmaps NM)
    ("Elevated Disposable Vape / 1g / Sativa /Sour Diesel", ["Elevated"], "Vape", "Disposable / Sour Diesel"),
    # the word that qualified a removed dose goes with it (Weedmaps NM)
    ("JINJA CALMING Nano 1:1 CBD 10mg ea/100mg total", ["Jinja"], "Edible", "CALMING Nano"),
    ("Fusion Suckers 4 Suckers 10mg Each", ["Minerva Canna"], "Edible", "Fusion Suckers 4 Suckers"),
    # a brand's letters that an apostrophe goes on from are a longer word; a name is never only an amount; a
    # company's name before a strain code is the maker's (Weedmaps NM)
    ('GNOMAD\u2019ER \u201cWHEN"', ["GNOMAD LLC"], "Pre-roll", 'Gnomad\u2019er \u201cWhen"'),
    ("yum clouds - CBD - 50mg", ["Yum Clouds"], "Accessory", "CBD - 50mg"),
    ("Animas Cannabis GG4", ["Animas"], "Concentrate", "GG4"),
    # a brand whose removal leaves only a code is part of the name (Weedmaps NM); a segment of its own still goes
    ("Gelato OG", ["Gelato Brand"], "Flower", "Gelato OG"),
    # a brand joined to more words is part of a longer name: a cross, a collaboration, a possessive (Weedmaps NM),
    # and a longer brand goes whole ("Herbal Edibles & Extracts" is an alias of Herbal Edibles)
    ("Runtz x Biscotti x Kush Mints - Flower", ["Runtz"], "Flower", "Runtz x Biscotti x Kush Mints"),
    (
        "Cheech and Chong x Dreamz Shirt GREY (3XL)",
        ["Cheech & Chong"],
        "Accessory",
        "Cheech and Chong x Dreamz Shirt GREY (3XL)",
    ),
    ("Cookies and Chem XL PreRoll 5G", ["Cookies"], "Pre-roll", "Cookies and Chem XL"),
    # a pack count left alone is no name; a form word after an article is part of the name (Weedmaps NM)
    ("Clipper 2pk", ["Clipper"], "Accessory", "Clipper 2pk"),
    # a concentrate's or vape's form glued to the name by a hyphen is a segment of its own (Weedmaps NM)
    ("Wax-Tangerine .5g", ["Ultra Health"], "Concentrate", "Tangerine"),
    ("1g Cartridge-Pink Mango", [], "Vape", "Pink Mango"),
    ("1g Terp Sugar-Amnesia", [], "Concentrate", "Terp Sugar - Amnesia"),
    # a strain named by generic words is the name; brackets left with only separators go; "1,000mg" is an amount
    ("Juicy Joints 2g Blunt - The Soap", ["Juicy Joints"], "Pre-roll", "Blunt - The Soap"),
    ("The Soap | 1g Pre Roll | Juicy Joints", ["Juicy Joints"], "Pre-roll", "The Soap"),
    ("MVE - Spicy Southwest Pretzels (5mg / 20pcs / 100mg)", ["MVE"], "Edible", "Spicy Southwest Pretzels"),
    # a ratio's labels go with it however it is written ("1 To 1 THC/CBD" as "1:1 THC/CBD"), and so does a figure
    # written without its unit (Weedmaps NM)
    ("Leaf & Flower 1,000mg Body Lotion (1 To 1 THC/CBD)", [], "Topical", "Leaf & Flower Body Lotion"),
    ("Elevated - Therabalm Cold Cream -4oz- 100mg THC /3000 CBD", ["Elevated"], "Topical", "Therabalm Cold Cream"),
    ("Columbian Dark chocolate (100mg-50CBN) (Sleep)", [], "Edible", "Columbian Dark chocolate (Sleep)"),
    ("100MG 1/1 THC CBD Salve- Stoned Ape", ["Stoned Ape"], "Topical", "1/1 THC CBD Salve"),
    ("Water Soluble 9 THC", [], "Edible", "Water Soluble 9 THC"),
    ("Smell the Flower - 2x Large", [], "Accessory", "Smell the Flower - 2x Large"),
    # a brand the name states last goes: in brackets, after a size; a store's code before it too (Weedmaps NM)
    ("Sucker - Mango (Elevated)", ["Elevated"], "Edible", "Mango"),
    ("PB Butterscotch Cookies 100MG GH Labs", ["GH Labs"], "Edible", "PB Butterscotch Cookies"),
    ("BCCNM/Bonanza Trainwreck 1G Cart", ["Bonanza"], "Vape", "Trainwreck"),
    ("Hash Holes - Cold Snaps x Chitown", ["Chitown"], "Pre-roll", "Hash Holes - Cold Snaps x Chitown"),
    # ... or before the form words and strain type only (Weedmaps NM); not before more of the name
    ("1/2 gram Shirley Temple Fiore Cartridge Indica", ["Fiore"], "Vape", "Shirley Temple"),
    ("100mg Pink Lemonade Stoned Ape Gummies", ["Stoned Ape"], "Edible", "Pink Lemonade Gummies"),
    ("Lychee Fiore Tahoe OG Cartridge", ["Fiore"], "Vape", "Lychee Fiore Tahoe OG"),
    ("500mg Grape Stoned Ape Gummies", ["Stoned Ape"], "Edible", "Grape Gummies"),  # one word of its own will do
    # two strain types stacked at the end go; a cultivar's word stays (Weedmaps NM, Dutchie Plus Ontario)
    ("$50 Slurty 1/2 OZ Hybrid Indica 28.5%", [], "Flower", "Slurty"),
    ("Hawaiian Sativa Hybrid", [], "Flower", "Hawaiian Sativa"),
    ("GH CURED BADDER 1GM", ["Cured"], "Concentrate", "GH Cured Badder"),  # not for a one-word brand
    # a leading code, then the brand it abbreviates in brackets (Weedmaps NM)
    ("LE (Lift Equation) Shake 2 Bake! Blue Razz", ["Lift Equation"], "Beverage", "Shake 2 Bake! Blue Razz"),
    # a company word after the brand goes with it (Weedmaps NM, audit 11)
    ("Minerva Canna Group - Micro Cube Gummies 80mg", ["Minerva Canna"], "Edible", "Micro Cube Gummies"),
    ("Runtz x Biscotti x Kush Mints | Seed Junky Genetics", ["Seed Junky"], "Flower", "Runtz x Biscotti x Kush Mints"),
    ("Animas Cannabis Wedding Crasher", ["Animas"], "Flower", "Wedding Crasher"),
    # a brand that begins a longer strain's name leaves the strain whole (Weedmaps NM, audit 11)
    ("Ghost Train Haze 2g All-In-One Vape", ["Ghost"], "Vape", "Ghost Train Haze All-In-One"),
    # a state's class of product goes, as a segment or in brackets (Weedmaps NM, audit 11)
    (
        "Herbal Edibles Cafe Noir Brownie 40 mg (Solid Cannabis Infused Edible)",
        ["Herbal Edibles"],
        "Edible",
        "Cafe Noir Brownie",
    ),
    ("Kalvara Cannabis Infused Beverage / 20 mg / Citrus Twist", ["Kalvara"], "Beverage", "Citrus Twist"),
    # a leading code that abbreviates the brand goes; one that abbreviates no brand of the product stays (Weedmaps NM)
    ("MVE - Grape Ape (I) - Vape - 1g", ["Mesilla Valley Extracts"], "Vape", "Grape Ape"),
    ("CE - Cheetah Piss Preroll", ["Desert Peaks"], "Pre-roll", "CE - Cheetah Piss"),
    # the company words after a brand go with it; "Co-Op" is no company's "Co" (Weedmaps NM)
    ("Desert Peaks Farms Gusher X Maitai 3.5g Shake", ["Desert Peaks"], "Flower", "Gusher X Maitai Shake"),
    (
        "Stoned Ape Canna Co - 100mg - Gourmet Banana Pudding - Spaced Bar",
        ["Stoned Ape"],
        "Edible",
        "Gourmet Banana Pudding - Spaced Bar",
    ),
    ("Wyld Co-Op Gummies", ["Wyld"], "Edible", "Co-Op Gummies"),
    # brackets left holding a form word alone go with it (Weedmaps NM); other words in brackets stay
    ("Purple Push Pop (1G Pre-Roll)", [], "Pre-roll", "Purple Push Pop"),
    ("Dark Chocolate Bar (Sugar Free) - 250mg", [], "Edible", "Dark Chocolate Bar (Sugar Free)"),
    # a strain type glued to the end by a hyphen is a segment of its own; "3.5g total" is one amount (Weedmaps NM)
    ("Wedding Cake-Indica", [], "Flower", "Wedding Cake"),
    (
        "Concentrate Ea-HSH-Wax-Sugar-Indica-GG#4-WX80-1g",
        [],
        "Concentrate",
        "Concentrate Ea-HSH-Wax-Sugar-Indica-GG#4-WX80",
    ),
    ("Runtz 0.7g Parr Packs Pre-Roll (5-pack) 3.5g total- Hybrid", ["Hippy Trout"], "Pre-roll", "Runtz Parr Packs"),
    # a piece's dose over the package's is one amount (Weedmaps NM); "50-50" of a chocolate is no dose
    ("Chill Pills Nightly (10/100mg) CBN", ["Herbal Edibles"], "Edible", "Chill Pills Nightly CBN"),
    ("Goldbar-Dark Chocolate/50-50/120mg", [], "Edible", "Goldbar-Dark Chocolate/50-50"),
    ("Mary Jane's Medicinals - 0.3 oz salve", ["Mary Jane"], "Topical", "Mary Jane's Medicinals"),
    (
        "Herbal Edibles & Extracts Cafe Noir Brownies",
        ["Herbal Edibles", "Herbal Edibles & Extracts"],
        "Edible",
        "Cafe Noir Brownies",
    ),
    ("Gelato Bx1 - Flower", ["Gelato Brand"], "Flower", "Gelato Bx1"),
    ("Hell's Fire #2 PreRoll", ["Hell's Fire"], "Pre-roll", "Hell's Fire #2"),
    ("Skunk G", ["Skunk"], "Flower", "Skunk G"),
    ("OG - Derived Cartridge", ["Derived"], "Vape", "OG"),
    # a name with nothing left but its brand and form words falls back without the segment an amount emptied
    ("Tincture | 500mg | Pecos Valley", ["Pecos Valley Productions"], "Tincture", "Tincture | Pecos Valley"),
    ("EoN - CBD - 3000mg - Tincture", ["EoN"], "Tincture", "CBD - Tincture"),
    # POS strain shorthand in capitals goes; French form words go like English ones
    ("OG Kush IND 3.5g", [], "Flower", "OG Kush"),
    ("BLUE DREAM SAT 3.5G", [], "Flower", "Blue Dream"),
    ("Sativa Diva", [], "Flower", "Sativa Diva"),
    ("Fleurs séchées Pink Kush 3.5 g", ["Tweed"], "Flower", "Pink Kush"),
    ("Préroulé Pink Kush 3 x 0.5 g", [], "Pre-roll", "Pink Kush"),
    # the brief's example: a ratio is potency, the cannabinoid list stays
    ("Gron | 10:1 Tart Cherry Pearls (CBN/THC) | Gummies", ["Gron"], "Edible", "Tart Cherry Pearls (CBN/THC)"),
    # brand at the start, after a separator, as a whole segment, "by <Brand>"; case and punctuation ignored
    ("RYTHM Vape Cartridge | Durban Z", ["Rythm"], "Vape", "Durban Z"),
    ("Sunny Sativa | Ogeez (The Creams) | 100mg Gummies", ["O'Geez"], "Edible", "Sunny Sativa | (The Creams)"),
    (
        "Cappucino Nano-Infused Gummies | The Growfather | 100mg Gummies (10 piece)",
        ["The Grow Father"],
        "Edible",
        "Cappucino Nano-Infused Gummies",
    ),
    ("MINT CRUNCH DARK CHOCOLATE 100MG BY GARDEN PARTY", ["Garden Party"], "Edible", "Mint Crunch Dark Chocolate"),
    # an accented brand is found in a name however the name spells it, and the rest of the name keeps its accents
    ("Crème Brûlée Bites | Grön", ["Grön"], "Edible", "Crème Brûlée Bites"),
    ("Kōan Cordial - The Pilot", ["Koan"], "Beverage", "Cordial - The Pilot"),
    ("Blue Dream by Señor Verde 3.5g", ["Senor Verde"], "Flower", "Blue Dream"),
    ("Mango Loco Disposable | 1g | Head Space", ["HeadSpace"], "Vape", "Mango Loco Disposable"),
    # sizes in every spelling
    ("RGB - Black Sero'Q - Preroll - Indica - 10x0.35g", [], "Pre-roll", "RGB - Black Sero'Q"),
    ("Billy the kid | Banana berry kush | 3pk x .5g", [], "Pre-roll", "Billy the kid | Banana berry kush"),
    ("Cherry Runtz (I) | Hamilton Farms Flower | 1/8oz", ["Hamilton Farms"], "Flower", "Cherry Runtz"),
    ("Amnesia Wax HALF Gram", [], "Concentrate", "Amnesia Wax"),
    ("Pain Relief 1:1 CBD:THC Lotion [2oz] 100mg CBD/100mg THC", ["Avexia"], "Topical", "Pain Relief Lotion"),
    ("GG#4 Pre-Rolls 1g (THC: 24.54%)", [], "Pre-roll", "GG#4"),
    ("Trop Cherry (sativia 21.15% indoor)", [], "Flower", "Trop Cherry (sativia indoor)"),
    # promotions and SKU numbers
    ("$30 Elevated Maui Wowie 1 Gram Sativa vape 510 91.8%", ["Elevated"], "Vape", "Maui Wowie Sativa vape 510"),
    ("MTE - Tiki Juice Maui Mango 100mg (Hybrid) #861397", ["MTE"], "Beverage", "Tiki Juice Maui Mango"),
    ("Cannatonic (CBD Hybrid)", [], "Flower", "Cannatonic"),
    ("Encore Sips - Orange Mix 5 Packets of 10mg (50mg)", ["Encore"], "Beverage", "Orange Mix"),
    ("Grower Circle - Paisan Pre-roll", ["The Grower Circle"], "Pre-roll", "Paisan"),
    ("Herbal Edibles & Extracts - Cafe Noir Brownie 40 mg / 4", ["Herbal Edibles"], "Edible", "Cafe Noir Brownie"),
    # a cannabinoid's label before a bare figure is a line's code, not a potency: both stay
    ("Curo GRP T800 Grape Cart 1ml", ["Curo"], "Vape", "GRP T800 Grape"),
    ("THC 10 SOFTGELS", [], "Edible", "THC 10 Softgels"),
    ("Bediol THC:1.3-CBD:2", [], "Flower", "Bediol THC:1.3-CBD:2"),
    ("Big J Critical Kush | Everest (REC)", ["Everest"], "Pre-roll", "Big J Critical Kush"),
    # generic segments and ends go, identity words stay
    ("Ozone | Maui Wowie Vape Cartridge", ["Ozone"], "Vape", "Maui Wowie"),
    ("Savvy | White Runtz Flower (Smalls)", ["Savvy"], "Flower", "White Runtz (Smalls)"),
    ("Durban Z (S) | RYTHM Live Resin Badder", ["Rythm"], "Concentrate", "Durban Z | Live Resin Badder"),
    ("Baja Blast | Jersey Smooth Disposable Vape", ["Jersey Smooth"], "Vape", "Baja Blast | Disposable"),
    (
        "Joint Relief Salted Caramel | Cheeba Chews | 2:1:1 Taffy",
        ["Cheeba Chews®"],
        "Edible",
        "Joint Relief Salted Caramel",
    ),
    ("Flower - Double Down - 3.5 grams", [], "Flower", "Double Down"),
    ("Biscotti Live Flower (1G) - Airo Pod", [], "Vape", "Biscotti Live Flower - Airo Pod"),
    # a word that joined a removed amount goes with it (Weedmaps NM); a name that ends so keeps it
    ("Pineapple Express - Under 25 Percent | Everest", ["Everest"], "Flower", "Pineapple Express"),
    ("CHOCOLATE CHIP COOKIES 100MG X 4PK", [], "Edible", "Chocolate Chip Cookies"),
    ("20 joints for $20", [], "Pre-roll", "20 joints"),
    ("Project X", [], "Flower", "Project X"),
    ("45$ Water Bong", [], "Accessory", "Water Bong"),  # a price after its number
    ("Accessory - Pipe Screens ($.50)", [], "Accessory", "Pipe Screens"),
    ("Airo Pro - .5g $40 each", [], "Vape", "Airo Pro"),  # a price "each" goes whole (Weedmaps NM)
    ("Exit Bag 0.25 cents", [], "Accessory", "Exit Bag"),
    # a bracketed note that is all that is left is the name, unwrapped (a PA store's flower, a US recall notice)
    ("3.5g Flower (Sour Marg)", [], "Flower", "Sour Marg"),
    # a bullet separates as a bar does (a hemp shop's variant titles)
    (
        "Delta-9 THC Drink Additives (4oz) - Blue Razz \u2022 4oz \u2022 420mg",
        [],
        "Beverage",
        "Delta-9 THC Drink Additives - Blue Razz",
    ),
    ("CBD Isolate Capsules - 25mg \u2022 30ct", [], "Edible", "CBD Isolate Capsules"),
    # a cartridge's form word opening the name comes off it as one ending it does (Weedmaps NM)
    ("Animas Cart 1g Rainbow Belts", ["Animas"], "Vape", "Rainbow Belts"),
    ("Elevated 1g Cart GG4", ["Elevated"], "Vape", "GG4"),
    # a brand between a one-word name and its form words (Weedmaps NM); a code before it is no name of its own
    ("$30 Lychee Fiore Cartridge 1 gram sativa", ["Fiore"], "Vape", "Lychee"),
    ("GH CURED BADDER 1GM", ["Cured"], "Concentrate", "GH Cured Badder"),
    # a plural brand written in the singular goes whole; a shorter alias would leave "Chew" (Weedmaps NM)
    ("Cheeba Chew-Strawberry Indica 100mg", ["Cheeba Chews", "Cheeba"], "Edible", "Strawberry"),
    (
        "Jeeter - Cartridge Liquid Diamonds - Strawberry SC (I) (1.0g)",
        ["Jeeter"],
        "Vape",
        "Liquid Diamonds - Strawberry SC",
    ),
    # a dose "each" and a cannabinoid's "Only" go with their amounts (Weedmaps NM)
    ("$30 1000mg CBD Only 60mg each Cotton Candy Belts", [], "Edible", "Cotton Candy Belts"),
    ("Fusion Suckers 4 Suckers 10mg Each", [], "Edible", "Fusion Suckers 4 Suckers"),
    # a name that is all a brand's longer spelling keeps it: no shorter spelling leaves a piece ("Pro")
    ("Airo Pro - .5g", ["Airo Pro", "Airo Brands", "Airo"], "Vape", "Airo Pro"),
    ("Airo Pro - Purple Afghani", ["Airo Pro", "Airo Brands", "Airo"], "Vape", "Purple Afghani"),
    # a capital I typed for a pipe (MA Dutchie POS exports), twice or beside pipes; once alone it is a word
    ("Breathe Free I Guava Biscotti I 3.5g I Flower", ["Breathe Free"], "Flower", "Guava Biscotti"),
    ("Treeworks | Tincture I Daily Drops", ["Treeworks"], "Tincture", "Daily Drops"),
    ("Tahoe OG I I Shatter", [], "Concentrate", "Tahoe OG"),
    ("High, I Love You | Chocolate", [], "Edible", "High, I Love You"),
    # a cannabinoid glued by a slash to the name's last amount goes with it (a Maine producer's item list); a list
    # of contents before a spaced amount stays
    ("Bonbons-Ginger/THC/10mg", [], "Edible", "Bonbons-Ginger"),
    ("3CHI Tincture / CBN:CBD / 1000mg", [], "Tincture", "3CHI Tincture / CBN:CBD"),
    # a size word with a possessive is a strain's name ("10G's", a PA store's feed)
    ("Strane Distillate Cartridge 1g - 10G's", ["Strane"], "Vape", "10G's"),
    # brackets left with a ratio's colons only go (a PA Trulieve menu)
    (
        "&Shine | Troches 2:1:1 (THC 20mg:CBN 10mg:CBG 10mg) Mixed Berry Plus",
        ["&Shine"],
        "Edible",
        "Troches Mixed Berry Plus",
    ),
    # a brand written in the plural goes whole, no alias leaves a piece of it ("Zags", Weedmaps NM)
    ("Zig Zags Rolling Paper - 1 1/4", ["Zig Zag", "Zig"], "Accessory", "Rolling Paper - 1 1/4"),
    # a company's words after the brand go with it (Weedmaps NM)
    (
        "BLOWN Glass Goods BETA Rig w/ Plate Percs - Dark Green",
        ["Blown"],
        "Accessory",
        "BETA Rig w/ Plate Percs - Dark Green",
    ),
    # a shop's bracketed grade is no part of the name (a Toronto shop's catalog)
    ("MASTER KUSH (AAA+)", [], "Flower", "Master Kush"),
    # a segment that repeats an earlier one goes; a limited-time offer's "LTO" too (BC's catalog)
    ("Blue Topaz Kalifornia - Blue Topaz Kalifornia", [], "Flower", "Blue Topaz Kalifornia"),
    ("PERMANENTLY JEALOUS LTO", [], "Flower", "Permanently Jealous"),
    # a brand opening a later segment of form words goes; the colons of a removed segment are one
    ("BLOWN Products: Blown Grinder: BLW-GR4-Black", ["Blown"], "Accessory", "Grinder: BLW-GR4-Black"),
    ("Vaporizers:Puffco:Vap-Peak", ["Puffco"], "Accessory", "Vap-Peak"),
    # accessories keep their sizes, a leading point too (Weedmaps NM)
    ('SCREENS - Stainless Steel - .5"', [], "Accessory", 'SCREENS - Stainless Steel - .5"'),
    ("Raw Organic Rolling Papers 1 1/4", ["Raw"], "Accessory", "Organic Rolling Papers 1 1/4"),
    # SHOUTING is title-cased, acronyms kept
    ("HARD CANDY CUBES", [], "Edible", "Hard Candy Cubes"),
    ("GSC OG X CHEM DOG 3.5G", [], "Flower", "GSC OG x Chem Dog"),
    ("O'GEEZ SUNNY SATIVA", [], "Edible", "O'Geez Sunny Sativa"),
    # never empty: when nothing else remains the generic words, then the original, stay
    ("Hamilton Farms Flower", ["Hamilton Farms"], "Flower", "Flower"),
    ("RYTHM Live Resin Badder", ["Rythm"], "Concentrate", "Live Resin Badder"),
    ("1g", [], "Flower", "1g"),
    ("Gron", ["Gron"], "Edible", "Gron"),
    ("  --  ", [], None, "--"),
]


@pytest.mark.parametrize(("name", "brands", "category", "want"), [pytest.param(*r, id=f"rule-{r[0]}") for r in RULES])
def test_display_name_rules(name, brands, category, want):
    assert display_name(name, brands, category) == want


NAME_KEYS = [
    ("Cookies N' Creme", "cookies and creme"),
    ("Cookies & Creme", "cookies and creme"),
    ("Crème Brûlée 1g Cart", "creme brulee"),
    ("GG #4 (I) 3.5g", "gg 4"),
    ("Dragon's Fist", "dragons fist"),
    ("Maui Wowie Vape Cartridge", "maui wowie"),
    ("MAUI WOWIE", "maui wowie"),
    ("The Chill Indica", "chill indica"),
    ("Bedrock Chocolate Spaced Bar 100mg S.A.G", "bedrock chocolate spaced bar sag"),
    ("Mac n Jack", "mac and jack"),
    ("Mac N Jack", "mac and jack"),
    ("Joint Relief Salted Caramel", "joint relief salted caramel"),
    ("Tart Cherry Pearls (CBN/THC)", "tart cherry pearls cbn"),
    ("1g", "1g"),
]


@pytest.mark.parametrize(("name", "want"), [pytest.param(*r, id=r[0]) for r in NAME_KEYS])
def test_name_key(name, want):
    assert name_key(name) == want


def test_the_same_product_at_two_stores_has_one_key():
    """Dutchie lists "Brownie Scout" as "| Rythm Flower" and "| RYTHM Flower" (shopcuzzies feed)."""
    first = display_name("Brownie Scout | Rythm Flower", ["Rythm"], "Flower")
    second = display_name("Brownie Scout | RYTHM Flower", ["Rythm"], "Flower")
    assert name_key(first) == name_key(second) == "brownie scout"


def test_a_wrong_type_is_a_programmer_error():
    with pytest.raises(TypeError, match="display_name expects the product name as str"):
        display_name(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="name_key expects a str"):
        name_key(42)  # type: ignore[arg-type]


_BRANDS = st.lists(
    st.sampled_from(["Gron", "O'Geez", "(the) Essence", "Little Leaf (Little Leaf Labs LLC.)", "", "x", "Green Hornet"])
)
_CATEGORIES = st.sampled_from([None, "Flower", "Pre-roll", "Vape", "Concentrate", "Edible", "Accessory"])


@settings(max_examples=400, deadline=None)
@given(name=st.text(max_size=120), brands=_BRANDS, category=_CATEGORIES)
@example(name="OG inc -", brands=["Oregon Genetics"], category=None)  # (initials and a company word, nothing else)
def test_display_name_never_raises_and_is_never_empty(name, brands, category):
    result = display_name(name, brands, category)
    assert isinstance(result, str)
    if name.strip():
        assert result.strip()


@settings(max_examples=200, deadline=None)
@given(
    parts=st.lists(
        st.sampled_from(["Gron", "|", "-", "10:1", "Tart Cherry", "(CBN/THC)", "Gummies", "100mg", "3.5g", "(I)",
                         "HARD CANDY", "$15", "Pre-Roll", "(5 Pack)", "by Gron", "Flower", "Live Resin", "x", "*"]),
        min_size=1,
        max_size=10,
    ),
)  # fmt: skip
def test_display_name_on_menu_shaped_names(parts):
    name = " ".join(parts)
    result = display_name(name, ["Gron"], "Edible")
    assert result.strip()
    assert "  " not in result


_NAME_WORDS = st.sampled_from(
    ["Gron", "gron", "GRON", "O Geez", "Ogeez", "o'geez", "Lowell", "Lowell Pre-Rolls", "Little", "Leaf", "Labs",
     "Essence", "(the)", "Crème", "Brûlée", "|", "-", "/", ":", "(", ")", "[", "]", "by", "100mg", "3.5g", "1/8 oz",
     "(I)", "x", "Flower", "Pre-Roll", "Gummies", "Tart Cherry", "Co.", "LLC", "’", "'", ".", "Herb", "Farms",
     "Gr-on", "O-Geez", "Lo.well", "Gron's", "Cookies™", "COOKIES", "Cookie", "Crème", "Cr è me", "HighGrass", "Ésence"]
)  # fmt: skip
_MANY_BRANDS = st.lists(
    st.sampled_from(["Gron", "O'Geez", "(the) Essence", "Little Leaf (Little Leaf Labs LLC.)", "Lowell Herb Co.",
                     "High Grass Farms Premium", "Crème Co", "", "  ", "x", "Cookies", "Herb"]),
    max_size=3,
)  # fmt: skip


@settings(max_examples=600, deadline=None)
@given(
    name=st.one_of(st.lists(_NAME_WORDS, min_size=1, max_size=9).map(" ".join), st.text(max_size=60)),
    brands=_MANY_BRANDS,
    category=_CATEGORIES,
)
@example(name="\u2019 Gron Flower", brands=["Gron"], category=None)  # a brand after punctuation alone
def test_the_brand_shortcut_never_changes_a_name(name, brands, category):
    """display_name answers a name seen before, which its brands then left untouched, from that entry when the
    new brands cannot touch it either: the answer must be the full computation's, brands and all."""
    from fastpath.names import _prepared, _touched_steps

    display_name(name, ["Qqzx Farms"], category)  # leaves the entry of the name without brands, if untouched
    full = _touched_steps(_prepared(name, tuple(brands)), tuple(brands), category)  # (the steps before the memo too)
    assert display_name(name, brands, category) == full[0]


@settings(max_examples=600, deadline=None)
@given(
    words=st.lists(_NAME_WORDS | st.sampled_from(["Each", "x", "for", "Project", "10mg", "7g", "per"]), max_size=7),
    sizes=st.lists(st.sampled_from(["3.5g", "7g", "100mg", "1/8 oz", "(1g)", "2 x 0.5g", "10mg Each"]), max_size=2),
    brands=_MANY_BRANDS,
    category=_CATEGORIES,
)
def test_the_stage_memo_never_changes_a_name(words, sizes, brands, category):
    """Names that differ only in their amounts share their display steps' memo entry (_display_name_touched):
    each must still be its own full computation's, dangling last words and all."""
    from fastpath.names import _display_name_touched, _touched_steps

    brands = tuple(brands)
    for variant in (" ".join(words + sizes), " ".join(sizes + words), " ".join(words)):
        if variant.strip():
            assert _display_name_touched(variant, brands, category) == _touched_steps(variant, brands, category)


_BRAND_TEXT = st.one_of(
    st.text(max_size=40),
    st.lists(
        _NAME_WORDS
        | st.sampled_from(
            # corporate words, and what makes one other than a whole token: apostrophes, underscores, dots
            [
                *("Inc.", "L.L.C.", "Brands", "co", "Coñac", "İNC", "(Kiva)", "Co's", "Co\u2019s", "Kiva_Inc"),
                *("Co.Op", "e.l.f.", "Co-op", "Company", "CORP", "Limited", "brand", "Co2", "3Co", "St.", "Ltd.-"),
            ]
        ),
        max_size=5,
    ).map(" ".join),
)


@settings(max_examples=1000, deadline=None)
@given(brand=_BRAND_TEXT)
def test_the_probe_of_a_plain_brand_is_the_full_computation(brand):
    """_brand_probe's shortcuts (a brand with no corporate word; one whose corporate words are whole tokens) give
    what _brand_skeletons and _label_words give."""
    from fastpath.names import _PROBE_CACHE, _brand_probe, _brand_skeletons, _label_words

    _PROBE_CACHE.pop(brand, None)
    words = _label_words(brand) if brand.strip() else None
    full = (_brand_skeletons(brand), words[0] if words is not None else None) if brand.strip() else ((), None)
    assert _brand_probe(brand) == full


def test_the_probe_of_every_seed_brand_and_its_menu_spellings_is_the_full_computation():
    from fastpath.names import _PROBE_CACHE, _brand_probe, _brand_skeletons, _label_words
    from snapshots.brands import load_brands

    for brand in load_brands():
        for text in (brand.name, *brand.aliases, brand.name.upper(), f"{brand.name} LLC", f"NEW! {brand.name}™"):
            _PROBE_CACHE.pop(text, None)
            words = _label_words(text)
            assert _brand_probe(text) == (_brand_skeletons(text), words[0] if words is not None else None), text


@settings(max_examples=400, deadline=None)
@given(name=st.text(max_size=120))
def test_name_key_is_folded_text(name):
    key = name_key(name)
    assert key == key.strip() and "  " not in key
    assert key == key.lower() and key.isascii()
