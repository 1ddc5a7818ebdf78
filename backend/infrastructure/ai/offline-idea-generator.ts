import type { GenerateIdeasRequest, GeneratedIdeas, Idea } from '../../application/contracts/ideas';
import type { AiUsage, IdeaGenerator, IdeaPromptInput } from '../../application/ports/idea-generator';
import { categoryColor, hashString } from '../../application/ai/categories';
import { countPromptTokens, countTokens } from '../../application/ai/tokens';
import { readSkill } from './read-skill';
import { kindTemplates, pairTemplates, type IdeaTemplate } from './offline-ideas/idea-templates';
import { kindsWrittenWhole } from './offline-ideas/kinds';
import { marketTemplates, organisersOf, otherOccasions } from './offline-ideas/market-templates';
import {
  allSkillKinds,
  classifySkill,
  singularWord,
  templateFits,
  type ClassifiedSkill,
  type SkillClassification,
  type SkillKind,
  type TemplateTrait,
} from './offline-ideas/skill-kinds';
import { sleep } from './sleep';
import { seededRandom } from '../../application/contracts/seeded-random';

/**
 * The idea generator used when no OpenAI key is set (design §4): real monetisation patterns per
 * category, filled with the member's skill (and, for personalized requests, their level, hours,
 * income goal, timeline, niches, platforms, region and languages). Deterministic for the same
 * input, and streamed in small chunks like a model, so the generation screen behaves the same.
 */

type Fit = 'any' | 'digital' | 'physical';

interface Pattern {
  /** Templates: {Skill} {skill} {Audience} {audience} {domain} {Label} {label} {Keyword} {keyword}. */
  title: string;
  subtitle: string;
  method: string;
  industry?: string;
  /** `sold` names what is counted toward an income goal; empty when a count makes no sense. */
  price: { low: number; high: number; unit: string; sold: string };
  /** Overrides the price range text (e.g. commissions). */
  pricingText?: string;
  what: string;
  how: string;
  first: string;
  fit?: Fit;
  audiences: string[];
}

const fiverr: Pattern[] = [
  {
    title: '{Skill} Gig in Three Packages',
    subtitle: 'Basic, standard and premium {skill} offers for {audience}',
    method: 'Fiverr gig with tiered packages',
    industry: '{domain} · Freelance services',
    price: { low: 25, high: 150, unit: 'per order', sold: 'orders' },
    what: 'Publish one Fiverr gig that sells {skill} in three clear packages, so buyers can start small and upgrade.',
    how: 'Spell out what each tier includes (deliverables, revisions, delivery time) and work from a checklist so every order takes less time than the last.',
    first: 'Price the basic tier low until your first five reviews, then raise it, and share the gig where {audience} ask for help.',
    fit: 'digital',
    audiences: ['small business owners', 'startups', 'online shop owners', 'busy founders'],
  },
  {
    title: '24-Hour Express {Skill} Service',
    subtitle: 'Rush {skill} delivery for {audience} on a deadline',
    method: 'Fiverr gig with an express-delivery extra',
    industry: '{domain} · Freelance services',
    price: { low: 40, high: 120, unit: 'per order', sold: 'orders' },
    what: 'Offer a fast-turnaround {skill} gig for buyers who need it done by tomorrow: urgency is what they pay extra for.',
    how: 'Keep the scope tight (one deliverable, one revision) and keep two slots free each day so you can promise 24-hour delivery.',
    first: 'Put "24 hours" and "urgent" in the gig title and tags, and answer the last-minute jobs in Fiverr buyer requests every morning.',
    fit: 'digital',
    audiences: ['agencies', 'marketing teams', 'event organisers', 'students'],
  },
  {
    title: '{Skill} Review & Feedback Report',
    subtitle: 'An expert critique with clear fixes for {audience}',
    method: 'Fiverr review gig with a video or written report',
    industry: '{domain} · Consulting',
    price: { low: 30, high: 90, unit: 'per report', sold: 'reports' },
    what: "Review a buyer's {skill} work, technique or setup from the files, photos or videos they send, and reply with a prioritised list of fixes as a short Loom video or a written report.",
    how: 'A reusable checklist keeps each review under an hour; sell the fixes themselves as a gig extra.',
    first: 'Do three free reviews for people asking for feedback on Reddit or in Facebook groups and turn their replies into your first testimonials.',
    audiences: ['beginners', 'small business owners', 'creators', 'job seekers'],
  },
  {
    title: '{Skill} Gig for {Audience}',
    subtitle: 'A specialised gig that speaks only to {audience}',
    method: 'Niche Fiverr gig',
    industry: '{domain} · Freelance services',
    price: { low: 50, high: 250, unit: 'per project', sold: 'projects' },
    what: 'Instead of a general {skill} gig, build one aimed squarely at {audience}: their words, their examples and their problems in the title and gallery.',
    how: 'Prepare three portfolio samples made for that niche and a short questionnaire buyers fill in when they order.',
    first: 'Search Fiverr for "{skill} for {audience}" to size the competition, then answer matching buyer requests daily for two weeks.',
    audiences: ['real-estate agents', 'coaches', 'podcasters', 'Etsy sellers', 'restaurants', 'YouTubers', 'dentists'],
  },
  {
    title: 'Monthly {Skill} Retainer',
    subtitle: 'Ongoing {skill} support for {audience}, billed monthly',
    method: 'Fiverr subscription gig',
    industry: '{domain} · Freelance services',
    price: { low: 150, high: 600, unit: 'per month', sold: 'retainer clients' },
    what: 'Turn one-off buyers into recurring clients with a monthly {skill} package: a fixed amount of work every month, billed through Fiverr subscriptions.',
    how: 'Set a monthly quota and one way to request work (a shared Trello board or Google Doc) so the workload stays predictable.',
    first: 'Offer the retainer to every happy one-off buyer in your delivery message, with a discount on the first month.',
    fit: 'digital',
    audiences: ['small businesses', 'agencies', 'e-commerce brands', 'content creators'],
  },
  {
    title: '1:1 {Skill} Consultation Call',
    subtitle: 'Live advice sessions for {audience} who want answers fast',
    method: 'Fiverr consultation gig (video call)',
    industry: '{domain} · Consulting',
    price: { low: 30, high: 80, unit: 'per session', sold: 'sessions' },
    what: "Sell 30- and 60-minute video calls where you solve a buyer's {skill} problem live and send a written summary of next steps afterwards.",
    how: "Use Fiverr's built-in video calls, a short intake form and a summary template so every session ends with a clear action list.",
    first: 'Launch with a discounted 30-minute slot and ask every buyer for a review.',
    audiences: ['beginners', 'career changers', 'small business owners', 'hobbyists'],
  },
  {
    title: 'Custom {Skill} Plan or Guide',
    subtitle: 'A personalised, step-by-step {skill} document for {audience}',
    method: 'Fiverr gig delivering a custom PDF plan',
    industry: '{domain} · Digital services',
    price: { low: 20, high: 75, unit: 'per plan', sold: 'plans' },
    what: "Write a personalised {skill} plan or guide for each buyer, based on their goals, level and constraints, delivered as a clean PDF.",
    how: 'Build the structure once in Google Docs or Canva plus an order questionnaire, so each plan is mostly template and partly tailoring.',
    first: 'Show a sample plan in the gig gallery and keep a launch price until you have ten reviews.',
    audiences: ['beginners', 'busy professionals', 'parents', 'students'],
  },
  {
    title: '{Skill} Templates with Custom Edits',
    subtitle: 'Ready-made {skill} templates, tailored to each buyer',
    method: 'Fiverr gig selling templates plus customisation extras',
    industry: '{domain} · Digital products',
    price: { low: 15, high: 60, unit: 'per order', sold: 'orders' },
    what: "Sell ready-made {skill} templates and charge for tailoring them to the buyer's brand or situation.",
    how: 'Make five strong templates once; each order is then mostly customisation, which takes minutes instead of hours.',
    first: 'Use the templates as gallery images and add a "custom edit" extra so even the cheapest order grows in value.',
    fit: 'digital',
    audiences: ['startups', 'teachers', 'small business owners', 'event planners'],
  },
  {
    title: 'Done-for-You {Skill} Setup',
    subtitle: 'A complete {skill} setup for {audience} who would rather not learn it',
    method: 'Fixed-scope Fiverr project gig',
    industry: '{domain} · Freelance services',
    price: { low: 80, high: 300, unit: 'per project', sold: 'projects' },
    what: 'Package {skill} as a complete done-for-you setup: the buyer explains what they need once and receives a finished, working result.',
    how: 'List every step in a fixed-scope checklist and ask for access and materials up front so projects never stall.',
    first: 'Target buyer requests that say "set up" or "from scratch", and show a before-and-after in the gig video.',
    fit: 'digital',
    audiences: ['solo founders', 'non-profits', 'coaches', 'small business owners'],
  },
  {
    title: 'Recorded {Skill} Video Lessons',
    subtitle: 'Custom how-to videos for {audience}',
    method: 'Fiverr gig delivering custom video lessons',
    industry: '{domain} · E-learning',
    price: { low: 25, high: 90, unit: 'per video', sold: 'videos' },
    what: 'Record short custom videos that teach a buyer the exact {skill} technique they ask for, filmed at home on a phone.',
    how: 'A simple setup (phone, tripod, window light) and a script template keep each video under an hour of work.',
    first: 'Post two free sample lessons on YouTube and link them from the gig: buyers trust what they can watch.',
    fit: 'physical',
    audiences: ['beginners', 'hobbyists', 'adult learners', 'home learners'],
  },
];

