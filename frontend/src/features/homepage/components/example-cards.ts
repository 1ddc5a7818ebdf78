import { seededRandom } from '@contracts/seeded-random';

export type ExampleCard = { key: number; firstName: string; initials: string; prompt: string; timeAgo: string };

/** What the example cards and the rotating placeholder draw from (../data/example-prompts). */
export type ExamplePool = { prompts: readonly string[]; firstNames: readonly string[] };

/**
 * The pool, loaded on demand: the landing page's first load carries only the first cards
 * (`firstExamples`, rendered on the server) and fetches the rest once the page is live.
 */
export const loadExamplePool = (): Promise<ExamplePool> =>
  import('../data/example-prompts').then((module) => ({ prompts: module.examplePrompts, firstNames: module.exampleFirstNames }));

/** A source of numbers in [0, 1): Math.random, or `seededRandom(n)` (@contracts/seeded-random) where two renders must agree. */
type Random = () => number;

const pick = <T,>(items: readonly T[], random: Random = Math.random) => items[Math.floor(random() * items.length)]!;

/** Spec §4: a random 1–480 minutes; minutes under an hour, otherwise whole hours. */
export function randomTimeAgo(random: Random = Math.random): string {
  const minutes = 1 + Math.floor(random() * 480);
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
}

let nextKey = 1;

/** A card whose prompt is not already on screen, by someone not already in its column (`namesInColumn`). */
export function newCard(
  pool: ExamplePool,
  exclude: ReadonlySet<string>,
  namesInColumn: ReadonlySet<string> = new Set(),
  random: Random = Math.random,
): ExampleCard {
  let prompt = pick(pool.prompts, random);
  for (let tries = 0; exclude.has(prompt) && tries < 50; tries++) prompt = pick(pool.prompts, random);
  const names = pool.firstNames.filter((name) => !namesInColumn.has(name));
  const firstName = pick(names.length > 0 ? names : pool.firstNames, random);
  return { key: nextKey++, firstName, initials: firstName.slice(0, 1).toUpperCase(), prompt, timeAgo: randomTimeAgo(random) };
}

/** `count` cards with different prompts (added to `exclude`) and different first names. */
export function initialCards(pool: ExamplePool, count: number, exclude: Set<string>, random: Random = Math.random): ExampleCard[] {
  const cards: ExampleCard[] = [];
  for (let i = 0; i < count; i++) {
    const card = newCard(pool, exclude, new Set(cards.map((c) => c.firstName)), random);
    exclude.add(card.prompt);
    cards.push(card);
  }
  return cards;
}

export const randomExamplePrompt = (pool: ExamplePool, random: Random = Math.random) => pick(pool.prompts, random);

/** The cards of each column and the placeholder a page shows first (the same on every render: seeded). */
export interface FirstExamples {
  left: ExampleCard[];
  right: ExampleCard[];
  placeholder: string;
}

export const CARDS_PER_SIDE = 6;

/** The first examples, from the pool; the server renders them and hands them to the hero's island as props. */
export function firstExamples(pool: ExamplePool): FirstExamples {
  const onScreen = new Set<string>();
  const left = initialCards(pool, CARDS_PER_SIDE, onScreen, seededRandom(1));
  const right = initialCards(pool, CARDS_PER_SIDE, onScreen, seededRandom(2));
  return { left, right, placeholder: randomExamplePrompt(pool, seededRandom(3)) };
}
