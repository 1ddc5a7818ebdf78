import { examplePrompts, exampleFirstNames } from '../data/example-prompts';

export type ExampleCard = { key: number; firstName: string; initials: string; prompt: string; timeAgo: string };

const pick = <T,>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

/** Spec §4: a random 1–480 minutes; minutes under an hour, otherwise whole hours. */
export function randomTimeAgo(): string {
  const minutes = 1 + Math.floor(Math.random() * 480);
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
}

let nextKey = 1;

/** A card whose prompt is not already on screen, by someone not already in its column (`namesInColumn`). */
export function newCard(exclude: ReadonlySet<string>, namesInColumn: ReadonlySet<string> = new Set()): ExampleCard {
  let prompt = pick(examplePrompts);
  for (let tries = 0; exclude.has(prompt) && tries < 50; tries++) prompt = pick(examplePrompts);
  const names = exampleFirstNames.filter((name) => !namesInColumn.has(name));
  const firstName = pick(names.length > 0 ? names : exampleFirstNames);
  return { key: nextKey++, firstName, initials: firstName.slice(0, 1).toUpperCase(), prompt, timeAgo: randomTimeAgo() };
}

export function initialCards(count: number, exclude: Set<string>): ExampleCard[] {
  const cards: ExampleCard[] = [];
  for (let i = 0; i < count; i++) {
    const card = newCard(exclude, new Set(cards.map((c) => c.firstName)));
    exclude.add(card.prompt);
    cards.push(card);
  }
  return cards;
}

export const randomExamplePrompt = () => pick(examplePrompts);
