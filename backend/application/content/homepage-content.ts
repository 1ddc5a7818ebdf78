import type { Kysely } from 'kysely';
import {
  defaultHomepageContent,
  homepageContentSchema,
  type HomepageContent,
} from '../contracts/homepage-content';
import type { Database } from '../ports/database';
import { sanitizeRichText, stripMarkup } from './rich-text';
import { readSiteContent, saveSiteContent, type SiteContentPage } from './site-content';

/**
 * Pricing texts are rendered as HTML (the editor's toolbar formats them): they are sanitised.
 * Every other text is rendered as plain text and loses any markup; links are checked by the schema.
 */
function sanitise(content: HomepageContent): HomepageContent {
  const { hero, howItWorks, testimonials, pricing: p, footer } = content;
  return {
    hero: {
      tagline: stripMarkup(hero.tagline),
      headline: stripMarkup(hero.headline),
      subheadline: stripMarkup(hero.subheadline),
      description: stripMarkup(hero.description),
      prompt: stripMarkup(hero.prompt),
      ctaButton: stripMarkup(hero.ctaButton),
      customizeButton: stripMarkup(hero.customizeButton),
      socialText: stripMarkup(hero.socialText),
      bottomText: stripMarkup(hero.bottomText),
    },
    howItWorks: {
      mainHeading: stripMarkup(howItWorks.mainHeading),
      subheading: stripMarkup(howItWorks.subheading),
      description: stripMarkup(howItWorks.description),
      steps: howItWorks.steps.map((step) => ({ number: step.number, title: stripMarkup(step.title), description: stripMarkup(step.description) })),
      ctaButton: stripMarkup(howItWorks.ctaButton),
    },
    testimonials: {
      mainHeading: stripMarkup(testimonials.mainHeading),
      subheading: stripMarkup(testimonials.subheading),
      description: stripMarkup(testimonials.description),
      items: testimonials.items.map((item) => ({
        name: stripMarkup(item.name),
        handle: stripMarkup(item.handle),
        quote: stripMarkup(item.quote),
        achievements: item.achievements.map(stripMarkup),
        buttonText: stripMarkup(item.buttonText),
        badge: stripMarkup(item.badge),
      })),
    },
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
    footer: {
      tagline: stripMarkup(footer.tagline),
      links: footer.links.map((link) => ({ text: stripMarkup(link.text), href: link.href })),
      copyright: stripMarkup(footer.copyright),
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
