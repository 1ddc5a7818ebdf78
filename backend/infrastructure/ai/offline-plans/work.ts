import { regulatedKinds, type SkillKind } from '../offline-ideas/skill-kinds';
import type { ResourceKey, StageKey, TaskTemplate } from '../offline-plan-catalogue';
import type { Channel, ChannelId } from './channels';

/**
 * The kind of work an idea is, which decides what the member makes, prepares and delivers
 * whatever the channel. Read from the idea's format (lessons, a digital product, content, a
 * service) and the kinds of work of its skill (`classifySkill`, the same classification the
 * offline ideas use):
 *
 * - hands-on: a service done at the customer's place or on their things (home services, trades, animals);
 * - made: a product the member makes (crafts, art pieces);
 * - food: food and drink the member makes;
 * - lessons: lessons, courses, workshops, classes, coaching, clubs, challenges;
 * - performance: performing or serving at events;
 * - remote-service: knowledge or creative work delivered at a distance (design, code, writing);
 * - digital-product: templates, printables, ebooks, guides, scripts, sold as downloads;
 * - content: videos, posts, newsletters and streams that grow an audience;
 * - care: care or a regulated profession (health, therapy, law, finance advice, childcare).
 */
export const works = ['hands-on', 'made', 'food', 'lessons', 'performance', 'remote-service', 'digital-product', 'content', 'care'] as const;
export type Work = (typeof works)[number];

export interface WorkKit {
  /** Who pays when neither the idea nor the channel says. */
  buyers: string;
  /** Two tasks per stage: what the member makes, prepares and delivers for this kind of work. */
  tasks: Record<StageKey, TaskTemplate[]>;
  free: ResourceKey[];
  paid: ResourceKey[];
}