const online: Pattern[] = [
  {
    title: '{Skill} Online Course',
    subtitle: 'A self-paced course that teaches {skill} to {audience}',
    method: 'Course sales on Teachable, Podia or Udemy',
    industry: '{domain} · E-learning',
    price: { low: 29, high: 149, unit: 'per student', sold: 'students' },
    what: 'Record a short, practical course that takes {audience} from zero to a first real result in {skill}.',
    how: 'Outline 8-12 lessons of 5-10 minutes, record them with a phone or a screen recorder, and host on Teachable or Podia (or Udemy for its built-in traffic).',
    first: 'Pre-sell to your network at half price before recording: their questions shape the lessons.',
    audiences: ['beginners', 'career changers', 'hobbyists', 'students'],
  },
  {
    title: '{Skill} Template Pack',
    subtitle: 'Digital templates {audience} can download and use today',
    method: 'Digital product sales on Gumroad and Etsy',
    industry: '{domain} · Digital products',
    price: { low: 9, high: 39, unit: 'per download', sold: 'downloads' },
    what: 'Turn what you know about {skill} into downloadable templates, checklists or presets that save buyers hours.',
    how: 'Build a bundle of 10-20 items once and list it on Gumroad and Etsy; it keeps selling without extra work.',
    first: 'Give one template away in exchange for an email address, then offer the full pack to that list.',
    audiences: ['small business owners', 'freelancers', 'students', 'creators'],
  },
  {
    title: 'The Practical {Skill} Playbook',
    subtitle: 'An ebook that answers the questions {audience} keep asking',
    method: 'Ebook sales on Gumroad and Amazon Kindle',
    industry: '{domain} · Publishing',
    price: { low: 9, high: 29, unit: 'per copy', sold: 'copies' },
    what: 'Write a focused 40-60 page ebook on {skill} built around the ten questions {audience} ask most.',
    how: 'Write one chapter per question, design it in Canva or Google Docs, and publish on Gumroad and Kindle Direct Publishing.',
    first: 'Collect the questions from Reddit and Quora threads, and answer a few of them publicly with a link to the book.',
    audiences: ['beginners', 'busy professionals', 'parents', 'small business owners'],
  },
  {
    title: 'Paid {Skill} Newsletter',
    subtitle: 'Weekly insider tips for {audience}, with a free and a paid tier',
    method: 'Paid subscriptions on Substack or Beehiiv',
    industry: '{domain} · Media',
    price: { low: 5, high: 15, unit: 'per subscriber per month', sold: 'paid subscribers' },
    what: 'Publish a weekly {skill} newsletter: useful free issues build trust, and a paid tier adds deep dives, templates and Q&A.',
    how: 'Batch-write issues on one evening a week and reuse each one as social posts.',
    first: 'Invite 50 people you know personally, and cross-promote with two newsletters of a similar size.',
    audiences: ['professionals', 'hobbyists', 'freelancers', 'founders'],
  },
  {
    title: 'Live {Skill} Cohort Workshop',
    subtitle: 'Small-group online classes for {audience}',
    method: 'Ticketed live workshops on Zoom',
    industry: '{domain} · E-learning',
    price: { low: 49, high: 199, unit: 'per seat', sold: 'seats' },
    what: 'Run a live online {skill} workshop over two or three sessions for a small group, with exercises and feedback.',
    how: 'Sell tickets through Eventbrite or Stripe, teach on Zoom, and keep recordings as a bonus or a future course.',
    first: 'Cap the first cohort at 8 seats and fill it from your network and one relevant online community.',
    audiences: ['beginners', 'team leads', 'career changers', 'freelancers'],
  },
  {
    title: '{Skill} Membership Community',
    subtitle: 'Monthly access to resources, Q&A and like-minded peers',
    method: 'Memberships on Patreon, Discord or Skool',
    industry: '{domain} · Communities',
    price: { low: 10, high: 30, unit: 'per member per month', sold: 'members' },
    what: 'Host a paid {skill} community with a monthly live Q&A, a resource library and challenges that keep members practising.',
    how: 'Run it on Skool, Patreon or a Discord server with paid roles; add one new resource each week.',
    first: 'Start with 20 founding members at a lifetime discount, recruited from the people who already ask you questions.',
    audiences: ['hobbyists', 'beginners', 'freelancers', 'enthusiasts'],
  },
  {
    title: 'Remote {Skill} Freelancer for {Audience}',
    subtitle: 'Direct clients found on Upwork and LinkedIn',
    method: 'Hourly or project contracts (Upwork and direct)',
    industry: '{domain} · Remote work',
    price: { low: 30, high: 90, unit: 'per hour', sold: 'hours' },
    what: 'Offer {skill} as a remote freelancer to {audience}, with a simple portfolio page and a clear service list.',
    how: 'Send five tailored Upwork proposals a day and track them in a spreadsheet; move repeat clients to direct invoicing.',
    first: 'Build three portfolio pieces first (real or self-initiated) and link them in every proposal.',
    fit: 'digital',
    audiences: ['startups', 'agencies', 'SaaS companies', 'e-commerce brands'],
  },
  {
    title: 'Online {Skill} Coaching',
    subtitle: '1:1 video coaching for {audience}',
    method: 'Booked sessions through Calendly and Stripe',
    industry: '{domain} · Coaching',
    price: { low: 40, high: 120, unit: 'per session', sold: 'sessions' },
    what: 'Coach {audience} one-to-one over video, with homework between sessions and a progress check at the start of each call.',
    how: 'Take bookings with Calendly, payments with Stripe, and sell packages of four sessions rather than single calls.',
    first: 'Offer three free pilot sessions in exchange for detailed testimonials, then launch at full price.',
    audiences: ['beginners', 'career changers', 'professionals', 'students'],
  },
  {
    title: '{Skill} Printables & Print-on-Demand',
    subtitle: 'Designs and printables that sell while you sleep',
    method: 'Printables and print-on-demand on Etsy and Redbubble',
    industry: '{domain} · E-commerce',
    price: { low: 3, high: 25, unit: 'per sale', sold: 'sales' },
    what: 'Create printables, posters or merchandise designs themed around {skill} for {audience}, printed and shipped on demand.',
    how: 'Upload designs to Etsy (with Printful) and Redbubble; no stock, no shipping on your side.',
    first: 'Research Etsy search suggestions for your theme and publish 20 listings before judging results.',
    audiences: ['hobbyists', 'gift buyers', 'fans', 'teachers'],
  },
  {
    title: '{Skill} Gear & Tools Review Blog',
    subtitle: 'Honest reviews that earn affiliate commissions',
    method: 'Affiliate commissions (Amazon Associates and partner programs)',
    industry: '{domain} · Affiliate marketing',
    price: { low: 200, high: 1500, unit: 'per month once ranking', sold: '' },
    pricingText: '4-10% commission; $200-1,500 per month once ranking',
    what: 'Write practical reviews and comparisons of the tools, gear and courses {audience} buy for {skill}, earning a commission on each sale.',
    how: 'Publish on a simple WordPress or Ghost site, one in-depth article a week, targeting "best ... for ..." searches.',
    first: 'Start with the five products you already use and know well; your own photos beat stock images.',
    audiences: ['beginners', 'hobbyists', 'professionals', 'buyers comparing options'],
  },
];

const offline: Pattern[] = [
  {
    title: 'Local {Skill} Workshops',
    subtitle: 'Hands-on group sessions at libraries, cafés and community centres',
    method: 'Ticketed in-person workshops',
    industry: '{domain} · Local education',
    price: { low: 25, high: 60, unit: 'per attendee', sold: 'attendees' },
    what: 'Run a two-hour hands-on {skill} workshop for {audience} in a rented room, café or community centre.',
    how: 'Sell tickets on Eventbrite, keep groups to 6-12 people, and hand out a one-page take-home guide.',
    first: 'Ask a library or café to host the first one for free in exchange for bringing them customers, and post it on Meetup and local Facebook groups.',
    audiences: ['adults in your area', 'beginners', 'retirees', 'parents'],
  },
  {
    title: 'Private {Skill} Lessons',
    subtitle: 'One-to-one lessons for {audience} near you',
    method: 'In-person tutoring, paid per hour',
    industry: '{domain} · Tutoring',
    price: { low: 30, high: 80, unit: 'per hour', sold: 'lessons' },
    what: 'Teach {skill} one-to-one at your place, the learner\'s home or a quiet café, adapting each lesson to the learner.',
    how: 'Sell blocks of five lessons up front and keep a simple progress sheet for each learner.',
    first: 'List yourself on local tutoring sites and pin a flyer with tear-off tabs at the library and supermarket.',
    audiences: ['students', 'adult learners', 'children', 'beginners'],
  },
  {
    title: '{Skill} Services for Local Businesses',
    subtitle: 'Walk-in offers for shops, cafés and clinics nearby',
    method: 'Project fees from local businesses',
    industry: '{domain} · Local services',
    price: { low: 150, high: 800, unit: 'per project', sold: 'projects' },
    what: 'Offer {skill} to independent shops, cafés, salons and clinics near you, which rarely get approached in person.',
    how: 'Prepare a one-page offer with a fixed price and one example, and deliver the first project fast.',
    first: 'Walk one high street, talk to ten owners in a morning, and offer the first business a discount for a testimonial.',
    audiences: ['local shops', 'cafés', 'salons', 'clinics'],
  },
  {
    title: '{Skill} Stall at Markets & Fairs',
    subtitle: 'Sell and demonstrate at weekend markets, craft fairs and pop-ups',
    method: 'Direct sales and on-the-spot bookings',
    industry: '{domain} · Retail',
    price: { low: 10, high: 60, unit: 'per sale', sold: 'sales' },
    pricingText: '$10-60 per sale; $200-600 on a good market day',
    what: 'Take {skill} to weekend markets, craft fairs and pop-up events: sell products or quick services and take bookings for bigger jobs.',
    how: 'Rent a stall for a day, bring a card reader (SumUp or Square) and a sign-up sheet for follow-up.',
    first: 'Start with one monthly market and note what people ask about; that is your next product.',
    audiences: ['market visitors', 'families', 'tourists', 'gift buyers'],
  },
  {
    title: 'Corporate {Skill} Team Sessions',
    subtitle: 'Lunch-and-learn sessions for local companies',
    method: 'Per-session fees from employers',
    industry: 'Corporate training',
    price: { low: 300, high: 1200, unit: 'per session', sold: 'sessions' },
    what: 'Run {skill} sessions for company teams as a lunch-and-learn, team-building activity or staff training.',
    how: 'Offer a 60-minute and a half-day format with fixed prices, and bring everything the team needs.',
    first: 'Pitch HR and office managers at local companies on LinkedIn, and ask friends to introduce you at their workplaces.',
    audiences: ['office teams', 'HR managers', 'coworking spaces', 'local companies'],
  },
  {
    title: '{Skill} Bookings for Weddings & Events',
    subtitle: 'Event bookings from couples, parties and organisers',
    method: 'Event packages with a deposit',
    industry: 'Events & weddings',
    price: { low: 200, high: 900, unit: 'per event', sold: 'events' },
    what: 'Package {skill} as an event service for weddings, birthdays and company parties, where clients book months ahead.',
    how: 'Offer three packages, take a 30% deposit on booking, and use a contract template.',
    first: 'Partner with two local event planners or venues and offer them a referral fee.',
    audiences: ['couples', 'party hosts', 'event planners', 'venues'],
  },
  {
    title: 'After-School {Skill} Club',
    subtitle: 'Weekly sessions for children, sold to parents by the term',
    method: 'Termly fees from parents',
    industry: "Children's education",
    price: { low: 80, high: 200, unit: 'per child per term', sold: 'children enrolled' },
    what: 'Run a weekly after-school {skill} club for children, with a small project to take home each term.',
    how: 'Hire a school hall or community room, cap groups at 10-12, and collect fees per term in advance.',
    first: 'Offer a free taster session through the school newsletter or the local parents\' Facebook group.',
    audiences: ['parents', 'schools', 'children', 'youth clubs'],
  },
  {
    title: '{Skill} Help for Seniors',
    subtitle: 'Patient, in-home help for older neighbours',
    method: 'Home visits paid per hour',
    industry: 'Senior services',
    price: { low: 25, high: 50, unit: 'per hour', sold: 'visits' },
    what: 'Bring {skill} to older people at home, patiently and at their pace: a service families are glad to pay for.',
    how: 'Offer fixed one-hour visits, and keep notes so every visit continues where the last one stopped.',
    first: 'Leave flyers at community centres, churches and pharmacies, and tell adult children it makes a thoughtful gift.',
    audiences: ['seniors', 'families of seniors', 'care homes', 'community centres'],
  },
  {
    title: 'Neighbourhood {Skill} Subscription',
    subtitle: 'A recurring local service on a monthly plan',
    method: 'Monthly local subscriptions',
    industry: '{domain} · Local services',
    price: { low: 40, high: 150, unit: 'per month', sold: 'subscribers' },
    what: 'Offer {skill} to households and small businesses nearby as a monthly plan instead of one-off jobs, for steady income.',
    how: 'Bill monthly through Stripe or GoCardless and plan your visits street by street to save travel time.',
    first: 'Post in Nextdoor and local Facebook groups with a founding-member price for the first ten subscribers.',
    audiences: ['households', 'neighbours', 'small offices', 'busy families'],
  },
];

