import type { Kysely } from 'kysely';
import {
  defaultHomepageContent,
  homepageContentSchema,
  type HomepageContent,
} from '../contracts/homepage-content';
import type { Database } from '../ports/database';
import { sanitizeRichText } from './rich-text';
import { readSiteContent, saveSiteContent, type SiteContentPage } from './site-content';

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

const homepagePage: SiteContentPage<HomepageContent> = {
  key: 'homepage',
  schema: homepageContentSchema,
  defaults: defaultHomepageContent,
  sanitise,
};

/** The saved homepage, or the built-in defaults when an admin has never saved one. */
export function readHomepageContent(db: Kysely<Database>): Promise<HomepageContent> {
  return readSiteContent(db, homepagePage);
}

export function saveHomepageContent(
  db: Kysely<Database>,
  content: HomepageContent,
  editor: { userId: string; now: Date },
): Promise<HomepageContent> {
  return saveSiteContent(db, homepagePage, content, editor);
}
