import { examplePrompts, exampleFirstNames } from '../data/example-prompts';

export type ExampleCard = { key: number; firstName: string; initials: string; prompt: string; timeAgo: string };

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
export function newCard(exclude: ReadonlySet<string>, namesInColumn: ReadonlySet<string> = new Set(), random: Random = Math.random): ExampleCard {
  let prompt = pick(examplePrompts, random);
  for (let tries = 0; exclude.has(prompt) && tries < 50; tries++) prompt = pick(examplePrompts, random);
  const names = exampleFirstNames.filter((name) => !namesInColumn.has(name));
  const firstName = pick(names.length > 0 ? names : exampleFirstNames, random);
  return { key: nextKey++, firstName, initials: firstName.slice(0, 1).toUpperCase(), prompt, timeAgo: randomTimeAgo(random) };
}

export function initialCards(count: number, exclude: Set<string>, random: Random = Math.random): ExampleCard[] {
  const cards: ExampleCard[] = [];
  for (let i = 0; i < count; i++) {
    const card = newCard(exclude, new Set(cards.map((c) => c.firstName)), random);
    exclude.add(card.prompt);
    cards.push(card);
  }
  return cards;
}

export const randomExamplePrompt = (random: Random = Math.random) => pick(examplePrompts, random);