export const workKits: Record<Work, WorkKit> = {
  'hands-on': {
    buyers: 'local customers',
    free: ['wave'],
    paid: ['jobber'],
    tasks: {
      setup: [
        ['List the tools and supplies each {skill} job needs', 'And what each job costs you in materials and travel, so every price covers it.'],
        ['Get public liability insurance for {skill} work', 'Check what your area requires; a certificate reassures {buyers} before they let you in.'],
      ],
      launch: [
        ['Photograph three {skill} jobs you have done', 'Before and after, in daylight, with the customer\'s permission.'],
        ['Write a price list for each kind of {skill} job', 'Fixed prices for the jobs you do most, an hourly rate for the rest and a minimum call-out charge.'],
      ],
      first: [
        ['Do one {skill} job at cost for a review and photos', 'For a friend or neighbour who will tell others and let you photograph the result.'],
        ['Choose the area you cover for {skill} jobs', 'Pick the postcodes or streets you serve, so travel does not eat the profit.'],
      ],
      deliver: [
        ['Text customers when you are on your way', 'Arrive in the time window you gave; it is what {buyers} remember.'],
        ['Photograph every finished {skill} job', 'A before and after for each; they are your best proof.'],
      ],
      grow: [
        ['Offer past customers a follow-up {skill} check', 'A seasonal check or top-up visit at a fixed price.'],
        ['Group {skill} jobs by area on the same day', 'Fewer miles, more jobs a day.'],
      ],
      scale: [
        ['Keep quotes, jobs and invoices in one tool', 'Jobber or a shared calendar and sheet, so nothing is forgotten as jobs grow.'],
        ['Offer a yearly {skill} service plan', 'Regular visits paid monthly, for steady work between one-off jobs.'],
      ],
    },
  },
  made: {
    buyers: 'gift buyers',
    free: ['photoroom'],
    paid: ['craftybase'],
    tasks: {
      setup: [
        ['Cost each {skill} piece: materials, time and packaging', 'Know your cost per piece before you set a price.'],
        ['Make a first batch of five {skill} pieces', 'Your best design in a few colours or sizes, so there is something to show and sell.'],
      ],
      launch: [
        ['Photograph each {skill} piece in daylight on a plain background', 'One close-up, one in use and one showing its size.'],
        ['Write a care card for your {skill} pieces', 'How to use and look after each piece; it goes in every parcel or bag.'],
      ],
      first: [
        ['Offer personalisation on your best {skill} piece', 'A name, colour or size of the buyer\'s choice, for a little more.'],
        ['Give one {skill} piece to someone who will show it off', 'A friend with many friends; ask them to say where it came from.'],
      ],
      deliver: [
        ['Design packaging for your {skill} pieces', 'It protects the piece and makes opening it a small event.'],
        ['Keep a stock sheet of materials and finished {skill} pieces', 'So a sale never waits for materials you forgot to buy.'],
      ],
      grow: [
        ['Make a seasonal version of your best {skill} piece', 'For the next holiday or season {buyers} shop for.'],
        ['Batch-make your best-selling {skill} pieces', 'Making ten at once takes far less time per piece than one at a time.'],
      ],
      scale: [
        ['Buy materials in bulk for your best sellers', 'Lower costs per piece once you know what sells.'],
        ['Create a gift set of your {skill} pieces', 'Two or three pieces together at a set price.'],
      ],
    },
  },
  food: {
    buyers: 'food lovers nearby',
    free: ['forrager'],
    paid: ['servsafe'],
    tasks: {
      setup: [
        ['Check the food rules for selling {skill} from home', 'Registration, labelling and hygiene rules where you live (cottage food laws in the US, council registration in the UK).'],
        ['Cost each food item: ingredients, packaging and time', 'Know your cost per item before you set a price.'],
      ],
      launch: [
        ['Write labels with ingredients and allergens', 'Every item labelled the way your local food rules require.'],
        ['Make a test batch and time every step', 'So you know how many you can make in a morning.'],
      ],
      first: [
        ['Offer a free tasting to 20 people', 'Small bites with a card that says how to order.'],
        ['Take pre-orders for a fixed baking or cooking day', 'Making to order means nothing goes to waste.'],
      ],
      deliver: [
        ['Plan production so every order is fresh', 'Make as close to the hand-over as you can and note the best-before date.'],
        ['Pack food safely for travel', 'Boxes that keep the shape and a label with storage advice.'],
      ],
      grow: [
        ['Add a seasonal special to your menu', 'One limited item for the season gives regulars a reason to order again.'],
        ['Offer a weekly standing order', 'The same order every week at a small discount.'],
      ],
      scale: [
        ['Take a food hygiene course', 'A food handler certificate such as ServSafe reassures buyers and may be required.'],
        ['Make your bestsellers on fixed production days', 'Two fixed days a week save time and ingredients.'],
      ],
    },
  },
  lessons: {
    buyers: 'learners',
    free: ['googleClassroom'],
    paid: ['acuity'],
    tasks: {
      setup: [
        ['Define the first result a learner gets from {offer}', 'What they can do after the first session or week that they could not do before.'],
        ['Plan the first four {skill} lessons', 'One step toward that result per lesson, each with a short exercise.'],
      ],
      launch: [
        ['Write a short level check for new learners', 'Three questions or a small task, so every learner starts at the right point.'],
        ['Prepare a one-page handout for the first {skill} lesson', 'The steps of the lesson and the exercise for the week.'],
      ],
      first: [
        ['Run a trial {skill} lesson for two learners', 'At a reduced price, in exchange for honest feedback.'],
        ['Sell {skill} lessons in blocks of five', 'Paid up front; learners who commit to five make progress, and you plan ahead.'],
      ],
      deliver: [
        ['Keep a progress note for each learner', 'What you covered, what they found hard and what comes next.'],
        ['Set homework that takes 15 minutes', 'Small enough to do, so the next lesson starts further on.'],
      ],
      grow: [
        ['Ask learners what they want to learn next', 'The answers shape your next level.'],
        ['Plan a follow-on level of {offer}', 'For learners who finish the first one.'],
      ],
      scale: [
        ['Offer small-group {skill} lessons', 'Three to six learners, at a lower price each and more per hour for you.'],
        ['Record your answers to the questions every learner asks', 'Short videos or notes you reuse instead of explaining again.'],
      ],
    },
  },
  performance: {
    buyers: 'event hosts',
    free: ['googleForms'],
    paid: ['honeybook'],
    tasks: {
      setup: [
        ['Write a programme for a standard {skill} booking', 'What happens when, for a 30-, 60- and 90-minute booking.'],
        ['Check your equipment and a backup for every item', 'A spare for anything whose failure would stop the event.'],
      ],
      launch: [
        ['Write down your technical needs for hosts', 'Space, power, sound and timing, on one page you send with every booking.'],
        ['Prepare answers to hosts\' usual questions', 'Travel, set-up time, what happens if it rains, and what you wear.'],
      ],
      first: [
        ['Do one short {skill} set at a charity event', 'In front of people who book events, with your cards at hand.'],
        ['Ask every host who sees you for a referral', 'Hosts know other hosts.'],
      ],
      deliver: [
        ['Arrive an hour early and check the set-up', 'Sound, light and space, before the first guest arrives.'],
        ['Agree the timing with the host on the day', 'Who gives the signal, and what happens if the schedule slips.'],
      ],
      grow: [
        ['Add what hosts request most to your {skill} programme', 'The requests that come back are what the next host will ask for.'],
        ['Keep a calendar of the season\'s events', 'Holidays, graduations and festivals, to contact hosts in time.'],
      ],
      scale: [
        ['Create a premium package with extras', 'Longer time, a special moment or a second performer, at a clearly higher price.'],
        ['Block your peak dates a year ahead', 'The busiest weekends go to those who book first, with a deposit.'],
      ],
    },
  },
  'remote-service': {
    buyers: 'clients',
    free: [],
    paid: [],
    tasks: {
      setup: [
        ['Make three portfolio samples of {skill} with {tool}', 'Three examples of the result {buyers} pay for; they become your pictures and the proof in every pitch.'],
        ['Write an intake questionnaire for {skill} orders', 'The questions you always need answered before you start, in Google Forms.'],
      ],
      launch: [
        ['Set up a template for your {skill} deliverables in {tool}', 'A starting file you copy for each order, so you never begin from nothing.'],
        ['Write your revision policy', 'How many revisions, what counts as one and what costs extra.'],
      ],
      first: [
        ['Do one {skill} project at a discount for a testimonial', 'For a client who will say what changed for them.'],
        ['Record a short walkthrough with each delivery', 'A two-minute Loom video explaining the result makes buyers feel looked after.'],
      ],
      deliver: [
        ['Send a kick-off message with timeline and next steps', 'What you need, when they get a first version and how to give feedback.'],
        ['Check every deliverable against the brief before sending', 'Read the brief again; fix anything missed before the client sees it.'],
      ],
      grow: [
        ['Package the extra clients ask for most', 'A fixed-price add-on for the request that keeps coming back.'],
        ['Turn a finished {skill} project into a case study', 'Problem, approach and result, with the client\'s permission.'],
      ],
      scale: [
        ['Build a library of reusable {skill} templates in {tool}', 'Each order starts from the best of the last ones.'],
        ['Offer a monthly retainer to repeat clients', 'A fixed amount of {skill} work a month at a small discount.'],
      ],
    },
  },
  'digital-product': {
    buyers: 'buyers',
    free: [],
    paid: ['canvaPro'],
    tasks: {
      setup: [
        ['Choose the one problem {offer} solves', 'One problem for one kind of buyer; write it in their words.'],
        ['Outline every file or page of {offer}', 'What each one does for the buyer, in the order they use them.'],
      ],
      launch: [
        ['Build the files of {offer} in {tool}', 'Finish the first version; it can be improved from buyer feedback.'],
        ['Test {offer} with two people who would buy it', 'Watch them use it; fix what confuses them.'],
      ],
      first: [
        ['Make a free sample page from {offer}', 'One useful page that shows the quality of the rest.'],
        ['Answer the first buyers\' questions in a "start here" page', 'Put it at the front of the download.'],
      ],
      deliver: [
        ['Check every file of {offer} opens on phone and computer', 'Formats, links and print sizes, as a buyer would open them.'],
        ['Send buyers an update when you improve {offer}', 'Free updates turn buyers into fans.'],
      ],
      grow: [
        ['Plan a second product for the same buyers', 'The next problem they have after the first one.'],
        ['Update {offer} from buyer requests', 'Add the page or file most buyers asked for.'],
      ],
      scale: [
        ['Plan one new release a month', 'A new file, a seasonal edition or a bundle, on a fixed day.'],
        ['Write down how you make each product', 'A checklist so the next product takes half the time.'],
      ],
    },
  },
  content: {
    buyers: 'followers',
    free: ['canva'],
    paid: ['epidemicSound'],
    tasks: {
      setup: [
        ['Choose three content pillars for {skill}', 'Three topics you can talk about every week that {buyers} care about.'],
        ['Set up a content calendar for the next four weeks', 'What you publish on which day, in a simple sheet.'],
      ],
      launch: [
        ['Batch-create a week of {skill} content in one session', 'Filming or writing in one go is faster than one piece a day.'],
        ['Write a caption template you reuse', 'A hook, the point, and one call to action.'],
      ],
      first: [
        ['Reply to every comment in the first hour after publishing', 'Early replies bring people back and show the platform the piece is worth showing.'],
        ['Ask {buyers} what they want you to make next', 'A question at the end of a piece; make the most asked-for topic.'],
      ],
      deliver: [
        ['Keep a file of your best-performing pieces', 'What they have in common is what to make more of.'],
        ['Turn your best piece into a new format', 'A list into a video, a video into a carousel, on the same channel.'],
      ],
      grow: [
        ['Plan a series around your best {skill} topic', 'A series brings people back for the next part.'],
        ['Collaborate with a creator of your size in {skill}', 'A joint piece shows you to both audiences.'],
      ],
      scale: [
        ['Make a media kit with your numbers', 'Audience, reach and past results, for brands and partners.'],
        ['Offer a small paid product to your audience', 'A guide, template or session for the topic they ask about most.'],
      ],
    },
  },
  care: {
    buyers: 'clients',
    free: ['googleForms'],
    paid: ['simplepractice'],
    tasks: {
      setup: [
        ['Check your licence, registration and insurance for {skill}', 'What you must hold to offer it privately, and professional indemnity insurance.'],
        ['Write your consent and privacy forms', 'What clients agree to, and how you keep their information safe.'],
      ],
      launch: [
        ['Set up secure appointment booking', 'Online booking with reminders, and a cancellation policy.'],
        ['Write what clients can expect at a first appointment', 'How long, what you will ask and what to bring.'],
      ],
      first: [
        ['Offer a free 15-minute phone consultation', 'So {buyers} can check you are the right fit before they book.'],
        ['Introduce yourself to professionals who refer clients', 'Doctors, schools or other practitioners nearby, with a short letter.'],
      ],
      deliver: [
        ['Keep confidential notes for each client', 'Secure, and written the way your professional body requires.'],
        ['Send a follow-up with next steps after each appointment', 'What you agreed and when you meet again.'],
      ],
      grow: [
        ['Ask for feedback where your professional rules allow it', 'Some professions restrict testimonials; check before asking.'],
        ['Offer a package of appointments', 'A block of sessions at a small discount, paid up front.'],
      ],
      scale: [
        ['Use practice software for notes, bookings and invoices', 'SimplePractice or similar keeps records safe as the practice grows.'],
        ['Review which referral sources bring clients', 'Spend your time with the ones that do.'],
      ],
    },
  },
};

