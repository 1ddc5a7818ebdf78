import { describeSkill, offlineCatalogue } from '../offline-idea-generator';
import { readSkill, titleCase } from '../read-skill';
import { classifySkill, type SkillKind } from '../offline-ideas/skill-kinds';
import { fieldKits, type FieldKit } from '../offline-plan-catalogue';
import { channelList, channels, type Channel, type ChannelId } from './channels';
import { workKits, workOf, type Work } from './work';

/**
 * Reads an idea (title, description, category, and the skill it came from when known) into what
 * its plan is built from: the skill in the idea's words, its buyers, its channel and its kind of
 * work. Ideas of the offline idea generator are recognised by their template, so the channel and
 * the buyers come from the template's own words (a buyer called "Etsy sellers" does not make a
 * Fiverr gig an Etsy shop); other ideas are read from their words.
 *
 * A plan's later calls (the next milestone, task help) only see the plan's title, description
 * and category: the title keeps the idea's title and the overview says the skill, the buyers and
 * the channel in a sentence `readIdea` reads back (`overviewOf`), so every week reads the same idea.
 */

export interface IdeaInput {
  title: string;
  description: string;
  category: string;
  /** The member's skill the idea came from, when the caller knows it. */
  skill?: string;
}

export interface IdeaReading {
  /** The idea's title, as written. */
  title: string;
  /** The idea, short, for milestone titles: "Custom Pet Portrait Gig". */
  offer: string;
  /** The skill in the idea's words, lower case except proper nouns: "sourdough bread baking". */
  skill: string;
  /** The same in title case, for milestone titles: "Sourdough Bread Baking". */
  skillTitle: string;
  /** Who pays, as the idea says it: "beginners", "small business owners". */
  buyers: string;
  /** The same for tasks: the idea's words unless they name another channel ("Etsy sellers" in a Fiverr plan). */
  taskBuyers: string;
  channel: Channel;
  work: Work;
  kinds: SkillKind[];
  field: FieldKit;
}

