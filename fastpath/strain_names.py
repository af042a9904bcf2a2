"""Strain names (Leafly's list, as in snapshots/seed/strains.csv; facts only, see
snapshots/seed/RETAILERS_ATTRIBUTION.md), one per line. Written by snapshots/seed/make_strain_phrases.py.
"""

STRAIN_NAMES: tuple[str, ...] = tuple(
    """
#9 Blackberry
$100 OG
'88 G13 Hashplant
'98 Aloha White Widow
10th Planet
12 Year OG
13 Dawgs
14er
1:1 Buddha's Smile
1:1 Punchinella
2 Fast 2 Vast
24k Gold
2Pak
3 Bears OG
3 In The Pink
3 Kings
303 Kush
3D
3D CBD
3P
3X Crazy
3rd Coast Panama Chunk
4 Kings
4 Prophets
420 Carat
5 Star
501st OG
541 Kush
5k Puff
5th Element
60 Day Lemon
60 Day Wonder
66 Cookies
707 Truthband
8 Ball Kush
805 Glue
818 Headband
818 OG
9 lb Hammer
91 Krypt
92 Cookies
92 OG
95 Silver Haze
99 Problems
9D4
A La Mode
A-10
A-Dub
A-Train
A.S.S.
A1
AAA OG
ACDC
ACDC Cookies
AK 420
AK-020
AK-47
AK-48
AK-49
AK-OG Kush
AP13
Aberdeen
Abomination
Above and Beyond
Absinthe
Abula
Abusive OG
Acadia
Acai Berry Gelato
Acapulco Gold
Ace High
Ace Killer OG
Ace of Spades
Aceh
Acia
Acid
Acid Dough
Actual Pain
Afcrack
Affie Taffie
Afganimal
Afghan Big Bud
Afghan Cow
Afghan Diesel
Afghan Hawaiian
Afghan Haze
Afghan Kush
Afghan Skunk
Afghan Sour Kush
Afghan Widow
Afghani
Afghani CBD
Afghani Krush
Afghani Lemon
Afghanica
Afghanimal
Afgoo
Afgooey
Afkansastan
Afpak
African
African Orange Glue
Afrikaner
Afrodite
After Life OG
Afternoon Delight
Afwreck
Agape
Agent Orange
Agent Tangie
Agharta
Air Hug
Air Jordan OG
Airborne
Al's Dream
Alaska
Alaska Thunder Grape
Alaskan Ice
Alaskan Thunder Fuck
Albert Walker
Alchemy
Alcoholic Alligator
Alf
Alice in Wonderland
Alien Abduction
Alien Apparition
Alien Asshat
Alien Breath
Alien Bubba
Alien Cookies
Alien Cookies OG
Alien Dawg
Alien Dutchess
Alien Grapevine
Alien Hallucination
Alien Inferno
Alien Kush
Alien OG
Alien Orange Gum
Alien Reunion
Alien Rift
Alien Rock Candy
Alien Sour Apple
Alien Stardawg
Alien Technology
Alien Walker
Aliens On Moonshine
Aliens vs Cowboys
Alion
All Gas OG
Allen Iverson OG
Allen Wrench
Alley Cat Kush
Allkush
Aloha
Aloha Grape Stomper
Aloha Limone
Alohaberry
Alpenglow
Alpha Blue
Alpha Centauri
Alpha Cow
Alpha Express
Alpha OG
Alphadawg
Alpine Blue
Alpine OG
Altar Bread
Althea's Iron Thai
Altoyd
Ambrosia
Ambulance
American Beauty
American Dream
American Kush
American Pie
Americano
Amethyst
Amethyst Bud
Amherst Sour Diesel
Amnesi-K Lemon
Amnesia
Amnesia Flash
Amnesia Ganja Haze
Amnesia Haze
Amnesia OG
Amnesia Sour Diesel
Amnesia White
Ancient Kush
Ancient OG
Andomeda
Anesia Scout Cookies
Anesthesia
Angel Cakes
Angel OG
Angelica
Angels OG
Angus
Animal Blues
Animal Candy
Animal Cocktail
Animal Cookies
Animal Face
Animal Gas
Animal Kush Mints
Animal Land
Animal Mints
Animal OG
Animal Sherbert
Anonymous OG
Anubis
Ape Diesel
Ape Shit
Apollo 11
Apollo 13
Apollo 13 Haze
Apollo Haze
Appalachia
Appalachian Power
Apple Blossom
Apple Cake
Apple Custard
Apple Fritter
Apple Jack
Apple Kush
Apple Rock Candy
Apple Sherbet
Apple Sundae
Appleberry
Apples and Bananas
Appletini
Apricot Helix
Apricot Helix Orange Tahoe
Apricot Jelly
Aqua Woman
Arabian Gold
Arctic Sun
ArcticBlue
Area 51
Argvana Heat
Argyle
Arjan's Ultra Haze #1
Armageddon
Armagnac
Ash
Asian Fantasy
Aspen OG
Aspirare
Astral Works
Astroboy
Athabasca
Atmosphere
Atomic
Atomic Apple
Atomic Bomb
Atomic Goat
Atomic Northern Lights
Atomical Haze
Aurora Borealis
Aurora Haze
Aurora Indica
Aurora's Skyline
Avalanche
Avalon
Avi
Avi-Dekel
Axilla
Ayahuasca Purple
Aymi
Azure Cherry
Azure Haze
B-52
B-Witched
B.B. King
B4
BBS
BC Big Bud
BC Roadkill
BC Sweet Tooth
BHŪ
BOG Bubble
BTY OG
Baby Yoda
Baccara
Bacio Gelato
Bad Azz Kush
Badazz Cheese
Bahama Blizzard
Bahama Mama
Bakers Delight
Bakerstreet
Baldor
Balla Berries
Baller Candy
Balmoral
Banana Bread
Banana Butter Cup
Banana Candy
Banana Cough
Banana Cream Cake
Banana Cream OG
Banana D'Lime
Banana Daddy
Banana Diesel
Banana Do-Si-Dos
Banana Fruit Bound
Banana Glue
Banana Hammock R1
Banana Kush
Banana Mango
Banana Milk
Banana OG
Banana Peel
Banana Pudding
Banana Puddintain
Banana Puff
Banana Punch
Banana Sherbet
Banana Sorbet
Banana Split
Banana Sundae
Banana Trail Mix
Bananas
Bananium #2
Bandana
Bandersnatch
Bangarang
Bangi Haze
Bango
Banjo
Barbara Bud
Bardownski
Barryaire
Batgirl
Batman OG
Battery Stick
Bay 11
Bay Dream
Bay Lotus
Bay Pie
Bay Platinum Cookies
Bazooka Joe G
Beach Bum Haze
Beach Wedding
Bear Creek Kush
Bear Dance
Beary Stomper
Beastmode 2.0
Beastmode OG
Beautiful Nightmare
Beckwourth Bud
Bedford Glue
Bedica
Bediol
Bell Ringer
Belladonna
Bergamot
Berkeley
Bermuda Sour
Berner's Cookies
Berries & Crème
Berry Baoxom
Berry Blossom
Berry Bomb
Berry Breath
Berry Gelato
Berry Larry
Berry Meow
Berry Noir
Berry OG
Berry Papaya
Berry Pie
Berry Punch
Berry Snow Cone
Berry Tite
Berry White
Bert's Cookie Dough
Bertberry Cheesecake
Best Friend OG
Bettie Page
Bianca
Bianca Fire
Biddy Early
Big Band
Big Bang
Big Bazooka
Big Black
Big Bomb
Big Bud
Big Buddha Cheese
Big Buddha's King Kong
Big Bull
Big Foot Glue
Big Holy Nina
Big Kush
Big Lemon
Big Lime
Big Mac
Big P
Big Red
Big Skunk Korean
Big Sky OG
Big Smooth
Big Sur Holy Weed
Big Tooth
Big White
Big Wreck
Biker Kush
Biker Le'Blanc
Billy Kimber
Bingo Pajama
Bingo Pajamas
Bio-Diesel
Bio-Jesus
Biochem
Biohazard
Birds Eye
Birds of Paradise
Birthday Cake
Biscotti
Bitch Fuel
Black '84
Black Afghan
Black Banana Cookies
Black Berrium
Black Betty
Black Bubba
Black Cheese
Black Cherry Cheesecake
Black Cherry OG
Black Cherry Pie
Black Cherry Punch
Black Cherry Soda
Black Cream Auto
Black D.O.G.
Black Dahlia
Black Diamond
Black Diesel
Black Dog Skunk
Black Domina
Black Dominia
Black Fire
Black Haze
Black Ice
Black Jack
Black Label
Black Label Kush
Black Leobard
Black Lime
Black Lotus
Black Magic
Black Mamba
Black Out
Black Raspberry
Black Rose
Black Roses
Black Russian
Black Skunk
Black Thunder
Black Triangle
Black Tuna
Black Velvet
Black Widow
Blackberry
Blackberry Bubble
Blackberry Cheesecake
Blackberry Chem OG
Blackberry Cobbler
Blackberry Cream
Blackberry Diesel
Blackberry Dream
Blackberry Fire
Blackberry Hashplant
Blackberry Haze
Blackberry Jones
Blackberry Kush
Blackberry Lime Haze
Blackberry Moonrocks
Blackberry OG CBD
Blackberry Pie
Blackberry Punch
Blackberry Rhino
Blackberry Snow Cone
Blackberry Trainwreck
Blackberry x Blueberry
Blackwater
Blanco Berry Kush
Blaze
Blazentine
Blessings OG
Bleugenius
Blissful Berry
Blissful Wizard
Blizzard Bush
Blob OG
Blockhead
Bloo's Kloos
Blood Diamond
Blood Orange Kush
Blood Orange Sorbet
Bloodhound
Bloodwalker
Blowfish
Blucifer
Blue Afghani
Blue Alien
Blue Apricot
Blue Bastard
Blue Bayou
Blue Bean
Blue Blood
Blue Boy
Blue Buddha
Blue Burst
Blue Champagne
Blue Cheese
Blue Cinex
Blue Cookies
Blue Coral
Blue Crack
Blue Diamond
Blue Diesel
Blue Dot
Blue Dragon
Blue Dragon Desert Frost
Blue Dream
Blue Dream CBD
Blue Dynamite
Blue Fire
Blue Flame
Blue Frost
Blue Galaxy
Blue Gelato
Blue Glue
Blue God
Blue Goo
Blue Hash
Blue Hawaiian
Blue Haze
Blue Headed OG
Blue Heron
Blue Iguana
Blue Ivy
Blue J
Blue Java
Blue Jay Way
Blue Kiss
Blue Knight
Blue Kripple
Blue Kross
Blue Kush
Blue Lights
Blue Magic
Blue Magoo
Blue Monster
Blue Moon Rocks
Blue Moonshine
Blue Mountain Fire
Blue Mystic
Blue Nightmare
Blue Nina
Blue OG
Blue OG Sherbert
Blue Ocean
Blue Ox
Blue Persuasion
Blue Power
Blue Raspberry
Blue Raspberry Snow Cone
Blue Rhino
Blue Russian Ice
Blue Satellite
Blue Sherbert
Blue Skatalite
Blue Sky
Blue Steel
Blue Sunshine
Blue Tahoe
Blue Tara
Blue Thai
Blue Tommyz
Blue Trainwreck
Blue Trane
Blue Treat
Blue Velvet
Blue Venom
Blue Widow
Blue Wolf
Blue Wonder
Blue Wreck
Blue Z Girls
Blue Zkittlez
Blue Zombie
Blue and Cream
Blueberry
Blueberry AK
Blueberry Afgoo
Blueberry Blast
Blueberry Bomb
Blueberry Breath
Blueberry Cheesecake
Blueberry Clementine
Blueberry Cookies
Blueberry Crasher
Blueberry Cruffin
Blueberry Diesel
Blueberry Dream
Blueberry Essence
Blueberry Frost
Blueberry Hash OG
Blueberry Hashplant
Blueberry Haze
Blueberry Headband
Blueberry Jack
Blueberry Kush
Blueberry Lambsbread
Blueberry Muffin
Blueberry Muffin #4
Blueberry OG
Blueberry Pancakes
Blueberry Pie
Blueberry Pineapple
Blueberry Silvertip
Blueberry Skunk
Blueberry Space Cake
Blueberry Sugar Cookies
Blueberry Triple OG
Blueberry Waltz
Blueberry Yum Yum
Blues
Blukashima
Blunicorn
Bluniverse
Blurple
Blush
Bob Saget
Bodega Bubblegum
Bog Blue Kush
Bog Sour Grape
Bogart
Boggle Gum
Bogglegum
Bona Dea
Bonanza
Bond Road Kush
Bonkers
Bonzai
Booger
Boom Boom
Boombaye
Boomtown
Boost
Bootlegger
Bootylicious
Bordello
Borderline Extreme
Boss Hogg
Boss OG
Boy Scout Cookies
Boysenberry
Brain Candy
Brains Damage
Brainstorm Haze
Brainwreck
Brand X
Brandywine
Brazil Amazonia
Breakout
BreathMints
Brian Berry Black Currant
Brian Berry Citrus Blend
Brian Berry Cough
Brian Berry Honey Lemon
Bright Fire
Bright Floral Light
Bright Moments
Bright Puff
Broke Diesel
Broken Coast
Bronze Whaler
Brooklyn Mango
Brownie Pie
Brownie Scout
Bruce Banner
Bruce Banner #3
Brute Fruit
Bubba 76
Bubba Berry
Bubba Cake
Bubba Cheese Auto
Bubba Cookies
Bubba Diagonal
Bubba Doja
Bubba Fett
Bubba Fish
Bubba Fresh
Bubba Hash
Bubba Kush
Bubba Kush 2.0
Bubba OG
Bubba Tom Hayes
Bubba x Skunk
Bubba's Bitch
Bubba's Breath
Bubba's Gift
Bubba's Sister
Bubble Berry
Bubble Bomb
Bubble Cheese
Bubble Gum
Bubble Mint
Bubbleberry
Bubblegum Breath
Bubblegum Diesel
Bubblegum Kush
Bubblegun
Bubbles Gift
Bubblicious
Buckets
Buckeye Purple
Buddha Haze
Buddha OG Kush
Buddha Syrup
Buddha Tahoe
Buddha Vesta
Buddha White Dwarf
Buddha's Dream
Buddha's Hand
Buddha's Sister
Buddha's Tooth
Budzilla
Buffalo Bill
Buford OG
Bugatti
Buku Ghani
Bull Fighter
Bullet Silver
Bullrider
Bumble Kat
Bundy
Burgundy
Burkle
Burmese Kush
Burning Desire
Burnt Cookies
Burnt Toast
Butch
Butter OG
Butter and Jelly
Butters #4
Butterscotch
Buzz Bomb
C13 Haze
C3
C3PO
C4
C99 Blueberry
CBD Blue Shark
CBD Bomb
CBD Charlotte's Angel
CBD Critical Mass
CBD Kush
CBD Mango Haze
CBD OG
CBD OX
CBD Rich Blessing
CBD Shark
CBDiesel
CCPP
CHR Super OG
CSG
Cabbage Patch
Caboose
Cackleberry
Cactus
Cactus Chiller
Cactus Cooler
Cactus Fruit
Cadillac Cookies
Cadillac Purple
Caesar
Caipirinha
Cake 'n Chem
Cake Batter
Cake Breath
Cake Breath Cookies
Cake Crasher
Cake Mix
Cake and Chem
Cake's Revenge
Cakewalk
Cali Dragon
Cali Gold
Cali Jack
Cali Kush
Cali Orange Bud
California Black Roze
California Gold
California Grapefruit
California Hash Plant
California Limes
California Love OG
California Orange
California Orange Cheese
California Sour
California Sour Diesel
Calm 101
Calypso Rose
Calyx OG
Cambodian
Cambodian Haze
Can't Touch This
Cancer's Nightmare
Candy Apple
Candy Apple Kush
Candy Cane
Candy Cream
Candy Drop
Candy Jack
Candy Margy
Candy OG
Candy Rain
Candy Store
Candyland
Canis Majoris
Canna-Tsu
Canna-Wreck
CannaSutra
Cannadential
Cannalope Haze
Cannalope Kush
Cannaloupe Haze
Cannatonic
Cannon Beach Cookies
Capers
Capleton
Capone
Captain America OG
Captain Crunch
Captain Jack
Captain's Cake
Caramel Apple Gelato
Caramel Cake
Caramel Candy Kush
Caramel Kona Coffee Cookies
Caramel Kona Coffee Kush
Caramelicious
Caramelitos
Caramella
Caramelo
Carl Sagan
Carmel Cough
Carnival
Carpet Tape
Cascade Grape
Cascade Orange
Cascade Train
Cascadia Kush
Casey Jones
Cashus Clay
Casino Kush
Casper OG
Castle
Cat Lady
Cat Piss
Cataract Kush
Catfish
Celebration Cake
Cello Sweet OG
Cement Shoes
Central American
Cereal Milk
Cerebro Haze
Chairman Chem Sou
Champa Cheese
Champagne Diesel
Champagne Kush
Champion City Chocolate
Channel
Chaos Kush
Chardonnay
Charlie Sheen
Charlotte's Web
Cheddarhead
Cheddarwurst
Cheddarwurst 2
Cheese
Cheese Candy
Cheese Dawg
Cheese Quake
Cheese and Chong
Cheeseburger
Cheesecake
Cheesewreck
Cheesy Headband
Cheetah Piss
Chef Kush
Chem 4
Chem 91
Chem Berry Diesel
Chem Beyond Diesel CBD
Chem Cookies
Chem Crush
Chem D.O.G.
Chem DD
Chem Jack
Chem Jong Ill
Chem Kesey
Chem Scout
Chem Sis
Chem Sour Diesel
Chem Sour Face
Chem Stardashian
Chem Valley Bubblefunk
Chem Valley Kush
Chem de la Chem
ChemWreck
Chemdawg
Chemdog #4 x Alien OG Kush
Chemical Sunset
Chemmy Jones
Chemnesia
Chemo
Chemryder 91
CherWillie
Chernobyl
Cherries Jubilee
Cherries and Cheese
Cherry AK-47
Cherry Blossom
Cherry Blossom Kush
Cherry Bomb
Cherry Burst
Cherry Cake
Cherry Cheesecake
Cherry Chem
Cherry Cola
Cherry Cookies
Cherry Crasher
Cherry Cream Pie
Cherry Dawg
Cherry Death Star
Cherry Diesel
Cherry Do-Si-Dos
Cherry Durban Poison
Cherry Fire
Cherry Fuel
Cherry Garcia
Cherry Gorilla
Cherry Grapefruit
Cherry Icee
Cherry Jane
Cherry Kineapple
Cherry Kiss
Cherry Kush
Cherry Lime Haze
Cherry Lime Pie
Cherry Limeade
Cherry Mender
Cherry Meow
Cherry Meringue
Cherry Moon Pie
Cherry OG
Cherry Pie
Cherry Pie Kush
Cherry Puff
Cherry Punch
Cherry Sauce
Cherry Sherbet
Cherry Skunk
Cherry Slyder
Cherry Star
Cherry Sunrise
Cherry Thunder Fuck
Cherry Trance
Cherry Vanilla Cookies
Cherry Vortex
Cherry Wine
Cherry Wine Cure
Cherry Wu
Cherry Zkittlez
Cheshire Fox
Cheshire Kush
Chex
Chicago Typewriter
Chicle
Chiesel
Chile Verde
Chili Verde
China Berry
China Yunnan
Chiquita Banana
Chitral Sunset
Chloe
Chocoholic
Chocolate Cheesecake
Chocolate Chem
Chocolate Chunk
Chocolate Cream
Chocolate Diesel
Chocolate Drop
Chocolate Eruption
Chocolate Fondue
Chocolate Frosted Sherbet
Chocolate Glue
Chocolate Hashberry
Chocolate Kush
Chocolate Lava
Chocolate Malawi
Chocolate Meringue
Chocolate Mint OG
Chocolate OG
Chocolate Oranges
Chocolate Rain
Chocolate Skunk
Chocolate Thai
Chocolate Thunder
Chocolate Tonic
Chocolatina
Chocolony
Chocolope
Chocolope Kush
Chong Star
Chosen
Christmas Lights
Chronald
Chronic
Chronic Thunder
Chuck OG
Chucky's Bride
Chunky Diesel
Chupacabra
Church OG
Churchill Cherry
Churro
Cinderella 99
Cinderella's Dream
Cindy Haze
Cindy Le Pew
Cindy White
Cindy's Slurry
Cinex
Circa
Circus Peanuts
Cirrus
Citradelic Cookies
Citradelic Sunset
Citral Flo
Citral Flow Bx1
Citral Glue
Citral Skunk
Citrix
Citron
Citrus Anytime
Citrus Cooler
Citrus Farmer
Citrus Freak Show
Citrus Funk
Citrus Glueroy
Citrus Kush
Citrus Punch
Citrus Queen
Citrus Rush
Citrus Sap
Citrus Spkash
Citrus Splash
Citrus Sunshine Haze
City of God
Classic Twist
Clem Breath
Clementine
Clementine Kush
Clementine's Terpentine
Cliff Racer
Clockwork Orange
Cloud 9
CloudCap
Club 69
Cluster Bomb
Cluster Funk
Cobbler
Cobra Lips
Cocoa Kush
Coconut Oil
Coffee Ice Cream
Cold Creek Kush
Cole Train
Colin OG S1
Collie Man Kush
Collins Ave
Colombian Gold
Colombian Mojito
Colorado Bubba
Colorado Chem
Colorado Clementines
Comatose OG
Comfortably Dumb
Commerce City Kush
Con Leche
Concord Cream
Concord Grape Blockhead
Confetti Cake
Confidential Cheese
Confidential Cookies
Confucius Kush
Congo
Connect 407
Connie Chung
Conspiracy Kush
Cookie Breath
Cookie Chip
Cookie Crash
Cookie Crunch
Cookie Dawg
Cookie Dos
Cookie Dough
Cookie Fam Sherbert
Cookie Glue
Cookie Jar
Cookie Monster
Cookie Pebbles OG
Cookie Pie
Cookie Puss
Cookie Wreck
Cookies Haze
Cookies Kush
Cookies and Cream
Cookies and Cream Cheese
Cookies and Dream
Copacabana
Copper Chem
Copper Kush
Corazon
Corleone Kush
Corleone Kush The Don Cut
Cornbread
Cornerstone
Corprate Kush
Cosmic Charlie
Cosmic Collision
Cosmic Karma
Cosmic Serpent #10
Cotton Candy
Cotton Candy Cane
Cotton Purple Chem
Cougar Milk
Cougar Piss
Cowboy Kush
Coyote Art
Cracker Jack
Crater Lake
Crazy Glue
Crazy Miss Hyde
Cream Cake #43
Cream Caramel
Creme Brulee
Crenshaw Melon
Crescendo
Crescendo #11
Crescendo RBx1
Crimea Blue
Cripple Creek
Crippy Killer
Critical
Critical 47
Critical Bilbo
Critical Cheese
Critical Cure
Critical Haze
Critical Hog
Critical Jack
Critical Kali Mist
Critical Kush
Critical Mass
Critical Mass CBD
Critical Orange Punch
Critical Plus
Critical Plus 2.0
Critical Purple Kush
Critical Sensi Star
Critical Skunk
Critical Soma
Critical Widow
Critique
Critters Cookies
Crockett's Confidential
Crockett's Dog
Crockett's Haze
Crockett's Sour Tangie
Cronuts
Crosswalker
Crouching Tiger Hidden Alien
Crown OG
Crown Royale
Crumbled Lime
Crunch Berries
Crunch Berry Kush
Crypt
Crystal Coma
Crystal Gayle
Crystalberry
Cuvee
Cuvee Cookies
Cyber Cake
Cypress OG
D Cure
D-Z-D
D95
DG Cookies
DJ Andy Williams
DJ Short Blueberry
DJ Smoke
DJ's Gold
DMV
Dagwood
Dairy Queen
Dakini Kush
Damn Sour
Damnesia
Dance World
Dancehall
Daniel Larusso
Dank Commander
Dank Dough
Dank Schrader
Dank Sinatra
Danky Doodle
Daphne
Dark Blue Dream
Dark Matter
Dark Shadow Haze
Dark Side of the Moon
Dark Star
Darkside OG
Darth Vader OG
David Lemon
Dawg's Waltz
Dawgfather OG
Day Tripper
Daybreaker
Daywalker
DeDutch
Dead Bread
Deadhead OG
Deadlights
Deadwood
Death Bubba
Death By Cake OG
Death Star
Death Star OG
Decent
Dedoverde Haze
Deep Breath
Deep Cheese
Deep Chunk
Deep Line Academy
Deep Purple
Deep Purple Punch
Deep Sleep
Deep Space
DelaHaze
Delicious Candy
Dementia
Denver Maple
Derailed
Desconocida Kush
Desert Diesel
Desert Lemons
Desert Lime
Desert Ruby
Desert Sorbet
Desert Star
Designer OG
Destroyer
Devil
Devil Cookies
Devil Fruit
Devil's Tit
Diabla
Diablo
Diablo Wind
Diamond Dust
Diamond OG
Diamond Socks
Diamond Valley Kush
Dick Cheese
Diesel Dough
Diesel Drift
Diesel Duff
Diesel Glue
Diesel Malawi
Dieseltonic
Digweed
Dinachem
Dinamex
Dino Meat
Dirt Nap
Dirty Girl
Dirty Old Bastard
Dirty Widow
Disco Glitter
Disney Blue
Divina Obscura
Divorce Cake
Dizzy OG
Django
Do-Over OG
Do-Si-Dos
Do-Si-Pie
Doc Brownie
Doc Holliday
Doc's OG
Doctor Doctor
Doctor Jamaica
Dog Face
Dog Park
Dog Patch
Dog Shit
Dogwalker OG
Dolato
Dolce Gelato
Dolla Sign OG Kush
Domino
Don Carlos
Don Shula
Don's Ghost
Donegal
Donkey Butter
Donna OG
Doobie Howser
Doobiebird Daydream
Doox
Dopium
Dorit
Dosi Face
Dosi Killer
Dosi OG
Dosi Punch
Dosi White
Dosi-Cake
Dosi-Woah! R1
Double Barrel OG
Double Diesel
Double Dream
Double Durban
Double Dutch
Double Gorilla OG
Double Gum
Double Lemon Pie
Double Mint
Double OG
Double Purple Doja
Double Stuffed Sorbet
Double Tangie Banana
Double Tap
Doug's Varin
Dough Boi
Dough Lato
Downing Dog
Dozer
Dozizoz
Dr. Bubbles
Dr. Clemenstein
Dr. Feelgood
Dr. Funk
Dr. Gonzo
Dr. Greenthumb's Em-Dog
Dr. Grinspoon
Dr. Quantum
Dr. Who
Dragon Dreams
Dragon Fruit
Dragon Lady
Dragon OG
Dragon Punch
Dragon Snack
Dragon Snacks
Dragon Tails
Dragon's Breath
Dread Bread
Dreadlock
Dream 'n Sour
Dream Beaver
Dream Berry
Dream Dog
Dream Girl
Dream Lotus
Dream Machine
Dream Police
Dream Queen
Dream Snatcher
Dream Star
Dream Wedding
Dreamcatcher
Dreamer's Glass
Dreamtime
Drizella
Dubble Tropicana
Duct Tape
Duke Nukem
Durban
Durban Berry
Durban Cheese
Durban Cookies
Durban Dawg
Durban Headband
Durban Kush
Durban Poison
Durban Princess
Durban Queen
Durban Skunk
Durbert
Durga Mata
Durga Mata II
Dutch 47
Dutch Apple
Dutch Bubblegum
Dutch Crunch
Dutch Dragon
Dutch Dynasty
Dutch Hawaiian
Dutch Haze
Dutch Kush
Dutch Queen
Dutch Thunder Fuck
Dutch Treat
Dutch Treat Haze
Dutchberry
Dynamite
ECSD
Eagle Bill
Eagle Cookies
Early Girl
Early Glue RBx1
Early Lemon Berry
Early Miss
Early Pearl
Early Queen
Early Skunk
Earth OG
Earthquake
Earthshaker OG
East Cake
East Coast Alien
East Coast Dawg
East Coast Sour Diesel
Eastern European
Easy Bud
Easy Peezy
Ebola #7
Echo Head
Ecto Cooler
Ectoplasm
Ed Rosenthal Super Bud
Eddy Lepp
Edelweiss
Egoloss
Egyptian Musk
Egyptian Royalty #1
Einstein's Pipe
El Capitan
El Chapo
El Chapo OG
El Fuego
El Jefe
El Niño
El Perro
El-Na
Elderberry
Electric Black Mamba
Electric Kool Aid
Electric Lemon G
Electric Lemonade
Electric Velvet
Elektra
Elephant
Elephant Ears
Elephant Poop
Elevated OG
Eleven Roses
Elmer's Glue
Elon Musky
Elote Man
Elphinstone
Elvis
Emerald City Kush
Emerald Jack
Emerald OG
Emperor Cookie Dough
Endless Sky
Enemy of the State
Enigma
Epoxy OG
Eran Almog
ErdPurt
Erez
Espresso
Essential Release
Ether
Ethiopian
Ethos Apex
Ethos Cookies
Ethos Hash Plant Bx1
Eugene Cream
Euphoria
Euphoria Cookies
Evergreen Berry
Everlast
Exodus Cheese
Exodus Kush
Extreme Cream
Extreme Impact Auto
Extreme OG
F 13
F 13 Throwback
F'n louZER
F-Cut OG
FPOG
Face Mints
Face Off Bx2
Face Off OG
Face Off OG Bx1
Face on Fire
Faded Glory
Falcon 9
Fall '97
Fall Frost
Fallen Angel
False Teeth
Fast Caramelic
Fast Eddy
Fast and Vast
Fat Axl
Fat Banana
Fat Nelson
Fat Purple
Fatso
Fatso #2
Fauxsido
Faygo Red Pop
Fighting Buddha
Finesse CBD
Fire Alien Kush
Fire Alien Master
Fire Alien Romulan
Fire Alien Strawberry
Fire Alien Urkle
Fire Dawg
Fire Fly
Fire Haze
Fire OG
Firehouse
Firestarter
Firewalker OG
First 48
First Light
Fish Whistle
Flaming Cookies
Flatbrainer
Flavor Crystals
Flavor Pack #5
Flavour Pack
Flight 813
Flo
Flo Limone
Flo Mints
Flo OG
Flo Walker
Flo White
Flodawg
Flodu
Florida Gold
Florida Lemons
Florida OG
Florida Orange
Flowerbomb Kush
Flowers For Algernon
Fluffer Nutter
Fluffhead
Flying Bobo
Focaccia
Forbidden Fruit
Forbidden Gusherz
Forbidden Jelly
Forbidden Lemon Glue
Forbidden Zkittlez
Force OG
Forest Queen
Formula One
Formula Won
Fortes Frost
Fortune Cookies
Forum Cut Cookies
Foul Mouth
Four Cups
Four Star General
Four Way
Frank's Gift
Frankenberry
Frankenstein
Freakshow
Fred Flipn' Stoned
Freeze Cheese '89
Freezeland
French Bread
French Cookies
French King
French Toast
Fresh Squeeze
Frida
Frisian Dew
Frisian Duck
Frost Flakes
Frostbite
Frosted Cherry Cookies
Frosted Freak
Frosted Garlic Margy
Frosted Lemons
Frosted Zinn
Frosties
Frosty
Frosty Dawg
Frosty Jesus
Frozen Grapes
Frozen Inferno Crumble
Frozen Tangerines
Fruit Crusher
Fruit Loop OG
Fruit Loops
Fruit Melody
Fruit Pie
Fruit Punch
Fruit Rollupz
Fruit Salad
Fruit Spirit
Fruit of the Gods
Fruitcake
Fruity Chronic Juice
Fruity Juice
Fruity Thai
Fruity Widow
Fruitylicious
Frumpz
Fucking Incredible
Fuego Banana
Fuego Verde
Fuji OG
Full Metal Jacket
Full Moon
Full Moon Fever
Fully Loaded
Funfetti
Funk 'n Blueberry
Funky Cold Medina
Funky Monkey
Funnel Cake
Future
Future #1
Fuzzy Navel
G Purps
G Wagon
G-Cut
G-Force
G.1000
G.O.A.T.
G13
G13 Diesel
G13 Haze
G13 Skunk
G13 Widow
GDP Electric
GG1
GG4
GG5
GI001
GMO Cookies
GMO Kush
GMO Zkittlez
GNO
GRiZ Kush
GSC
GTO
Gabriel Sherbet
Galactic Animal
Galactic Gas
Galactic Jack
Galactic Wax
Galactica OG
Game Changer
Gamma Jack
Gammaberry
Gandalf OG
Ganesh Berry
Garanimals
Garlic
Garlic Breath
Garlic Glue
Garlic Mints
Garlic Punch
Garlic Sherbet
Garlicane
Gary Payton
Gas 'n Fruit
Gas Dreams
Gas Mask
Gascotti
Gasoline Alley
Gasoline Dreams
Gasoline Zest
Gaswerx
Gatekeeper OG
Gaviota OG
Gazzungas
Geezy
Geist OG
Gelateria
Gelato
Gelato #33
Gelato #41
Gelato 45
Gelato Cake
Gelato Dream
Gelato Kush
Gelato Mimosa
Gelato Mints
Gelato Noir
Gelato Pebbles
Gelato Sorbet
Gelatoband
Gelatti
Gello
Gello Gelato
Gelonade
Gemstone
Georgia Peach
Georgia Pie
Georgia Pine
Gerol
Ghetto Bird
Ghost Bubba
Ghost Cookies
Ghost OG
Ghost OG Moonshine
Ghost Pebbles 95
Ghost Rider OG
Ghost Ship
Ghost Tange Haze
Ghost Train Haze
Ghost of Lee Roy
Ghostbreath
Ghosts of Mujahdeen
Gibsonburg Glue
Giesel
Gigabud
Gilz Nilz
Ginger Ale
Ginger Punch
Ginger Snap
Glacier Glue
Glad Max
Glass Apple
Glass Slipper
Glazed Cherries
Glazed N Confused
Glitter Apples
Glory Days
Glue Tech
GlueChee
Glueball
Glueberry
Gnome Walker
Go Time
Goat Fuel
Goat Head
Gobbilygoo
Gobbstopper
God Bud
God's Bubba
God's Gift
God's Green Crack
God's Grove
God's Paintbrush
God's Treat
Godberry
Godfather OG
Godfather Purple Kush
Godzilla
Godzilla Blood
Godzilla Glue
Gog & Magog
Goji OG
Gold King's Thai
Gold Leaf
Gold Skunk Haze
Gold Star
Goldberry
Golden Bearies
Golden Calyx
Golden Cobra
Golden Gage
Golden Goat
Golden Haze
Golden Healing
Golden Lemon
Golden Nugget
Golden Panda
Golden Pineapple
Golden Soda
Golden State Banana
Golden Strawberry
Golden Tangie
Golden Ticket
Golden Tiger
Golden Triangle
Goliath
Goo
Gooberry
Good Day
Good Medicine
Gooey Mendo Haze
Gorilla Balls
Gorilla Berries
Gorilla Biscuit
Gorilla Blue
Gorilla Bomb
Gorilla Breath
Gorilla Cake
Gorilla Cookies
Gorilla Fighter
Gorilla Girl
Gorilla Glue Gelato
Gorilla Grapes
Gorilla Grips
Gorilla Kush
Gorilla OG
Gorilla Punch
Gorilla Sap
Gorilla Snacks
Gorilla Zkittlez
Gorilla'd Cheese
Government Mule
Gran Champagne
Grand Blue
Grand Doggy Purps
Grand Hindu
Grand Hustle
Grandaddy Glue
Granddaddy Purple
Granddaddy Wonder
Grandma Anderson's Cookies
Grandma's Batch
Grandma's Sugar Cookies
Grandpa Larry OG
Grandpa's Breath
Grandpa's Stash
Granny Mac
Granny Skunk
Granola Funk
Grape Ape
Grape Bubba
Grape Cake
Grape Calyx
Grape Candy
Grape Cookies
Grape Dawg
Grape Diamonds
Grape Drink
Grape Durbs
Grape Gas #7
Grape Gasoline
Grape God
Grape God Bud
Grape Gorilla Glue
Grape Hi-Chew
Grape Inferno
Grape Jelly
Grape Krush
Grape Krush Throwback
Grape Kush
Grape Lime Ricky
Grape Limeade
Grape OG
Grape OX
Grape Octane
Grape Pie
Grape Puff
Grape Punch
Grape Raspberry
Grape Skunk
Grape Smuggler
Grape Soda
Grape Stomper OG
Grape Tahoe
Grape Tahoe OG
Grape Train
Grape Triangle
Grape Tropaya
Grape Valley Kush
Grape Vine
Grapefruit
Grapefruit Diesel
Grapefruit Durban
Grapefruit Haze
Grapefruit Kush
Grapefruit Sour Dream
Grapehead
Grapeology
Grapes 'n Cream
Grateful Breath
Gravenstein Tangerine
Gravity
Grease Monkey
Great White Shark
Greek Kalamata Red
Green Avenger
Green Bee Topicals
Green Candy
Green Cheese
Green Crack
Green Crack CBD
Green Crack Extreme
Green Door Kush
Green Dragon
Green Dream
Green Drop
Green Goblin
Green Goddess
Green Haze
Green Hornet
Green Kush
Green Lantern
Green Line OG
Green Love Potion
Green Magic
Green Mango
Green Marvel
Green Monster
Green Ninja
Green Poison
Green Python
Green Queen
Green Ribbon
Green Wildfire
Gremlin
Grenadine
Grey Area
Grilled Cheese
Grimace
Grimace OG
Grimm Dogg
Grimmdica
Grizzly Glue
Grouch
Guard Dawg
Guava
Guava Biscotti
Guava Cake
Guava Chem
Guava Dawg
Guava Gelato
Guava Jelly
Guava Kush
Guava Lava
Gucci OG
Guerilla Fume
Guerilla Kush
Guicy Banger
Guido Kush
Gumbo
Gumdrop Haze
Gummiez
Gummo
Gummy Bears
Gummy Bunz
Gunslinger
Gupta Haze
Gupta Kush
Guptilla
Gush Mints
Gusher Pie
Gushers
Gutbuster
Gypsy Kush
Güatú Skunk
HB
Hades Haze
Hades OG
Haleigh's Hope
Hamma Hamma
Hammer Time
Hammerhead
Han Solo Burger
Hannibal Nectar
Haole
Haoma
Haoma Mist
Happy Haze
Happy Hiker
Happy Rancher
Harambe
Hardcore OG
Harle-Tsu
Harlem
Harlequin
Harlequin GDP
Harlequin Joe
Harley Storm
Harley Twin
Harmonia
Harmony
Harry Potter
Hash Plant
Hashbar OG
Hashberry
Hashplant Haze
Havarra Wedding
Hawai'i '78
Hawaiian
Hawaiian Cookies
Hawaiian Delight
Hawaiian Diesel
Hawaiian Dream
Hawaiian Duckfoot
Hawaiian Fire
Hawaiian Haze
Hawaiian Mandarin
Hawaiian Mayan Gold
Hawaiian Punch
Hawaiian Purple Kush
Hawaiian Sativa
Hawaiian Skunk
Hawaiian Snow
Hawaiian Sunrise
Hawaiian Thunder Fuck
Hawaiian Trinity
Hayley's Haze
Haze
Haze Berry
Haze Heaven
Haze Mist
Haze Queen
Haze Wreck
Hazelnut Cream
Hazmat OG
Head Cheese
Head Doctor
Head Master Kush
Head Trip
Headband
Headband Cookies Bx1
Headbanger
Headbanger #7
Headmaster Kush
Headspace
Headstash #3
Heatwave
Heaven Scent
Heavenly OG
Heavy Bud
Heavy Duty Fruity
Hectane
Heisenberg Kush
Heisenburg Kush
Helen Back
Helen Beck
Hell Monkey
Hell Raiser OG
Hell's Bells
Hell's OG
Hellfire OG
Hemlock
Hempstar
Hennessy OG
Herb
Hercules
Herijuana
Hi-Octane
Hibiscus Sunrise
High Desert Sour Sage
High Five
High Noon Irish Cream
High School Sweetheart
High Voltage
Higher Power
Highlight5
Highwayman
Himalayan Blackberry
Himalayan Gold
Hindu Cream
Hindu Kush
Hindu Skunk
Hindu Sour
Hippie Chicken
Hippie Crippler
Hoarfrost
Hobbit
Hog's Breath
Holland's Hope
Hollyweed
Hollywood OG
Hollywood Pure Kush
Holy Ghost
Holy Gorilla
Holy Grail
Holy Grail Kush
Holy Moly
Holy Punch
Holy Roller
Honduras
Honey Bananas
Honey Boo Boo
Honey Bun
Honey Bunny
Honey Lemon Cheese
Honey Rock
Hong Kong
Hoodwreck
Horace
Horchata
Houndstooth
Hubba Bubba Kush
Huckleberries
Huckleberry
Huckleberry Burst
Huckleberry Cough
Huckleberry DesStar
Huckleberry Diesel
Huckleberry Hound
Huckleberry Soda
Huckleberry Web
Hugo Hindu
Hulkamania
Humble Pie
Humboldt
Humboldt Dream
Humboldt Hawaiian
Humboldt Headband
Humboldt Sour Diesel
Humdinger OG
Humpty XIII
Hurkle
Hurricane
Hustler Kush
I-95
ICED Grapefruit
IFC OG
IG Kush
Ice
Ice Cream
Ice Cream Cake
Ice Cream Cookies
Ice Cream Man
Ice Kush
Ice Man
Ice Princess
Ice Queen
Ice Wreck
Iceberg
Iced Widow
Ill OG
Illuminati OG
In Da Couch
In The Pines
Incredible Bulk
Incredible Hulk
Indiana Bubble Gum
Industrial Plant
Inferno Haze
Ingrid
Inspector Lestrade
Intergalactic
Inzane In The Membrane
Irene OG
Irie OG
Irish Cream
Iron Lotus
Iron Triangle
Island Chill
Island Girl
Island Haze
Island Lime Haze
Island Maui Haze
Island Poison
Island Sweet Skunk
It's It
Italian Ice
Its It
Ivan
Izozki
J's Famous Kush
J-27
J1
JT15
Jabba's Stash
Jabberwocky
Jack 'n Cheese
Jack 47
Jack Burton
Jack Diesel
Jack Flash
Jack Frost
Jack Haze
Jack Herer
Jack Jones
Jack Kush
Jack Plant
Jack Skellington
Jack Smack
Jack Straw
Jack Widow
Jack Wreck
Jack of Spades
Jack the Ripper
Jack's Cleaner
Jack's Dragon Girl #7
Jack's Dream
Jack's Girl
Jack's Grape
Jackalope
Jacked-Up
Jackpot
Jacky Girl
Jacky White
Jager
Jah Goo
Jah Kush
Jahwaiian
Jam Session
Jamaican
Jamaican Dream
Jamaican Funk
Jamaican Gelato
Jamaican Lion
Jamaican Pearl
Jamba Juice
Jane Doe
Jasmine
Jawa Pie
Jazz
Jean Guy
Jean Luc Picard
Jedi Kush
Jellie Cake
Jelly Breath
Jelly Roll
Jelly Sherbet
Jenni
Jenny Kush
Jericho Haze
Jerusalem Express
Jesse's Girl
Jesus
Jesus OG
Jet Fuel
Jet Fuel Gelato
Jet-A
Jigga Cookies
Jilly OG
Jillybean
Jim OG
Jimi Hendrix
Jock Horror
Joe's Dank
Joe's Lemonade
Johnny's Tonic
Jolly Green Giant
Jolt
Jorge's Diamond
Jose Whales
Joseph OG
Josh D OG
Juggernaut
Juice Box
Juice Boxxx
Juicy Fruit
Juicy Jack
Juicy Lucy
Juliet
Julius Caesar
Jungle Cake
Jungle Diesel
Jungle Dream
Jungle Juice
Jungle Lemons
Jungle Mints
Jungle Punch #8
Jungle Scout Cookies
Jungle Spice
Jupiter OG
Jurassic Purp
K-Train
K1
K2
KC 33
KC 36
KK29
KO Kush
KT Dawg
Kaboom
Kahavvai Mode
Kahuna
Kaia Kush
Kailua Pua
Kalalau Kush
Kalashnikova
Kaleidos Dope
Kaleidoscope
Kali 47
Kali China
Kali Dog
Kali Haze
Kali Kandy
Kali Mist
Kandahar
Kandahar Afghan
Kandy Crack
Kandy Kush
Kapricorn OG
Karibbean Mango
Karma Bitch
Karma OG
Karmarado OG
Kashmir Kush
Kashmir Sunshine
Katana Kush
Katsu
Katsu Bubba Kush
Kaua'i Electric
Kelly Hill Gold
Ken's Kush
Kentucky Bluegrass
Kerala
Kerala Krush
Kerosene
Ketama
Key Lime Kush
Key Lime Pie
Key Lime Remedy
Key Lime Thai
Keystone Kush
Khalifa Kush
Khola
Khufu
Khyber Kush
KickFlip #6
Kickflip #7
Kid N' Kookies
Kilimanjaro
Kill Bill
Killer Cupcakes
Killer Grape
Killer Queen
Killing Fields
Kimbo Kush
King Crasher
King Kong
King Louis
King Mamba
King Musa
King Thunder Fuck
King Tut
King's Blend
King's Bread
King's Kush
Kings Banner
Kirkwood OG
Kiss
Kitchen Sink
Kiwiskunk
Klingon
KoKo Puffs
Kobain Kush
Koloa Sunrise
Kona Gold
Kong
Kool-Aid Smile
Koolato
Kosher Berry
Kosher Choco Kush
Kosher Dawg
Kosher Kush
Kosher Sorbet
Kosher Tangie
Krakatoa
Kraken
Kreamy Karamel
Kris Kringle
Krishna Kush
Kritikal-K
Krypt Melon
Krypto Chronic
Kryptonite
Ksmorz
Kuato
Kubbie Kush
Kuchi
Kurple Fantasy
Kush Ben Yamini
Kush Cake
Kush Cleaner
Kush Hemp
Kush Mint Cookies
Kush Mints
Kush Rise
Kush Train
Kush-N-Cheese
Kushadelic
Kushage
Kushberry
Kwazulu Blue
L'Eagle Eagle
L'Oca Lemon
L'Orange
L.A. Cheese
L.A. Sorbet
L.A. Sunshine
L.A.K. Federal Reserve
LA Affie
LA Cake
LA Chocolat
LA Confidential
LA Jack
LA Kookies
LA Kush
LA Kush Cake
LA OG
LA Pop Rockz #4
LA Soda
LA Ultra
LA Wedding Pop
LA Woman
LAPD
LGBT
LSD
LVPK
La Blanca
La Blanca Gold
La Niña
La Reina de Africa
Lady Liberty
Lake of Fire
Lamb's Bread
Lamberry Myst
Lambo OG
Lamborghini
Lambs in Space
Lando's Stash
Larry Bird
Larry Bubba
Larry Cake
Larry Face
Larry OG
Larry's Grapes
Las Vegas Purple Kush BX
Las Vegas Triangle Kush
Lashkar Gah
Laughing Buddha
Laughing Gas
Lava Cake
Lava Glaciers
Lavender
Lavender Haze
Lavender Jones
Lavender Trinity
Layer Cake
Lazy Lightning
Lazy Susan CBD
Lazy Train
Le Silver Royale
Leda Uno
Lee Roy
Legalized OG
Legend OG
Legend of Brulee
Legend of Nigeria
Legendary Lemon
Legends Gold
Leia Kush
Lem Chem
Lemon Alien Dawg
Lemon Apricot
Lemon Banana Sherbet
Lemon Bananas
Lemon Bean
Lemon Berry Candy OG
Lemon Brulee
Lemon Brulee #419
Lemon Bubble
Lemon Butter
Lemon Cake
Lemon Cane
Lemon Cheesecake
Lemon Cherry Gelato
Lemon Cookies
Lemon Crema
Lemon Crumb
Lemon Créme
Lemon Daddy
Lemon Diesel
Lemon Dosidos
Lemon Dream Cake
Lemon Drop
Lemon Drop Haze
Lemon Fire
Lemon Fruit Bound
Lemon G
Lemon G13
Lemon Garlic OG
Lemon Gelato
Lemon Gorilla Princess
Lemon Grenade
Lemon Hash
Lemon Hash Diesel
Lemon Hash Glue
Lemon Haze
Lemon Ice
Lemon Ice Pucker
Lemon Icing
Lemon Jack
Lemon Jeffery
Lemon Kush
Lemon Kush Headband
Lemon Larry Lavender
Lemon Lava
Lemon Lights
Lemon Lime Punch
Lemon Marmalade
Lemon Meringue
Lemon OG
Lemon OG Haze
Lemon OZ
Lemon Oasis
Lemon Pebblez
Lemon Pie
Lemon Prevention
Lemon Pudding
Lemon Puff
Lemon Punch
Lemon Purple Kush
Lemon Royale
Lemon Sativa
Lemon Shortbread
Lemon Skunk
Lemon Slush
Lemon Sorbet #1
Lemon Sorbet #3
Lemon Sphinx
Lemon Spirit
Lemon Stash CBD
Lemon Stilton
Lemon Stomper
Lemon Sweet Skunk
Lemon Tangie
Lemon Tart
Lemon Thai
Lemon Thai Kush
Lemon Trainwreck
Lemon Tree
Lemon Trill
Lemon Truffles
Lemon Walker OG
Lemon Zest
Lemonatti
Lemonberry
Lemonder
Lemongrass
Lemonhead OG
Lemonnade
Lennon
Leonidas
Let's Go
Lethal Purple
Liberty Haze
Libido
Lifesaver
Lifestar
Lifter
Light Saber
Light of Jah
Lights Out
Lil Sebastian
Lilac Cookies
Lilac Diesel
Lilac OG
Lime Berry
Lime Green Skunk
Lime Haze
Lime OG
Lime Purple Mist
Lime Skunk
Lime Sorbet
Lime Tart
Limon
Limonata
Limoncello
Lion OG
Lion's Mane
Lion's Milk
Lions Gate
Liquid Butter
Little Devil
Little Dragon
Llama Kush
Llanera
Locktite
Locomotion
Lodi Dodi
Logic Diesel
Lohan
London Cake
London Mints
Londonchello
Longbottom Leaf
Loompa Goo
Loopy Fruit
Lost Cause
Lost Coast
Lost Coast Ghost
Lost Coast Hash Plant
Lost Creek
Lost My Keys
Lost Sierra Night Nurse
Lost Tribe
Lost Urkle
Lotus Larry
Loud Dream
Loud Lemonade
Loud Scout
Louie XIII OG
Love Boat
Love Is Love
Love Potion #1
Love Potion #9
Love Triangle
Love Triangle #25
Lovelace
Lowryder
Loyalty
Luca Brasi
Luca Brasi x Sour Diesel
Lucid Blue
Lucid Bolt
Lucid Dream
Lucid Lemon
Lucifer OG
Lucinda Williams
Luckleberries #59
Lucky
Lucky Charms
Lucy
Lumpy Space Princess
Lunar Widow
Luthers OG
Luxuriotti
Lychee
M-39
M-Con Glue
M1-56
M4
MAC
MAC #10
MAC and Jack
MC1
MILF
MK Ultra
MTF
Mac 1
Mac Caps Cut
Mac Driver
Macho
Mad Dawg
Mad Scientist
Madagascar
Madcow
Madhatter
Madman OG
Madzilla
Mag 91
Mag Landrace
Magellan
Magic Beans OG
Magic Bud
Magic Jordan
Magic Lemons
Magic Melon
Magik
Magnificent Mile
Magnum
Magnum Opus
Magnum PI
Mai Tai Cookies
Majestic 12
Mako Haze
Malakoff
Malawi
Malawi Gold
Mambo MG
Mammoth
Mandala #1
Mandarin Cookies
Mandarin Dreams
Mandarin Jack
Mandarin Kush
Mandarin OG
Mandarin Sunset
Mandarin TK
Mandarin Temple
Mandarin Zkittlez
Mandarine 47
Mango
Mango Dream
Mango Ginger
Mango Glue
Mango Habanero
Mango Haze
Mango Kush
Mango Limeade
Mango Puff
Mango Sapphire
Mango Sherbert
Mango Tango
Mangolicious
Manitoba Poison
Maple Leaf Indica
Maramota #10
Maraschino
Marathon OG
Marcosus Marshmellow
Margaret Cho-G
Margy Mints
Marionberry Kush
Marionberry Pie
Marley's Collie
Marmalade
Mars OG
Marshmallow OG
Martian Candy
Martian Mean Green
Martian Muffins
Martian OG
Master Bubba
Master Cindy
Master Jedi
Master Kush
Master OG
Master Skunk
Master Yoda
Mastodon Kush
Mataro Blue
Matsu
Mau-Mau
Maui
Maui Berry
Maui Bubble Gift
Maui Citrus Punch
Maui Haole
Maui Mango Diesel
Maui Pineapple Chunk
Maui Wowie
Mauna Kea White Fire OG
Mazar I Sharif
Mazar Kush
Mazar x Blueberry
Mazar x Blueberry OG
Mazari
Me Time
Mean Misty
Meat Breath
Medellin
MediHaze
Medibud
Medical 49
Medicine Man
Medicine Woman
Medikit
Medusa
Mega Jackpot
Megalodon
Mekamika Haze
Mellow Melons
Melon Cookies
Melon Gum
Melonade
Melonata
Melonberry
Meltdown
Member Berry
Member OG
Memberberry OG
Memory Crasher
Memory Loss
Mendo Afgoo
Mendo Breath
Mendo Bubba
Mendo Hulk
Mendo Montage
Mendo Purple
Mendo Queen
Mendo Supremo
Mendocino Madness
Mendocino Purps
Mendocino Skunk
Mental Floss
Menthol MAC
Meraki Orange
Mercury OG
Merlot OG
Mexican
Mexican Kush
Mexican Sativa
Mi-Lano
Mia Wallace
Michael Phelps OG
Michka
Mickey Kush
Middlefork
Middlefork x Pineapple Express
Midnight
Midnight Express
Midnight Mass
Mighty Glue
Mighty Quin
Mike Larry
Milk Bone
Milk Chocolate
Milky Way
Millennium
Mimosa
Mimosa #26
Mimosa Punch
Mind Fiesta
Mind Flayer
Mindscape
Mint Cake
Mint Chocolate Chip
Mint Durban
Mint Julep
Mint Lemonade
Mint Milano
Miracle Whip
Miss Columbian
Miss Fortune Cookie
Miss USA
Mission Kush
Misty Kush
Misty Morning
Mixed Berry
Mob Boss
Moby Dick
Moby Dick 2.0
Mochi
Modified Bananas
Modified Grapes
Modified Mints
Mojito
Mojo
Moloka'i Frost
Moloka'i Purpz
Molotov Cocktail
Money Maker
Money Tree
Monk Juice
Monkey Balls
Monkey Bread #1
Monkey Glue
Monkey Massacre
Monkey Mints
Monkey Paw
Monkey Tape
Monkey Thunder
Monolith
Monster Cookies
Monster OG
Monster Profit
Moon Cookies
Moon Drops
Moon Puppies
Moon Train
Moon Walk
Moonbeam
Moonbow
Moonrise
Moonshine Haze
Moonwalker Kush
Moose Tracks
Moose and Lobsta
More Cowbell
Morning Flight
Morning Glory
Morning Star
Morockin' Kush
Morpheus
Mossimo OG
Motavation
Mother Tongue
Mother of All Cherries
Mother of Berries
Mother of Grapes
Mother's Finest
Mother's Helper
Mother's Milk
Mothertongue
Motor Cake
Motorbreath
Motown Lockdown
Mountain Girl
Mountain Girl x Grape Ape
Mountain Temple
Mountain Thunder
Moxy
Mozambique Poison
Mr. Clean
Mr. Nice Guy
Mr. Tusk
Ms. Universe
Ms. Wonderful
Mt. Cook
Mt. Hood
Mt. Hood Magic
Mt. Rainier
Mud Bite
Muddy Waters
Mudhoney
Muhammad Ali
Mule Fuel
Mumble
Murkle
Myakka Native
Mystery 98
Mystery Jazz
Mystery Machine
Mystical Melody
NF1
NL5 Haze Mist
NY Cheese
NY-47
NYC Chem
NYC Diesel
NYC Flo
NYPD
Nacho's Purple Nightmare
Nana's Fix
Napalm OG
Narnia
Naughty Donky
Nebula
Nebula 2
Nectar Lime
Nectarine Lips
Needles OG
Negra 44
Neil Haze
Nepalese
Nepalese Jam
Nepali Pink
Neptune Kush
Neptune OG
Neroli 91
Nevada Privada
Neverland
Nevil's Wreck
Neville's Haze
New Berry #6
Newberry
Nexus OG
Nice Cherry
Nicole Kush
Nigerian Silver
Night Nurse
Night Terror
Night Train
NightFire OG
Nightcap
Nightmare Cookies
Nightmare Kush
Nightmare OG
Nikah #3
Nilla Wafer
Nina Limone
Ninja Fruit
Nirvana
Nitro Candy
Nitro Cookies
Nitro Lemon Haze
Nitrous
Nor Cal Purps
NorEaster
Nordle
North American Indica
North American Sativa
North Indian
North Star
Northern Berry
Northern Cheese Haze
Northern Cross
Northern Hashplant
Northern Lights
Northern Lights #5
Northern Lights #5 x Haze
Northern Pineapple
Northern Skunk
Northern Wonder
Northern Wreck
Northwest Pineapple
Notorious THC
Nova
Now and Later
Nuclear Cookies
NukeHeads
Nuken
Nurse Jackie
OB Ripper
OCA Gold
OCA's Cloud 9
OCD
OG #18
OG 1 Kenobi
OG Blossom
OG Cheese
OG Cheesecake
OG Chem
OG Cookies
OG Critical
OG Diesel Kush
OG Dragonfly
OG Glue Sniffer
OG Krypt Melon
OG Kush
OG Lime Killer
OG Limekiller
OG Los Angeles Kush
OG Poison
OG Prince
OG Purple Fire Thai
OG Ringo
OG Shark
OG Skunk
OG Sour Diesel
OG Story
OG Strawberry
OG Strawberry Star Killer
OG Tonic
OG Trainwreck
OG Wedding
OG's Pearl
OGC S1
OGDLUX
OGKB
OGKZ
OGiesel
OGmatic
OJ Kush
OK Ghani
ONYCD
OZ Kush
Obama Kush
Obama Runtz
Obama's Purple Cookies
Obi-Wan Ke Doobie
Ocean Beach
Ocean Grown Cookies
Ocean View
Odyssey
Ogre
Ogre Berry
Ogre Crash
Ol Mendo Hashplant
Ol' Betsy
Old Dirty Biker
Old Family Purple
Old Lyme Connecticut OG
Old Mother Sativa
Old School OG
Old Toby
Oldtimer's Haze
Ole Berry Red
Omega
Omega Dawg
Omrita
One Love
One to One
Ooh La La
Oompa Loompa
Opal OG Kush
Ophelia
Opium
Or
Orange 43
Orange ACDC
Orange Afghani
Orange Apricot
Orange Blossom
Orange Bud
Orange Cake
Orange Chameleon
Orange Cheddar
Orange Chemeleon
Orange Cookies
Orange Cream
Orange Creamsicle
Orange Crush
Orange Daiquiri
Orange Diesel
Orange Dream
Orange Durban
Orange Fanta
Orange Fruit Bound
Orange Ghost
Orange Harambe
Orange Haze
Orange Herijuana
Orange Hill Special
Orange Kush
Orange Kush Breath
Orange Kush Cake
Orange Mints
Orange Noble
Orange Pebbles
Orange Peel
Orange Pie
Orange Poison
Orange Push Pop
Orange Runtz
Orange Sherbert
Orange Skunk
Orange Snow Cone
Orange Sunrise
Orange Sunset
Orange Tik Tak
Orange Tree
Orange Turbo
Orange Velvet
Orange Velvet Underground
Orange Wreck
Orange Zkittlez
Orangeade
Orangutang
Orchard Peach
Oregon Bus Pass
Oregon Diesel
Oregon Lemons
Oregon Pineapple
Oregon Pinot Noir
Oregon Sunset #15
Oregon Wine
Orellium
Oreoz
Organic Diesel
Orient Express
Original Mandarin Cookies
Oro Blanco Kief
Ortega
Oteil's Egyptian Kush
Otto #1
Outer Space
Outlaw
Ozma
P-51
P-91
PA Dutch
PHD
PTSD
PVC OG
Pablo's Mint
Pacific Blue
Pacific Frost
Pacific Pineapple
Pagoda
Pai Gow
Pakistan Valley
Pakistani Chitral Kush
Pakistani Purple
Palm Tree CBD
Palouse Sunset
Palpatine
Pamelina
Pan Jam
Panama
Panama Punch
Panama Red
Pancake Ice
Pancakes
Panda Cookies
Panda Face
Panda OG
Pandora's Box
Panzer Kush
Papa's OG
Papaya
Papaya Cake
Papaya Huasca
Papaya Punch
Papaya Sorbet
Papayahuasca
Paradise Circus
Paradise Waits
Paris OG
Paris XXX
Party Animal
Passion Fruit
Patti Cake
Peach Cheesewreck
Peach Cobbler
Peach Crescendo F-1
Peach Ozz
Peach Puree
Peaches and Cream
Peachy Mack
Peanut Butter Breath
Peanut Butter Soufflé
Peanut Butter and Jelly
Pear
Pearl Scout Cookies
Pebble Pie
Pele's Fire OG
Pelirroja
Pennywise
Pepe Le Chem
Pepe Le Dank
Peppermint Cookies
Peppermint Kush
Peppermint Pie
Peppermint Shields
Perfect Purple
Perfect Storm
Permafrost
Pestilence
Petro Chem
Petroleum Jelly
Petroleum Nightmare
Petrolia Headstash
Peyote Cookies
Peyote Critical
Peyote Wifi
Peyton Manning
Pez
Phantom Arrow
Phantom Cookies
Phantom Lemons
Phantom OG
Phatt Frutty
Pheno 51
Phishhead Kush
Phresh AF
Pie 95
Pie Crust
Pie Face
Pie Hoe
Pie Til I Die
Pie Tree
Pie of the Tiger
Pike Place Purps
Pillow Factory
Pina Colada
Pina Collision
Pina Loca
Pine 'n Purps
Pine Cone
Pine Queen Dream
Pine Tar
Pineapple
Pineapple Cake
Pineapple Calyx
Pineapple Chunk
Pineapple Cookies
Pineapple Diesel
Pineapple Dog Shit
Pineapple Euphoria
Pineapple Express
Pineapple Fields
Pineapple Hash Plant
Pineapple Haze
Pineapple Jack
Pineapple Kush
Pineapple Mayhem
Pineapple Muffin
Pineapple OG
Pineapple Poison
Pineapple Punch
Pineapple Purple Skunk
Pineapple Purps
Pineapple Royal
Pineapple Sage
Pineapple Sherbet
Pineapple Skunk
Pineapple Super Silver Haze
Pineapple Tangie
Pineapple Thai
Pineapple Trainwreck
Pineapple Twist
Pineapple Upside Down Cake
Pineapple Zest
Pineball Wizard
Pineberry
Pinesicle Helen Back
Pinewarp
Pink #1
Pink Berry
Pink Bubba
Pink Candy Kush
Pink Champagne
Pink Cookies
Pink Death Star
Pink Hawaiian
Pink Kush
Pink Lemonade
Pink Mango
Pink Moon
Pink Panther
Pink Panties
Pink Pez
Pink Rozay
Pink Runtz
Pink Starburst
Pink Sunset
Pink Taco
Pinkman Goo
Pinot Green
Pirate Radio
Pitbull
Piña Collision
Placenta
Planet X
Planet of the Grapes
Platinum Blueberry
Platinum Bubba Kush
Platinum Cake
Platinum Calyx
Platinum Cookies
Platinum Garlic
Platinum Huckleberry Cookies
Platinum Jelly
Platinum Koffee
Platinum Kush
Platinum OG
Platinum Punch
Platinum Punch Delight
Platinum Punch Remix
Platinum Purple Candy
Platinum Purple Kush
Platinum Sour Diesel
Platinum Trainwreck
Platinum Valley
Plum Cake
Plum Dawg Millionaire
Plumberry
Plushberry
Pluto Kush
Pluto's Fire
Point Break
Poison Fruit
Poison Haze
Poisoned Roses
Pokie
Pomelo
Poochie Love
Poon Tang PIe
Pootie Tang
Pop Rox
Pop Tarts
Popcorn Kush
Pope Von Alien
Pot Roast
Pot of Gold
Potato Runtz
Pound Cake
Powdered Donuts
Powderhound
Power Kush
Power Plant
Power Purps
Powernap
Prayer Tower
Pre-98 Bubba Kush
Predator Pink
Prenup
President Huckleberry
Presidential OG
Pretty Wicked
Prevention
Primus
Princess
Princess's Tiara
Prismatic Jack
Private Banana
Prodigy
Professor Chaos
Project Blue Book
Prom Queen
Protab Hybrid
Pruno
Psycho Dawg
Puck Yeah
Puffin Purple
Pulsar
Puna Buddaz
Puna Budder
Punch Breath
Punch Farmer
Punch Mints
Punches and Cream
Punchsicle
Punky Lion
Punto Rojo (Tierra Adentro)
Punxsy Punch
Pura Vida
Pure Afghan
Pure Kush
Pure Love
Pure Michigan #5
Pure OG
Pure Power Plant
Purgatory
Purp5
Purple AK-47
Purple Afghan Kush
Purple Afghani
Purple Alien OG
Purple Animal Cookies
Purple Apricot
Purple Arrow
Purple Aurora
Purple Banana Cookies
Purple Berry
Purple Berry Skunk
Purple Bubba
Purple Bud
Purple Buddha
Purple Bush
Purple Candy
Purple Cane
Purple Champagne
Purple Cheddar
Purple Cheese
Purple Chemdawg
Purple Cookie Dough
Purple Cookies
Purple Cotton Candy
Purple Cow
Purple Cowboy
Purple Crack
Purple Cream
Purple Demon
Purple Diesel
Purple Dog Poop
Purple Domina
Purple Dragon
Purple Dream
Purple Elephant
Purple Frost
Purple Gelato
Purple Glue
Purple Goat
Purple Goo
Purple Gorilla
Purple Happy Rancher
Purple Hashplant
Purple Haze
Purple Headband
Purple Hindu Kush
Purple Ice
Purple Jack
Purple Killer
Purple Kush
Purple Kush Starship
Purple Lamborghini
Purple Linda
Purple MAC
Purple Mahayana
Purple Majik
Purple Martian
Purple Maui
Purple Medusa
Purple Moby Dick
Purple Monkey Balls
Purple Monkey Ghani
Purple Moss
Purple Mr. Nice Guy
Purple Nepal
Purple OG Kush
Purple Paki Candy
Purple Panda
Purple Pantera
Purple Panty Dropper
Purple Papaya
Purple Paralysis
Purple Passion
Purple People Eater
Purple Pie
Purple Pineapple Express
Purple Pinecone
Purple Pound Cake
Purple Power
Purple Prevention
Purple Princess
Purple Punch
Purple Raine
Purple Reign
Purple Rhino
Purple Roze
Purple Sage
Purple Skunk
Purple Snowman
Purple Sour Diesel
Purple Star
Purple Starburst
Purple Stardawg
Purple Sunset
Purple Swish
Purple Tangie
Purple Tears
Purple Thai
Purple Tide
Purple Tonic
Purple Trainwreck
Purple Unicorn
Purple Urkle
Purple Voodoo
Purple Widow
Purple Wookie
Purple Wreck
Purple Yoda
Purple Zkittlez
Purps OG
Push Pop
Puta Breath
Q3
Qleaner
Qrazy Train
Quad Dawg
Quantum Hammer
Quantum Kush
Quasar
Quattro Kush
Quebec Gold
Queen Kong
Queen Mary Gogi
Queen Mother Goji
Queen's Panties
Querkle
Queso Perro
QuickSilver
Quin-N-Tonic
Quiver Killer Kush
Qush
R-4
R.K.S.
Race Fuel OG
Rafael
Raft
Raider Kush
Rain City Purps
Rainbow
Rainbow Chip
Rainbow Cookie
Rainbow Gelato
Rainbow Jimmies
Rainbow Jones
Rainbow Lime OG
Rainbow Mints
Rainbow Reserve
Rainbow Rozay
Rainbow Sherbet
Rainbow Zkittlez
Raindance
Rainmaker
Rama Mama
Rampage
Ramses
Rare Dankness #1
Rare Darkness
Rare Hindu
Raskal Berries
Raskal OG
Raspberry Cough
Raspberry Diesel
Raspberry Haze
Raspberry Kush
Raspberry Parfait
Raspberry Tart
Raw Diesel
Rawtton
Ray Charles
Real OG
Rebel Berry OG
Rebel Cookies
Rebel God Smoke
Rebel Tangie Kandy
Reclining Buddha
Recon
Rectangle
Red Cherry Berry
Red Congolese
Red Diesel
Red Dragon
Red Dwarf
Red Eye OG
Red Haze
Red Headed Stranger
Red Kross
Red Poison
Red Rhino
Red Tommyz
Red Velvet Pie
Red Vines
Red Widow
Red Wreck
Redd Cross
Redwood Kush
Reign
Remedy
Remo Chemo
Rene
Rene Mist
Renegade Rx CBD
Revival
Richie Rich
Riddler OG
Rigger Kush
Riley Kush
Ringo's Gift
Rio Bravo
Rip City Purps
Ripped Bubba
Ripple
Rise 'n' Shine
River Song
Road Dawg
Rob Ford Kush
Robert Plant
Rockbud
Rocket Fuel
Rocket Pop
Rocklock
Rockstar
Rockstar Kush
Rockstar Master Kush
Rockstar OG
Rocky Dennis
Rocky Mountain Blueberry
Rocky Mountain High
Rollex OG Kush
Rollins
Rolls Choice
Romping Goddess
Romulan
Romulan Grapefruit
Romulan Haze
Root Beer Float
Root Beer Kush
Rosaberry
Rose Bud
Rose Gold Runtz
Rosella
Rotten Rozay
Royal
Royal AC/DC
Royal Chemdawg
Royal Dwarf
Royal Flush
Royal Haze
Royal Highness
Royal Kush
Royal Purple Kush
Royal Salute
Royal Tree Sherbet
Royal Wedding
Royale With Cheese
Rozé
Rubicon
Ruby Rose
Rude Pineapple
RudeBoi OG
Rug Burn OG
Runaway Bride
Runtz
Russian Assassin
Russian Doll
Russian Rocket Fuel
Russian Roulette
S'mores
S.C. Slimer
S5 Haze
SAGE
SAGE Walker
SCxKM11
SFV Dog
SFV OG
SFV OG Kush
SPK
SR-71
Sacrificial Lamb
Safety Meeting
Sage and Sour
Salmon OG
Salmon River OG
Samoa Kush
Samoas
Sand and Snow #30
Sangria S1
Sannie's Jack
Santa Cruz OG
Santa Maria
Santa Sativa
Sapphire Cherries
Sapphire OG
Sapphire Scout
Sapphire Star
Sasquatch
Sasquatch Sap
Satellite OG
Satori
Satsuma
Saturn Kush
Saturn OG
Sausage Berry
Savage Citrus Sunshine
Savage Cookies
Savant's Grail
Scary Cherry OG
Sch'Lemon Cake
Schrom
Schromba
Scooby Snacks
Scott's OG
Scout Master
Scout's Honor
Scroopy Noopers
Seattle Blue
Seattle Cough
Seattle Soda
Seattle Soda F2
Seattle Sour D
Seattle Summer
Secret Formula
Secret Garden OG
Secret Recipe
Secret Weapon
Sensi Skunk
Sensi Star
Sequoia Strawberry
Serendipity
Sergeant Pepper
Sergerbloom Haze
Serious 6
Serious Happiness
Serious Kush
Sex on the Beach
Sexxpot
Señor Jack
Shadow Dancer
Shaman
Shaman's Dream
Shaman's Syrup
Shangri-La
Shape Shifter
Shark Attack
Shark Bite
Shark Shock
Shark Widow
Sharksbreath
Shawnee Hills
Sherb Breath
Sherb Cookies Wax
Sherb Octane
Sherb Valley
Sherbacio
Sherbert
Sherblato
Sherbnado
Shiatsu Kush
Shining Silver Haze
Shipwreck
Shishkaberry
Shiskaquine
Shit
Shiva Skunk
Shooter McGavin
Shoreline
Short and Sweet
Shrieker
Shurman
Siddhartha's Dream
Sidetracked
Sierra Mist
Silver Back
Silver Blaze
Silver Bubble
Silver Calyx
Silver Cheese
Silver Cindy
Silver Fox
Silver Garden
Silver Haze
Silver Kush
Silver L.A.
Silver Mountain
Silver Nina
Silver Pearl
Silver Surfer
Silver Train
Silverback Gorilla
Silverfalls Kush
Silverhawks OG
Silvertip
Sin City Kush
Sin Valley OG
SinMint Cookies
Sinai
Single Scoop
Sir Lando
Sirius Black
Six Shooter
Sizzurp
Skidmarx
Skins Skunk
Skittlez Mintz
Skullcap
Skunk 1
Skunk 47
Skunk Ape
Skunk Chem
Skunk Dawg
Skunk Gun
Skunk Haze
Skunk Hero
Skunk+
Skunkberry
Skunky Diesel
Sky Blue Diesel
Sky Cuddler Kush
Sky Lotus
Sky Master
Sky OG
Sky Pilot
Sky Walker Diesel
Skydog
Skywalker Alien
Slazerbeam
SleeSkunk
SleeStack
Sleep and Sour
Sleeroy
Slice of Heaven
Slimer OG
Slurbert
Slurpie
Slurricane
Slurricrasher
Slurty3
Slyfi
Slymer
Smarties
Smelliot
Smile
Smooth Operator
Snickerdoodle Haze
Sno Gee
Snoop Dogg OG
Snoop's Dream
Snow Bud
Snow Cone
Snow Daze
Snow Diesel
Snow Dog
Snow Goddess
Snow Leopard
Snow Lotus
Snow Monster
Snow Mountain
Snow Ryder
Snow White
SnowLAnd
Snowball
Snowcap
Snowdawg 2
Snowman
Soda
Sojay Haze
Solo's Stash
Somango
Somango Widow
Somari
Somaui
Sonic Screwdriver
Sonny G
Sonoma Coma
Sophie's Breath
Sophie's Punch
Sorbet
Sorbet #11
Sorbet #4
Sorbet Dreams
Sorbet Stash
Sorbetto
Sorcerer's Apprentice
Soul Assassin OG
Soul Shine
Soulshine Aloha
Sour 91 Pie
Sour Alien
Sour Amnesia
Sour Apple
Sour Banana Sherbet
Sour Beer
Sour Blue Raspberry
Sour Blueberry
Sour Bobby
Sour Breath
Sour Bubba
Sour Bubble
Sour Candy
Sour Cheese
Sour Chem
Sour Cherries
Sour Cherry Sherbert
Sour Chocolate
Sour Chunk
Sour Cookies
Sour Cream
Sour Cyan
Sour D*OG
Sour Diesel
Sour Dream
Sour Dubb
Sour Flower
Sour Garlic Cookies
Sour Gas
Sour Gelato
Sour Glue
Sour Grape
Sour Grapes
Sour Hashplant
Sour Haze
Sour Headband
Sour Heads
Sour Jack
Sour Jelly Dream
Sour Jilly
Sour Joker
Sour Kosher
Sour Kush
Sour LSD
Sour Lemon
Sour Lemons
Sour Lifesavers
Sour Mamba
Sour Mango
Sour Maui
Sour OG
Sour OG Cheese
Sour Oranges
Sour Papaya
Sour Patch Kiss
Sour Pebbles
Sour Petroleum
Sour Pez
Sour Poison
Sour Power
Sour Power OG
Sour Puss
Sour Ray
Sour Sorbet
Sour Space Candy
Sour Spyder
Sour Star Head
Sour Strawberry
Sour Strawberry Diesel
Sour StrawburieD
Sour Sunset
Sour Tangie
Sour Tropicana
Sour Tsunami
Sour Urkle
Sour Walker
Sour Willie
Sourlope
South American
South Asian Indica
South Asian Sativa
South Central LA
South Indian Indica
South Indian Sativa
Southern Lights
Sox
Space Bomb
Space Cake
Space Candy
Space Cookies
Space Cowboy
Space Cream
Space Dawg
Space Dust
Space Face
Space Jill
Space Monkey
Space Monster
Space Needle
Space Oddity
Space Poison
Space Queen
Space Rip
Space Wrangler OG
Spacewalk
Spark OG
Spec Ops
Special K
Special Kush #1
Special Occasion
Special Sauce
Spice
Spicy Disco
Spiked Mai Tai
Spiked Punch
Spirit In The Sky
Spirit of '76
Spliff's Strawberry
Spoetnik #1
Spring Solstice
Spritzer
Spruce
Spumoni
Sputnik
Spyder Mon
Squirr't
Squirt
Stairway to Heaven
Stankasaurus
Star 47
Star 91
Star Berry Indica
Star Cookie
Star Killer
Star Master Kush
Star Ox
Star Pupil
Star Tonic
StarBud
Starburst
Stardawg
Stardawg 91
Stardawg Guava
Starduster
Starfighter
Starlet Kush
Starlord
Starman
Starry Night
Stashsquatch
Steel Bridge
Stella Blue
Stephen Hawking Kush
Stevie Wonder
Sticky Buns
Sticky Jack
Sticky Lemons
Sticky Snax
Stinky Pete
Stir Fry
Stomper of Berries
Stone Free
Stoopid Fruits
Str8 Lemonade
Straight A's Haze
Strange Brew
Stratosphere
Strawberries & Cream
Strawberry
Strawberry Akeil
Strawberry Alien Kush
Strawberry Amnesia
Strawberry Banana
Strawberry Blonde
Strawberry Blondie
Strawberry Blue
Strawberry Cake
Strawberry Cheesecake
Strawberry Cookies
Strawberry Cough
Strawberry Daiquiri
Strawberry Diesel
Strawberry Diesel Cookies
Strawberry Dream
Strawberry Durban Diesel
Strawberry Fields
Strawberry Fire
Strawberry Frost
Strawberry Fruit Bound
Strawberry Fruit Pebbles
Strawberry Glue
Strawberry Guava
Strawberry Guava Smalls
Strawberry Gum
Strawberry Haze
Strawberry Headband
Strawberry Ice
Strawberry Kush
Strawberry Lemonade
Strawberry Limeade
Strawberry Mango Haze
Strawberry Milk
Strawberry Milkshake
Strawberry OG
Strawberry Satori
Strawberry Shortcake
Strawberry Snow Cone
Strawberry Sorbet
Strawberry Suckle
Strawberry Switchblade
Strawberry Tonic
Strawberry Trainwreck
Strawberry Tree
Strawberry Widow
Strawmelon Sundae
Strawnana Cookies
Strawpicanna
Stretch
Sublime
Sugar Berry Scones
Sugar Biscuit
Sugar Black Rose
Sugar Breath
Sugar Calyx
Sugar Candy
Sugar Cookie
Sugar Kush
Sugar Mama
Sugar Pine
Sugar Plum
Sugar Plum Sunset
Sugar Punch
Sugar Shack
Suicide Girl
Sumatran Sunrise
Summer Breeze
Summer Shindig
Summertime Squeeze
Sumo Grande
Sumo's OG Kush
Sun King OG
Sun Maiden
Sun Ra
Sun Sour
Sun Tea
SunRa #3
Sunburn
Sundae Driver
Sundae Sunset
Sundae Supreme #9
Sundea Supreme #9
Sunkissed
Sunny D
Sunset
Sunset Blue
Sunset Fire
Sunset Haze
Sunset MAC
Sunset Shortcake
Sunset Strip
Sunshine
Sunshine #4
Sunshine Daydream
Sunshine Lemonade
Sunshine Lime
Supa Don
Super Blue Dream
Super Bud
Super Cat Piss
Super Cheese
Super Chronic
Super Drip
Super G
Super Glu
Super Green Crack
Super Jack
Super Kush
Super Lemon Haze
Super Lemon OG
Super Silver Bullet
Super Silver Hash Plant
Super Silver Haze
Super Silver Lights
Super Silver Sour Diesel
Super Skunk
Super Snow Lotus
Super Sour Diesel
Super Sour Lemon
Super Sour OG
Super Sour Skunk
Super Sour Widow
Super Sweet
Superb OG
Supergirl
Superglue
Superman OG
Supermax OG
Supernatural
Supernova
Superstar
Superwoman S1
Supreme Diesel
Suver Haze
Suzy Q
Swashbuckler
Swazi Gold
Sweet & Sour Cindy
Sweet Amnesia Haze
Sweet Baby Jane
Sweet Berry
Sweet Black Angel
Sweet Cheese
Sweet Cindy
Sweet Deep Grapefruit
Sweet Diesel
Sweet Dream
Sweet Dreams
Sweet Harlem Diesel
Sweet Jack Haze
Sweet Jane
Sweet Jesus
Sweet Kush
Sweet Lafayette
Sweet Nina
Sweet Pea
Sweet Pebbles
Sweet Pie
Sweet Pink
Sweet Pink Grapefruit
Sweet Pure CBD
Sweet Purple
Sweet Rainbow
Sweet Relief
Sweet Skunk
Sweet Strawberry Pineapple
Sweet Tart
Sweet Tea
Sweet Thang
Sweet Tooth
Sweet Valentine
Sweet Valley Kush
Sweet Wife
Sweet Zkittlez
Sweet and Sour Widow
Sweeties
Swiss Bliss
Swiss Gold
Swiss Indica
Swiss Sativa
Swiss Tsunami
T-1000
T. Sage
T1
TCB S1
THC Bomb
TJ's CBD
Tachllta Till
Tahiti Lime
Tahitian Punch
Tahoe Alien
Tahoe Dreamin'
Tahoe Frostbite
Tahoe Hydro Champagne
Tahoe Hydro OG
Tahoe OG
Tahoe Purps
Tainted Love
Taliban Poison
Tally Mon
Tang Breath
Tang Eray
Tangelo
Tangelo Kush
Tangenesia
Tangerine
Tangerine Dream
Tangerine G13
Tangerine Haze
Tangerine Kush
Tangerine Man
Tangerine Power
Tangerine Sunrise
Tangerine Trainwreck Haze
Tangie
Tangie & Cream
Tangie Biscotti
Tangie Burn OG
Tangie Cookies
Tangie Dos
Tangie Dream
Tangie Ghost Train
Tangie Land
Tangie Punch
Tangie Sunrise
Tangier Chilly
Tangilope
Tango Kush
Tango Wild Nightmare
Tardis
Tarmonster
Tasty Waves
Tembo Kush
Temple Kush
Terminator OG
Terp Smoothie
Terp Town
Terpee Slerpee
Terperella
Terpwin Station
Tesla
Tesla Tower
Teso Cherry
Testarossa
Texas Butter
Tha Melon
Thai
Thai Fantasy
Thai Haze
Thai Lights
Thai Pearl
Thai-Tanic
Thailato
Thank You Jerry
The Big Dirty
The Bizz
The Black
The Bling
The Blintz
The Blood
The Boss
The Brotherhood
The CBG Blend
The Cookie Jar
The Cough
The Cube
The Cure
The Doctor
The Don Mega
The Eclipse
The Flav
The Forbidden Candy
The Fuzz
The Gift
The Grape Gatsby
The Great Ha'Tuh
The Grunk
The Guice
The Hog
The Lime
The Loops
The Menthol
The Mountain
The OX
The One
The Ooze
The Real McCoy
The Sauce
The Sister
The Soap
The Truth
The Vision
The Void
The White
The White Angel
The Wife
The Wills
The Woo 2
The Y
Thelonious Skunk
Thick Wicket
Thin Mint GSC
Think Different
Thor's Hammer
Three Blue Kings
Thug Life #4
Thunderbird Rose
Thunderstruck
Tickle Kush
Tidal Wave
Tiger King
Tiger Punch
Tiger Woods
Tiger's Milk
Tigermelon
Tigers Blood
Tillamook Strawberry
Timber Kush
Timberline Haze
Time Reaper
Timewreck
Tina
Tina Danza
Tinkerbell's Revenge
Titan's Haze
Tite Ass
Tokyo OG
Tollete
Tomb Raider
Tommy's Home Grown
Tonics Web
Tony Montana
Too Buku
Tora Bora
Total Paralysis
Toxic
Toxic Punch
Training Day
Trainwreck
Tranquil Elephantizer: Remix
Transformer
Trap Star
Trash
Travel Joint
Treasure Island
Tree of Life
Tres Dawg
Trewbacca
Triangelato
Triangle Biscotti
Triangle Canyon
Triangle Kush
Triangle Mints
Trident
Trifecta
Trifi Cookies
Trill Cake
Trinity
Trinity Kush
Triple Cheese
Triple Chocolate Chip
Triple Diesel
Triple OG
Triple Scoop
Triple Whammy
Tristar Pebbles
Trix
Tropaya Pie
Trophy Wife
Tropic Punch
Tropic Thunder
Tropic Truffle
Tropic Twist
Tropical Adhesive
Tropical Breeze
Tropical Sherbert #71
Tropical Tang
Tropicali
Tropicana Cookies
Tropicana Haze
Tropicana Kush
Tropicana Punch
Tropsanto
Truberry OG
True Love
True OG
True X
Trueberry
Truffle Butter
Truffula Tree
Trunk Funk
Truth Serum
Tsi Fly
Tuna Kush
Tuna OG
Turbo
Turbo Lemon Cake
Turbo Mind Warp
Turbo Space Cake
Tutti Frutti
Twilight
Twista
Twisted Berries
Twisted Citrus
Twizzler
Two Beards
Tyson
U2 Kush
UK Cheese
UW Purple
Ultimate Purple
Ultimate Trainwreck
Ultra Banana
Ultra Sour
Ultra Sour Chem OG
Ultra Violence
Ultra Violet
UltraViolet OG
Underdawg
Unicorn Pie
Unicorn Tears
Unknown Soldier
Unobomb
Upstate
Urkle Berry
Urkle Train Haze
Ursa Major
VCDC
VOTS AZ Super Sour OG
VVS Chem
Vader OG
Valentine X
Valley Ghash
Valley Girl
Valley Vixen
Van Helsing
Vanilla Durban Poison
Vanilla Frosting
Vanilla Gorilla
Vanilla Kush
Vanilluna
Velvet Bud
Velvet Glove
Velvet Glove #1
Velvet Hammer
Velvet Krush
Velvet Purps
Velvet Ropes
Venice OG
Venom OG
Venus OG
Verde Electric
Versace
Very Berry Haze
Very Cherry
Vietnamese Bubba
Vincent Vega
Vintage Pakistani 1
Violator Kush
Violet Delight
Violeta
Viper
Viper Cookies
Vitamin Diesel
Vixen
Voodoo
Voodoo Child
Vortex
Voyager #1
WMD
WSU
WTF
Wa Whoo Cookie
Wabanaki
Wagyu
Waikiki Queen
Waipi'o Hapa
Waist Deep
Wakanda OG
Waldo
Walker Kush
Wally OG
Walrus Kush
Walter White
Wappa
Warda“reek”n OG
Warlock
Washing Machine
Washington Glue
Watermelon
Watermelon Cookies
Watermelon Gelato
Watermelon Grape
Watermelon Mimosa
Watermelon Sangria
Watermelon Zkittlez
Watermelon Zum Zum
Webster
Wedding Animal
Wedding Cake
Wedding Cake MAC
Wedding Crasher
Wedding Gushers
Wedding Mints #13
Wedding Pie
Wedding Punch
Wedding Wafer
Weebe's World
Weed Nap
Weekend Warrior
Wellness OG
Wembley
West Coast Dawg
West Coast Willie
West OG
Wet Dream
Where's My Bike
Whipped Cherries
Whitaker Blues
White 99
White Bastard
White Berry
White Bubblegum
White Buffalo
White CBG
White Caramel Cookie
White Castle
White Cheese
White Cherry OG
White Cherry Truffle
White Choco
White Choco Haze
White Chocolate
White Cookies
White Dawg
White Dawg Fire OG
White Diesel
White Domina
White Dragon
White Dream
White Durban
White Elephant
White Empress
White Fire Alien OG
White Fire OG
White Funk
White Girl
White Gold
White Gorilla
White Grapefruit Cookies
White Harmony
White Haze
White Ice
White Knight
White Knuckles
White Kryptonite
White Kush
White LSD
White Label Jack Herer
White Label Rhino
White Lavender
White Lemon
White Lightning
White Linen
White Lotus
White Master
White Moonshine
White Nightmare
White OG
White Octane OG
White Papaya
White Queen
White Rabbit
White Rhino
White Romulan
White Runtz
White Russian
White Ryder
White Sangria
White Siberian
White Skunk
White Slipper
White Smurf
White Strawberry
White Strawberry Skunk
White Sumo
White Super Skunk
White Tahoe Cookies
White Tahoe Glue
White Tygh Dream
White Urkle
White Voodoo
White Walker Kush
White Widow
White Zombie
Whiteout
Whitewalker OG
Whoa-Si-Band
Whoopie Pie
Wicked Glue
Wifi 43
Wifi Pie
Wild Blueberry
Wild Man
Wild Thailand
Wildberry
Willie Cheesie
Willie Nelson
Willie's Ghost
Willy G's Lebanese
Willy Wonka
Willy's Wonder
Willy's Wonders
Wino
Wintergreen OG #44
Wipeout Express
Wish Mountain
Wizard Punch
Wolfberry
Wonder Haze
Wonder Kid
Wonder Skunk
Wonder Woman
Wonder Woman OG
Wonka Bars
Wonka Bars #13
Wonka Mints
Wonka's Bubblicious
Woody OG
Wookie
Wookie Girl
Wookie's Cookies
Wookies
Wreckage
Wrecking Ball
Wubba Punch
Wyld Stallion
X-Files
X-Wing
X-tra Chz
X18 Pure Pakistani
XJ-13
XXX 420
XXX OG
Xanadu
Xena
Y Griega
Y Life
Y-Kiki
YEM OG
Yabba Dabba Diesel
Yellow Fruit Stripe
Yellow Zushi
Yeti OG
Yoda OG
Yoda's Brain
Yogi Diesel
Yolo Berry
Yuck Mouth
Yumboldt
Yummy
Yuzu Purple
ZaZa
Zamaldelica
Zardde Gold
ZeitGeist
Zelda
Zelly's Gift
Zen
Zerbert
Zerculese
Zeta Sage
Zeus OG
Zkittlemints
Zkittlez
Zkittlez Cake
Zkittlez OG
Zombie Kush
Zombie OG
Zoo Dawg
Zookies
Zoom Pie
Zour Apples
Zour Patch Cookies
Zprite
Zsweet Insanity
Zurple Punch
hai Fantasy
ʻAlenuihāhā
""".strip().splitlines()
)
