import { FaqsPageContent } from '../features/faqs/components/faqs-page';

/** /faqs: FAQs and the platform directory (back-office §2 Public pages). */
export default function FaqsPage() {
  return <FaqsPageContent />;
}
