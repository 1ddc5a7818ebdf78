/**
 * What the offline plan generator builds from: real, well-known platforms and learning resources
 * with their real addresses, chosen by the idea's category and industry, and a weekly arc of
 * milestones whose tasks name the member's offer, audience, platform and tools.
 */

export interface Resource {
  name: string;
  url: string;
}

export const resources = {
  fiverr: { name: 'Fiverr', url: 'https://www.fiverr.com' },
  fiverrHelp: { name: 'Fiverr Help Center', url: 'https://help.fiverr.com' },
  fiverrLearn: { name: 'Learn from Fiverr courses', url: 'https://learn.fiverr.com' },
  upwork: { name: 'Upwork', url: 'https://www.upwork.com' },
  gumroad: { name: 'Gumroad', url: 'https://gumroad.com' },
  etsy: { name: 'Etsy', url: 'https://www.etsy.com' },
  shopify: { name: 'Shopify', url: 'https://www.shopify.com' },
  teachable: { name: 'Teachable', url: 'https://teachable.com' },
  carrd: { name: 'Carrd', url: 'https://carrd.co' },
  googleBusiness: { name: 'Google Business Profile', url: 'https://www.google.com/business/' },
  nextdoor: { name: 'Nextdoor', url: 'https://nextdoor.com' },
  vistaprint: { name: 'Vistaprint (flyers and cards)', url: 'https://www.vistaprint.com' },
  square: { name: 'Square', url: 'https://squareup.com' },
  instagram: { name: 'Instagram', url: 'https://www.instagram.com' },
  youtube: { name: 'YouTube', url: 'https://www.youtube.com' },
  youtubeCreators: { name: 'YouTube Creators', url: 'https://www.youtube.com/creators/' },
  tiktok: { name: 'TikTok', url: 'https://www.tiktok.com' },
  capcut: { name: 'CapCut', url: 'https://www.capcut.com' },
  buffer: { name: 'Buffer', url: 'https://buffer.com' },
  later: { name: 'Later', url: 'https://later.com' },
  canva: { name: 'Canva', url: 'https://www.canva.com' },
  canvaPro: { name: 'Canva Pro', url: 'https://www.canva.com/pro/' },
  behance: { name: 'Behance', url: 'https://www.behance.net' },
  figma: { name: 'Figma', url: 'https://www.figma.com' },
  skillshare: { name: 'Skillshare', url: 'https://www.skillshare.com' },
  github: { name: 'GitHub', url: 'https://github.com' },
  freeCodeCamp: { name: 'freeCodeCamp', url: 'https://www.freecodecamp.org' },
  mdn: { name: 'MDN Web Docs', url: 'https://developer.mozilla.org' },
  udemy: { name: 'Udemy', url: 'https://www.udemy.com' },
  grammarly: { name: 'Grammarly', url: 'https://www.grammarly.com' },
  hemingway: { name: 'Hemingway Editor', url: 'https://hemingwayapp.com' },
  medium: { name: 'Medium', url: 'https://medium.com' },
  masterclass: { name: 'MasterClass', url: 'https://www.masterclass.com' },
  davinci: { name: 'DaVinci Resolve', url: 'https://www.blackmagicdesign.com/products/davinciresolve' },
  unsplash: { name: 'Unsplash', url: 'https://unsplash.com' },
  lightroom: { name: 'Adobe Lightroom', url: 'https://www.adobe.com/products/photoshop-lightroom.html' },
  bandlab: { name: 'BandLab', url: 'https://www.bandlab.com' },
  audacity: { name: 'Audacity', url: 'https://www.audacityteam.org' },
  soundcloud: { name: 'SoundCloud', url: 'https://soundcloud.com' },
  splice: { name: 'Splice', url: 'https://splice.com' },
  khanAcademy: { name: 'Khan Academy', url: 'https://www.khanacademy.org' },
  preply: { name: 'Preply', url: 'https://preply.com' },
  outschool: { name: 'Outschool', url: 'https://outschool.com' },
  zoom: { name: 'Zoom', url: 'https://zoom.us' },
  calendly: { name: 'Calendly', url: 'https://calendly.com' },
  googleForms: { name: 'Google Forms', url: 'https://www.google.com/forms/about/' },
  googleSheets: { name: 'Google Sheets', url: 'https://www.google.com/sheets/about/' },
  mindbody: { name: 'Mindbody', url: 'https://www.mindbodyonline.com' },
  trainerize: { name: 'Trainerize', url: 'https://www.trainerize.com' },
  eventbrite: { name: 'Eventbrite', url: 'https://www.eventbrite.com' },
  googleAnalytics: { name: 'Google Analytics', url: 'https://marketingplatform.google.com/about/analytics/' },
  searchConsole: { name: 'Google Search Console', url: 'https://search.google.com/search-console/about' },
  hubspotAcademy: { name: 'HubSpot Academy', url: 'https://academy.hubspot.com' },
  semrush: { name: 'Semrush', url: 'https://www.semrush.com' },
  wave: { name: 'Wave (free accounting)', url: 'https://www.waveapps.com' },
  quickbooks: { name: 'QuickBooks', url: 'https://quickbooks.intuit.com' },
  xero: { name: 'Xero', url: 'https://www.xero.com' },
  thumbtack: { name: 'Thumbtack', url: 'https://www.thumbtack.com' },
  jobber: { name: 'Jobber', url: 'https://www.getjobber.com' },
  pinterest: { name: 'Pinterest', url: 'https://www.pinterest.com' },
  rover: { name: 'Rover', url: 'https://www.rover.com' },
  twitch: { name: 'Twitch', url: 'https://www.twitch.tv' },
  discord: { name: 'Discord', url: 'https://discord.com' },
  streamlabs: { name: 'Streamlabs', url: 'https://streamlabs.com' },
  linkedin: { name: 'LinkedIn', url: 'https://www.linkedin.com' },
  linkedinLearning: { name: 'LinkedIn Learning', url: 'https://www.linkedin.com/learning/' },
  coursera: { name: 'Coursera', url: 'https://www.coursera.org' },
  loom: { name: 'Loom', url: 'https://www.loom.com' },
  notion: { name: 'Notion', url: 'https://www.notion.so' },
  trello: { name: 'Trello', url: 'https://trello.com' },
  zapier: { name: 'Zapier', url: 'https://zapier.com' },
  mailchimp: { name: 'Mailchimp', url: 'https://mailchimp.com' },
  paypal: { name: 'PayPal', url: 'https://www.paypal.com' },
  stripe: { name: 'Stripe', url: 'https://stripe.com' },
  linktree: { name: 'Linktree', url: 'https://linktr.ee' },
} as const satisfies Record<string, Resource>;

