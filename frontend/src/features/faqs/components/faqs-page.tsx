import './faqs-page.css';
import { Card } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../../components/ui/page-heading';
import { useAuth } from '../../../lib/auth/auth-provider';
import { FaqAccordion } from './faq-accordion';
import { PlatformDirectory } from './platform-directory';

/** Support: signed-in people go to /support, others sign in first (back-office §2 /faqs). */
function SupportSection() {
  const { user } = useAuth();
  return (
    <Card>
      <h2>Still have questions?</h2>
      <p>Our team is here to help.</p>
      {user ? <Link to="/support">Contact Support</Link> : <Link to="/auth?tab=signin">Sign in to contact support</Link>}
    </Card>
  );
}

/** /faqs (back-office §2 Public pages): the FAQ accordion, the platform directory and support. */
export function FaqsPageContent() {
  return (
    <div className="faqs-page">
      <title>FAQs and Platforms | Skilly</title>
      <meta name="description" content="Answers to common questions about Skilly, and a directory of platforms where you can turn your skills into income." />
      <PageHeading title="Frequently Asked Questions" />
      <section aria-labelledby="faqs-heading">
        <h2 id="faqs-heading" className="visually-hidden">
          Questions
        </h2>
        <FaqAccordion />
      </section>
      <section aria-labelledby="platforms-heading">
        <h2 id="platforms-heading">Platform Directory</h2>
        <PlatformDirectory />
      </section>
      <section aria-label="Support">
        <SupportSection />
      </section>
    </div>
  );
}
