import type { IdeaCategory, IdeaTemplate } from './idea-templates';
import type { SkillKind } from './skill-kinds';

/**
 * Ideas written for a market the sentence names (issue 30: "a market named in the sentence is the
 * market of the first ideas"). When the sentence names one, the first idea of every category is
 * taken from here if a template fits the skill's kind and the kind of market: an occasion
 * (`'occasion'`: funerals, weddings, office parties, kids' parties) or a group of people
 * (`'group'`: seniors, new parents, small businesses, dog owners). Every title names {Market}, and
 * every description speaks only to it: never another occasion or audience in the same idea.
 *
 * Kinds not written here keep the generator's own rule: their written or generic template for the
 * category, with "for {Market}" added to its title when the template can carry it. Where a kind
 * truly cannot carry the market in a category, `cannotCarryMarket` says so and why.
 *
 * Placeholders as in idea-templates.ts, plus {Market} {market} {prep} and {Organisers}
 * {organisers}: who books or buys for the occasion ("funeral directors and families").
 */

export type MarketTemplate = IdeaTemplate & { market: 'occasion' | 'group'; marketTitle?: undefined };

type Draft = Omit<MarketTemplate, 'id' | 'category' | 'market'>;

const price = (low: number, high: number, unit: string, sold: string) => ({ low, high, unit, sold });

function set(name: string, market: 'occasion' | 'group', byCategory: Partial<Record<IdeaCategory, Draft[]>>): MarketTemplate[] {
  const out: MarketTemplate[] = [];
  for (const [category, list] of Object.entries(byCategory) as [IdeaCategory, Draft[]][]) {
    list.forEach((d, i) => out.push({ ...d, category, market, id: `market/${name}/${category}/${i + 1}` }));
  }
  return out;
}

/** Music that can be recorded for an occasion (a singer, a violinist), not a magician or a DJ. */
const recordable = /sing|vocal|choir|violin|viola|cello|piano|guitar|harp|flute|sax|trumpet|organ|string|quartet|bagpipe|music/i;