export type ResourceKey = keyof typeof resources;

/** Tools of the member's field (the industry the offline idea generator reads from a text). */
export interface FieldKit {
  /** The tool tasks name for making samples and deliverables. */
  tool: ResourceKey;
  free: ResourceKey[];
  paid: ResourceKey[];
  audience: string;
}

export const fieldKits: Record<string, FieldKit> = {
  'Design & Creative': { tool: 'canva', free: ['behance', 'figma'], paid: ['canvaPro', 'skillshare'], audience: 'small brands' },
  Technology: { tool: 'github', free: ['freeCodeCamp', 'mdn'], paid: ['udemy', 'linkedinLearning'], audience: 'small businesses' },
  'Writing & Publishing': { tool: 'grammarly', free: ['hemingway', 'medium'], paid: ['masterclass', 'skillshare'], audience: 'bloggers and small businesses' },
  'Photo & Video': { tool: 'davinci', free: ['youtubeCreators', 'unsplash'], paid: ['lightroom', 'skillshare'], audience: 'creators and local businesses' },
  'Music & Audio': { tool: 'bandlab', free: ['audacity', 'soundcloud'], paid: ['splice', 'skillshare'], audience: 'beginners and podcasters' },
  Education: { tool: 'zoom', free: ['khanAcademy', 'preply', 'outschool'], paid: ['teachable', 'coursera'], audience: 'students and parents' },
  'Health & Fitness': { tool: 'calendly', free: ['youtube', 'googleForms'], paid: ['trainerize', 'mindbody'], audience: 'busy professionals' },
  'Food & Beverage': { tool: 'canva', free: ['eventbrite', 'instagram'], paid: ['vistaprint', 'canvaPro'], audience: 'home cooks and busy families' },
  Marketing: { tool: 'googleAnalytics', free: ['hubspotAcademy', 'searchConsole'], paid: ['semrush', 'later'], audience: 'small businesses' },
  'Finance & Accounting': { tool: 'wave', free: ['googleSheets', 'hubspotAcademy'], paid: ['quickbooks', 'xero'], audience: 'freelancers and small businesses' },
  'Home Services': { tool: 'googleBusiness', free: ['thumbtack', 'nextdoor'], paid: ['jobber', 'vistaprint'], audience: 'homeowners' },
  'Fashion & Crafts': { tool: 'canva', free: ['etsy', 'pinterest'], paid: ['skillshare', 'canvaPro'], audience: 'gift buyers' },
  Pets: { tool: 'canva', free: ['rover', 'nextdoor'], paid: ['vistaprint', 'canvaPro'], audience: 'pet owners' },
  Gaming: { tool: 'twitch', free: ['discord', 'youtube'], paid: ['streamlabs', 'skillshare'], audience: 'gamers' },
  'Professional Services': { tool: 'googleSheets', free: ['linkedin', 'hubspotAcademy'], paid: ['linkedinLearning', 'canvaPro'], audience: 'small businesses' },
};

