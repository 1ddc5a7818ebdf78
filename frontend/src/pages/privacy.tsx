import { PageHeading } from '../components/ui/page-heading';

/** Privacy policy (back-office document). Only the heading until its issue builds the screen. */
export default function PrivacyPage() {
  return <PageHeading title="Privacy Policy" />;
}
