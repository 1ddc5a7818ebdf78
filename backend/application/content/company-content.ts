import type { Kysely } from 'kysely';
import { companyContentSchema, defaultCompanyContent, type CompanyContent } from '../contracts/company-content';
import type { Database } from '../ports/database';
import { sanitizeRichText, stripMarkup } from './rich-text';
import { readSiteContent, saveSiteContent, type SiteContentPage } from './site-content';

/** The subtitle is rendered as HTML (the toolbar formats it): sanitised; every other text loses any markup. */
function sanitise(content: CompanyContent): CompanyContent {
  return {
    title: stripMarkup(content.title),
    subtitle: sanitizeRichText(content.subtitle),
    founders: content.founders.map((founder) => ({
      ...founder,
      name: stripMarkup(founder.name),
      description: stripMarkup(founder.description),
      badges: founder.badges.map((badge) => ({ label: stripMarkup(badge.label), value: stripMarkup(badge.value), icon: stripMarkup(badge.icon) })),
    })),
  };
}

const companyPage: SiteContentPage<CompanyContent> = {
  key: 'company',
  schema: companyContentSchema,
  defaults: defaultCompanyContent,
  sanitise,
};

export const readCompanyContent = (db: Kysely<Database>) => readSiteContent(db, companyPage);
export const saveCompanyContent = (db: Kysely<Database>, content: CompanyContent, editor: { userId: string; now: Date }) =>
  saveSiteContent(db, companyPage, content, editor);
