import type { LexiconGroup, SkillKind } from './skill-kind-list';
import { writtenKindLexicon } from './kinds';

/**
 * The curated lexicon behind `classifySkill`: skills and occupations, each with the kinds of work it
 * is (see `skillKinds` in skill-kind-list.ts for what each kind means).
 *
 * One row per skill: `terms = name ; things ; role`
 * - terms: the words a person types for it, singular and lower case, comma-separated: the
 *   occupation ("plumber"), the activity ("plumbing"), a verb and its object ("fix bike"). Words
 *   are matched whole, after the sentence is lower-cased and its nouns made singular.
 * - name: the skill as it reads in a title ("plumbing"), used when the sentence names it only by
 *   the occupation ("I'm a pharmacist") or the reader could not form a phrase.
 * - things (optional): what the work is done on or makes, plural ("bikes"), for ideas such as
 *   refurbishing and reselling them.
 * - role (optional): the person ("pharmacist"), for ideas that name the professional.
 */

type Group = LexiconGroup;

/**
 * The kinds written apart (`kinds/`, each with its lexicon rows and its templates) come first: a
 * term belongs to the first row that names it, so their rows take the terms older, broader rows
 * also list ("triathlon" was in running coaching, "clock" in watch repair).
 */
const groups: Group[] = [
  ...writtenKindLexicon,
  {
    kinds: ['trade'],
    rows: `
plumber, plumbing, @pipe, @leak, @leaking, @leaky, @tap, @faucet, @toilet, @drain, @sink, @shower, @radiator, @cistern, @leaking tap, @leaky tap, @dripping tap, @blocked drain, unblock drain, @boiler leak = plumbing ;; plumber
electrician, electrical, electrical work, wiring, rewiring = electrical work ;; electrician
handyman, handywoman, handyperson, odd job, home repair, fix thing = home repairs ;; handyman
bike repair, bicycle repair, bike mechanic, bicycle mechanic, fix bike, repair bike, fix bicycle, repair bicycle, bike, bicycle, cycle repair = bike repair ; bikes ; bike mechanic
car repair, car mechanic, mechanic, auto repair, auto mechanic, fix car, repair car, car, motor mechanic = car repair ; cars ; mechanic
motorbike repair, motorcycle repair, motorcycle mechanic, motorbike, motorcycle, scooter repair = motorbike repair ; motorbikes ; motorbike mechanic
phone repair, fix phone, repair phone, phone, smartphone repair, screen repair = phone repair ; phones ; phone repairer
computer repair, fix computer, repair computer, laptop repair, fix laptop, pc repair, computer, laptop, pc building, build pc = computer repair ; computers ; computer repairer
watch repair, watchmaker, watch, horology = watch repair ; watches ; watchmaker
shoe repair, cobbler, shoemaker, cobbling = shoe repair ; shoes ; cobbler
furniture repair, upholstery, upholsterer, reupholster = furniture restoration ; furniture ; furniture restorer
painter and decorator, decorator, house painting, house painter, wall painting, interior painting, decorating = painting and decorating ;; decorator
tiler, tiling = tiling ;; tiler
plasterer, plastering, drywall = plastering ;; plasterer
bricklayer, bricklaying, masonry, mason, stonemason = masonry ;; mason
roofer, roofing, gutter = roofing ;; roofer
locksmith, lock = locksmithing ;; locksmith
welder, welding, metalwork, metalworker, fabrication, blacksmith, blacksmithing = welding ;; welder
hvac, heating engineer, boiler, gas engineer, air conditioning = heating and cooling ;; heating engineer
glazier, window fitting = glazing ;; glazier
flooring, floor fitter, floor sanding, laminate = flooring ;; floor fitter
kitchen fitter, kitchen fitting = kitchen fitting ;; kitchen fitter
fence, fencing, decking, deck building, shed building = fencing and decking ;; fencer
builder, building work, construction, renovation, remodeling, remodelling, renovate house = renovation ;; builder
tailor, tailoring, alteration, alterations, dressmaker, dressmaking, hemming = tailoring and alterations ;; tailor
bike building, wheel building = bike building ; bikes ; bike builder
instrument repair, guitar repair, luthier, guitar setup, piano tuning, piano tuner = instrument repair ; instruments ; luthier
tv repair, electronics repair, electronic, electronics, soldering, console repair, fix console = electronics repair ; electronics ; electronics repairer
boat repair, boat building, boatbuilder = boat repair ; boats ; boat builder
chimney sweep, chimney = chimney sweeping ;; chimney sweep
solar installer, solar panel = solar installation ;; solar installer
appliance installer, tv mounting, mount tv, assemble furniture, furniture assembly, flat-pack = furniture assembly ;; assembler
`,
  },
  {
    kinds: ['home-service'],
    rows: `
cleaner, cleaning, house cleaning, clean house, housekeeping, housekeeper, maid, domestic cleaning = house cleaning ;; cleaner
office cleaning, commercial cleaning, clean office = office cleaning ;; cleaner
window cleaning, window cleaner, clean window = window cleaning ;; window cleaner
carpet cleaning, carpet cleaner = carpet cleaning ;; carpet cleaner
car wash, car washing, car detailing, detailing, valeting, valet = car detailing ; cars ; car detailer
pressure washing, jet washing, power washing = pressure washing ;; pressure washer
gardener, gardening, garden, landscaping, landscaper, yard work = gardening ;; gardener
lawn mowing, mow lawn, lawn care, lawn, grass cutting = lawn care ;; lawn carer
tree surgeon, arborist, tree surgery, hedge trimming, hedge = tree and hedge care ;; tree surgeon
organizer, organiser, organizing, organising, professional organizer, decluttering, declutter, tidying = home organising ;; organiser
ironing, laundry = ironing and laundry ;; ironing service
moving, removal, removals, mover, man with a van, van = moving help ;; mover
house sitting, house sitter, housesitting = house sitting ;; house sitter
errand, errands, personal assistant, concierge = errands and concierge help ;; errand runner
interior design, interior designer, interior decorating, home staging, home stager = interior design ;; interior designer
pool cleaning, pool = pool cleaning ;; pool cleaner
snow removal, snow = snow clearing ;; snow clearer
gutter cleaning = gutter cleaning ;; gutter cleaner
tech help, tech support, it support, set up home network, home network, setup = home tech help ;; tech helper
`,
  },
  {
    kinds: ['beauty'],
    rows: `
hairdresser, hairdressing, hair, hairstylist, hair stylist, haircut, cut hair, braiding, braider, hair braiding = hairdressing ;; hairdresser
barber, barbering = barbering ;; barber
makeup, make-up, makeup artist, mua, makeup artistry = makeup ;; makeup artist
nail, nails, nail technician, manicure, manicurist, nail art = nail art ;; nail technician
lash, lashes, eyelash extension, brow, brows, eyebrow = lash and brow styling ;; lash technician
beautician, beauty therapist, beauty, skincare, facial, esthetician, aesthetician = beauty treatments ;; beautician
tattoo, tattooing, tattoo artist, tattooist, tattoo design = tattooing ;; tattoo artist
personal stylist, styling, stylist, wardrobe styling, personal shopper, personal shopping = personal styling ;; stylist
`,
  },
  {
    kinds: ['beauty', 'event'],
    rows: `
bridal makeup, wedding makeup, bridal hair, wedding hair = bridal hair and makeup ;; bridal stylist
henna, mehndi, henna artist = henna art ;; henna artist
`,
  },
  {
    kinds: ['made-product'],
    rows: `
jewelry, jewellery, jewelry making, jewellery making, jeweler, jeweller, beading, beadwork, bead, silversmith, silversmithing = jewellery making ; jewellery pieces ; jeweller
knitting, knit, knitter, knitwear = knitting ; knitted pieces ; knitter
crochet, crocheting, amigurumi = crochet ; crochet pieces ; crocheter
sewing, sew, seamstress, sewist, quilting, quilt, quilter, patchwork = sewing ; sewn pieces ; maker
embroidery, embroider, cross stitch, needlepoint, needlework = embroidery ; embroidered pieces ; embroiderer
candle, candle making, candlemaking, candle maker = candle making ; candles ; candle maker
soap, soap making, soapmaking, soap maker, bath bomb = soap making ; soaps ; soap maker
pottery, potter, ceramic, ceramics, ceramicist, clay, wheel throwing = pottery ; pots ; potter
leatherwork, leathercraft, leather, leatherworker = leatherwork ; leather goods ; leatherworker
macrame, macramé, weaving, weaver, loom, spinning yarn, yarn = weaving and macramé ; woven pieces ; weaver
resin, resin art, epoxy = resin art ; resin pieces ; resin artist
glassblowing, glass, stained glass, glass art, fused glass = glass art ; glass pieces ; glass artist
craft, crafts, crafting, handmade, diy craft, scrapbooking, paper craft, papercraft, origami = crafts ; handmade pieces ; maker
candle and soap = candle and soap making ; candles ; maker
toy making, toymaker, doll making, doll = toy making ; toys ; toymaker
3d printing, 3d printer = 3D printing ; 3D-printed pieces ; maker
laser cutting, cnc, engraving = laser cutting and engraving ; engraved pieces ; maker
clothing design, fashion design, fashion designer, make clothes, clothes, clothing, sew clothes, clothes sewing = clothing design ; garments ; designer
wedding dress, wedding gown, bridal gown, bridal wear, bridalwear, bridal dress, wedding dress making = bridalwear ; wedding dresses ; bridal designer
hat making, milliner, millinery = millinery ; hats ; milliner
bag making, bag, tote = bag making ; bags ; bag maker
perfume, perfumery, fragrance = perfume making ; fragrances ; perfumer
cosmetic, natural cosmetic, skincare making, lip balm = natural cosmetics making ; cosmetics ; maker
dried flower, pressed flower = dried flower crafts ; arrangements ; maker
terrarium = terrarium making ; terrariums ; maker
bookbinding, bookbinder = bookbinding ; notebooks ; bookbinder
upcycling, upcycle, thrift flipping, refurbish furniture = upcycling ; upcycled pieces ; upcycler
sticker, stickers = sticker making ; stickers ; sticker maker
mosaic = mosaic art ; mosaics ; mosaic artist
basket weaving, basketry = basket weaving ; baskets ; basket maker
`,
  },
  {
    kinds: ['made-product', 'event'],
    rows: `
florist, floristry, flower arranging, flower arrangement, floral design, flower, flowers = floristry ; bouquets ; florist
balloon, balloon decoration, balloon artist, balloon art = balloon decoration ; balloon arrangements ; balloon artist
cake decorating, cake decorator, sugarcraft, cake design = cake decorating ; cakes ; cake decorator
event decoration, party decoration, decor, event styling, table styling = event decoration ; decorations ; decorator
`,
  },
  {
    kinds: ['food'],
    rows: `
baking, bake, baker, @bakery, bread, sourdough, pastry, pastries, patisserie, pastry chef, cookie, cookies, biscuit, brownie, cupcake, croissant = baking ; baked goods ; baker
cake, cakes, cake baking, bake cake, wedding cake, birthday cake = cake baking ; cakes ; cake maker
cooking, cook, chef, home cook, cuisine, recipe, food, meal, dish = cooking ; home cooking ; cook
private chef, personal chef = private chef work ; dinners ; private chef
catering, caterer = catering ; menus ; caterer
meal prep, meal preparation, batch cooking = meal prep ; meals ; meal prepper
barbecue, bbq, grilling, smoking meat, pitmaster = barbecue ; barbecue dishes ; pitmaster
brewing, brew, homebrew, homebrewing, brewer, beer, craft beer = brewing ; craft beer ; brewer
coffee, barista, coffee roasting, roaster, latte art = coffee ; coffee ; barista
cocktail, cocktails, mixology, mixologist, bartender, bartending = cocktail making ; cocktails ; bartender
chocolate, chocolatier, confectionery, candy making, sweets, fudge = chocolate making ; chocolates ; chocolatier
jam, jam making, preserves, pickling, pickle, fermenting, fermentation, kombucha, kimchi = preserves and ferments ; jars ; maker
cheese, cheesemaking, cheese making = cheese making ; cheeses ; cheesemaker
pasta, pasta making, dumpling, dumplings = fresh pasta making ; pasta ; cook
vegan cooking, vegan food, plant-based cooking, vegetarian cooking = vegan cooking ; dishes ; cook
pizza, pizzaiolo = pizza making ; pizzas ; pizzaiolo
ice cream, gelato = ice cream making ; ice creams ; maker
street food, food truck, food stall = street food ; dishes ; street food cook
sushi = sushi making ; sushi ; sushi chef
tea, tea blending = tea blending ; tea blends ; tea blender
hot sauce, sauce, spice, spice blend = hot sauce making ; sauces ; maker
vegetable growing, grow vegetable, market garden, allotment, microgreens, homestead, farming, farmer, egg, chicken keeping = growing produce ; vegetable boxes ; grower
`,
  },
  {
    kinds: ['food', 'event'],
    rows: `
mexican food, indian food, italian food, thai food, chinese food, nigerian food, filipino food, lebanese food, caribbean food, korean food, japanese food, african food = cooking ; home cooking ; cook
party food, buffet, canapé, canape, grazing board, charcuterie, grazing table = party food ; platters ; caterer
`,
  },
  {
    kinds: ['hobby', 'event'],
    rows: `
singing, sing, singer, vocalist, vocal, voice, choir, opera = singing ;; singer
guitar, guitarist, play guitar, acoustic guitar, electric guitar = guitar ;; guitarist
piano, pianist, play piano, keyboard, keys = piano ;; pianist
violin, violinist, fiddle, fiddler = violin ;; violinist
cello, cellist, viola, double bass = cello ;; cellist
drum, drums, drummer, drumming, percussion, percussionist = drums ;; drummer
saxophone, sax, saxophonist, trumpet, trumpeter, flute, flautist, clarinet, trombone, brass = saxophone ;; saxophonist
harp, harpist = harp ;; harpist
ukulele, banjo, mandolin, harmonica, accordion = ukulele ;; player
music, musical instrument, instrument = live music ;; musician
magic, magician, magic trick, illusionist, conjuring = magic ;; magician
`,
  },
  {
    kinds: ['event'],
    rows: `
dj, djing, deejay, disc jockey = DJing ;; DJ
mc, emcee, host, hosting, master of ceremonies, compere = event hosting ;; host
face painting, face painter = face painting ; painted faces ; face painter
wedding planning, event planning, event planner, wedding planner, party planning, party planner, event management, event coordinator = event planning ; events ; event planner
celebrant, officiant, wedding officiant, funeral celebrant = celebrant work ;; celebrant
photo booth = photo booth hire ;; photo booth operator
sound engineer, live sound, sound tech, lighting tech, lighting = live sound ;; sound engineer
caricature, caricaturist = caricature drawing ; caricatures ; caricaturist
clown, clowning, children entertainer, kids entertainer, entertainer, puppetry, puppeteer = children's entertainment ;; entertainer
bartending at event, mobile bar = mobile bar service ;; bartender
`,
  },
  {
    kinds: ['photography', 'event'],
    rows: `
photography, photo, photographer, take photo, photograph, portrait photography, wedding photography, event photography, headshot, headshots, newborn photography, family photography, product photography, pet photography, pet photographer = photography ; photos ; photographer
videography, videographer, filmmaking, filmmaker, video, film, filming, wedding video = videography ; videos ; videographer
`,
  },
  {
    kinds: ['creative', 'event'],
    rows: `
calligraphy, calligrapher, hand lettering, lettering, brush lettering = calligraphy ; lettered pieces ; calligrapher
live painting, live portrait, speed painting = live painting ; paintings ; live painter
`,
  },
  {
    kinds: ['creative'],
    rows: `
painting, paint, painter, artist, art, fine art, watercolor, watercolour, acrylic painting, oil painting, canvas, mural, muralist, portrait, portrait painting, paint portrait = painting ; paintings ; painter
drawing, draw, sketching, sketch, pencil drawing, charcoal, cartoon, cartooning, cartoonist, comics, manga, anime drawing = drawing ; drawings ; artist
illustration, illustrate, illustrator, children's book illustration = illustration ; illustrations ; illustrator
poetry, poem, poet, spoken word, poetry writing = poetry ; poems ; poet
creative writing, book writing, write book, children's book, childrens book, picture book, kids book, fiction, novel, novelist, short story, storytelling, storyteller, story, author, screenwriting, screenwriter, playwright, fan fiction = creative writing ; stories ; writer
composing, composer, composition = songwriting ; songs ; songwriter
music production, producer, beat, beats, beatmaking, beat making, mixing, mastering, audio engineering, audio engineer = music production ; tracks ; producer
printmaking, linocut, screen printing, block printing = printmaking ; prints ; printmaker
sculpture, sculptor, sculpting = sculpture ; sculptures ; sculptor
digital art, procreate, concept art, character design, pixel art = digital art ; artworks ; digital artist
graffiti, street art = street art ; murals ; street artist
animation, animator, animate, 2d animation, 3d animation, motion graphics = animation ; animations ; animator
voice acting, voice actor, voiceover, voice over, voice-over, narration, narrator, audiobook narration = voice-over ; recordings ; voice actor
acting, actor, actress, theatre, theater, drama = acting ;; actor
`,
  },
  {
    kinds: ['knowledge'],
    rows: `
graphic design, graphic designer, design, designer, logo, logo design, branding, brand design, canva, photoshop, illustrator software, visual design, poster design, flyer design = graphic design ; designs ; designer
web design, web designer, website, websites, website design, build website, website building, webflow, wix, squarespace, wordpress, shopify, landing page = web design ; websites ; web designer
web development, web developer, developer, software development, software developer, software engineer, software engineering, programmer, programming, coding, code, coder, javascript, typescript, react, node, python, java, php, ruby, golang, rust, c++, app development, app developer, mobile app, ios, android, api, backend, frontend, full stack, full-stack = software development ; apps ; developer
data analysis, data analyst, data science, data scientist, data, analytics, statistics, statistician, spreadsheets, dashboard, dashboards, power bi, tableau, sql, machine learning, ai, automation, automate, zapier = data analysis ; dashboards ; analyst
ux design, ui design, ux, ui, user experience, product design, product designer, figma = UX design ; interfaces ; designer
copywriting, copywriter, copy, content writing, content writer, blog writing, blogging, blogger, blog, ghostwriting, ghostwriter, technical writing, technical writer, grant writing, seo writing, writer, writing, article = copywriting ; articles ; writer
editing, editor, proofreading, proofreader, copyediting, copy editing, proofread = editing and proofreading ; manuscripts ; editor
resume writing, resume, cv writing, cv, cover letter, career coach, career coaching = CV writing ; CVs ; CV writer
marketing, marketer, digital marketing, seo, sem, ppc, google ads, facebook ads, advertising, email marketing, growth marketing, content marketing, affiliate marketing = marketing ; campaigns ; marketer
social media, social media manager, social media management, instagram, community manager, community management = social media management ; accounts ; social media manager
bookkeeping, bookkeeper, accounts, payroll, invoicing, quickbooks, xero = bookkeeping ; books ; bookkeeper
tax, taxes, tax return, tax preparation, auditor, audit, finance, financial analysis, financial modelling, budgeting, budget = accounting ; accounts ; accountant
virtual assistant, va, admin, administration, administrative, assistant, data entry, executive assistant, secretary, typing, transcription, transcriber = virtual assistance ;; virtual assistant
project management, project manager, scrum master, agile, operations, product management, product manager = project management ;; project manager
consulting, consultant, strategy, business consulting, management consulting, business analyst, business analysis = consulting ;; consultant
sales, salesperson, sales rep, cold calling, lead generation, business development = sales ;; salesperson
customer service, customer support, call centre, call center, support agent = customer support ;; support agent
recruiting, recruiter, recruitment, hr, human resources, talent acquisition = recruiting ;; recruiter
research, researcher, market research, academic research = research ; reports ; researcher
video editing, video editor, edit video, premiere, final cut, davinci = video editing ; videos ; video editor
photo editing, photo retouching, retouching, lightroom = photo editing ; photos ; photo editor
podcast, podcasting, podcaster, podcast editing, audio editing = podcast editing ; episodes ; podcast editor
cybersecurity, security, penetration testing, it, sysadmin, system administration, network, networking, devops, cloud, aws = IT and cybersecurity ;; IT specialist
3d modeling, 3d modelling, blender, cad, autocad, solidworks, 3d design, rendering, architectural rendering = 3D modelling ; models ; 3D modeller
architecture, architect, drafting, draftsman = architectural drafting ; drawings ; architect
engineering, engineer, mechanical engineering, civil engineering, electrical engineering = engineering ;; engineer
game development, game developer, game design, unity, unreal = game development ; games ; game developer
presentation design, powerpoint, slide, slides, pitch deck = presentation design ; decks ; designer
real estate, realtor, real estate agent, property, property management, letting = property management ;; property manager
ecommerce, e-commerce, amazon fba, dropshipping, online shop, etsy shop = e-commerce ; listings ; seller
`,
  },
  {
    kinds: ['language'],
    rows: `
translation, translate, translator, interpreting, interpreter, localization, localisation, subtitling, subtitles = translation ; documents ; translator
language, languages, bilingual, multilingual, polyglot = languages ;; language tutor
`,
  },
  {
    kinds: ['tutoring'],
    rows: `
math, maths, mathematics, algebra, calculus, geometry, tutor math, tutor maths, math tutor, maths tutor = maths tutoring ;; maths tutor
tutor, tutoring, private tutor, private tutoring = tutoring ;; tutor
physics, chemistry, biology, science, sciences = science tutoring ;; tutor
history, geography, economics, literature, philosophy, psychology student, social studies, humanities = humanities tutoring ;; tutor
homework, homework help, exam, exams, exam prep, test prep, sat, act, gcse, a-level, a level, ib, gre, gmat, ielts, toefl, 11 plus, entrance exam = exam preparation ;; tutor
teacher, teaching, school teacher, teaching assistant, educator, special education, sen = teaching ;; teacher
reading, phonics, literacy, essay, essay writing, academic writing = reading and writing tutoring ;; tutor
coding for kids, scratch, robotics, stem = coding for kids ;; tutor
`,
  },
  {
    kinds: ['hobby'],
    rows: `
yoga, yoga teacher, yoga instructor, pilates, meditation, mindfulness, breathwork, tai chi, qigong = yoga ;; yoga teacher
fitness, personal trainer, personal training, trainer, gym, workout, strength training, weightlifting, bodybuilding, crossfit, hiit, calisthenics, bootcamp = personal training ;; personal trainer
fencing sport = martial arts ;; instructor
skateboarding, skating, surfing, skiing, snowboarding, sailing, kayaking, horse riding, equestrian = sports coaching ;; coach
go game, board game, board games, puzzle, rubik = chess ;; chess coach
video games = gaming ;; gamer
hiking, hiker, camping, bushcraft, foraging, survival skill, outdoor, wild swimming, birdwatching = outdoor skills ;; guide
fishing, angler, angling, fly fishing, hunting = fishing ;; angler
photography hobby, astronomy, stargazing, amateur radio = astronomy ;; enthusiast
gardening hobby, houseplant, houseplants, bonsai, plant, plants, succulent = houseplant care ; plants ; plant enthusiast
lego, model building, model making, miniature, miniatures, warhammer, model railway = model making ; models ; model maker
magic the gathering, card game = trading cards ; cards ; collector
thrifting, reselling, flipping = vintage and collectables ; finds ; collector
tarot, astrology, numerology, crystal = tarot reading ;; reader
genealogy, family history, family tree = family history research ; family trees ; genealogist
driving, driving instructor, driving lesson = driving instruction ;; driving instructor
public speaking, speaking, speaker, presentation skill, debate = public speaking ;; speaker
parenting, parent coach, sleep training, baby sleep = parenting support ;; parent coach
life coach, life coaching, coaching, coach, mentor, mentoring, motivation, productivity = life coaching ;; coach
sewing lessons, knitting lessons = craft lessons ;; teacher
`,
  },
  {
    kinds: ['animals'],
    rows: `
dog walking, dog walker, walk dog, walking dog, dog, dogs, puppy, puppies = dog walking ;; dog walker
dog training, dog trainer, train dog, puppy training, obedience training, canine, agility = dog training ;; dog trainer
dog grooming, dog groomer, groom dog, pet grooming, pet groomer, grooming, groomer, groom = pet grooming ;; groomer
pet sitting, pet sitter, pet, pets, cat sitting, cat sitter, cat, cats, kitten, animal, animals, animal care, pet care, boarding, dog boarding, doggy daycare = pet sitting ;; pet sitter
horse training, train horse, horse trainer, horse whisperer = horse training ;; horse trainer
horse, horses, equine, farrier, stable, stable hand = horse care ;; horse carer
aquarium, fish keeping, fishkeeping, reptile, reptiles, bird, birds, parrot, rabbit, hamster = exotic pet care ;; keeper
animal behaviour, animal behaviourist, cat behaviour = animal behaviour ;; behaviourist
breeding, breeder, dog breeder = breeding ;; breeder
`,
  },
  {
    kinds: ['regulated'],
    rows: `
midwife, midwifery, independent midwife, doula = midwifery ;; midwife
nurse, nursing, registered nurse, rn, lpn, nurse practitioner, health visitor = nursing ;; nurse
pharmacist, pharmacy, pharmacology, pharmacy technician, chemist = pharmacy ;; pharmacist
doctor, physician, gp, general practitioner, medicine, medical, surgeon, surgery, anaesthetist, anesthesiologist, pediatrician, paediatrician, psychiatrist, cardiologist, dermatologist, radiologist, radiographer, sonographer = medicine ;; doctor
dental hygienist, hygienist, dental hygiene = dental hygiene ;; dental hygienist
dentist, dentistry, dental, orthodontist, dental nurse = dentistry ;; dentist
vet, veterinarian, veterinary, vet nurse, veterinary nurse = veterinary care ;; vet
physiotherapist, physiotherapy, physio, physical therapist, physical therapy, occupational therapist, occupational therapy, chiropractor, chiropractic, osteopath, osteopathy, podiatrist, podiatry, sports therapist = physiotherapy ;; physiotherapist
speech therapist, speech therapy, speech and language therapist, speech pathologist, audiologist, optometrist, optician = speech therapy ;; speech therapist
massage, massage therapist, massage therapy, masseuse, masseur, sports massage, reflexology, reflexologist, acupuncture, acupuncturist = massage therapy ;; massage therapist
dietitian, dietician, nutritionist, nutrition, clinical nutrition = nutrition ;; nutritionist
paramedic, emt, first aid, first aider, lifeguard = first aid ;; paramedic
social worker, social work = social work ;; social worker
care worker, carer, caregiver, caregiving, support worker, home care, elderly care, elder care, senior care, dementia care, personal care = care work ;; care worker
childcare, child care, childminder, childminding, nanny, babysitter, babysitting, babysit, au pair, nursery nurse, early years, daycare = childcare ;; childminder
pilot, airline pilot, air traffic controller = aviation ;; pilot
security guard, bodyguard, police, police officer = security work ;; security officer
pharmacist technician, lab technician, laboratory technician, medical laboratory scientist, phlebotomist, phlebotomy = laboratory work ;; lab technician
`,
  },
  {
    kinds: ['advice'],
    rows: `
lawyer, attorney, solicitor, barrister, legal, law, legal advice, paralegal, notary, immigration lawyer, conveyancing = law ;; lawyer
financial advisor, financial adviser, financial planner, financial planning, wealth manager, mortgage broker, mortgage advisor, insurance broker, insurance agent, tax advisor, tax adviser = financial advice ;; financial adviser
`,
  },
  {
    kinds: ['therapy'],
    rows: `
psychologist, psychology, therapist, therapy, counsellor, counselor, counselling, counseling, psychotherapist, psychotherapy, mental health, cbt, family therapist, couples therapist, marriage counsellor = counselling ;; counsellor
`,
  },
];

