import { Classes, NonIdealState } from '@blueprintjs/core';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Island } from '../../../lib/islands/island';
import { useFaqs } from '../api/get-faqs';
import { FaqAccordionView } from './faq-accordion-view';

export { faqNumber } from './faq-accordion-view';

/** The FAQ accordion of /faqs (faq-accordion-view.tsx), with its loading, failed and empty states; an island on a visitor's page. */
export function FaqAccordion() {
  const faqs = useFaqs();
  if (faqs.isPending) return <div className={Classes.SKELETON} style={{ height: 160 }} data-testid="faqs-loading" />;
  if (faqs.isError) return <LoadFailure title="Could not load the FAQs" query={faqs} />;
  if (faqs.data.length === 0) return <NonIdealState icon="help" title="No FAQs yet" />;
  return (
    <Island name="faqs" props={{ faqs: faqs.data }}>
      <FaqAccordionView faqs={faqs.data} />
    </Island>
  );
}