/** Performers at an occasion: singers, musicians, magicians, DJs, entertainers. */
const performersAtOccasions = set('event-occasion', 'occasion', {
  fiverr: [
    {
      kinds: ['event'],
      names: recordable,
      title: 'Custom {Skill} Recordings for {Market}',
      subtitle: 'The piece {organisers} choose, recorded to order for the day',
      method: 'Fiverr gig delivering a custom recording',
      industry: '{domain} · Recorded music',
      price: price(40, 150, 'per recording', 'recordings'),
      what: 'Record {skill} to order for {market}: the piece {organisers} choose, recorded at home with good sound, ready to play on the day or to keep afterwards.',
      how: 'Keep a short list of the pieces most asked for {prep} {market}, a clean recording setup and a 48-hour delivery, so each order is an evening of work.',
      first: 'Put two sample recordings in the gig gallery and tell {organisers} you already know that it exists.',
      audiences: [],
    },
    {
      kinds: ['event'],
      title: '{Skill} {prep} {Market}: Bookings on GigSalad & Bark',
      subtitle: 'A profile that speaks only to {organisers}',
      method: 'Event marketplaces (GigSalad, The Bash, Bark)',
      industry: '{domain} · Event marketplaces',
      price: price(150, 450, 'per booking', 'bookings'),
      what: 'List {skill} {prep} {market} on GigSalad, The Bash and Bark, where {organisers} search for performers: the profile, the video and the packages are all about {market}.',
      how: 'Three packages by length, a one-minute video filmed {prep} {market} or made for them, and replies to every enquiry within the hour.',
      first: 'Ask the first three people you perform for to review you on the marketplace: {organisers} read reviews before anything else.',
      audiences: [],
    },
  ],
  online: [
    {
      kinds: ['event'],
      names: recordable,
      title: 'Recorded {Skill} Repertoire for {Market}',
      subtitle: 'A library of pieces {organisers} choose from online',
      method: 'Downloads and bookings from your own website',
      industry: '{domain} · Recorded music',
      price: price(15, 60, 'per piece', 'pieces'),
      what: 'Record the pieces most asked for {prep} {market} and put them on a simple website, where {organisers} listen, choose and buy them, or book you to perform them live.',
      how: 'Twenty pieces recorded once, each with a short note on when it suits; sell a single piece as a download and link every page to a live booking.',
      first: 'Send the link to {organisers} you have met and ask which pieces they are asked for most often.',
      audiences: [],
    },
    {
      kinds: ['event'],
      title: '{Skill} {prep} {Market}: Packages Booked Online',
      subtitle: 'A booking page with packages, dates and a deposit, for {organisers}',
      method: 'Your own booking website (Squarespace or Wix) with card deposits',
      industry: '{domain} · Online bookings',
      price: price(150, 450, 'per booking', 'bookings'),
      what: 'Build a one-page website for {skill} {prep} {market}: what you perform, three packages, the dates you have free and a deposit taken by card.',
      how: 'An availability calendar and a short form for the date, the place and what {organisers} want, so a booking needs no back-and-forth.',
      first: 'Ask for two testimonials from {market} you have done and put them beside the packages.',
      audiences: [],
    },
  ],
  offline: [
    {
      kinds: ['event'],
      title: '{Skill} {prep} {Market}',
      subtitle: 'Packages agreed with {organisers}',
      method: 'Direct bookings and referrals from {organisers}',
      industry: '{domain} · Live performance',
      price: price(150, 500, 'per booking', 'bookings'),
      what: 'Offer {skill} {prep} {market}: a set chosen to suit them, a clear package and a date held with a deposit.',
      how: 'Two or three packages by length, a printed card with your contacts and a recording of your work, so {organisers} can say yes without meeting you first.',
      first: 'Visit {organisers} near you with the card and the recording, and offer to perform at the next one at a lower price.',
      audiences: [],
    },
  ],
  social: [
    {
      kinds: ['event'],
      title: '{Skill} {prep} {Market}: Clips That Bring Bookings',
      subtitle: 'Short videos that show {organisers} what you bring',
      method: 'Instagram, Facebook and YouTube Shorts clips',
      industry: '{domain} · Social media',
      price: price(150, 450, 'per booking', 'bookings'),
      pricingText: 'Bookings from the clips, priced per booking',
      what: 'Post short clips of your {skill} {prep} {market} (with permission) or filmed for them, so {organisers} hear you before they call.',
      how: 'One clip a week, each with a line about the piece and who asked for it, and your booking link in the bio.',
      first: 'Share each clip with the {organisers} you know; they pass them on to the next people who ask.',
      audiences: [],
    },
  ],
});

/** Cakes and sweet bakes for an occasion: made to order, not catered by the platter. */
const cakesForOccasions = set('cakes-occasion', 'occasion', {
  fiverr: [
    {
      kinds: ['food'],
      notNames: /sommelier|\bwine\b/i,
      names: /cake|cupcake|cookie|biscuit|dessert|pastr|brownie|macaron/i,
      title: '{Item} Designs & Quotes for {Market}',
      subtitle: 'A sketch and a price {organisers} can confirm in one message',
      method: 'Quotes through Bark, Google and a one-page price list',
      industry: '{domain} · Custom orders',
      price: price(40, 150, 'per order', 'orders'),
      what: 'Answer every request for {market} with a quick sketch of the {product} and a price the same day: size, flavour, decoration and the date.',
      how: 'A price list by size and finish, a deposit to hold the date, and a quote template so each request takes minutes.',
      first: 'List the price list on Bark and Google and send it to {organisers} you know, with a small discount on the first order.',
      audiences: [],
    },
  ],
  online: [
    {
      kinds: ['food'],
      notNames: /sommelier|\bwine\b/i,
      names: /cake|cupcake|cookie|biscuit|dessert|pastr|brownie|macaron/i,
      title: 'Custom {Item} Orders for {Market}, Booked Online',
      subtitle: 'Choose the size, flavour and date online, paid with a deposit',
      method: 'Online order form (Square, Shopify or a simple website)',
      industry: '{domain} · Online orders',
      price: price(40, 150, 'per order', 'orders'),
      what: 'Take orders of {product} for {market} through an online form: size, flavour, decoration and the date, with a deposit by card.',
      how: 'A gallery of past orders, a calendar of free dates and orders closing a week ahead, so you bake only what is paid for.',
      first: 'Share the form where {organisers} near you ask for recommendations online.',
      audiences: [],
    },
  ],
  offline: [
    {
      kinds: ['food'],
      notNames: /sommelier|\bwine\b/i,
      names: /cake|cupcake|cookie|biscuit|dessert|pastr|brownie|macaron/i,
      title: '{Item} Orders for {Market}, Delivered',
      subtitle: 'Made to order and brought on the day',
      method: 'Direct orders and local delivery',
      industry: '{domain} · Custom orders',
      price: price(40, 150, 'per order', 'orders'),
      what: 'Make {product} to order for {market} and deliver it on the day, set up and ready.',
      how: 'Three sizes, a flavour list and a delivery radius; register with your council as a food business.',
      first: 'Bring a tasting box to three {organisers} nearby; one order brings the next.',
      audiences: [],
    },
  ],
  social: [
    {
      kinds: ['food'],
      notNames: /sommelier|\bwine\b/i,
      names: /cake|cupcake|cookie|biscuit|dessert|pastr|brownie|macaron/i,
      title: '{Item} Orders for {Market}: Instagram Gallery',
      subtitle: 'Photos of every order, with the order form in the bio',
      method: 'Instagram and Facebook posts with an order link',
      industry: '{domain} · Social media',
      price: price(40, 150, 'per order', 'orders'),
      pricingText: 'Orders from the posts, priced per order',
      what: 'Post a photo and a short video of every {product} you make for {market}, with the size, the flavour and the order link.',
      how: 'One post per order (with permission), a highlight per size, and a reply to every message within the hour.',
      first: 'Tag the {organisers} you baked for: their friends see the photos.',
      audiences: [],
    },
  ],
});

