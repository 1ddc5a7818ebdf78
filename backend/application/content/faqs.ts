import { sql, type Kysely, type Migration } from 'kysely';
import { DomainError } from '../../domain/shared/domain-error';
import type { FaqDto } from '../contracts/faqs';
import type { Database } from '../ports/database';
import type { FaqsTable } from './faq-tables';

/**
 * FAQs (back-office §3 FAQ): a plain table (design §2), written by admins from the FAQs tab,
 * read by everyone on /faqs in display order (orderIndex, then the oldest first). No personal data.
 */
export const faqsMigration: Migration = {
  async up(db) {
    await sql`
      create table faqs (
        id text primary key,
        question text not null,
        answer text not null,
        order_index integer not null default 0,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index faqs_display_order on faqs (order_index, created_at, id)`.execute(db);
  },
};

import type { FaqSnapshot } from '../../domain/admin-actions/admin-action';

export const FaqNotFound = () => new DomainError('faq_not_found', 'not_found');

const toDto = (row: FaqsTable): FaqDto => ({
  id: row.id,
  question: row.question,
  answer: row.answer,
  orderIndex: row.order_index,
  createdAt: row.created_at.toISOString(),
});

/** How many FAQs there are (the admin stats' faqsCount). */
export async function countFaqs(db: Kysely<Database>): Promise<number> {
  const { count } = await db.selectFrom('faqs').select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}

export function faqs(db: Kysely<Database>, deps: { ids: { next(): string }; clock: { now(): Date } }) {
  return {
    /** Every FAQ in display order: lower orderIndex first, then the oldest. */
    async list(): Promise<FaqDto[]> {
      const rows = await db.selectFrom('faqs').selectAll().orderBy('order_index').orderBy('created_at').orderBy('id').execute();
      return rows.map(toDto);
    },
    async add(input: { question: string; answer: string; orderIndex: number }): Promise<FaqDto> {
      const row = { id: deps.ids.next(), question: input.question, answer: input.answer, order_index: input.orderIndex, created_at: deps.clock.now() };
      await db.insertInto('faqs').values(row).execute();
      return toDto(row);
    },
    async update(id: string, change: { question?: string; answer?: string; orderIndex?: number }): Promise<FaqDto> {
      const set = {
        ...(change.question === undefined ? {} : { question: change.question }),
        ...(change.answer === undefined ? {} : { answer: change.answer }),
        ...(change.orderIndex === undefined ? {} : { order_index: change.orderIndex }),
      };
      const row =
        Object.keys(set).length === 0
          ? await db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst()
          : await db.updateTable('faqs').set(set).where('id', '=', id).returningAll().executeTakeFirst();
      if (!row) throw FaqNotFound();
      return toDto(row);
    },
    /** Deletes the FAQ; answers it as it stood, for an undo (issue 53). */
    async remove(id: string): Promise<FaqSnapshot> {
      const row = await db.deleteFrom('faqs').where('id', '=', id).returningAll().executeTakeFirst();
      if (!row) throw FaqNotFound();
      return toDto(row);
    },
    /** Puts a deleted FAQ back as it stood (same id, words and order); false when it is there already. */
    async restore(faq: FaqSnapshot): Promise<boolean> {
      const row = { id: faq.id, question: faq.question, answer: faq.answer, order_index: faq.orderIndex, created_at: new Date(faq.createdAt) };
      const { numInsertedOrUpdatedRows } = await db.insertInto('faqs').values(row).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
      return Number(numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}