const social: Pattern[] = [
  {
    title: '{Skill} Tips on TikTok & Reels',
    subtitle: 'Short videos that grow an audience brands pay to reach',
    method: 'Brand sponsorships and creator programs',
    industry: '{domain} · Creator economy',
    price: { low: 100, high: 1000, unit: 'per sponsored video', sold: 'sponsored videos' },
    what: 'Post one short {skill} tip a day on TikTok and Instagram Reels; a focused audience attracts sponsors sooner than a big general one.',
    how: 'Batch-film a week of videos in one session, reuse each one on both platforms and YouTube Shorts.',
    first: 'Once you pass 5,000 followers, pitch ten brands your followers already use, with your engagement numbers.',
    audiences: ['beginners', 'enthusiasts', 'young professionals', 'students'],
  },
  {
    title: '{Skill} YouTube Tutorial Channel',
    subtitle: 'Searchable tutorials that earn from ads, affiliates and sponsors',
    method: 'YouTube ad revenue, affiliate links and sponsorships',
    industry: '{domain} · Creator economy',
    price: { low: 3, high: 8, unit: 'per 1,000 views', sold: 'thousand views' },
    pricingText: '$3-8 per 1,000 views plus affiliate and sponsor income',
    what: 'Publish step-by-step {skill} tutorials that answer what {audience} search for on YouTube; searches keep bringing viewers for years.',
    how: 'Use YouTube search suggestions to pick titles, publish weekly, and put affiliate links to the tools you use in every description.',
    first: 'Make your first ten videos answer ten specific beginner questions rather than general overviews.',
    audiences: ['beginners', 'hobbyists', 'DIY learners', 'students'],
  },
  {
    title: 'UGC Creator for {Skill} Brands',
    subtitle: 'Paid product videos for brands, no big following needed',
    method: 'User-generated content fees from brands (Billo, Insense, Upwork)',
    industry: '{domain} · Marketing',
    price: { low: 100, high: 400, unit: 'per video', sold: 'videos' },
    what: 'Make authentic product videos (UGC) for brands selling to people interested in {skill}; brands run them as ads, so your follower count does not matter.',
    how: 'Build a portfolio of three sample videos with products you own, and list yourself on Billo, Insense or Upwork.',
    first: 'Email ten small brands in your field with a sample video made for their product.',
    audiences: ['D2C brands', 'app makers', 'Amazon sellers', 'local brands'],
  },
  {
    title: '{Skill} Carousel Account on Instagram',
    subtitle: 'Save-worthy carousels that sell a guide through the link in bio',
    method: 'Digital product sales from social traffic',
    industry: '{domain} · Digital products',
    price: { low: 15, high: 49, unit: 'per guide', sold: 'guides' },
    what: 'Post educational {skill} carousels that people save and share, and sell a detailed guide or template through the link in bio.',
    how: 'Design carousels in Canva from a fixed template, three a week, and sell the guide with Stan Store or Gumroad.',
    first: 'Write the guide after noticing which carousels get the most saves: that topic is what people will buy.',
    audiences: ['beginners', 'young professionals', 'creators', 'students'],
  },
  {
    title: 'Social Media Manager for {Audience}',
    subtitle: 'Run the social accounts of {audience} in your field',
    method: 'Monthly social media management retainers',
    industry: '{domain} · Marketing',
    price: { low: 300, high: 1200, unit: 'per month', sold: 'clients' },
    what: 'Manage the Instagram, TikTok or LinkedIn accounts of {audience} who need someone who understands {skill}.',
    how: 'Plan a month of posts at a time in Later or Buffer and send a one-page monthly report.',
    first: 'Offer a free audit of three local accounts and convert one into a paid first month.',
    fit: 'digital',
    audiences: ['small businesses', 'local brands', 'coaches', 'restaurants'],
  },
  {
    title: 'Live {Skill} Streams',
    subtitle: 'Weekly live sessions paid by gifts, tips and subscriptions',
    method: 'Live gifts, tips and channel memberships (Twitch, TikTok LIVE, YouTube)',
    industry: '{domain} · Creator economy',
    price: { low: 5, high: 15, unit: 'per member per month', sold: 'paying members' },
    pricingText: '$5-15 per member per month plus tips and gifts',
    what: 'Go live with {skill} on a fixed weekly schedule: work, teach and answer questions while viewers tip and subscribe.',
    how: 'Stream with OBS or straight from your phone, and clip the best moments into short videos.',
    first: 'Keep the same day and hour every week and announce it in each short video.',
    audiences: ['fans', 'learners', 'hobbyists', 'night owls'],
  },
  {
    title: '30-Day {Skill} Challenge',
    subtitle: 'A paid challenge launched to your followers',
    method: 'Paid challenge with a private group',
    industry: '{domain} · Communities',
    price: { low: 19, high: 49, unit: 'per participant', sold: 'participants' },
    what: 'Launch a 30-day {skill} challenge: a daily task, a private group for accountability and a small prize for finishers.',
    how: 'Run it in a WhatsApp community, Discord or Skool group and reuse the 30 tasks for every round.',
    first: 'Run the first round free for 20 followers, then charge for the next one using their results as proof.',
    audiences: ['beginners', 'followers', 'students', 'busy professionals'],
  },
  {
    title: 'LinkedIn {Skill} Authority Posts',
    subtitle: 'Regular posts that bring consulting and freelance leads',
    method: 'Consulting and freelance leads from LinkedIn',
    industry: '{domain} · Professional services',
    price: { low: 500, high: 3000, unit: 'per client project', sold: 'client projects' },
    what: 'Post practical {skill} lessons and case studies on LinkedIn three times a week, so decision-makers come to you.',
    how: 'Turn each project into a post (problem, approach, result) and end with a soft offer in your profile.',
    first: 'Comment thoughtfully on ten posts a day from people your buyers follow before posting yourself.',
    fit: 'digital',
    audiences: ['founders', 'managers', 'recruiters', 'small business owners'],
  },
  {
    title: '{Skill} Pins to Digital Products',
    subtitle: 'Evergreen Pinterest pins that drive buyers for months',
    method: 'Pinterest traffic to affiliate links and your own products',
    industry: '{domain} · Digital products',
    price: { low: 9, high: 29, unit: 'per product sale', sold: 'sales' },
    what: 'Create Pinterest pins with {skill} ideas and tutorials that link to your own guides or affiliate products; pins keep sending traffic for months.',
    how: 'Design pins in Canva in batches, schedule them with Tailwind, and send visitors to a simple landing page.',
    first: 'Start with 30 pins around 5 topics and keep the topics that get saves.',
    audiences: ['DIY fans', 'planners', 'hobbyists', 'parents'],
  },
];

