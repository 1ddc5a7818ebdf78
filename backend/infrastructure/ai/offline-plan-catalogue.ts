/**
 * What the offline plan generator builds from, besides the channels (`offline-plans/channels.ts`)
 * and the kinds of work (`offline-plans/work.ts`): real, well-known tools, platforms and courses
 * with the real addresses of their home pages, the tools of a field of knowledge work, and the
 * few tasks every plan has (worded with the plan's own channel, buyers and offer).
 */

export interface Resource {
  name: string;
  url: string;
}

export const resources = {
  // Channels: where an offer is sold or published.
  fiverr: { name: 'Fiverr', url: 'https://www.fiverr.com' },
  fiverrHelp: { name: 'Fiverr Help Center', url: 'https://help.fiverr.com' },
  fiverrLearn: { name: 'Learn from Fiverr courses', url: 'https://learn.fiverr.com' },
  upwork: { name: 'Upwork', url: 'https://www.upwork.com' },
  upworkHelp: { name: 'Upwork Help Center', url: 'https://support.upwork.com' },
  upworkPlus: { name: 'Upwork Freelancer Plus', url: 'https://www.upwork.com' },
  etsy: { name: 'Etsy', url: 'https://www.etsy.com' },
  etsyHandbook: { name: 'Etsy Seller Handbook', url: 'https://www.etsy.com/seller-handbook' },
  erank: { name: 'eRank (Etsy keyword research)', url: 'https://erank.com' },
  marmalead: { name: 'Marmalead (Etsy SEO)', url: 'https://marmalead.com' },
  printful: { name: 'Printful (print-on-demand)', url: 'https://www.printful.com' },
  gumroad: { name: 'Gumroad', url: 'https://gumroad.com' },
  kit: { name: 'Kit (formerly ConvertKit)', url: 'https://kit.com' },
  teachable: { name: 'Teachable', url: 'https://teachable.com' },
  descript: { name: 'Descript', url: 'https://www.descript.com' },
  youtube: { name: 'YouTube', url: 'https://www.youtube.com' },
  youtubeCreators: { name: 'YouTube Creators', url: 'https://www.youtube.com/creators/' },
  youtubeStudio: { name: 'YouTube Studio', url: 'https://studio.youtube.com' },
  tubebuddy: { name: 'TubeBuddy', url: 'https://www.tubebuddy.com' },
  vidiq: { name: 'vidIQ', url: 'https://vidiq.com' },
  tiktok: { name: 'TikTok', url: 'https://www.tiktok.com' },
  instagram: { name: 'Instagram', url: 'https://www.instagram.com' },
  instagramBusiness: { name: 'Instagram for Business', url: 'https://business.instagram.com' },
  later: { name: 'Later', url: 'https://later.com' },
  pinterest: { name: 'Pinterest', url: 'https://www.pinterest.com' },
  pinterestBusiness: { name: 'Pinterest Business', url: 'https://business.pinterest.com' },
  tailwind: { name: 'Tailwind (pin scheduler)', url: 'https://www.tailwindapp.com' },
  linkedin: { name: 'LinkedIn', url: 'https://www.linkedin.com' },
  linkedinLearning: { name: 'LinkedIn Learning', url: 'https://www.linkedin.com/learning/' },
  linkedinPremium: { name: 'LinkedIn Premium', url: 'https://premium.linkedin.com' },
  twitch: { name: 'Twitch', url: 'https://www.twitch.tv' },
  twitchCreatorCamp: { name: 'Twitch Creator Camp', url: 'https://www.twitch.tv/creatorcamp' },
  streamlabs: { name: 'Streamlabs', url: 'https://streamlabs.com' },
  streamelements: { name: 'StreamElements', url: 'https://streamelements.com' },
  substack: { name: 'Substack', url: 'https://substack.com' },
  patreon: { name: 'Patreon', url: 'https://www.patreon.com' },
  patreonHelp: { name: 'Patreon Help Center', url: 'https://support.patreon.com' },
  discord: { name: 'Discord', url: 'https://discord.com' },
  discordSupport: { name: 'Discord Support', url: 'https://support.discord.com' },
  eventbrite: { name: 'Eventbrite', url: 'https://www.eventbrite.com' },
  eventbriteHelp: { name: 'Eventbrite Help Center', url: 'https://www.eventbrite.com/help/' },
  carrd: { name: 'Carrd', url: 'https://carrd.co' },
  wordpress: { name: 'WordPress.com', url: 'https://wordpress.com' },
  squarespace: { name: 'Squarespace', url: 'https://www.squarespace.com' },
  searchConsole: { name: 'Google Search Console', url: 'https://search.google.com/search-console/about' },
  googleAnalytics: { name: 'Google Analytics', url: 'https://marketingplatform.google.com/about/analytics/' },
  googleBusiness: { name: 'Google Business Profile', url: 'https://www.google.com/business/' },
  nextdoor: { name: 'Nextdoor', url: 'https://nextdoor.com' },
  nextdoorBusiness: { name: 'Nextdoor for Business', url: 'https://business.nextdoor.com' },
  thumbtack: { name: 'Thumbtack', url: 'https://www.thumbtack.com' },
  theKnot: { name: 'The Knot', url: 'https://www.theknot.com' },
  weddingWire: { name: 'WeddingWire', url: 'https://www.weddingwire.com' },
  honeybook: { name: 'HoneyBook', url: 'https://www.honeybook.com' },
  // Tools: they make, schedule, take payment or keep records, and sell nothing by themselves.
  square: { name: 'Square', url: 'https://squareup.com' },
  sumup: { name: 'SumUp', url: 'https://www.sumup.com' },
  vistaprint: { name: 'Vistaprint (flyers and cards)', url: 'https://www.vistaprint.com' },
  hubspotCrm: { name: 'HubSpot CRM (free)', url: 'https://www.hubspot.com/products/crm' },
  hubspotAcademy: { name: 'HubSpot Academy', url: 'https://academy.hubspot.com' },
  jotform: { name: 'Jotform', url: 'https://www.jotform.com' },
  jobber: { name: 'Jobber', url: 'https://www.getjobber.com' },
  wave: { name: 'Wave (free accounting)', url: 'https://www.waveapps.com' },
  quickbooks: { name: 'QuickBooks', url: 'https://quickbooks.intuit.com' },
  xero: { name: 'Xero', url: 'https://www.xero.com' },
  canva: { name: 'Canva', url: 'https://www.canva.com' },
  canvaPro: { name: 'Canva Pro', url: 'https://www.canva.com/pro/' },
  capcut: { name: 'CapCut', url: 'https://www.capcut.com' },
  epidemicSound: { name: 'Epidemic Sound', url: 'https://www.epidemicsound.com' },
  obs: { name: 'OBS Studio', url: 'https://obsproject.com' },
  figma: { name: 'Figma', url: 'https://www.figma.com' },
  github: { name: 'GitHub', url: 'https://github.com' },
  githubCopilot: { name: 'GitHub Copilot', url: 'https://github.com/features/copilot' },
  freeCodeCamp: { name: 'freeCodeCamp', url: 'https://www.freecodecamp.org' },
  mdn: { name: 'MDN Web Docs', url: 'https://developer.mozilla.org' },
  grammarly: { name: 'Grammarly', url: 'https://www.grammarly.com' },
  hemingway: { name: 'Hemingway Editor', url: 'https://hemingwayapp.com' },
  prowritingaid: { name: 'ProWritingAid', url: 'https://prowritingaid.com' },
  davinci: { name: 'DaVinci Resolve', url: 'https://www.blackmagicdesign.com/products/davinciresolve' },
  lightroom: { name: 'Adobe Lightroom', url: 'https://www.adobe.com/products/photoshop-lightroom.html' },
  bandlab: { name: 'BandLab', url: 'https://www.bandlab.com' },
  audacity: { name: 'Audacity', url: 'https://www.audacityteam.org' },
  splice: { name: 'Splice', url: 'https://splice.com' },
  khanAcademy: { name: 'Khan Academy', url: 'https://www.khanacademy.org' },
  googleClassroom: { name: 'Google Classroom', url: 'https://classroom.google.com' },
  acuity: { name: 'Acuity Scheduling', url: 'https://acuityscheduling.com' },
  zoom: { name: 'Zoom', url: 'https://zoom.us' },
  calendly: { name: 'Calendly', url: 'https://calendly.com' },
  googleForms: { name: 'Google Forms', url: 'https://www.google.com/forms/about/' },
  googleSheets: { name: 'Google Sheets', url: 'https://www.google.com/sheets/about/' },
  trainerize: { name: 'Trainerize', url: 'https://www.trainerize.com' },
  semrush: { name: 'Semrush', url: 'https://www.semrush.com' },
  photoroom: { name: 'Photoroom (product photos)', url: 'https://www.photoroom.com' },
  craftybase: { name: 'Craftybase (maker inventory)', url: 'https://craftybase.com' },
  forrager: { name: 'Forrager (cottage food laws)', url: 'https://forrager.com' },
  servsafe: { name: 'ServSafe Food Handler', url: 'https://www.servsafe.com' },
  simplepractice: { name: 'SimplePractice', url: 'https://www.simplepractice.com' },
  timeToPet: { name: 'Time To Pet', url: 'https://www.timetopet.com' },
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

/**
 * Tools of a field of knowledge work (the industry the offline idea generator reads from a
 * text), for remote services and digital products. Only tools: nothing here is a place where an
 * offer is sold, so a plan never suggests a channel other than its own.
 */
export interface FieldKit {
  /** The tool tasks name for making samples and deliverables. */
  tool: ResourceKey;
  free: ResourceKey[];
  paid: ResourceKey[];
}

export const fieldKits: Record<string, FieldKit> = {
  'Design & Creative': { tool: 'canva', free: ['figma'], paid: ['canvaPro'] },
  Technology: { tool: 'github', free: ['freeCodeCamp', 'mdn'], paid: ['githubCopilot'] },
  'Writing & Publishing': { tool: 'grammarly', free: ['hemingway'], paid: ['prowritingaid'] },
  'Photo & Video': { tool: 'davinci', free: ['capcut'], paid: ['lightroom'] },
  'Music & Audio': { tool: 'bandlab', free: ['audacity'], paid: ['splice'] },
  Education: { tool: 'googleClassroom', free: ['khanAcademy'], paid: ['acuity'] },
  'Health & Fitness': { tool: 'googleForms', free: ['calendly'], paid: ['trainerize'] },
  'Food & Beverage': { tool: 'canva', free: ['forrager'], paid: ['servsafe'] },
  Marketing: { tool: 'googleAnalytics', free: ['hubspotAcademy'], paid: ['semrush'] },
  'Finance & Accounting': { tool: 'wave', free: ['googleSheets'], paid: ['quickbooks', 'xero'] },
  'Home Services': { tool: 'googleSheets', free: ['wave'], paid: ['jobber'] },
  'Fashion & Crafts': { tool: 'canva', free: ['photoroom'], paid: ['craftybase'] },
  Pets: { tool: 'googleForms', free: ['canva'], paid: ['timeToPet'] },
  Gaming: { tool: 'obs', free: ['streamelements'], paid: ['streamlabs'] },
  'Professional Services': { tool: 'googleSheets', free: ['hubspotAcademy'], paid: ['canvaPro'] },
};

/** A task as templates write it: placeholders are filled by the generator (see `Placeholders`). */
export type TaskTemplate = readonly [title: string, description: string];

/**
 * The placeholders every template may use:
 * {offer} the idea, short ("Custom Pet Portrait Gig"); {skill} the skill as the idea says it
 * ("sourdough bread baking"); {buyers} who pays, as the idea says it ("beginners"); {channel}
 * the channel's name ("Etsy", "local markets"); {listing} what the member publishes there
 * ("gig", "listing", "channel"); {sales} what buyers pay for, plural ("orders", "bookings");
 * {tool} the field's tool ("GitHub").
 */
export type Placeholders = 'offer' | 'skill' | 'buyers' | 'channel' | 'listing' | 'sales' | 'tool';

/** The six stages of a plan, in order; weeks after the sixth are growth stages. */
export const stageKeys = ['setup', 'launch', 'first', 'deliver', 'grow', 'scale'] as const;
export type StageKey = (typeof stageKeys)[number];

/**
 * The habits every offer needs, one to four per stage, worded with the plan's own channel,
 * buyers and offer. They come after the channel's and the work's tasks, so a short milestone
 * keeps what is particular to the idea.
 */
export const commonTasks: Record<StageKey, TaskTemplate[]> = {
  setup: [
    ['Write a one-sentence offer for {buyers}', 'Who it is for, the result they get and when, e.g. "{offer} for {buyers}". Keep it under 25 words and use it everywhere you introduce yourself.'],
    ['Block weekly hours for {offer}', 'Put fixed hours in your calendar for the next six weeks, so progress does not depend on spare time.'],
  ],
  launch: [
    ['Get feedback on your {listing} from three {buyers}', 'Ask what is unclear and what would stop them from buying; change what two of them mention.'],
    ['Prepare answers to the five questions {buyers} ask most', 'Price, timing, what is included, what they need to do and what happens if it goes wrong.'],
    ['Start a sheet for your {channel} numbers', 'One row a week: views or visits, inquiries, {sales}, revenue and hours worked.'],
  ],
  first: [
    ['Ask ten people you know for one introduction to {buyers}', 'Message friends, colleagues or past clients: "Do you know someone who would want {offer}?"'],
    ['Note every objection {buyers} raise', 'Price, timing, trust: write each one down and answer it in your {listing} next week.'],
    ['Thank your first {buyers} personally', 'A short personal message after the first {sales}; it is how first customers become regulars.'],
  ],
  deliver: [
    ['Write a checklist for your {sales}', 'Every step from the first message to the hand-over, so each of your {sales} runs the same way.'],
    ['Time each step of your first {sales}', 'Note where the time goes; the slowest step is the one to improve next week.'],
    ['Keep every payment and receipt for {offer} in one sheet', 'Income, costs and fees from day one make taxes and your weekly numbers easy.'],
    ['Ask happy {buyers} what they would buy next', 'One question after each of your {sales}; repeated answers are your next offer.'],
  ],
  grow: [
    ['Track your {channel} numbers weekly', 'Views, inquiries, {sales}, revenue and hours each week; pick one number to improve.'],
    ['Offer {buyers} a free checklist for their email address', 'A one-page checklist they can use today, and an email list for your next launch (Mailchimp\'s free plan is enough).'],
    ['Test one change a week on your {listing}', 'Change one thing (title, first picture, price), leave it a week and compare with the week before.'],
  ],
  scale: [
    ['Review six weeks of {channel} numbers', 'Which weeks brought paying {buyers}, what sells best and what you earn per hour; drop what did not work.'],
    ['Set a goal for next month\'s {sales}', 'A revenue target, the number of {sales} it needs and the weekly actions that bring them.'],
    ['Turn repeated messages to {buyers} into saved replies', 'Welcome, prices, delivery and thank-you messages written once and reused.'],
    ['Write down your process for {offer}', 'Store briefs, replies and checklists in Notion or Trello so each of your {sales} takes less time each month.'],
  ],
};

/** Resources of the common tasks, by stage. */
export const commonResources: Record<StageKey, ResourceKey[]> = {
  setup: ['googleSheets'],
  launch: ['googleForms'],
  first: ['calendly'],
  deliver: ['wave'],
  grow: ['mailchimp'],
  scale: ['notion'],
};

/**
 * Weeks after the sixth (plans of 7 to 12 milestones): growth that keeps to the plan's channel.
 * A second round is marked "II".
 */
export interface GrowthStage {
  title: string;
  description: string;
  successCriteria: string;
  tasks: TaskTemplate[];
}

export const growthStages: GrowthStage[] = [
  {
    title: 'Add an Upsell to {offer} on {channel}',
    description: 'Raise the value of each sale on {channel} with the extras {buyers} already ask for.',
    successCriteria: '2 add-ons live on {channel} and at least 1 of your {sales} including one.',
    tasks: [
      ['List what {buyers} asked for beyond {offer}', 'Go through your messages and revision requests; each repeated request is a possible add-on.'],
      ['Price two add-ons for {offer}', 'The quickest extra and the most requested one, at 20-50% of your base price.'],
      ['Show the add-ons on your {listing}', 'Where {buyers} decide, and once in every welcome message.'],
      ['Track how many {sales} include an add-on', 'A column in your numbers sheet; compare the average sale with last month.'],
      ['Offer an add-on in every delivery message', 'One sentence and a price, no pressure.'],
    ],
  },
  {
    title: 'Bring Past Customers Back to {offer}',
    description: 'The cheapest sale is to someone who already bought: bring past {buyers} back on {channel}.',
    successCriteria: 'Every past buyer contacted once and 3 repeat {sales}.',
    tasks: [
      ['Make a list of everyone who bought {offer}', 'Name, what they bought, when, and how happy they were.'],
      ['Send each past buyer a personal note with a returning-customer offer', 'Mention what they bought and what is new since.'],
      ['Offer your best {buyers} a monthly or repeat arrangement', 'A fixed amount each month at a small discount, billed in advance.'],
      ['Ask returning {buyers} for a referral', 'A small thank-you for each friend who buys.'],
      ['Plan one reason a month to get back in touch', 'A seasonal offer, a new piece of work or a useful tip.'],
    ],
  },
  {
    title: 'Refresh {offer} on {channel}',
    description: 'Use everything {buyers} told you so far to make your {listing} on {channel} sell better.',
    successCriteria: 'The {listing} rewritten from buyer words, 1 new picture, and conversion up 10% on the month before.',
    tasks: [
      ['Collect the exact words {buyers} used in messages and reviews', 'The phrases they repeat are the ones new buyers search for.'],
      ['Rewrite the first lines of your {listing} in those words', 'Their problem first, then the result of {offer}.'],
      ['Replace your weakest picture on {channel}', 'A recent result or a happy customer, with permission.'],
      ['Compare this month\'s {channel} numbers with last month\'s', 'Views, inquiries and {sales}: did the changes help?'],
      ['Retire what nobody buys', 'Options or items with no sales in six weeks make the choice harder.'],
    ],
  },
];