const teaching = /\b(lessons?|courses?|class(es)?|workshops?|tutoring|tutor|coaching|club|cohort|mentoring|teach(ing)?|team sessions|training|challenge)\b/i;
const downloadable = /\b(templates?|printables?|print-on-demand|playbook|e-?books?|guides?|packs?|scripts?|presets?|digital products?|worksheets?)\b/i;
const publishing = /\b(blog|newsletter|channel|posts|streams?|tips|carousel|vlog|podcast)\b/i;
const serviceWords = /\b(manager|freelancer|consultation|consulting|review & feedback|retainer|set-?up|services?|gig|ugc|done-for-you|help for)\b/i;
const contentChannels: ReadonlySet<ChannelId> = new Set(['youtube', 'tiktok', 'instagram', 'pinterest', 'linkedin', 'twitch', 'substack', 'patreon']);
const physicalChannels: ReadonlySet<ChannelId> = new Set(['etsy', 'market', 'venues']);
const localChannels: ReadonlySet<ChannelId> = new Set(['google-business', 'nextdoor', 'thumbtack', 'market', 'venues', 'walk-in', 'community']);

/** Which kind of work decides, when a skill is several (the kinds not listed come last). */
const kindPrecedence: readonly SkillKind[] = [
  'home-service',
  'trade',
  'restoration',
  'animals',
  'made-product',
  'woodwork',
  'food',
  'event',
  'performance',
  'photography',
  'creative',
  'hobby',
  'sport',
  'language',
  'tutoring',
  'knowledge',
];
const precedenceOf = (kind: SkillKind) => (kindPrecedence.includes(kind) ? kindPrecedence.indexOf(kind) : kindPrecedence.length);

