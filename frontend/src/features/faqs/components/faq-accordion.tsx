import { Card, Classes, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { LoadFailure } from '../../../components/ui/load-failure';
import { useFaqs } from '../api/get-faqs';

/** "01", "02", …: the FAQ's place in display order (back-office §2 /faqs). */
export const faqNumber = (index: number) => String(index + 1).padStart(2, '0');

/** The FAQ accordion of /faqs: questions numbered in display order; one opens at a time. */
export function FaqAccordion() {
  const faqs = useFaqs();
  const [open, setOpen] = useState<string | null>(null);
  if (faqs.isPending) return <div className={Classes.SKELETON} style={{ height: 160 }} data-testid="faqs-loading" />;
  if (faqs.isError) return <LoadFailure title="Could not load the FAQs" query={faqs} />;
  if (faqs.data.length === 0) return <NonIdealState icon="help" title="No FAQs yet" />;
  return (
    <ol className="faq-accordion">
      {faqs.data.map((faq, index) => {
        const expanded = open === faq.id;
        return (
          <li key={faq.id}>
            <Card compact data-testid="faq">
              <button type="button" className="faq-accordion-question" aria-expanded={expanded} aria-controls={`faq-${faq.id}`} onClick={() => setOpen(expanded ? null : faq.id)}>
                <span className="faq-accordion-number">{faqNumber(index)}</span>
                <span className="faq-accordion-text">{faq.question}</span>
              </button>
              {expanded ? (
                <p className="faq-accordion-answer" id={`faq-${faq.id}`}>
                  {faq.answer}
                </p>
              ) : null}
            </Card>
          </li>
        );
      })}
    </ol>
  );
}