/** Beauty work for an occasion: on-location bookings for {market}. */
const beautyAtOccasions = set('beauty-occasion', 'occasion', {
  fiverr: [
    {
      kinds: ['beauty'],
      title: '{Skill} {prep} {Market}: Bookings on Bark & Booksy',
      subtitle: 'A profile that speaks only to {organisers}',
      method: 'Booking apps and marketplaces (Bark, Booksy)',
      industry: '{domain} · Booking apps',
      price: price(60, 250, 'per booking', 'bookings'),
      what: 'List {skill} {prep} {market} on Bark and Booksy: photos of your work {prep} {market}, a trial and a package for the day.',
      how: 'A trial price, a per-person price and a travel fee, and replies to every enquiry within the hour.',
      first: 'Ask the first people you work for to review you on the app: {organisers} read reviews before anything else.',
      audiences: [],
    },
  ],
  online: [
    {
      kinds: ['beauty'],
      title: '{Skill} {prep} {Market}: Trials & Packages Booked Online',
      subtitle: 'A booking page with a trial, packages and a deposit',
      method: 'Your own booking website with card deposits',
      industry: '{domain} · Online bookings',
      price: price(60, 250, 'per booking', 'bookings'),
      what: 'Build a booking page for {skill} {prep} {market}: a trial, packages by the number of people and a deposit that holds the date.',
      how: 'A calendar of free dates, a short form for the place and the people, and a gallery of your work {prep} {market}.',
      first: 'Put two testimonials from {market} you have done beside the packages.',
      audiences: [],
    },
  ],
  offline: [
    {
      kinds: ['beauty'],
      title: 'On-Location {Skill} {prep} {Market}',
      subtitle: 'You come to them on the day, kit and all',
      method: 'Direct bookings and referrals from {organisers}',
      industry: '{domain} · Mobile beauty',
      price: price(60, 250, 'per booking', 'bookings'),
      what: 'Offer {skill} {prep} {market} on location: a trial beforehand, then you come to them on the day with everything you need.',
      how: 'A trial, a per-person price, a travel fee and a deposit; keep your kit packed for early starts.',
      first: 'Introduce yourself to {organisers} and venues near you with a card and photos of your work.',
      audiences: [],
    },
  ],
  social: [
    {
      kinds: ['beauty'],
      title: '{Skill} {prep} {Market}: Before-and-After Posts',
      subtitle: 'Real looks from the day that bring the next bookings',
      method: 'Instagram and TikTok',
      industry: '{domain} · Social media',
      price: price(60, 250, 'per booking', 'bookings'),
      pricingText: 'Bookings from the posts, priced per booking',
      what: 'Post before-and-after photos and short videos of your {skill} {prep} {market} (with permission), with your booking link.',
      how: 'One post after every booking, a highlight for trials, and a reply to every message within the hour.',
      first: 'Tag the venues and {organisers} you worked with: their followers are your next clients.',
      audiences: [],
    },
  ],
});