/** For a category the catalogue does not know: patterns shaped by its label and keywords. */
const generic: Pattern[] = [
  {
    title: '{Skill} {Label} Service',
    subtitle: 'A clear {skill} offer for {audience} in {label}',
    method: '{Label} service',
    price: { low: 40, high: 200, unit: 'per project', sold: 'projects' },
    what: 'Offer {skill} as a clearly packaged service in {label}, with a fixed scope and price that buyers understand at once.',
    how: 'Write down the steps of one delivery and turn them into a checklist and a price list.',
    first: 'Tell twenty people in {label} what you offer this week and ask each for one introduction.',
    audiences: ['small businesses', 'individuals', 'organisations', 'beginners'],
  },
  {
    title: '{Label}: {Skill} Starter Offer',
    subtitle: 'A low-risk first offer that wins {audience}',
    method: 'Entry offer with an upsell',
    price: { low: 20, high: 90, unit: 'per order', sold: 'orders' },
    what: 'Create a small, affordable {skill} offer for {label} that lets buyers try you before a bigger purchase.',
    how: 'Deliver it quickly and always end with a proposal for the next, larger step.',
    first: 'Post the offer where people interested in {keyword} gather online and locally.',
    audiences: ['first-time buyers', 'small teams', 'individuals', 'beginners'],
  },
  {
    title: '{Skill} Consulting for {Label}',
    subtitle: 'Advice sessions for {audience} working on {keyword}',
    method: 'Paid consulting sessions',
    industry: '{domain} · Consulting',
    price: { low: 50, high: 150, unit: 'per session', sold: 'sessions' },
    what: 'Advise people in {label} on how {skill} solves their problems around {keyword}.',
    how: 'Run 60-minute sessions with a short preparation form and a written summary afterwards.',
    first: 'Offer three free sessions to people you trust to give an honest testimonial.',
    audiences: ['founders', 'managers', 'teams', 'professionals'],
  },
  {
    title: '{Skill} Workshops for {Label}',
    subtitle: 'Group sessions that teach {skill} to {audience}',
    method: 'Ticketed workshops',
    industry: '{domain} · Education',
    price: { low: 25, high: 90, unit: 'per attendee', sold: 'attendees' },
    what: 'Teach {skill} to groups interested in {label}, online or in person, with a hands-on exercise in every session.',
    how: 'Sell tickets through Eventbrite and keep a recording or handout as a bonus.',
    first: 'Partner with one group, club or community focused on {keyword} to host the first workshop.',
    audiences: ['beginners', 'members of clubs', 'teams', 'students'],
  },
  {
    title: '{Label} {Skill} Templates',
    subtitle: 'Ready-to-use resources for {audience}',
    method: 'Digital product sales',
    industry: '{domain} · Digital products',
    price: { low: 9, high: 39, unit: 'per download', sold: 'downloads' },
    what: 'Package your {skill} know-how for {label} into templates, checklists or guides that people can use straight away.',
    how: 'Create the bundle once and sell it on Gumroad or Etsy.',
    first: 'Give one item away for free to build a mailing list of people interested in {keyword}.',
    audiences: ['small businesses', 'freelancers', 'creators', 'beginners'],
  },
  {
    title: 'Monthly {Skill} Support for {Label}',
    subtitle: 'A retainer that gives {audience} steady {skill} help',
    method: 'Monthly retainer',
    price: { low: 150, high: 600, unit: 'per month', sold: 'clients' },
    what: 'Offer ongoing {skill} support to clients in {label} for a fixed monthly fee.',
    how: 'Agree a monthly quota and one channel for requests so the work stays predictable.',
    first: 'Offer it to every one-off client you have had, with a discounted first month.',
    audiences: ['small businesses', 'organisations', 'busy founders', 'teams'],
  },
  {
    title: '{Skill} Content about {Keyword}',
    subtitle: 'Posts and videos that grow an audience in {label}',
    method: 'Sponsorships and product sales from content',
    industry: '{domain} · Creator economy',
    price: { low: 100, high: 800, unit: 'per sponsorship', sold: 'sponsorships' },
    what: 'Publish regular {skill} content about {keyword} and earn through sponsorships and your own products.',
    how: 'Batch-produce content weekly and reuse each piece across two or three platforms.',
    first: 'Collaborate with one creator in {label} of a similar size to reach each other\'s audiences.',
    audiences: ['enthusiasts', 'beginners', 'followers', 'professionals'],
  },
  {
    title: '{Keyword} Projects with {Skill}',
    subtitle: 'Project work for {audience} that combines {skill} and {keyword}',
    method: 'Project fees',
    price: { low: 100, high: 500, unit: 'per project', sold: 'projects' },
    what: 'Take on projects where {skill} meets {keyword}, a combination few others can offer.',
    how: 'Define three project sizes with prices and a short proposal template.',
    first: 'Show one finished example, even a self-initiated one, to every prospect.',
    audiences: ['organisations', 'small businesses', 'individuals', 'agencies'],
  },
  {
    title: '{Skill} Mentoring in {Label}',
    subtitle: 'Ongoing mentoring for {audience} starting out',
    method: 'Mentoring packages',
    industry: '{domain} · Coaching',
    price: { low: 40, high: 120, unit: 'per session', sold: 'sessions' },
    what: 'Mentor people starting out in {label}, using {skill} to shorten their learning curve.',
    how: 'Sell packages of four sessions with tasks in between and a progress check each time.',
    first: 'Offer two free mentoring slots in a community about {keyword} and ask for referrals.',
    audiences: ['newcomers', 'students', 'career changers', 'juniors'],
  },
];

const catalogue: Record<string, Pattern[]> = { fiverr, online, offline, social };

/**
 * Why each kind of idea works; one per idea, so descriptions read less alike. The marketplace lines
 * name the idea's own platform ({platform}: Fiverr for a gig, TaskRabbit for a TaskRabbit idea); an
 * idea of the category sold on no platform (expert calls, a studio's commissions) gets a generic line.
 */
const whyItWorks: Record<string, string[]> = {
  fiverr: [
    '{platform} brings buyers to you, so you can test demand without a website or an audience.',
    'Buyers on {platform} compare {listings} in seconds: a specific promise beats a long list of skills.',
    'Reviews compound on {platform}: every good order makes the next one easier to win.',
  ],
  online: [
    'It is built once and sold many times, so income is not capped by your hours.',
    'Selling online lets you reach buyers far beyond your own city from day one.',
    'A small, specific product sells better than a broad one: solve one problem well.',
  ],
  offline: [
    'Local competition is usually thin, and people pay more for someone they can meet.',
    'Word of mouth travels fast locally: one happy customer often brings two more.',
    'In-person work is hard to outsource or automate, which keeps prices healthy.',
  ],
  social: [
    'An audience is an asset: every follower lowers the cost of your next launch.',
    'Brands pay for trust with a specific audience more than for raw follower counts.',
    'Short, consistent posts beat occasional perfect ones: the algorithms reward regularity.',
  ],
  generic: [
    'A narrow, clearly described offer is easier to buy than a general one.',
    'Starting small keeps the risk low while you learn what buyers value most.',
    'Repeat clients are the cheapest to win: design the offer so it can recur.',
  ],
};
/** Marketplaces and booking platforms an idea can be sold on, as its title or method names them. */
const marketplaces = ['Fiverr', 'Upwork', 'TaskRabbit', 'Thumbtack', 'Bark', 'Checkatrade', 'Airtasker', 'GigSalad', 'Booksy', 'Fresha', 'Treatwell', 'StyleSeat', 'Rover', 'Care.com', 'italki', 'Preply', 'Superprof'];

/** The closing line of an idea: the category's, about the idea's own platform when it names one (never Fiverr's for a TaskRabbit idea). */
/**
 * Whether a closing line is true of the idea: "built once and sold many times" only of something
 * made once and sold again (an ebook, a course, templates, licences), "buyers far beyond your own
 * city" never of work delivered locally or in person.
 */
const madeOnce = /\b(e-?books?|courses?|templates?|downloads?|presets?|printables?|plans? stores?|patterns?|guides?|licens\w*|stock|royalt\w*|books?|tutorials?|recordings?|recorded|on-demand|streaming services?|spotify|kindle|gumroad|teachable|udemy|trainingpeaks)\b/i;
const deliveredLocally = /\b(local\w*|nearby|in person|in-person|at home|house calls?|collect(ed|ion)|your (area|city|town)|door|visits?|sessions|lessons|classes|coaching|shifts?)\b/i;
const heldLive = /\b(coaching|tutoring|live|interpreting|mentoring)\b/i;
const trueOf = (line: string, idea: string) =>
  !(/built once and sold many times/.test(line) && (!madeOnce.test(idea) || heldLive.test(idea))) && !(/far beyond your own city/.test(line) && deliveredLocally.test(idea));

function whyLine(source: string, title: string, method: string, random: () => number): string {
  const all = whyItWorks[source] ?? whyItWorks.generic;
  const fitting = all.filter((line) => trueOf(line, `${title} ${method}`));
  const lines = fitting.length > 0 ? fitting : whyItWorks.generic;
  const index = Math.floor(random() * lines.length);
  if (!lines.some((l) => l.includes('{platform}'))) return lines[index];
  // The platform the title names first ("… on Airtasker"), else the method's.
  const named = (text: string) =>
    marketplaces
      .map((p) => ({ p, at: text.search(new RegExp(`\\b${p.replace('.', '\\.')}\\b`, 'i')) }))
      .filter((m) => m.at >= 0)
      .sort((a, b) => a.at - b.at)[0]?.p;
  const platform = named(title) ?? named(method);
  if (!platform) return whyItWorks.generic[index % whyItWorks.generic.length];
  return fill(lines[index], { platform, listings: platform === 'Fiverr' ? 'gigs' : 'offers' });
}

const catalogueAliases: Record<string, string> = {
  gig: 'fiverr',
  gigs: 'fiverr',
  freelance: 'fiverr',
  marketplace: 'fiverr',
  internet: 'online',
  digital: 'online',
  local: 'offline',
  'in-person': 'offline',
  'social-media': 'social',
  content: 'social',
};

/** The patterns in the catalogue (per category, and the generic ones), for docs and tests. */
export const offlineCatalogue: Record<'fiverr' | 'online' | 'offline' | 'social' | 'generic', readonly Pattern[]> = {
  fiverr,
  online,
  offline,
  social,
  generic,
};

// ---------------------------------------------------------------------------------------------
// What the skill is about.

interface Domain {
  industry: string;
  kind: Fit;
  audiences: string[];
}

const domains: { match: RegExp; domain: Domain }[] = [
  { match: /\b(design|logo|illustrat|canva|photoshop|figma|branding|graphic|ui\b|ux\b|drawing|animat|3d\b)/, domain: { industry: 'Design & Creative', kind: 'digital', audiences: ['small brands', 'startups', 'Etsy sellers'] } },
  { match: /\b(cod(e|ing)|program|develop|python|javascript|typescript|react|web\b|website|apps?\b|software|sql|data\b|excel|spreadsheet|automat|ai\b|machine learning|wordpress|shopify)/, domain: { industry: 'Technology', kind: 'digital', audiences: ['SaaS startups', 'small businesses', 'online shops'] } },
  { match: /\b(writ|copywrit|blog|content|edit|proofread|translat|resume|cv\b)/, domain: { industry: 'Writing & Publishing', kind: 'digital', audiences: ['bloggers', 'job seekers', 'small businesses'] } },
  { match: /\b(photo|video|film|camera|youtube|drone)/, domain: { industry: 'Photo & Video', kind: 'digital', audiences: ['creators', 'real-estate agents', 'couples'] } },
  { match: /\b(music|guitar|piano|sing(ing|er)?\b|vocal|audio|podcast|drum|violin|dj\b|beat)/, domain: { industry: 'Music & Audio', kind: 'any', audiences: ['podcasters', 'musicians', 'beginners'] } },
  { match: /\b(teach|tutor|math|english|spanish|french|german|language|science|exam|school)/, domain: { industry: 'Education', kind: 'any', audiences: ['students', 'parents', 'adult learners'] } },
  { match: /\b(fitness|yoga|gym|workout|nutrition|health|pilates|running|personal train|meditat|diet)/, domain: { industry: 'Health & Fitness', kind: 'physical', audiences: ['busy professionals', 'new parents', 'beginners'] } },
  { match: /\b(cook|bak(e|ing|er)|cake|food|chef|recipe|meal|pastr|coffee)/, domain: { industry: 'Food & Beverage', kind: 'physical', audiences: ['home cooks', 'busy families', 'cafés'] } },
  { match: /\b(marketing|seo\b|ads\b|advertis|social media|instagram|tiktok|sales\b|email)/, domain: { industry: 'Marketing', kind: 'digital', audiences: ['small businesses', 'e-commerce brands', 'coaches'] } },
  { match: /\b(financ|accounting|accountant|bookkeep|tax(es)?\b|budget|invest)/, domain: { industry: 'Finance & Accounting', kind: 'digital', audiences: ['freelancers', 'small businesses', 'young families'] } },
  { match: /\b(garden|clean|repair|handy|carpent|plumb|diy\b|furniture|woodwork)/, domain: { industry: 'Home Services', kind: 'physical', audiences: ['homeowners', 'landlords', 'busy families'] } },
  { match: /\b(fashion|sew|knit|crochet|craft|jewel|makeup|hair|nail|styl)/, domain: { industry: 'Fashion & Crafts', kind: 'physical', audiences: ['brides', 'hobbyists', 'gift buyers'] } },
  { match: /\b(pets?\b|dogs?\b|cats?\b|animal|horse)/, domain: { industry: 'Pets', kind: 'physical', audiences: ['pet owners', 'dog owners', 'breeders'] } },
  { match: /\b(gam(e|es|ing)\b|esport|minecraft|roblox|twitch)/, domain: { industry: 'Gaming', kind: 'digital', audiences: ['gamers', 'streamers', 'parents of gamers'] } },
];
const generalDomain: Domain = { industry: 'Professional Services', kind: 'any', audiences: ['small businesses', 'individuals'] };