/**
 * Where the offer is sold, by the idea's category (and words of its title), and how the weekly
 * tasks name that place: the account to open, the competitors to study, the prices to set, who
 * the customers are and what they order. Two ideas sold in different places get plans that name
 * different things, not the same plan with the title pasted in.
 */
export interface Channel {
  platform: ResourceKey;
  /** What the member publishes there: "gig", "product page", "profile", … */
  listing: string;
  /** Where the first buyers come from. */
  reach: string;
  /** The account task: "Create your Fiverr seller account and profile". */
  account: string;
  /** Whom to study: "competitors' gigs on Fiverr". */
  competitors: string;
  /** What is priced in three tiers: "gig packages". */
  tiers: string;
  /** The payment task: "Connect your Fiverr payout method". */
  payment: string;
  /** Who pays, plural: "buyers", "local customers", "students". */
  customers: string;
  /** What they pay for, plural: "orders", "bookings", "enrolments". */
  orders: string;
  /** What a happy customer leaves: "a Fiverr review". */
  review: string;
  /** The first wins, for a milestone title: "Fiverr Orders". */
  wins: string;
  free: ResourceKey[];
  paid: ResourceKey[];
}

type Place = 'freelance' | 'social' | 'local' | 'online';

const placeOfCategory: Record<string, Place> = { fiverr: 'freelance', social: 'social', offline: 'local' };

/**
 * The kind of place: a built-in category decides it (a social idea whose description mentions a
 * gig is still a social idea); an online idea can still be freelance work on Fiverr or Upwork;
 * an admin's own category is read from the words alone.
 */
function placeOf(category: string, lower: string): Place {
  if (placeOfCategory[category]) return placeOfCategory[category];
  if (/\b(fiverr|upwork|gig)\b/.test(lower)) return 'freelance';
  if (category === 'online') return 'online';
  if (/\b(youtube|tiktok|instagram|reels|channel)\b/.test(lower)) return 'social';
  if (/\b(local|in-person|workshop|class(es)?|door|google business)\b/.test(lower)) return 'local';
  return 'online';
}

