import type { Kysely } from 'kysely';
import { contactContentSchema, defaultContactContent, type ContactContent } from '../contracts/contact';
import type { Database } from '../ports/database';
import { stripMarkup } from './rich-text';
import { readSiteContent, saveSiteContent, type SiteContentPage } from './site-content';

/** Every contact text is plain: markup is stripped. */
const sanitise = (content: ContactContent): ContactContent =>
  Object.fromEntries(Object.entries(content).map(([key, value]) => [key, stripMarkup(value)])) as ContactContent;

const contactPage: SiteContentPage<ContactContent> = {
  key: 'contact',
  schema: contactContentSchema,
  defaults: defaultContactContent,
  sanitise,
};

export const readContactContent = (db: Kysely<Database>) => readSiteContent(db, contactPage);
export const saveContactContent = (db: Kysely<Database>, content: ContactContent, editor: { userId: string; now: Date }) =>
  saveSiteContent(db, contactPage, content, editor);
