import type { AnySlice, ExampleApi } from '../../backend/infrastructure/slices/slice';
import { distinctive } from './distinctive';
import type { Client } from './test-app';

/**
 * What a member made by running every slice's examples (`Slice.memberExamples`, issue 50): the
 * ids of their things by kind (`plan`, `task`, `ticket`, …) and every distinctive text the
 * examples wrote, which erasure must leave nowhere and the export must hold. A slice added to
 * the list is in here with no edit: the cross-member, fuzz, rebuild, erasure and export tests
 * read these.
 */
export interface MemberExamples {
  ids: Record<string, string>;
  texts: string[];
}

export async function runMemberExamples(slices: readonly AnySlice[], member: Client): Promise<MemberExamples> {
  const texts: string[] = [];
  const api: ExampleApi = {
    call: async (method, path, body) => {
      const answer = await member.request(method, path, body);
      return { status: answer.status, body: answer.body };
    },
    distinctive(prefix) {
      const word = distinctive(prefix);
      texts.push(word);
      return word;
    },
  };
  const ids: Record<string, string> = {};
  for (const slice of slices) {
    if (!slice.memberExamples) continue;
    try {
      Object.assign(ids, await slice.memberExamples(api, ids));
    } catch (error) {
      throw new Error(`the ${slice.name} slice's member examples failed: ${(error as Error).message}`, { cause: error });
    }
  }
  return { ids, texts };
}

/**
 * The kind of thing an id names: `planId` a plan; a bare `{id}` what the segment before it lists,
 * in the singular and camel case (`/plans/{id}`: a `plan`, `/fixture-notes/{id}` a `fixtureNote`,
 * `/saved-searches/{id}` a `savedSearch`, `/categories/{id}` a `category`).
 */
export function kindOf(name: string, path: string): string {
  if (name !== 'id') return name.replace(/Id$/, '');
  const segment = path.split('/{id}')[0].split('/').at(-1) ?? '';
  return singular(segment.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()));
}

/** English plurals as path segments have them: categories → category, searches → search, boxes → box, plans → plan. */
export function singular(word: string): string {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(ch|sh|ss|x|z)es$/.test(word)) return word.replace(/es$/, '');
  return word.replace(/s$/, '');
}

/**
 * The known id for a parameter or field, by its kind: exactly (`ticket`), or a kind it ends with
 * (`supportTicket` → `ticket`, for staff's `/admin/support-tickets/{id}`).
 */
export function knownIdFor(name: string, path: string, ids: Readonly<Record<string, string>>): string | undefined {
  const kind = kindOf(name, path);
  if (ids[kind] !== undefined) return ids[kind];
  const endsWith = Object.keys(ids)
    .filter((key) => kind.toLowerCase().endsWith(key.toLowerCase()))
    .sort((a, b) => b.length - a.length)[0];
  return endsWith === undefined ? undefined : ids[endsWith];
}
