import type { FaqDto } from '@contracts/faqs';
import { useState } from 'react';

/** "01", "02", …: the FAQ's place in display order (back-office §2 /faqs). */
export const faqNumber = (index: number) => String(index + 1).padStart(2, '0');

/**
 * The FAQ accordion of /faqs: questions numbered in display order; one opens at a time. Plain
 * elements with Blueprint's card classes, so a visitor's page hydrates it as an island
 * (faqs-islands.tsx) without Blueprint; the app draws the same view (faq-accordion.tsx).
 */
export function FaqAccordionView({ faqs }: { faqs: readonly FaqDto[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <ol className="faq-accordion">
      {faqs.map((faq, index) => {
        const expanded = open === faq.id;
        return (
          <li key={faq.id}>
            <div className="bp6-card bp6-compact bp6-elevation-0" data-testid="faq">
              <button type="button" className="faq-accordion-question" aria-expanded={expanded} aria-controls={`faq-${faq.id}`} onClick={() => setOpen(expanded ? null : faq.id)}>
                <span className="faq-accordion-number">{faqNumber(index)}</span>
                <span className="faq-accordion-text">{faq.question}</span>
              </button>
              {expanded ? (
                <p className="faq-accordion-answer" id={`faq-${faq.id}`}>
                  {faq.answer}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
