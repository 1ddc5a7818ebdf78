import { PageHeading } from '../components/ui/page-heading';

/** Contact page (back-office document). Only the heading until its issue builds the screen. */
export default function ContactPage() {
  return <PageHeading title="Get in Touch" />;
}
