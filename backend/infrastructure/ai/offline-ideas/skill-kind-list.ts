// The closed set of kinds of work, apart from `skill-kinds.ts` (which re-exports it): the lexicon
// (`skill-lexicon.ts`) names kinds and `skill-kinds.ts` reads the lexicon, so both import this
// file rather than each other.

/** The closed set of kinds of work. A skill can be several ("guitar": performance at events and a teachable hobby). */
export const skillKinds = {
  'home-service': 'Hands-on service at the customer’s place: cleaning, gardening, organising, hair and beauty, moving help.',
  beauty: 'Hair, beauty and styling, at the client’s place or a salon chair: hairdressing, barbering, makeup, nails.',
  trade: 'Trades and repair: plumbing, electrics, carpentry, bike, car, phone and computer repair, tailoring.',
  'made-product': 'A product the person makes to sell: jewellery, knitting, candles, pottery, furniture, flowers.',
  food: 'Food and drink: baking, cooking, catering, brewing, preserves, growing produce.',
  event: 'Performance and services at events: music, singing, DJ, magic, hosting, photography, event planning.',
  hobby: 'A teachable hobby, sport or practice: an instrument, dance, yoga, fitness, chess, gaming, coaching.',
  language: 'Languages: teaching a language, translation and interpreting.',
  tutoring: 'School subjects and exams taught to learners: maths, sciences, exam preparation, reading.',
  knowledge: 'Knowledge work deliverable remotely: software, design, writing, marketing, bookkeeping, data, admin.',
  regulated: 'Health and care, a regulated profession practised in person: nursing, pharmacy, medicine, physiotherapy, childcare and eldercare.',
  advice: 'Regulated advice: law and financial advice, sold as consultations and fixed-fee work, at a distance where the rules allow.',
  therapy: 'Talking therapy and counselling: sessions in person or online, within the therapist’s registration.',
  photography: 'Photography and filming: sessions, weddings and events, portraits, headshots, products, stock, editing.',
  creative: 'Creative writing or art: painting, drawing, illustration, poetry, fiction, music production, voice-over.',
  animals: 'Animals: dog walking and training, grooming, pet sitting, horses.',
  performance: 'Performers and creators: dance, music, comedy, street performance, and content made for a platform (YouTube, TikTok, Twitch).',
  restoration: 'Restorers and collectors of vintage objects (clocks, record players, classic cars, cameras, records): restore, refurbish, resell, value, teach.',
  sport: 'Athletes and sport coaching: training plans, coaching, events and gear for a sport the person plays or trains for.',
  woodwork: 'Makers of furniture and wooden goods: furniture, toys, spoons and boards, made to sell or to order, and taught.',
  general: 'Not recognised: only the generic templates, which fit any work.',
} as const;

export type SkillKind = keyof typeof skillKinds;
export const allSkillKinds = Object.keys(skillKinds) as SkillKind[];

/**
 * What an idea template does that not every kind of work allows (see `forbiddenTraits` in skill-kinds.ts):
 * - remote: the work itself is delivered at a distance (a remote freelancer, a video consultation);
 * - teaching: lessons, classes, courses, workshops, clubs, tutorials, challenges;
 * - streaming: live streams;
 * - event: sold for weddings, parties and other events;
 * - kids: run for children.
 */
export type TemplateTrait = 'remote' | 'teaching' | 'streaming' | 'event' | 'kids';

/** Rows of the lexicon that share their kinds (the format is skill-lexicon.ts's). */
export interface LexiconGroup {
  kinds: SkillKind[];
  rows: string;
}