/** Photography for a group of people, at a distance: the editing of their photos. */
const photographyForGroups = set('photography-group', 'group', {
  fiverr: [
    {
      kinds: ['photography'],
      title: 'Photo Editing & Retouching for {Market}',
      subtitle: 'Their own photos, made ready to print or post',
      method: 'Fiverr editing gig',
      industry: '{domain} · Photo editing',
      price: price(10, 60, 'per order', 'orders'),
      what: 'Edit and retouch the photos {market} send you: colour, light, retouching and backgrounds, delivered within two days.',
      how: 'Presets for the edits asked for most and a price per photo, so each order is a few minutes of work.',
      first: 'Show before-and-after pairs in the gig gallery made for {market}, and offer the first five orders at a launch price.',
      audiences: [],
    },
  ],
});

/** Food for an occasion: catering, platters and pre-orders for {market}. */
const foodAtOccasions = set('food-occasion', 'occasion', {
  fiverr: [
    {
      kinds: ['food'],
      notNames: /sommelier|\bwine\b/i,
      title: 'Catering Menus & Quotes for {Market}',
      subtitle: 'Fixed-price {product} menus {organisers} can order in one message',
      method: 'Quotes through Bark, Google and a one-page menu',
      industry: '{domain} · Catering',
      price: price(10, 25, 'per head', 'heads'),
      what: 'Publish three fixed-price {product} menus for {market} and answer every request with a quote the same day: the headcount, the date and a price per head.',
      how: 'A quote template, a minimum order and a deposit to confirm, so a request becomes an order in one message.',
      first: 'List the menus on Bark and Google and send them to {organisers} you know, with a tasting for the first to order.',
      audiences: [],
    },
  ],
  online: [
    {
      kinds: ['food'],
      notNames: /sommelier|\bwine\b/i,
      title: 'Pre-Ordered {Product} Platters for {Market}',
      subtitle: 'Ordered and paid online, delivered ready to serve',
      method: 'Online pre-orders (Shopify, Square or a simple order form)',
      industry: '{domain} · Online orders',
      price: price(40, 180, 'per platter', 'platters'),
      what: 'Open an online order form for {product} platters for {market}: {organisers} choose the platters, the headcount and the date, and pay in advance.',
      how: 'Four platters in two sizes, orders closing two days ahead, and one delivery round a day so you cook exactly what is paid for.',
      first: 'Give the link to {organisers} you know and offer free delivery on the first order.',
      audiences: [],
    },
  ],
  offline: [
    {
      kinds: ['food'],
      notNames: /sommelier|\bwine\b/i,
      title: '{Product} Catering for {Market}',
      subtitle: 'A short menu per head, delivered ready to serve',
      method: 'Direct catering bookings',
      industry: '{domain} · Catering',
      price: price(12, 30, 'per head', 'heads'),
      what: 'Cater {market} with your {product}: a short menu priced per head, delivered and set up before the guests arrive.',
      how: 'Three menus, a minimum order and a deposit; register with your council as a food business and keep your hygiene certificate current.',
      first: 'Offer a free tasting box to three {organisers} nearby; one booking brings the next.',
      audiences: [],
    },
  ],
  social: [
    {
      kinds: ['food'],
      notNames: /sommelier|\bwine\b/i,
      title: '{Product} Platters for {Market} on Instagram',
      subtitle: 'Photos of real spreads that bring the next orders',
      method: 'Instagram and Facebook posts with an order link',
      industry: '{domain} · Social media',
      price: price(40, 180, 'per order', 'orders'),
      pricingText: 'Orders from the posts, priced per platter',
      what: 'Post photos and short videos of your {product} platters at {market}, set up and ready, with the menu and an order link.',
      how: 'One post after every order (with permission), a highlight per menu, and a reply to every message within the hour.',
      first: 'Tag the {organisers} you cooked for: their colleagues and friends see the spread.',
      audiences: [],
    },
  ],
});