interface Template {
  title: string;
  method: string;
  what: string;
  how: string;
  first: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template as a pattern: the placeholders become groups (`skill`, `audience`), the rest literal. */
function patternOf(template: string, anchored: boolean): RegExp {
  let seen = { skill: false, audience: false };
  const source = escape(template).replace(/\\\{(\w+)\\\}/g, (_, name: string) => {
    const key = name.toLowerCase();
    if ((key === 'skill' || key === 'audience') && !seen[key]) {
      seen = { ...seen, [key]: true };
      return `(?<${key}>.+?)`;
    }
    return '.+?';
  });
  return new RegExp(anchored ? `^${source}$` : source, 'i');
}

const catalogueKeys = ['fiverr', 'online', 'offline', 'social'] as const;
const known = [...catalogueKeys, 'generic' as const].flatMap((key) =>
  (offlineCatalogue[key] as readonly Template[]).map((template) => ({
    key,
    template,
    title: patternOf(template.title, true),
    literal: template.title.replace(/\{\w+\}/g, '').length,
    sentences: [template.what, template.how, template.first].filter((s) => /\{(audience|skill)\}/i.test(s)).map((s) => patternOf(s, false)),
  })),
);

/** The idea's title without the generator's marks of a repeat (": Beginners Edition", " (2)"). */
const bareTitle = (title: string) =>
  title
    .trim()
    .replace(/:\s*\d+-Week Action Plan$/i, '')
    .replace(/:\s*[^:]+ Edition$/i, '')
    .replace(/\s*\(\d+\)$/, '')
    .trim();

/** The template an idea was written from: of its own category first, the most literal words winning. */
function templateOf(title: string, category: string) {
  const bare = bareTitle(title);
  const own = catalogueKeys.includes(category as (typeof catalogueKeys)[number]);
  return known
    .filter((k) => !own || k.key === category)
    .map((k) => ({ ...k, match: k.title.exec(bare) }))
    .filter((k) => k.match !== null)
    .sort((a, b) => b.literal - a.literal)[0];
}

/** Words of the generator's title case kept as they are (languages, brands, acronyms). */
const properWords = /^(english|spanish|french|german|italian|portuguese|mandarin|chinese|japanese|korean|arabic|russian|hindi|python|javascript|typescript|excel|wordpress|shopify|canva|photoshop|figma|java|sql|seo|ui|ux|ai|diy|3d|bmx|lego|minecraft|roblox|ios|android|php|c\+\+|c#|r)$/i;

/** "Sourdough Bread Baking" → "sourdough bread baking"; "Python Programming" → "Python programming". */
export function skillWords(titleCased: string): string {
  return titleCased
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      if (properWords.test(word)) return /^(seo|ui|ux|ai|diy|3d|bmx|ios|php|sql)$/i.test(word) ? word.toUpperCase() : word;
      if (/\p{Lu}.*\p{Lu}/u.test(word.slice(1)) || /[\p{N}#+]/u.test(word)) return word;
      return word.toLowerCase();
    })
    .join(' ');
}

const connectors = /\s+(in|for|on|with|via|through|to|at|from)\s+/i;

/** The idea as a short noun phrase: "Custom Pet Portrait Gig in Three Packages" → "Custom Pet Portrait Gig". */
export function offerName(ideaTitle: string, max = 32): string {
  let words = bareTitle(ideaTitle).split(/:\s/)[0].trim().split(connectors)[0].split(/\s+/).filter(Boolean);
  // English noun phrases end in their head noun: drop leading words until it fits.
  while (words.length > 1 && words.join(' ').length > max) words = words.slice(1);
  return words.join(' ').slice(0, max) || 'Your Offer';
}

/** Words of a title that name its format, not its skill ("Workshops", "Gig", "Online"). */
const formatWords = /^(local|online|private|custom|recorded|live|monthly|weekly|remote|premium|express|professional|gig|gigs|service|services|workshops?|lessons?|classes|class|course|courses|club|sessions?|coaching|packages?|offer|business|shop|store|plan|guide|templates?|channel|videos?|tips|help|bookings?|subscription|stall|consultation|call|report|setup|retainer|newsletter|community|challenge|playbook|pack|ebook|blog|streams?|posts?|account)$/i;

/** The skill of a title no template matched: its noun phrase without format words. */
function skillOfTitle(title: string): string {
  const words = offerName(title, 60).split(/\s+/);
  const kept = words.filter((w) => !formatWords.test(w.replace(/[^\p{L}-]/gu, '')));
  return skillWords((kept.length > 0 ? kept : words).join(' '));
}

// ---------------------------------------------------------------------------------------------
// The channel.

/** The first channel a text names: platforms first (in the order the texts are given), then places. */
function channelNamedIn(texts: string[]): Channel | undefined {
  for (const kind of ['brand', 'phrase'] as const) {
    for (const text of texts) {
      const found = channelList
        .map((channel) => ({ channel, match: channel[kind]?.exec(text) }))
        .filter((f): f is { channel: Channel; match: RegExpExecArray } => Boolean(f.match))
        .sort((a, b) => a.match.index - b.match.index || b.match[0].length - a.match[0].length)[0];
      if (found) return found.channel;
    }
  }
  return undefined;
}

/** A category that is itself a channel ("etsy", "youtube", "Google Business Profile"). */
function channelOfCategory(category: string): Channel | undefined {
  const key = category.trim().toLowerCase().replace(/[\s_]+/g, '-');
  if (key === 'fiverr') return channels.fiverr;
  return (channels as Record<string, Channel>)[key] ?? channelList.find((c) => c.name.toLowerCase() === category.trim().toLowerCase()) ?? channelList.find((c) => c.brand?.test(category));
}

/** Where an idea sells when nothing names a place: by its category and kind of skill. */
function defaultChannel(category: string, format: string, kinds: readonly SkillKind[]): Channel {
  const local = category === 'offline' || /\b(local|in-person|offline)\b/i.test(category);
  const probe = (id: ChannelId) => workOf(format, kinds, channels[id]);
  if (local) {
    const work = probe('google-business');
    if (work === 'made' || work === 'food') return channels.market;
    if (work === 'performance') return channels.venues;
    return channels['google-business'];
  }
  if (category === 'social') return channels.instagram;
  const work = probe('website');
  if (work === 'digital-product') return channels.gumroad;
  if (work === 'made') return channels.etsy;
  if (work === 'food') return channels.market;
  if (work === 'content') return channels.youtube;
  if (work === 'hands-on' || work === 'care') return channels['google-business'];
  if (work === 'lessons') return /\bcourse\b/i.test(format) ? channels.teachable : channels.website;
  return category === 'online' ? channels.upwork : channels.website;
}

// ---------------------------------------------------------------------------------------------
// The overview a plan keeps, and reads back.

/** The plan's overview: it keeps the idea's title, skill and buyers, and names its channel once. */
export function overviewOf(idea: IdeaReading, weeks: number): string {
  const { channel } = idea;
  const span = weeks === 1 ? 'This one-week plan sets up' : `This ${weeks}-week plan sets up`;
  const later = weeks >= 3 ? `, brings in your first ${channel.sales} and then grows ${idea.offer} into a steady income` : weeks === 2 ? ` and brings in your first ${channel.sales}` : '';
  return `${idea.title}: ${idea.skill} for ${idea.buyers}, ${channel.via}. ${span} ${channel.setup} in week 1${later}.`;
}

const overviewSentence = new RegExp(`^(?<skill>.+?) for (?<buyers>.+?), (?<via>${channelList.map((c) => escape(c.via)).join('|')})\\. This `);

// ---------------------------------------------------------------------------------------------

/** Nouns that name people who pay, so "for busy families" is a buyer and "for an email address" is not. */
const people =
  /^(?:[\p{L}'-]+ ){0,3}(people|owners|learners|families|parents|teams|founders|buyers|clients|customers|students|beginners|businesses|shops|brands|creators|professionals|couples|seniors|kids|children|teens|adults|women|men|mums|moms|dads|gamers|musicians|artists|writers|coaches|agencies|startups|companies|restaurants|cafés|cafes|homeowners|landlords|neighbours|neighbors|travellers|travelers|hobbyists|enthusiasts|fans|athletes|runners|players|sellers|dentists|teachers|nurses|retirees|newcomers|managers|organisations|organizations|cooks|learners|hosts|planners|podcasters|youtubers|streamers|bloggers|freelancers|marketers|makers|designers|developers|parents|pet owners|dog owners|cat owners|riders|cyclists|golfers|gardeners)$/iu;

function buyersOf(title: string, description: string, template: ReturnType<typeof templateOf>, fallback: string): string {
  const fromTitle = template?.match?.groups?.audience;
  if (fromTitle) return skillWords(fromTitle.trim());
  for (const sentence of template?.sentences ?? []) {
    const audience = sentence.exec(description)?.groups?.audience?.trim();
    if (audience && audience.length <= 60) return audience;
  }
  for (const text of [title, description]) {
    for (const found of text.matchAll(/\bfor ((?:[\p{L}'-]+ ){0,3}[\p{L}'-]+)/giu)) {
      // The longest run of words after "for" that ends in people: "for small online shops".
      const words = found[1].split(' ');
      for (let n = words.length; n >= 1; n--) {
        const phrase = words.slice(0, n).join(' ');
        if (people.test(phrase) && !/^(the|a|an|your|their)\b/i.test(phrase)) return skillWords(phrase);
      }
    }
  }
  return fallback;
}

/** The skill a template names: in the title, else in a sentence of the description ("someone who understands {skill}"). */
function skillOfTemplate(description: string, template: ReturnType<typeof templateOf>): string | undefined {
  const fromTitle = template?.match?.groups?.skill;
  if (fromTitle) return skillWords(fromTitle);
  for (const sentence of template?.sentences ?? []) {
    const skill = sentence.exec(description)?.groups?.skill?.trim();
    if (skill && skill.length <= 60) return skill;
  }
  return undefined;
}

/** Reads an idea, or a plan's title and overview, into what its plan is built from. */
export function readIdea(input: IdeaInput): IdeaReading {
  const title = bareTitle(input.title) || input.title.trim();
  const template = templateOf(title, input.category);
  // A plan's overview starts with the idea's title (`overviewOf`); an idea's description does not.
  const overview = input.description.startsWith(`${title}: `) ? overviewSentence.exec(input.description.slice(title.length + 2))?.groups : undefined;

  // The idea's own words first; the sentence the member typed ("I photograph weddings") only as
  // its noun phrase, and only when the idea's words give none.
  const typed = input.skill?.trim() ? readSkill(input.skill).phrase : undefined;
  const skill = overview?.skill || skillOfTemplate(input.description, template) || typed || skillOfTitle(title);
  const kinds = classifySkill(input.skill?.trim() ? `${skill}, ${input.skill}` : skill).kinds;
  const format = template ? template.template.title : title;

  const templateTexts = template
    ? [template.template.title, template.template.method, template.template.what, template.template.how, template.template.first].map((t) => t.replace(/\{\w+\}/g, ' '))
    : [];
  // A platform the title sells on ("… on TaskRabbit & Thumbtack") decides, before the category;
  // one named as buyers ("Logo Design for Etsy Sellers") does not.
  const sellsOn = bareTitle(title).split(/\s+for\s+/i)[0];
  const channel =
    channelList.find((c) => c.brand?.test(sellsOn)) ??
    (input.category === 'fiverr' ? channels.fiverr : undefined) ??
    channelOfCategory(input.category) ??
    channelList.find((c) => c.via === overview?.via) ??
    channelNamedIn(template ? templateTexts : [title, input.description]) ??
    defaultChannel(input.category, format, kinds);
  const work = workOf(format, kinds, channel);
  const industry = describeSkill(skill).domain.industry;
  const titleIndustry = describeSkill(title).domain.industry;
  const kit = fieldKits[industry !== 'Professional Services' ? industry : titleIndustry] ?? fieldKits['Professional Services'];
  // A download is made with a tool that makes files: the field's own (code, writing, audio, video), else Canva.
  const field: FieldKit = work === 'digital-product' && !['github', 'grammarly', 'bandlab', 'davinci', 'canva'].includes(kit.tool) ? { ...kit, tool: 'canva' } : kit;
  const fallbackBuyers = channel.platform && !['fiverr', 'upwork', 'gumroad', 'google-business'].includes(channel.id) ? channel.buyers : workKits[work].buyers;
  const buyers = overview?.buyers ?? buyersOf(title, input.description, template, fallbackBuyers);

  const namesOther = channelList.some((other) => other !== channel && (other.brand?.test(buyers) ?? false));
  const taskBuyers = namesOther ? fallbackBuyers : buyers;
  return { title, offer: offerName(title, 48), skill, skillTitle: titleCase(skill), buyers, taskBuyers, channel, work, kinds, field };
}