export function channelFor(category: string, text: string): Channel {
  const lower = text.toLowerCase();
  const place = placeOf(category, lower);
  if (place === 'freelance') {
    return /\bupwork\b/.test(lower)
      ? {
          platform: 'upwork',
          listing: 'profile and project catalog',
          reach: 'Upwork job posts',
          account: 'Create your Upwork freelancer profile',
          competitors: "competitors' Upwork profiles",
          tiers: 'project catalog tiers',
          payment: 'Set up your Upwork withdrawal method',
          customers: 'clients',
          orders: 'contracts',
          review: 'an Upwork review',
          wins: 'Upwork Contracts',
          free: ['fiverr'],
          paid: ['fiverrLearn'],
        }
      : {
          platform: 'fiverr',
          listing: 'gig',
          reach: 'Fiverr buyer requests',
          account: 'Create your Fiverr seller account and profile',
          competitors: "competitors' gigs on Fiverr",
          tiers: 'gig packages',
          payment: 'Connect your Fiverr payout method',
          customers: 'buyers',
          orders: 'gig orders',
          review: 'a Fiverr review',
          wins: 'Fiverr Orders',
          free: ['fiverrHelp', 'upwork'],
          paid: ['fiverrLearn'],
        };
  }
  if (place === 'social') {
    const platform: ResourceKey = /\byoutube|channel\b/.test(lower) ? 'youtube' : /\btiktok\b/.test(lower) ? 'tiktok' : 'instagram';
    return {
      platform,
      listing: 'profile',
      reach: 'comments and DMs in your niche',
      account: 'Set up your {platform} creator profile',
      competitors: "competitors' {platform} accounts",
      tiers: 'brand-deal rates',
      payment: 'Set up PayPal or Stripe for brand payments',
      customers: 'brands',
      orders: 'brand deals',
      review: 'a testimonial',
      wins: 'Brand Deals',
      free: ['capcut', 'buffer', 'linktree'],
      paid: ['later'],
    };
  }
  if (place === 'local') {
    return {
      platform: 'googleBusiness',
      listing: 'business profile',
      reach: 'Nextdoor and local Facebook groups',
      account: 'Claim your Google Business Profile',
      competitors: 'local competitors on Google Maps',
      tiers: 'local price packages',
      payment: 'Set up Square to take card payments',
      customers: 'local customers',
      orders: 'bookings',
      review: 'a Google review',
      wins: 'Local Bookings',
      free: ['nextdoor', 'square'],
      paid: ['vistaprint'],
    };
  }
  if (/\b(etsy|printable|print-on-demand)\b/.test(lower)) {
    return {
      platform: 'etsy',
      listing: 'shop listing',
      reach: 'Pinterest pins and Etsy search',
      account: 'Open your Etsy shop',
      competitors: "competitors' Etsy listings",
      tiers: 'Etsy price variations',
      payment: 'Set up Etsy Payments',
      customers: 'shoppers',
      orders: 'Etsy orders',
      review: 'an Etsy review',
      wins: 'Etsy Sales',
      free: ['pinterest', 'canva'],
      paid: ['shopify'],
    };
  }
  if (/\b(course|cohort|lesson|tutor|coaching|teachable)\b/.test(lower)) {
    return {
      platform: 'teachable',
      listing: 'course page',
      reach: 'a free mini-lesson and an email list',
      account: 'Create your Teachable school',
      competitors: "competitors' courses on Teachable and Udemy",
      tiers: 'course price tiers',
      payment: 'Connect Teachable payments',
      customers: 'students',
      orders: 'enrolments',
      review: 'a course review',
      wins: 'Students',
      free: ['youtube', 'mailchimp'],
      paid: ['teachable'],
    };
  }
  return {
    platform: 'gumroad',
    listing: 'product page',
    reach: 'a landing page and an email list',
    account: 'Create your Gumroad account',
    competitors: "competitors' products on Gumroad",
    tiers: 'Gumroad price tiers',
    payment: 'Connect PayPal or Stripe to Gumroad',
    customers: 'customers',
    orders: 'sales',
    review: 'a Gumroad rating',
    wins: 'Gumroad Sales',
    free: ['carrd', 'mailchimp'],
    paid: ['shopify'],
  };
}

