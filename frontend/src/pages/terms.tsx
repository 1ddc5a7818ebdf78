import { PageHeading } from '../components/ui/page-heading';

/** Terms of use (back-office document). Only the heading until its issue builds the screen. */
export default function TermsPage() {
  return <PageHeading title="Terms of Use" />;
}