interface SkillProfile {
  /** "sourdough bread baking": the skill as a noun phrase, read from the sentence (never the raw sentence). */
  phrase: string;
  /** "Sourdough Bread Baking" */
  title: string;
  /** A second skill or clause ("pet illustration"), used as the member's angle. */
  focus?: string;
  domain: Domain;
}

export function describeSkill(skill: string): SkillProfile {
  const read = readSkill(skill);
  const lower = skill.toLowerCase();
  const domain = domains.find((d) => d.match.test(lower))?.domain ?? generalDomain;
  return { phrase: read.phrase, title: read.title, focus: read.focus, domain };
}

/** No word twice in a row ("Private Guitar Lessons Lessons") and never a first-person word. */
function tidy(text: string): string {
  const words = text.split(' ').filter((w) => !/^(i|i'm|me|my|mine|myself)$/i.test(w));
  return words.filter((w, i) => i === 0 || w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '') !== words[i - 1].toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')).join(' ');
}

// ---------------------------------------------------------------------------------------------
// Building ideas.

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

const pick = <T>(items: T[], random: () => number): T => items[Math.floor(random() * items.length)];

const levelFactor: Record<NonNullable<GenerateIdeasRequest['skillLevel']>, number> = {
  beginner: 0.7,
  intermediate: 1,
  advanced: 1.4,
  expert: 2,
};

const levelAdvice: Record<NonNullable<GenerateIdeasRequest['skillLevel']>, string> = {
  beginner: 'As a beginner, start with the smallest version of this offer and raise prices after your first five happy customers.',
  intermediate: 'At your intermediate level you can charge mid-market rates from the start.',
  advanced: 'Your advanced level justifies premium pricing: lead with results and examples, not hours.',
  expert: 'As an expert, position this as a premium offer and take fewer, larger clients.',
};

const timelineAdvice: Record<NonNullable<GenerateIdeasRequest['timeline']>, string> = {
  '7-days': 'To earn within 7 days, launch the simplest version this week and contact 20 potential buyers directly.',
  '30-days': 'For a 30-day timeline: set up in week 1, publish in week 2, and win the first customers in weeks 3-4.',
  '60-days': 'Over 60 days: launch in the first two weeks, then spend the next six improving the offer from real feedback.',
  '90-days': 'With 90 days you can build properly: a month to create, a month to launch, a month to grow what works.',
};

/** Rounds a price to a figure people actually charge. */
function nicePrice(value: number): number {
  if (value < 20) return Math.max(1, Math.round(value));
  if (value < 100) return Math.round(value / 5) * 5;
  if (value < 1000) return Math.round(value / 10) * 10;
  return Math.round(value / 50) * 50;
}

const money = (value: number) => `$${value.toLocaleString('en-US')}`;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const titleCaseWords = (text: string) =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (/^[a-z]/.test(w) ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');

interface CategoryPlan {
  key: string;
  /** Which part of the catalogue it draws from. */
  source: string;
  label: string;
  keywords: string[];
}

function catalogueKey(category: IdeaPromptInput['categories'][number]): string {
  if (catalogue[category.key]) return category.key;
  const alias = catalogueAliases[category.key];
  return alias && catalogue[alias] ? alias : 'generic';
}

// ---------------------------------------------------------------------------------------------
// Which templates fit the skill.

/** One skill of the sentence, with the words its templates need. */
interface SkillVoice {
  skill: ClassifiedSkill;
  values: Record<string, string>;
  domain: string;
}

const kindIndustry: Partial<Record<SkillKind, string>> = {
  'home-service': 'Home Services',
  beauty: 'Hair & Beauty',
  trade: 'Trades & Repair',
  'made-product': 'Handmade Goods',
  food: 'Food & Beverage',
  event: 'Events & Entertainment',
  hobby: 'Lessons & Coaching',
  language: 'Languages',
  tutoring: 'Education',
  creative: 'Arts & Creative',
  animals: 'Pets',
  photography: 'Photography',
  performance: 'Entertainment & Media',
  restoration: 'Vintage & Restoration',
  sport: 'Sport & Coaching',
  woodwork: 'Furniture & Woodwork',
  advice: 'Professional Advice',
  therapy: 'Therapy & Counselling',
};

function industryOf(skill: ClassifiedSkill): string {
  const kind = skill.kinds[0];
  if (kind === 'regulated' || kind === 'advice') {
    if (/legal|law|notary|conveyanc/.test(skill.name)) return 'Legal Services';
    if (/financ|mortgage|insurance|tax|account/.test(skill.name)) return 'Financial Advice';
    if (/child|nanny|babysit|au pair/.test(skill.name)) return 'Childcare';
    if (/aviation|security/.test(skill.name)) return 'Professional Services';
    return 'Health & Care';
  }
  return kindIndustry[kind] ?? describeSkill(skill.name).domain.industry;
}

const pluralOf = (noun: string) =>
  /wife$/.test(noun) ? `${noun.slice(0, -4)}wives` : /(s|sh|ch|x|z)$/.test(noun) ? `${noun}es` : /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`;

/** The words a skill gives its templates: {Skill}, {Product}, {Things}, {Thing}, {Subject}, {Role}, {Roles}. */
function voiceOf(skill: ClassifiedSkill): SkillVoice {
  const name = skill.name;
  const things = skill.things ?? name;
  const lastThing = things.split(' ');
  // "knitted pieces" → "knitted piece" (never the bare "knitted").
  const thing = lastThing.at(-1) === 'pieces' && lastThing.length > 1 ? `${lastThing.slice(0, -1).join(' ')} piece` : singularWord(things);
  let product = things;
  const stripped = name.replace(/\s*\b(cooking|baking|making|brewing|roasting|blending)$/i, '').trim();
  if (skill.kinds.includes('food') && stripped && stripped !== name && stripped.toLowerCase() !== singularWord(things.toLowerCase())) product = stripped;
  const subjectRaw = name.replace(/\s*\b(translation|interpreting|teaching|tutoring|lessons|tutor)$/i, '').trim();
  // A language skill's subject is the language ("Italian" in "Italian legal document translation").
  const language = skill.kinds.includes('language') ? languageIn(`${name} ${skill.matched ?? ''}`) : undefined;
  let subject = language ?? (/^(languages?|translation|interpreting|teaching|tutoring)$/i.test(subjectRaw) ? '' : subjectRaw);
  let Subject = titleCaseWords(subject);
  // A teacher or tutor who names no subject: school subjects, never "the language".
  if (!subject && skill.kinds.includes('tutoring')) [subject, Subject] = ['school subjects', 'Schoolwork'];
  const role = skill.role ?? name;
  // Translation reads as the language and its specialty ("Italian legal translation"), not the documents.
  let shown = name;
  if (language && translationNamed.test(name)) {
    const specialty = /\b(legal|medical|technical|literary|financial|business|marketing|certified)\b/i.exec(name)?.[1]?.toLowerCase();
    const work = /interpret/i.test(name) ? 'interpreting' : 'translation';
    shown = [language, specialty, work].filter(Boolean).join(' ');
  }
  const values: Record<string, string> = {
    Skill: shown === name ? skill.title : titleCaseWords(shown),
    skill: shown,
    Field: /video|film|drone/i.test(name) ? 'Videography' : 'Photography',
    Product: titleCaseWords(product),
    product,
    Item: titleCaseWords(singularWord(product)),
    Things: titleCaseWords(things),
    things,
    Thing: titleCaseWords(thing),
    thing,
    Subject,
    subject: subject || 'your languages',
    Role: titleCaseWords(role),
    role,
    Roles: titleCaseWords(pluralOf(role)),
    // The work in running text, for the general ideas: the activity, or the person's role as work ("working as a tour guide").
    work: skill.unsure && skill.role ? `working as ${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}` : shown,
  };
  return { skill, values, domain: industryOf(skill) };
}

const languageNames =
  'english spanish french german italian portuguese japanese chinese mandarin cantonese korean arabic russian hindi urdu bengali turkish dutch polish swedish norwegian danish finnish greek hebrew vietnamese thai indonesian malay tagalog swahili yoruba igbo hausa amharic persian farsi ukrainian romanian czech hungarian'.split(' ');

/** The language a skill names ("Italian"), in title case. */
function languageIn(text: string): string | undefined {
  const found = text.toLowerCase().split(/[^a-z]+/).find((w) => languageNames.includes(w));
  return found ? found[0].toUpperCase() + found.slice(1) : undefined;
}

/** Skills whose name is the teaching itself ("teaching", "tutoring"): a generic "{Skill} Course" would teach teaching. */
const teachingNamed = /^(teaching|tutoring|coaching|life coaching|languages?)$/i;
/** Event work that is a service, not a performance. */
const eventServices = /celebrant|officiant|event planning|wedding planner|decoration|balloon|photo booth|live sound|mobile bar|event hosting/i;
/** Translation and interpreting are work for clients, not teaching. */
const translationNamed = /translat|interpret|subtit|locali/i;
/** Licensed work on the body (tattooing, piercing) is not taught in lessons, workshops or tutorials. */
const notTaught = /translat|interpret|subtit|locali|tattoo|piercing/i;

/** Who the generic ideas of a kind are for, when the template's own audiences are someone else's. */
const kindAudiences: Partial<Record<SkillKind, string[]>> = {
  trade: ['homeowners', 'DIYers', 'beginners', 'busy families'],
  'home-service': ['households', 'busy families', 'homeowners', 'tenants'],
  beauty: ['regular clients', 'busy parents', 'students', 'professionals'],
  'made-product': ['gift buyers', 'crafters', 'makers', 'hobbyists'],
  food: ['food lovers', 'home cooks', 'local families', 'beginners'],
  event: ['fans', 'party hosts', 'event planners', 'venues'],
  hobby: ['beginners', 'adult learners', 'hobbyists', 'enthusiasts'],
  language: ['learners', 'expats', 'travellers', 'businesses abroad'],
  tutoring: ['students', 'parents', 'exam candidates', 'homeschoolers'],
  creative: ['art lovers', 'collectors', 'creators', 'gift buyers'],
  animals: ['dog owners', 'new pet owners', 'pet owners', 'busy owners'],
  photography: ['couples', 'families', 'small businesses', 'creators'],
  regulated: ['fellow professionals', 'students of the profession', 'patients and families', 'employers'],
  advice: ['small business owners', 'families', 'landlords', 'freelancers'],
  therapy: ['fellow professionals', 'trainees', 'adults', 'employers'],
  performance: ['fans', 'party hosts', 'event organisers', 'brands'],
  restoration: ['collectors', 'owners of old pieces', 'enthusiasts', 'gift buyers'],
  sport: ['athletes', 'beginners', 'club members', 'parents'],
  woodwork: ['gift buyers', 'homeowners', 'collectors', 'families'],
};

/** Who generic ideas for a skill are for: businesses for commercial work, otherwise the people of its kind. */
function audiencesOf(skill: ClassifiedSkill): string[] | undefined {
  if (/office|commercial/i.test(skill.name)) return ['office managers', 'small businesses', 'shop owners', 'landlords'];
  return kindAudiences[skill.kinds[0]];
}

/** Which kinds each pattern of the generic catalogue fits, and what it does that some kinds forbid. */
const everyKindButRegulated = allSkillKinds.filter((k) => k !== 'regulated');
const fillerFit: Record<string, { kinds: SkillKind[]; traits?: TemplateTrait[]; notNames?: RegExp }> = {
  '{Skill} Gig in Three Packages': { kinds: ['knowledge', 'creative', 'general'], traits: ['remote'] },
  '24-Hour Express {Skill} Service': { kinds: ['knowledge', 'creative', 'general'], traits: ['remote'] },
  '{Skill} Review & Feedback Report': { kinds: ['knowledge', 'creative', 'hobby', 'photography', 'general'], traits: ['remote'] },
  '{Skill} Gig for {Audience}': { kinds: ['knowledge', 'creative', 'general'], traits: ['remote'] },
  'Monthly {Skill} Retainer': { kinds: ['knowledge', 'creative', 'general'], traits: ['remote'] },
  '1:1 {Skill} Consultation Call': { kinds: ['knowledge', 'hobby', 'tutoring', 'creative', 'general'], traits: ['remote'], notNames: /swim|tennis|golf|football|soccer|climb|boulder|skat|surf|ski|snowboard|sail|kayak|riding|equestrian|sports coaching|martial|boxing|judo|karate/i },
  'Custom {Skill} Plan or Guide': { kinds: ['knowledge', 'hobby', 'food', 'general'] },
  '{Skill} Templates with Custom Edits': { kinds: ['knowledge', 'creative', 'general'], traits: ['remote'] },
  'Done-for-You {Skill} Setup': { kinds: ['knowledge', 'general'], traits: ['remote'] },
  'Recorded {Skill} Video Lessons': { kinds: ['hobby', 'language', 'made-product', 'food', 'creative', 'beauty', 'event', 'photography', 'general'], traits: ['teaching'], notNames: /hiking|outdoor|camping|foraging|birdwatch|fishing|angling|collect|vintage|tarot|genealog|family history|trading card/i },
  '{Skill} Online Course': { kinds: ['hobby', 'tutoring', 'language', 'knowledge', 'creative', 'made-product', 'food', 'trade', 'animals', 'beauty', 'event', 'photography', 'general'], traits: ['teaching'] },
  '{Skill} Template Pack': { kinds: ['knowledge', 'creative', 'general'] },
  'The Practical {Skill} Playbook': { kinds: ['knowledge', 'hobby', 'language', 'creative', 'made-product', 'food', 'trade', 'home-service', 'animals', 'beauty', 'photography', 'advice', 'general'] },
  'Paid {Skill} Newsletter': { kinds: ['knowledge', 'hobby', 'creative', 'food', 'language', 'event', 'photography', 'general'] },
  'Live {Skill} Cohort Workshop': { kinds: ['knowledge', 'hobby', 'creative', 'tutoring', 'general'], traits: ['teaching', 'remote'], notNames: /swim|tennis|golf|football|soccer|climb|boulder|skat|surf|ski|snowboard|sail|kayak|riding|equestrian|sports coaching|martial|boxing|judo|karate/i },
  '{Skill} Membership Community': { kinds: ['hobby', 'creative', 'knowledge', 'made-product', 'food', 'language', 'photography', 'general'] },
  'Remote {Skill} Freelancer for {Audience}': { kinds: ['knowledge', 'creative', 'general'], traits: ['remote'] },
  'Online {Skill} Coaching': { kinds: ['hobby', 'tutoring', 'knowledge', 'event', 'general'], traits: ['teaching', 'remote'], notNames: /hiking|outdoor|camping|foraging|birdwatch|fishing|angling|collect|vintage|tarot|genealog|family history|trading card|swim|tennis|golf|football|soccer|climb|boulder|skat|surf|ski|snowboard|sail|kayak|riding|equestrian|sports coaching|martial|boxing|judo|karate/i },
  '{Skill} Printables & Print-on-Demand': { kinds: ['creative', 'hobby', 'general'] },
  '{Skill} Gear & Tools Review Blog': { kinds: ['hobby', 'trade', 'made-product', 'food', 'animals', 'creative', 'knowledge', 'home-service', 'beauty', 'event', 'photography', 'general'] },
  'Local {Skill} Workshops': { kinds: ['hobby', 'made-product', 'food', 'creative', 'language', 'beauty', 'photography', 'general'], traits: ['teaching'], notNames: /hiking|outdoor|camping|foraging|birdwatch|fishing|angling|collect|vintage|tarot|genealog|family history|trading card|swim|tennis|golf|football|soccer|climb|boulder|skat|surf|ski|snowboard|sail|kayak|riding|equestrian|sports coaching|martial|boxing|judo|karate/i },
  'Private {Skill} Lessons': { kinds: ['creative', 'photography', 'general'], traits: ['teaching'], notNames: /hiking|outdoor|camping|foraging|birdwatch|fishing|angling|collect|vintage|tarot|genealog|family history|trading card/i },
  '{Skill} Services for Local Businesses': { kinds: ['creative', 'home-service', 'photography', 'language', 'general'] },
  '{Skill} Stall at Markets & Fairs': { kinds: ['general'] },
  'Corporate {Skill} Team Sessions': { kinds: ['hobby', 'food', 'general'], traits: ['teaching'] },
  '{Skill} Bookings for Weddings & Events': { kinds: ['event'], traits: ['event'] },
  'After-School {Skill} Club': { kinds: ['hobby', 'language', 'creative', 'made-product', 'general'], traits: ['teaching', 'kids'], notNames: /hiking|outdoor|camping|foraging|birdwatch|fishing|angling|collect|vintage|tarot|genealog|family history|trading card|poker/i },
  '{Skill} Help for Seniors': { kinds: ['home-service', 'general'] },
  'Neighbourhood {Skill} Subscription': { kinds: ['home-service', 'animals', 'general'] },
  '{Skill} Tips on TikTok & Reels': { kinds: everyKindButRegulated },
  '{Skill} YouTube Tutorial Channel': { kinds: ['hobby', 'tutoring', 'language', 'knowledge', 'creative', 'made-product', 'food', 'trade', 'home-service', 'beauty', 'animals', 'event', 'photography', 'general'], traits: ['teaching'] },
  'UGC Creator for {Skill} Brands': { kinds: ['hobby', 'food', 'made-product', 'animals', 'beauty', 'home-service', 'general'], notNames: /bridal|wedding dress|tattoo|office|commercial|training|behaviour|barber/i },
  '{Skill} Carousel Account on Instagram': { kinds: ['knowledge', 'hobby', 'food', 'creative', 'language', 'advice', 'general'] },
  'Social Media Manager for {Audience}': { kinds: ['general'], traits: ['remote'] },
  'Live {Skill} Streams': { kinds: ['hobby', 'creative', 'event', 'made-product', 'food', 'general'], traits: ['streaming'], notNames: /hiking|outdoor|camping|foraging|birdwatch|fishing|angling|collect|vintage|tarot|genealog|family history|trading card|swim|tennis|golf|football|soccer|climb|boulder|skat|surf|ski|snowboard|sail|kayak|riding|equestrian|sports coaching|martial|boxing|judo|karate/i },
  '30-Day {Skill} Challenge': { kinds: ['hobby', 'language', 'creative', 'food', 'photography', 'general'], traits: ['teaching'] },
  'LinkedIn {Skill} Authority Posts': { kinds: ['knowledge', 'regulated', 'advice', 'therapy', 'general'], notNames: /babysit|au pair|nanny|care work|carer|caregiv|elder|childmind/i },
  '{Skill} Pins to Digital Products': { kinds: ['made-product', 'food', 'creative', 'home-service', 'general'] },
  '{Skill} Workshops for {Label}': { kinds: allSkillKinds, traits: ['teaching'] },
  '{Skill} Mentoring in {Label}': { kinds: allSkillKinds, traits: ['teaching'] },
};

/** A template from either source, with what the generator needs to choose it. */
interface Candidate {
  id: string;
  pattern: Pattern & { marketTitle?: string; placeTitle?: string };
  kinds: readonly SkillKind[];
  traits: readonly TemplateTrait[];
  notKinds: readonly SkillKind[];
  needs?: 'things' | 'no-things';
  names?: RegExp;
  notNames?: RegExp;
  distinctKinds?: boolean;
  sharedKind?: boolean;
  pairedWith?: readonly SkillKind[];
  specific: boolean;
  /** Written for the market the sentence names (market-templates.ts). */
  forMarket?: boolean;
}

function fromTemplate(t: IdeaTemplate): Candidate {
  return {
    id: t.id,
    pattern: t,
    kinds: t.kinds,
    traits: t.traits ?? [],
    notKinds: t.notKinds ?? [],
    needs: t.needs,
    names: t.names,
    notNames: t.notNames,
    distinctKinds: t.distinctKinds,
    sharedKind: t.sharedKind,
    pairedWith: t.pairedWith,
    specific: true,
    forMarket: 'market' in t && Boolean((t as { market?: string }).market),
  };
}

function fromPattern(source: string, p: Pattern, lastResort = false): Candidate {
  const fit = fillerFit[p.title] ?? { kinds: allSkillKinds };
  // As the last resort of a category that would otherwise be empty (which the app refuses as an invalid answer), any kind.
  const kinds = lastResort ? fit.kinds : fit.kinds.filter((k) => !kindsWrittenWhole.has(k));
  return { id: `${source}:${p.title}`, pattern: p, kinds, traits: fit.traits ?? [], notKinds: [], notNames: fit.notNames, specific: false };
}

/** Whether a candidate may be used for this skill (the kinds it declares, the traits the skill forbids). */
function fitsSkill(c: Candidate, skill: ClassifiedSkill): boolean {
  if (!templateFits(c, skill.kinds)) return false;
  if (c.notKinds.some((k) => skill.kinds.includes(k))) return false;
  if (c.needs === 'things' && !skill.things) return false;
  if (c.needs === 'no-things' && skill.things) return false;
  // The skill's name and the person's role ("nursing", "midwife").
  const who = `${skill.name} ${skill.role ?? ''}`;
  if (c.names && !c.names.test(who)) return false;
  if (c.notNames?.test(who)) return false;
  // Generic teaching ideas never teach teaching ("Teaching Online Course"), and translation is not teaching.
  // A generic idea named after a skill that is the teaching itself ("Teaching Tips", "1:1 Teaching Consultation Call") says nothing.
  if (!c.specific && /^(teaching|tutoring)$/i.test(skill.name)) return false;
  // Services at events that are not a performance (a celebrant, a planner) are not taught or streamed.
  if (!c.specific && (c.traits.includes('teaching') || c.traits.includes('streaming')) && eventServices.test(who)) return false;
  if (c.traits.includes('teaching') && ((!c.specific && teachingNamed.test(skill.name)) || notTaught.test(skill.name))) return false;
  return true;
}

/** Words that may repeat in a title ("Candle Making & Soap Making"). */
const repeatable = new Set(['making', 'work', 'care', 'repair', 'service', 'lesson', 'class', 'session', 'local', 'custom', 'and', 'for', 'the', 'with', 'online']);

/** A title that says a word twice ("Wedding Photography for Weddings", "Office Cleaning for Offices"). */
export function repeatsWord(title: string): boolean {
  const words = (title.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length > 2 && !repeatable.has(w)).map(singularWord);
  return new Set(words).size < words.length;
}

/** The written templates of a category for one skill, its kinds interleaved (the plain business of each kind first). */
function specificFor(category: string, skill: ClassifiedSkill, eventFirst: boolean): Candidate[] {
  // The kind's own templates first, then those it shares with other kinds.
  const perKind = skill.kinds.map((kind) => {
    const fitting = kindTemplates.filter((t) => t.category === category && t.kinds.includes(kind));
    return [...fitting.filter((t) => t.kinds[0] === kind), ...fitting.filter((t) => t.kinds[0] !== kind)].map(fromTemplate).filter((c) => fitsSkill(c, skill));
  });
  const out: Candidate[] = [];
  for (let round = 0; perKind.some((list) => list.length > round); round++) {
    for (const list of perKind) if (list[round] && !out.some((c) => c.id === list[round].id)) out.push(list[round]);
  }
  // A market that is an occasion ("at weddings") brings the templates sold for occasions forward.
  return eventFirst ? [...out.filter((c) => c.traits.includes('event')), ...out.filter((c) => !c.traits.includes('event'))] : out;
}

/** Who each idea of a category is for: the first skill, the second, or both together. */
type Owner = { skill: number } | { pair: [number, number] };

function ownersFor(categoryIndex: number, count: number, skills: number): Owner[] {
  const owners: Owner[] = [];
  for (let n = 0; n < count; n++) {
    if (skills === 1 || n === 0) owners.push({ skill: 0 });
    else if (n === 1) owners.push({ skill: skills === 3 && categoryIndex % 2 === 1 ? 2 : 1 });
    else if (n === 2) owners.push({ pair: [0, skills === 3 && categoryIndex % 2 === 0 ? 2 : 1] });
    else owners.push({ skill: n % skills });
  }
  return owners;
}

const crossSell = [
  'Once it runs, tell these customers about your {other} too: people who already trust you are the easiest to sell to again.',
  'Keep your {other} for offers of its own, and mention it to every happy customer of this one.',
  'Show your {other} at the end of each delivery: a second offer to customers you already have costs nothing to find.',
];

const tidySpaces = (text: string) => text.replace(/\s{2,}/g, ' ').replace(/\s+([,.:;!?])/g, '$1').replace(/^\s*:\s*/, '').trim();

/** No word twice in a row ("Translation Translation Gig") in running text either. */
function undouble(text: string): string {
  return text.replace(/(^|[^\p{L}])(\p{L}+)(\s+\2)+(?=$|[^\p{L}])/giu, '$1$2');
}

function buildIdeas(input: IdeaPromptInput, random: () => number): GeneratedIdeas {
  const request = input.request;
  const reading = classifySkill(request.skill);
  const sentence = request.skill.trim();
  const voices = reading.skills.map(voiceOf);
  const market = reading.market;
  const personalized = input.personalized;
  const level = personalized ? request.skillLevel : undefined;
  const factor = level ? levelFactor[level] : 1;
  const niches = personalized ? (request.niches ?? []).map((n) => n.trim()).filter(Boolean) : [];
  const platforms = personalized ? (request.platforms ?? []).map((p) => p.trim()).filter(Boolean) : [];
  const region = personalized ? request.regionFocus?.trim() : undefined;
  const languages = personalized ? (request.languages ?? []).map((l) => l.trim()).filter(Boolean) : [];

  const plans: CategoryPlan[] = input.categories.map((c) => ({ ...c, source: catalogueKey(c) }));
  const usedTitles = new Set<string>();
  const usedTemplates = new Set<string>();
  const usedBlocks = new Set<string>();
  const ideas: Idea[] = [];
  const perCategory = Math.max(1, input.ideasPerCategory);

  plans.forEach((plan, categoryIndex) => {
    const fillerPatterns = plan.source === 'generic' ? generic : catalogue[plan.source];
    const fillers = shuffled(fillerPatterns.map((p) => fromPattern(plan.source, p)), random);
    const owners = ownersFor(categoryIndex, perCategory, voices.length);

    for (let n = 0; n < perCategory; n++) {
      let owner = owners[n];
      // Candidates for this idea, best first: the pair's templates, or the skill's written ones, then generic ones.
      const candidatesOf = (o: Owner): { candidate: Candidate; main: SkillVoice; second?: SkillVoice }[] => {
        if ('pair' in o) {
          const [a, b] = o.pair.map((i) => voices[i]);
          return pairTemplates
            .filter((t) => t.category === plan.source)
            .map(fromTemplate)
            .filter(
              (c) =>
                fitsSkill(c, a.skill) &&
                c.pairedWith!.some((k) => b.skill.kinds.includes(k)) &&
                templateFits({ kinds: allSkillKinds, traits: c.traits }, b.skill.kinds) &&
                !(c.distinctKinds && b.skill.kinds.some((k) => a.skill.kinds.includes(k))) &&
                !(c.sharedKind && !b.skill.kinds.some((k) => a.skill.kinds.includes(k))),
            )
            .map((candidate) => ({ candidate, main: a, second: b }));
        }
        const voice = voices[o.skill];
        const eventFirst = o.skill === 0 && market?.event === true;
        const specific = plan.source === 'generic' ? [] : specificFor(plan.source, voice.skill, eventFirst);
        // Ideas written for the market the sentence names come first for its first skill.
        const forMarket =
          market && o.skill === 0 && n === 0
            ? marketTemplates
                .filter((t) => t.category === plan.source && t.market === (market.event ? 'occasion' : 'group'))
                .map(fromTemplate)
                .filter((c) => fitsSkill(c, voice.skill))
            : [];
        // A skill the reading is unsure of gets the general ideas only, never generic patterns of some kind of work.
        const fitting = voice.skill.unsure ? [] : fillers.filter((c) => fitsSkill(c, voice.skill));
        return [...forMarket, ...specific, ...fitting].map((candidate) => ({ candidate, main: voice }));
      };
      let options = candidatesOf(owner);
      if ('pair' in owner && options.every((o) => usedTemplates.has(`${o.candidate.id}`))) {
        owner = { skill: 0 };
        options = candidatesOf(owner);
      }
      const withMarket = market !== undefined && n === 0 && 'skill' in owner && owner.skill === 0;
      // The first idea names the market: a template written for one comes first.
      if (withMarket) {
        const written = (o: (typeof options)[number]) =>
          o.candidate.forMarket || (Boolean(o.candidate.pattern.marketTitle) && market.event === o.candidate.traits.includes('event'));
        options = [...options.filter(written), ...options.filter((o) => !written(o))];
      }

      const render = (choice: { candidate: Candidate; main: SkillVoice; second?: SkillVoice }) => {
        const { candidate, main, second } = choice;
        const pattern = candidate.pattern;
        // An occasion ("at funerals") names only ideas sold for occasions; a group ("for seniors") any idea.
        const named = withMarket && (candidate.forMarket || !market.event || candidate.traits.includes('event'));
        // Learners for teaching ideas; otherwise the people this kind of work serves.
        const ownAudiences = candidate.specific || candidate.traits.includes('teaching') ? undefined : audiencesOf(main.skill);
        const audience = named
          ? market.phrase
          : niches.length > 0
            ? niches[ideas.length % niches.length]
            : pick(ownAudiences ?? pattern.audiences, random);
        const keyword = plan.keywords.length > 0 ? pick(plan.keywords, random) : plan.label.toLowerCase();
        const values: Record<string, string> = {
          ...main.values,
          ...(second ? { Skill2: second.values.Skill, skill2: second.values.skill } : {}),
          audience,
          Audience: titleCaseWords(audience),
          domain: main.domain,
          Label: plan.label,
          label: plan.label,
          keyword,
          Keyword: titleCaseWords(keyword),
          Place: reading.place ?? '',
          Market: market?.title ?? '',
          market: market?.phrase ?? '',
          prep: market?.preposition ?? 'for',
          organisers: market ? organisersOf(market.phrase) : '',
          Organisers: market ? titleCaseWords(organisersOf(market.phrase)) : '',
        };
        let titleTemplate = pattern.title;
        if (reading.place && pattern.placeTitle && !named) titleTemplate = pattern.placeTitle;
        if (named) {
          if (pattern.marketTitle) titleTemplate = pattern.marketTitle;
          // A product is not sold "for kids" by its title (a stall, a recipe gig): only templates written for a market say so.
          // Nor is a translation gig "for adults": a group of learners names only teaching ideas of a language.
          else if (
            !/\{Audience\}/.test(pattern.title) &&
            !/\s(for|at)\s/i.test(fill(pattern.title, values)) &&
            !main.skill.kinds.some((k) => k === 'food' || k === 'made-product' || k === 'woodwork') &&
            !(main.skill.kinds.includes('language') && !candidate.traits.includes('teaching')) &&
            (market.event || candidate.traits.includes('teaching') || !/^(kids?|children|child|toddlers?|babies|baby|teens?|teenagers?)\b/.test(market.phrase))
          )
            titleTemplate = `${pattern.title} {prep} {Market}`;
        }
        let title = tidySpaces(tidy(fill(titleTemplate, values)));
        // A title never copies the member's sentence ("Excel dashboards for small businesses") back.
        const copies = sentence.split(/\s+/).length >= 3 && title.toLowerCase().includes(sentence.toLowerCase());
        if ((title.length > 80 || copies) && titleTemplate !== pattern.title) title = tidySpaces(tidy(fill(pattern.title, values)));
        return { title, values, audience, named };
      };

      // The text a template writes for this idea (its own sentences, before the closing lines): no two ideas of a set share it.
      const blockOf = (choice: (typeof options)[number], values: Record<string, string>) =>
        [choice.candidate.pattern.what, choice.candidate.pattern.how, choice.candidate.pattern.first].map((t) => fill(t, values)).join(' ');
      // The first candidate not used yet whose title and text are new and fit.
      const firstFitting = (list: typeof options) => {
        for (const choice of list) {
          if (usedTemplates.has(`${choice.candidate.id}|${choice.main.skill.name}`)) continue;
          const rendered = render(choice);
          if (usedTitles.has(rendered.title) || rendered.title.length > 80 || repeatsWord(rendered.title)) continue;
          if (usedBlocks.has(blockOf(choice, rendered.values))) continue;
          // A title that names the market never has a description about another occasion ("Singing at Funerals" for weddings).
          if (market && rendered.title.toLowerCase().includes(market.phrase)) {
            const p = choice.candidate.pattern;
            const text = [p.subtitle, p.what, p.how, p.first].map((t) => fill(t, rendered.values)).join(' ');
            if (otherOccasions(text, market.phrase).length > 0) continue;
          }
          return { choice, rendered };
        }
        return undefined;
      };
      let chosen = firstFitting(options);
      // When every template of this skill is used, one of another skill of the sentence. A generic pattern ("{Skill} Consulting
      // for {Label}") only for a category with no idea yet, or past the three ideas a category holds by default (settings that
      // ask for more than the catalogue holds): as a second or third idea it reads as filler ("… Local/Offline Service").
      for (let k = 0; !chosen && k < voices.length; k++) if (!('skill' in owner && owner.skill === k)) chosen = firstFitting(candidatesOf({ skill: k }));
      if (!chosen && (n === 0 || n >= 3)) {
        chosen = firstFitting(
          voices.flatMap((main) => generic.map((p) => ({ candidate: fromPattern('generic', p, true), main }))).filter((o) => !o.main.skill.unsure && fitsSkill(o.candidate, o.main.skill)),
        );
      }
      // Otherwise the category has one idea fewer: never the same idea again for someone else ("…: Apps Edition", "… (2)").
      if (!chosen) continue;
      const { choice, rendered } = chosen;
      usedTemplates.add(`${choice.candidate.id}|${choice.main.skill.name}`);
      if (choice.second) usedTemplates.add(choice.candidate.id);
      usedTitles.add(rendered.title);
      usedBlocks.add(blockOf(choice, rendered.values));
      const pattern = choice.candidate.pattern;
      const values = rendered.values;

      const low = nicePrice(pattern.price.low * factor);
      const high = nicePrice(pattern.price.high * factor);
      const pricing =
        pattern.pricingText && factor === 1 ? pattern.pricingText : `${money(low)}-${money(high).slice(1)} ${pattern.price.unit}`;

      const sentences = [fill(pattern.what, values), fill(pattern.how, values), fill(pattern.first, values)];
      if (rendered.named && market && !sentences[0].toLowerCase().includes(market.phrase)) sentences.splice(1, 0, `Aim it ${market.preposition} ${market.phrase} first: that is the market you know.`);
      sentences.push(whyLine(plan.source, rendered.title, fill(pattern.method, values), random));
      // In a sentence of several skills, an idea for one of them points its customers to the other.
      const other = !choice.second ? voices.find((v) => v !== choice.main) : undefined;
      if (other) sentences.push(fill(pick(crossSell, random), { other: other.skill.name }));
      if (personalized) {
        if (request.incomeGoal !== undefined && pattern.price.sold !== '') {
          const average = (low + high) / 2;
          const needed = Math.max(1, Math.ceil(request.incomeGoal / average));
          sentences.push(
            `At about ${money(nicePrice(average))} ${pattern.price.unit}, roughly ${needed} ${pattern.price.sold} reach your ${money(request.incomeGoal)} monthly goal.`,
          );
        }
        // Two of the member's other circumstances per idea, rotating, so the ideas do not all repeat them.
        const fits: string[] = [];
        if (level) fits.push(levelAdvice[level]);
        if (request.availableHours !== undefined) {
          const outreach = Math.max(1, Math.round(request.availableHours * 0.3));
          fits.push(`It fits your ${request.availableHours} hours a week: about ${outreach} for finding customers and the rest for delivery.`);
        }
        if (request.timeline) fits.push(timelineAdvice[request.timeline]);
        if (platforms.length > 0) fits.push(`Promote it where you already want to be: ${platforms.join(', ')}.`);
        if (region && plan.source !== 'offline') fits.push(`Aim at buyers in ${region} first.`);
        if (languages.length > 1) fits.push(`Offering it in ${languages.join(' and ')} widens your market.`);
        for (let k = 0; k < Math.min(2, fits.length); k++) sentences.push(fits[(ideas.length + k) % fits.length]);
        // Local ideas always say where.
        if (region && plan.source === 'offline') sentences.push(`Start in ${region}, where you can meet customers in person.`);
      }

      ideas.push({
        id: `${plan.key}-${n + 1}`,
        title: rendered.title,
        subtitle: tidySpaces(tidy(fill(pattern.subtitle, values))),
        description: undouble(tidySpaces(sentences.join(' '))),
        category: plan.key,
        industry: tidySpaces(fill(pattern.industry ?? '{domain}', values)),
        method: tidySpaces(fill(pattern.method, values)),
        pricing,
      });
      ideaTemplates.set(ideas[ideas.length - 1], { templateId: choice.candidate.id, skills: choice.second ? [choice.main.skill, choice.second.skill] : [choice.main.skill] });
    }
  });

  return {
    categories: plans.map((p) => ({ id: p.key, name: p.label, color: categoryColor(p.key) })),
    ideas,
    personalized,
  };
}

/** Which template (and for which skills) each idea of the last `planIdeas` call came from: for tests. */
const ideaTemplates = new WeakMap<Idea, { templateId: string; skills: ClassifiedSkill[] }>();

export interface PlannedIdea {
  idea: Idea;
  /** The template's id ("trade/offline/1", "fiverr:{Skill} Gig in Three Packages", "pair/social/channel"). */
  templateId: string;
  kinds: readonly SkillKind[];
  traits: readonly TemplateTrait[];
  /** The skill (or the two skills of a pair template) the idea was written for. */
  skills: ClassifiedSkill[];
}

/**
 * The ideas the generator writes for this input, each with the template it came from, its kinds and
 * traits and the skills it was written for: what tests check the fit with. Same seed as `generateIdeas`.
 */
export function planIdeas(input: IdeaPromptInput): { ideas: GeneratedIdeas; planned: PlannedIdea[]; reading: SkillClassification } {
  const ideas = buildIdeas(input, seededRandom(seedOf(input)));
  const all = new Map<string, Candidate>();
  for (const t of [...kindTemplates, ...pairTemplates, ...marketTemplates]) all.set(t.id, fromTemplate(t));
  for (const [source, patterns] of Object.entries({ ...catalogue, generic })) for (const p of patterns) all.set(`${source}:${p.title}`, fromPattern(source, p));
  const planned = ideas.ideas.map((idea) => {
    const origin = ideaTemplates.get(idea)!;
    const c = all.get(origin.templateId)!;
    return { idea, templateId: origin.templateId, kinds: c.kinds, traits: c.traits, skills: origin.skills };
  });
  return { ideas, planned, reading: classifySkill(input.request.skill) };
}

function seedOf(input: IdeaPromptInput): number {
  return hashString(
    JSON.stringify({
      request: input.request,
      personalized: input.personalized,
      categories: input.categories,
      ideasPerCategory: input.ideasPerCategory,
    }),
  );
}

export interface OfflineIdeaGeneratorOptions {
  /** Pause between streamed chunks, for the typing animation (default 15 ms; tests use 0). */
  chunkDelayMs?: number;
  log?: (message: string) => void;
}



/** Generates ideas without any AI service; labelled "offline generator" in logs. */
export class OfflineIdeaGenerator implements IdeaGenerator {
  readonly kind = 'offline' as const;
  private readonly chunkDelayMs: number;
  private readonly log: (message: string) => void;

  constructor(options: OfflineIdeaGeneratorOptions = {}) {
    this.chunkDelayMs = options.chunkDelayMs ?? 15;
    this.log = options.log ?? (() => {});
  }

  async generateIdeas(
    input: IdeaPromptInput,
    onChunk: (text: string) => void,
    signal?: AbortSignal,
  ): Promise<{ text: string; usage: AiUsage }> {
    const aborted = () => signal?.reason ?? new DOMException('The generation was aborted', 'AbortError');
    if (signal?.aborted) throw aborted();
    const seed = seedOf(input);
    const text = JSON.stringify(buildIdeas(input, seededRandom(seed)));

    const random = seededRandom(seed ^ 0x9e3779b9);
    let chunks = 0;
    for (let at = 0; at < text.length; ) {
      if (signal?.aborted) throw aborted();
      const size = 20 + Math.floor(random() * 41);
      onChunk(text.slice(at, at + size));
      chunks++;
      at += size;
      if (this.chunkDelayMs > 0 && at < text.length) await sleep(this.chunkDelayMs, signal);
    }
    if (signal?.aborted) throw aborted();

    this.log(
      `offline generator: ${input.categories.length * input.ideasPerCategory} ideas${input.personalized ? ' (personalized)' : ''} streamed in ${chunks} chunks`,
    );
    return {
      text,
      usage: {
        model: 'offline-generator',
        inputTokens: countPromptTokens([{ content: input.systemPrompt }, { content: input.userPrompt }]),
        outputTokens: countTokens(text),
        costUsd: 0,
      },
    };
  }
}