export interface TaskTemplate {
  title: string;
  description: string;
}

/**
 * One week of the arc. Templates use {offer} (the idea, short), {audience} and {tool} (from the
 * field), and the channel's {platform}, {listing}, {reach}, {account}, {competitors}, {tiers},
 * {payment}, {customers}, {orders}, {review} and {wins}. Most task titles name the channel, so
 * plans for ideas sold in different places differ in what they ask the member to do.
 */
export interface Stage {
  title: string;
  description: string;
  successCriteria: string;
  tasks: TaskTemplate[];
  free: ResourceKey[];
  paid: ResourceKey[];
}

export const arc: Stage[] = [
  {
    title: 'Shape and Price {offer}',
    description: 'Decide what {offer} includes, who it is for and what it costs, and make the samples that prove you can deliver it.',
    successCriteria: 'A one-line offer, three price tiers and three samples of {offer} ready to show {audience}.',
    tasks: [
      { title: 'Write a one-sentence offer for {audience}', description: 'Say who it is for, the result they get and when, e.g. "{offer} for {audience}, delivered in 3 days". Keep it under 25 words.' },
      { title: 'Study 10 {competitors}', description: 'Note their prices, what each package includes, delivery times and what reviews praise or complain about. Keep the notes in one Google Sheet.' },
      { title: 'Set three {tiers}', description: 'A starter, a standard and a premium version of {offer}, priced from your competitor notes; write exactly what each tier includes.' },
      { title: 'Make three portfolio samples for your {listing} with {tool}', description: 'Create three examples of the result {audience} pay for. They become your {listing} images and the proof in every pitch.' },
      { title: 'Write a checklist for your {orders}', description: 'List every step from order to delivery (questions to ask, files needed, revisions, hand-over) so each of your {orders} runs the same way.' },
      { title: '{payment}', description: 'Make sure money from {customers} reaches your bank before the first sale, and decide your refund and revision policy.' },
      { title: 'List 20 places {audience} gather', description: 'Groups, forums, hashtags, directories and local spots where your first buyers already ask for this help.' },
      { title: 'Block weekly work hours', description: 'Put fixed hours for {offer} in your calendar for the next six weeks so progress does not depend on spare time.' },
    ],
    free: ['googleSheets'],
    paid: [],
  },
  {
    title: 'Publish {offer} on {platform}',
    description: 'Put {offer} where buyers can find and pay for it: a clear {listing}, strong images and the words {audience} search for.',
    successCriteria: 'The {listing} is live with title, three tiers, images and FAQ, and was shared in at least five places.',
    tasks: [
      { title: '{account}', description: 'A friendly photo, a short bio that names {audience} and the result you deliver, and links to your samples.' },
      { title: 'Write the {listing} title with buyer keywords', description: 'Use the words {audience} type into search (check the {platform} search suggestions) and keep the title under 70 characters.' },
      { title: 'Design three {listing} images in Canva', description: 'Show the result, not the process: before/after, the finished piece, or a short benefit line on a clean background.' },
      { title: 'Write the {listing} description and FAQ', description: 'Open with the problem, then what they get, how it works, delivery time and five answers to the questions buyers ask most.' },
      { title: 'Publish the {listing} with your three tiers', description: 'Enter the starter, standard and premium tiers from week 1 and preview the page as a buyer before publishing.' },
      { title: 'Share your {listing} link in five places', description: 'Post it with a one-line story in the groups and directories from your list, following each place\'s rules on promotion.' },
      { title: 'Get feedback on the {listing} from three people', description: 'Send the link to three people who match {audience}: what is unclear, what would stop them from buying?' },
    ],
    free: ['canva'],
    paid: ['canvaPro'],
  },
  {
    title: 'Win Your First {wins}',
    description: 'Reach {audience} directly through {reach} until the first three {orders} of {offer} are in.',
    successCriteria: 'At least 20 personal pitches sent and 3 paid {orders} (or booked calls) for {offer}.',
    tasks: [
      { title: 'Write a three-sentence pitch for {customers}', description: 'Three sentences: what you noticed about them, the result {offer} gives, and a simple next step. Personalise the first line every time.' },
      { title: 'Send 5 personal pitches a day through {reach}', description: 'Track each one (who, where, date, answer) in your sheet; follow up once after three days.' },
      { title: 'Offer a launch price to your first three {customers}', description: 'A clear discount in exchange for an honest review, with an end date so it does not become your normal price.' },
      { title: 'Ask your network for one introduction', description: 'Message ten friends, colleagues or past clients: "Do you know one {audience} who needs {offer}?"' },
      { title: 'Answer questions where {audience} ask for help', description: 'Give genuinely useful answers in groups and forums three times this week; mention your offer only where it fits.' },
      { title: 'Prepare a 15-minute discovery call script', description: 'Five questions about their goal, budget and deadline, then a recommendation of one tier. Book calls with Calendly.' },
      { title: 'Follow up with everyone who replied on {platform}', description: 'Send a short, specific follow-up with a sample that matches their situation and a link to order.' },
    ],
    free: ['hubspotAcademy', 'calendly'],
    paid: ['linkedinLearning'],
  },
  {
    title: 'Deliver Well and Earn Reviews on {platform}',
    description: 'Turn the first orders into five-star reviews and repeat buyers with a reliable delivery process for {offer}.',
    successCriteria: 'Every order delivered on time, at least 3 reviews or testimonials collected and one repeat or referral request.',
    tasks: [
      { title: 'Send {customers} a welcome message and questionnaire', description: 'Collect everything you need up front with a Google Form so work never stalls waiting for the buyer.' },
      { title: 'Deliver the first {orders} a day early', description: 'Follow your order checklist, record the time each step takes and note where you lost time.' },
      { title: 'Record a short walkthrough for your {customers}', description: 'A two-minute Loom video explaining the result makes buyers feel looked after and cuts revision requests.' },
      { title: 'Ask your {customers} for {review}', description: 'Two days after delivery, ask for {review} with one question that prompts specifics: "What changed for you?"' },
      { title: 'Show the best reviews on your {listing}', description: 'With permission, turn quotes and results into testimonials on your {listing} and samples.' },
      { title: 'Speed up your slowest step with {tool}', description: 'Make a template, a preset or a reusable file with {tool} for the step that took the longest.' },
      { title: 'Offer happy {customers} a next step', description: 'An add-on, a bundle or a monthly version of {offer}, with a small thank-you discount.' },
    ],
    free: ['googleForms', 'loom'],
    paid: [],
  },
  {
    title: 'Grow Demand for {offer} on {platform}',
    description: 'Bring a steady flow of {audience} to {offer}: useful content, better listing conversion and numbers you track weekly.',
    successCriteria: 'Weekly visits, inquiries and orders tracked, listing conversion improved, and inquiries up on week 3.',
    tasks: [
      { title: 'Track your {platform} numbers weekly', description: 'Visits, inquiries, orders, revenue and hours per week. Use Google Analytics for a site or the {platform} statistics.' },
      { title: 'Post three helpful tips for {audience}', description: 'Answer the three questions buyers asked most, show a before/after and end each with a link to {offer}.' },
      { title: 'Test a new {listing} title or cover', description: 'Change one thing, leave it for a week and compare clicks and inquiries with the week before.' },
      { title: 'Add a free lead magnet for {audience}', description: 'A free checklist, template or mini-guide for {audience} in exchange for an email address (Mailchimp\'s free plan is enough).' },
      { title: 'Partner with one seller who serves {audience}', description: 'Find someone who serves the same {audience} with a different service and agree to recommend each other.' },
      { title: 'Answer every {platform} inquiry within two hours', description: 'Fast replies win orders and rank listings higher; prepare saved replies for common questions.' },
    ],
    free: ['googleAnalytics', 'mailchimp'],
    paid: ['semrush'],
  },
  {
    title: 'Scale {offer} and Raise Prices',
    description: 'Make {offer} a dependable income: raise prices with your reviews, package repeat work and systemise delivery.',
    successCriteria: 'Prices raised at least 20%, a recurring or bundle offer live, and a plan for the next month written.',
    tasks: [
      { title: 'Raise your {platform} prices by 20%', description: 'With reviews in hand, raise the standard tier first; keep the old price only for buyers already in progress.' },
      { title: 'Launch a monthly or bundle version on {platform}', description: 'Package repeat work as a monthly plan or a 3-pack so the best buyers come back without a new sale each time.' },
      { title: 'Turn your {orders} checklist into templates', description: 'Store briefs, replies and delivery files in Notion or Trello so an order takes less time each month.' },
      { title: 'Automate one repeated {platform} admin task', description: 'Invoices, booking confirmations or review requests: automate it with the platform\'s tools or Zapier.' },
      { title: 'Review six weeks of {orders} and numbers', description: 'Which channel brought paying buyers, which tier sells best, what is your hourly income? Drop what did not work.' },
      { title: 'Set a goal and plan for next month', description: 'A revenue target, the number of orders it needs and the weekly actions that bring them.' },
    ],
    free: ['notion', 'trello'],
    paid: ['zapier'],
  },
];

