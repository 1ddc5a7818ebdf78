import { PageHeading } from '../components/ui/page-heading';

/** FAQs and platforms (back-office document). Only the heading until its issue builds the screen. */
export default function FaqsPage() {
  return <PageHeading title="Frequently Asked Questions" />;
}