/** Food for a group of people: recipes, pre-orders and deliveries made for {market}. */
const foodForGroups = set('food-group', 'group', {
  fiverr: [
    {
      kinds: ['food'],
      notNames: /sommelier|\bwine\b/i,
      title: 'Custom {Product} Recipes for {Market}',
      subtitle: 'Recipes written and tested for what {market} need',
      method: 'Fiverr recipe-development gig',
      industry: '{domain} · Recipe development',
      price: price(25, 90, 'per recipe set', 'recipe sets'),
      what: 'Write and test {product} recipes to order for {market}: what they can make, eat or serve, with exact quantities and photos.',
      how: 'A short questionnaire for each buyer, one tested recipe set as a sample, and a PDF template so each order is mostly cooking.',
      first: 'Share a free recipe where {market} ask for ideas online and link the gig from it.',
      audiences: [],
    },
  ],
  online: [
    {
      kinds: ['food'],
      notNames: /sommelier|\bwine\b/i,
      title: 'Pre-Order {Product} Drops for {Market}',
      subtitle: 'Ordered online, collected or delivered locally',
      method: 'Online pre-orders (Shopify, Square or a simple order form)',
      industry: '{domain} · Online orders',
      price: price(10, 40, 'per order', 'orders'),
      what: 'Open online pre-orders of your {product} for {market}: a weekly menu made for them, paid in advance and collected or delivered on a fixed day.',
      how: 'Orders close two days ahead, so you cook exactly what is paid for, with one delivery round.',
      first: 'Post the order link where {market} near you meet online and offer the first week at cost.',
      audiences: [],
    },
  ],
  offline: [
    {
      kinds: ['food'],
      notNames: /sommelier|\bwine\b/i,
      title: '{Product} Deliveries for {Market}',
      subtitle: 'A regular order, made for them and brought to the door',
      method: 'Local deliveries, weekly or to order',
      industry: '{domain} · Local food',
      price: price(10, 45, 'per order', 'orders'),
      what: 'Deliver your {product} to {market} near you: made for what they need, ordered by message and brought to the door on a fixed day.',
      how: 'A short weekly menu, a delivery radius and a round on one or two days; register with your council as a food business.',
      first: 'Leave a sample and a menu card where {market} near you gather, and take the first orders by message.',
      audiences: [],
    },
  ],
  social: [
    {
      kinds: ['food'],
      notNames: /sommelier|\bwine\b/i,
      title: '{Product} Videos for {Market} on TikTok & Reels',
      subtitle: 'Short videos of what you make for them, with an order link',
      method: 'TikTok and Instagram Reels',
      industry: '{domain} · Social media',
      price: price(10, 40, 'per order', 'orders'),
      pricingText: 'Orders from the videos, and brand deals once the audience grows',
      what: 'Post short videos of the {product} you make for {market}: what goes in, why it suits them, and how to order.',
      how: 'Film a week of videos in one session and answer every comment from {market} with a video reply.',
      first: 'Post daily for the first month and pin the video that brings the most orders.',
      audiences: [],
    },
  ],
});

