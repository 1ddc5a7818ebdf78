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
    <PageHeading title="Frequently Asked Questions">
      <div className="faqs-page">
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
    </PageHeading>
  );
}
