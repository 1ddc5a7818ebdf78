// The table type of `faqs.ts`, apart from its code: `ports/database.ts` lists it and
// imports nothing that imports `Database` back.

/** FAQs an admin writes (`faqs.ts`). */
export interface FaqsTable {
  id: string;
  question: string;
  answer: string;
  order_index: number;
  created_at: Date;
}

export interface FaqTables {
  faqs: FaqsTable;
}