/** Made things for a group of people or an occasion. */
const madeForMarkets = [
  ...(['occasion', 'group'] as const).flatMap((market) =>
    set(`made-${market}`, market, {
      fiverr: [
        {
          kinds: ['made-product'],
          title: 'Custom {Things} for {Market}, Made to Order',
          subtitle: 'Personalised pieces ordered online and posted',
          method: 'Custom orders through Etsy and Fiverr',
          industry: '{domain} · Custom orders',
          price: price(25, 120, 'per order', 'orders'),
          what: 'Take custom orders of {things} for {market}: names, colours and sizes chosen by the buyer, made by you and posted.',
          how: 'A short order form, three base designs to personalise, and a making time you can keep.',
          first: 'Show three pieces made for {market} in the listing photos and ask the first buyers for a photo in use.',
          audiences: [],
        },
      ],
      online: [
        {
          kinds: ['made-product'],
          title: 'Handmade {Things} for {Market} on Etsy',
          subtitle: 'A shop made for {market}, found by search',
          method: 'Etsy shop',
          industry: '{domain} · Handmade goods',
          price: price(15, 80, 'per item', 'items'),
          what: 'Open an Etsy shop of {things} for {market}: listings, photos and words about what {market} need.',
          how: 'Twenty listings to start, with the words {market} search for in every title and good daylight photos.',
          first: 'Price the first listings for reviews and share the shop where {market} meet online.',
          audiences: [],
        },
      ],
      offline: [
        {
          kinds: ['made-product'],
          title: 'Handmade {Things} for {Market}: Local Orders & Stalls',
          subtitle: 'Sold face to face where {market} are',
          method: 'Local orders and market stalls',
          industry: '{domain} · Handmade goods',
          price: price(15, 80, 'per item', 'items'),
          what: 'Sell your {things} for {market} face to face: a stall where they are and orders taken by message.',
          how: 'A small range made for {market}, cards with your shop link, and card payments on your phone.',
          first: 'Take a table at the next local fair for {market} and collect orders for later.',
          audiences: [],
        },
      ],
      social: [
        {
          kinds: ['made-product'],
          title: 'Making {Things} for {Market}: Process Videos',
          subtitle: 'Short videos from the first stitch to the finished piece',
          method: 'TikTok and Instagram Reels',
          industry: '{domain} · Social media',
          price: price(15, 80, 'per item', 'items'),
          pricingText: 'Orders from the videos, priced per item',
          what: 'Film the making of {things} for {market}, from the first step to the finished piece, and link the shop in every video.',
          how: 'Film one piece a week in short clips and post them through the week.',
          first: 'Answer every comment from {market} with a video of the piece they asked about.',
          audiences: [],
        },
      ],
    }),
  ),
];

export const marketTemplates: readonly MarketTemplate[] = [
  ...performersAtOccasions,
  ...cakesForOccasions,
  ...beautyAtOccasions,
  ...photographyForGroups,
  ...foodAtOccasions, ...foodForGroups, ...madeForMarkets];

/**
 * Where a category truly cannot carry a named market for a kind of work, and why: the first idea
 * of that category stays the skill's plain business there.
 */
export const cannotCarryMarket: Partial<Record<SkillKind, { categories: readonly IdeaCategory[]; market: 'occasion' | 'group' | 'any'; why: string }[]>> = {};

/** Who books or buys for an occasion: "funeral directors and families" for funerals. */
export function organisersOf(phrase: string): string {
  if (/funeral|memorial/.test(phrase)) return 'funeral directors and families';
  if (/wedding|bride|groom/.test(phrase)) return 'couples and wedding planners';
  if (/office|company|corporate|work/.test(phrase)) return 'office managers';
  if (/kid|child|toddler|baby|christening|baptism/.test(phrase)) return 'parents';
  if (/conference|festival|gala|fundraiser/.test(phrase)) return 'event organisers';
  return 'party hosts';
}

/** Occasions a description can name. */
const occasionWords =
  /\b(weddings?|funerals?|memorials?|birthdays?|anniversar(?:y|ies)|christenings?|baptisms?|graduations?|proms?|baby showers?|hen dos?|stag dos?|bar mitzvahs?|festivals?|conferences?|product launches|galas?|reunions?|celebrations?|part(?:y|ies)|corporate events?|team events?)\b/gi;

/** What stays the same occasion as a market: a funeral's memorial service, a wedding's couples. */
const sameOccasion: [RegExp, RegExp][] = [
  [/funeral|memorial/, /^(funerals?|memorials?)$/],
  [/wedding/, /^(weddings?|celebrations?)$/],
  [/part(y|ies)/, /^(part(y|ies)|birthdays?|celebrations?)$/],
  [/birthday/, /^(birthdays?|part(y|ies)|celebrations?)$/],
];

/**
 * The occasions `text` names that are not the market `phrase` ("weddings" in a description of an idea
 * for funerals): an idea that names a market never speaks of another occasion.
 */
export function otherOccasions(text: string, phrase: string): string[] {
  const market = phrase.toLowerCase();
  const rest = text.toLowerCase().split(market).join(' ');
  const found = [...rest.matchAll(occasionWords)].map((m) => m[1]);
  return found.filter((word) => !market.includes(word.replace(/s$/, '')) && !sameOccasion.some(([m, same]) => m.test(market) && same.test(word)));
}
