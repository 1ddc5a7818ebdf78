import { PageHeading } from '../components/ui/page-heading';

/** Support tickets and chat. Only the heading until its issue builds the screen. */
export default function SupportPage() {
  return <PageHeading title="Support" />;
}
