import type { SkillKind, TemplateTrait } from './skill-kind-list';

/**
 * Idea templates written for a kind of work: what a person with that skill really starts. Each
 * declares the kinds it fits (`kinds`), what it does that not every kind allows (`traits`, see
 * skill-kinds.ts), kinds it never suits although it would fit (`notKinds`), and whether it needs
 * to know what the work is done on (`needs: 'things'`). In each category the first template of a
 * kind is that kind's plain business; the generator takes them in order, before any generic one.
 *
 * Placeholders: {Skill} {skill} the skill; {Product} {product} what a food or craft skill sells
 * ("Sourdough Bread"); {Things} {things} / {Thing} what the work is done on ("bikes" / "Bike");
 * {Subject} {subject} a language or school subject ("Spanish", "maths"; empty for "languages");
 * {Role} {role} {Roles} the professional ("pharmacist"); {Audience} {audience}; {domain}; and in
 * pair templates {Skill2} {skill2}, the sentence's other skill.
 */

export type IdeaCategory = 'fiverr' | 'online' | 'offline' | 'social';

export interface IdeaTemplate {
  id: string;
  category: IdeaCategory;
  kinds: SkillKind[];
  traits?: TemplateTrait[];
  notKinds?: SkillKind[];
  /** 'things': only for skills whose lexicon entry names what the work is on; 'no-things': only for the others. */
  needs?: 'things' | 'no-things';
  /** Only for skills whose name matches (care work within the regulated kind), or never for them. */
  names?: RegExp;
  notNames?: RegExp;
  /** A pair template that needs the second skill to be a different kind of work from the first. */
  distinctKinds?: boolean;
  /** A pair template about both skills at once: only when they are the same kind of work (candles and soap, not drums and electrics). */
  sharedKind?: boolean;
  /** A template that combines two skills: the kinds the second skill must have one of. */
  pairedWith?: SkillKind[];
  title: string;
  /** The title when the sentence names a market, with {Market} and {prep} ("at", "for"). */
  marketTitle?: string;
  /** The title when the sentence names a place by its proper name ("in Lisbon"), with {Place}; a market's title comes first. */
  placeTitle?: string;
  subtitle: string;
  method: string;
  industry?: string;
  price: { low: number; high: number; unit: string; sold: string };
  pricingText?: string;
  what: string;
  how: string;
  first: string;
  audiences: string[];
}

export type Draft = Omit<IdeaTemplate, 'id' | 'category' | 'kinds'> & { kinds?: SkillKind[] };

export function group(kinds: SkillKind[], nameOrDrafts: string | Partial<Record<IdeaCategory, Draft[]>>, drafts?: Partial<Record<IdeaCategory, Draft[]>>): IdeaTemplate[] {
  const name = typeof nameOrDrafts === 'string' ? nameOrDrafts : undefined;
  const byCategory = typeof nameOrDrafts === 'string' ? (drafts ?? {}) : nameOrDrafts;
  const out: IdeaTemplate[] = [];
  for (const [category, list] of Object.entries(byCategory) as [IdeaCategory, Draft[]][]) {
    list.forEach((d, i) => out.push({ ...d, kinds: d.kinds ?? kinds, category, id: `${name ?? (d.kinds ?? kinds).join('+')}/${category}/${i + 1}` }));
  }
  return out;
}

export const price = (low: number, high: number, unit: string, sold: string) => ({ low, high, unit, sold });

/** Local gig apps: the "gig" of hands-on work. */
export const gigApps = (kinds: SkillKind[], apps: string, who: string[]): Draft => ({
  kinds,
  title: '{Skill} Jobs on {apps}'.replace('{apps}', apps),
  marketTitle: '{Skill} Jobs {prep} {Market} on {apps}'.replace('{apps}', apps),
  subtitle: 'Local bookings from people who search the gig apps for {skill}',
  method: `Local gig apps (${apps})`,
  industry: '{domain} · Local gig apps',
  price: price(30, 90, 'per job', 'jobs'),
  what: `List {skill} on ${apps}, where people nearby book and pay for the job through the app, and you go to them.`,
  how: 'Set a fixed price for your three most asked-for jobs, block the hours you can take bookings, and keep your kit ready to leave.',
  first: 'Take every small job in your first month at a fair price: the first ten reviews decide how often the app shows you.',
  audiences: who,
});