export interface LexiconEntry {
  /** Every term of the row, as matched (singular, lower case). */
  terms: string[];
  /**
   * Terms that name what the work is done on rather than the work ("tap", "toilet" for plumbing,
   * written `@tap` in a row): a sentence that names only them reads as the entry's name.
   */
  objects: string[];
  name: string;
  things?: string;
  role?: string;
  kinds: SkillKind[];
}

function parse(group: Group): LexiconEntry[] {
  return group.rows
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [termsText, rest = ''] = line.split('=');
      const [name, things, role] = rest.split(';').map((part) => part.trim());
      return {
        terms: termsText.split(',').map((t) => t.trim().toLowerCase().replace(/^@/, '')).filter(Boolean),
        objects: termsText.split(',').map((t) => t.trim().toLowerCase()).filter((t) => t.startsWith('@')).map((t) => t.slice(1)),
        name: name || termsText.split(',')[0].trim(),
        things: things || undefined,
        role: role || undefined,
        kinds: group.kinds,
      };
    });
}

/** Every skill the offline generator knows, with its kinds. */
export const skillLexicon: readonly LexiconEntry[] = groups.flatMap(parse);

/**
 * Markets a sentence can name ("at weddings", "for seniors", "for office parties"): the head
 * nouns, singular; a market is the noun phrase (up to three words) that ends in one of them.
 */
export const marketHeads: ReadonlySet<string> = new Set(
  (
    'wedding funeral memorial party birthday event festival conference christening baptism graduation anniversary ' +
    'bar mitzvah quinceañera reunion gala fundraiser celebration ceremony prom ' +
    'senior elderly retiree pensioner kid child children toddler teen teenager student family parent mum mom dad ' +
    'baby newborn adult learner bride groom couple newlywed business startup restaurant café cafe shop store company office ' +
    'tourist expat immigrant athlete runner beginner professional landlord homeowner tenant ' +
    'owner nonprofit non-profit charity farmer agent podcaster youtuber creator gamer musician artist ' +
    'author coach therapist freelancer founder woman man men women veteran patient commuter cyclist neighbour ' +
    'neighbor team worker employee brand seller'
  ).split(' '),
);