/** Weeks after the arc (plans of 7 to 12 milestones): growth work that fits any offer. */
export const growthArc: Stage[] = [
  {
    title: 'Add an Upsell to {offer}',
    description: 'Increase the value of each order of {offer} with add-ons buyers already ask for.',
    successCriteria: 'Two add-ons live and at least one order including an add-on.',
    tasks: [
      { title: 'List what buyers asked for beyond the offer', description: 'Go through your messages and revision requests; each repeated request is a possible add-on.' },
      { title: 'Price two add-ons', description: 'Fast delivery and an extra deliverable are the easiest; price them at 20-50% of the base tier.' },
      { title: 'Add the add-ons to your {listing}', description: 'Show them on the order page and mention them in your welcome message.' },
      { title: 'Offer an add-on in every delivery message', description: 'One sentence, one link, no pressure.' },
      { title: 'Track add-on uptake', description: 'Add a column to your numbers sheet and compare average order value with last month.' },
    ],
    free: ['googleSheets'],
    paid: [],
  },
  {
    title: 'Open a Second Sales Channel',
    description: 'Reach {audience} somewhere new so {offer} does not depend on one platform.',
    successCriteria: 'A second channel set up with the offer and at least one inquiry from it.',
    tasks: [
      { title: 'Pick the channel your buyers also use', description: 'Ask your past buyers where else they look for this help; choose one place only.' },
      { title: 'Adapt your {listing} to the new channel', description: 'Reuse your best title, images and reviews, in the format that channel expects.' },
      { title: 'Publish and share it', description: 'Go live and tell your existing buyers and your email list.' },
      { title: 'Spend three hours on outreach there', description: 'Personal messages and helpful answers, as you did in your first customer week.' },
      { title: 'Compare channels after two weeks', description: 'Inquiries, orders and time spent per channel: keep the better one as your focus.' },
    ],
    free: ['linkedin', 'linktree'],
    paid: [],
  },
  {
    title: 'Build Recurring Revenue',
    description: 'Move your best buyers of {offer} to a monthly arrangement for predictable income.',
    successCriteria: 'At least two buyers on a monthly plan.',
    tasks: [
      { title: 'Pick your five best buyers', description: 'Those who ordered more than once or gave the best reviews.' },
      { title: 'Design a monthly plan', description: 'A fixed amount of work per month at a small discount, billed in advance.' },
      { title: 'Pitch the plan personally', description: 'Show what they ordered last quarter and what the plan would save them.' },
      { title: 'Set up recurring billing', description: 'Use subscriptions on {platform} where available, or Stripe or PayPal recurring invoices.' },
      { title: 'Create a monthly check-in routine', description: 'A short report of what you delivered and what comes next keeps subscribers renewing.' },
    ],
    free: ['stripe', 'paypal'],
    paid: [],
  },
];
