import type { Kysely } from 'kysely';
import {
  defaultHomepageContent,
  homepageContentSchema,
  type HomepageContent,
} from '../contracts/homepage-content';
import type { Database } from '../ports/database';
import { sanitizeRichText } from './rich-text';

const KEY = 'homepage';

/** The saved homepage, or the built-in defaults when an admin has never saved one. */
export async function readHomepageContent(db: Kysely<Database>): Promise<HomepageContent> {
  const row = await db.selectFrom('site_content').select('content').where('key', '=', KEY).executeTakeFirst();
  if (!row) return defaultHomepageContent;
  const parsed = homepageContentSchema.safeParse(row.content);
  // Content saved before a schema change falls back to the defaults rather than breaking the page.
  return parsed.success ? parsed.data : defaultHomepageContent;
}

/** Pricing texts are rendered as HTML (the editor's toolbar formats them): they are sanitised. */
function sanitise(content: HomepageContent): HomepageContent {
  const p = content.pricing;
  return {
    ...content,
    pricing: {
      ...p,
      mainHeading: sanitizeRichText(p.mainHeading),
      subheading: sanitizeRichText(p.subheading),
      description: sanitizeRichText(p.description),
      guarantee: sanitizeRichText(p.guarantee),
      tiers: p.tiers.map((tier) => ({
        ...tier,
        name: sanitizeRichText(tier.name),
        price: sanitizeRichText(tier.price),
        period: sanitizeRichText(tier.period),
        description: sanitizeRichText(tier.description),
        features: tier.features.map(sanitizeRichText),
        buttonText: sanitizeRichText(tier.buttonText),
        userCount: sanitizeRichText(tier.userCount),
      })),
    },
  };
}

export async function saveHomepageContent(
  db: Kysely<Database>,
  content: HomepageContent,
  editor: { userId: string; now: Date },
): Promise<HomepageContent> {
  const clean = sanitise(content);
  await db
    .insertInto('site_content')
    .values({ key: KEY, content: JSON.stringify(clean), updated_at: editor.now, updated_by: editor.userId })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ content: JSON.stringify(clean), updated_at: editor.now, updated_by: editor.userId }),
    )
    .execute();
  return clean;
}