/**
 * The kind of work of an idea: its format first (lessons, a download, a service, content), then
 * the kinds of work of its skill. `format` is the idea's title (or its template's words).
 */
export function workOf(format: string, kinds: readonly SkillKind[], channel: Channel): Work {
  const regulated = kinds.some((kind) => regulatedKinds.has(kind));
  // A regulated profession never teaches its practice (the ideas give it no lessons).
  if (!regulated && teaching.test(format)) return 'lessons';
  if (downloadable.test(format)) return 'digital-product';
  if (publishing.test(format) && !serviceWords.test(format)) return 'content';
  // Health and care, legal and financial advice, therapy: otherwise a practice of its own.
  if (regulated) return 'care';
  const handsOn = kinds.find((k) => k === 'home-service' || k === 'trade' || k === 'animals' || k === 'restoration');
  if (serviceWords.test(format)) {
    // A service sold at a distance is delivered at a distance, whatever the skill.
    if (!localChannels.has(channel.id)) return 'remote-service';
    if (handsOn) return 'hands-on';
    if (kinds.includes('event') || kinds.includes('performance')) return 'performance';
    return kinds.includes('knowledge') || kinds.includes('creative') ? 'remote-service' : 'hands-on';
  }
  if (contentChannels.has(channel.id)) return 'content';
  // By the work's precedence, not the order the lexicon lists the skill's kinds in (singing is a
  // hobby and an event: booked at a venue it is a performance).
  for (const kind of [...kinds].sort((a, b) => precedenceOf(a) - precedenceOf(b))) {
    if (kind === 'home-service' || kind === 'trade' || kind === 'animals') return 'hands-on';
    // Restored pieces are sold like made ones (on eBay, at fairs); restoring to order is hands-on work.
    if (kind === 'restoration') return physicalChannels.has(channel.id) ? 'made' : 'hands-on';
    if (kind === 'made-product' || kind === 'woodwork') return 'made';
    if (kind === 'food') return 'food';
    if (kind === 'event' || kind === 'performance') return 'performance';
    // Photography: shoots at weddings and venues, prints at markets and on Etsy, sessions booked locally, editing at a distance.
    if (kind === 'photography') {
      if (channel.id === 'venues') return 'performance';
      if (physicalChannels.has(channel.id)) return 'made';
      return localChannels.has(channel.id) ? 'hands-on' : 'remote-service';
    }
    if (kind === 'creative') return physicalChannels.has(channel.id) ? 'made' : 'remote-service';
    if (kind === 'hobby' || kind === 'sport' || kind === 'language' || kind === 'tutoring') return localChannels.has(channel.id) ? 'lessons' : 'remote-service';
    if (kind === 'knowledge') return 'remote-service';
  }
  return localChannels.has(channel.id) ? 'hands-on' : 'remote-service';
}
