import { PageHeading } from '../components/ui/page-heading';

/** Profile settings. Only the heading until its issue builds the screen. */
export default function ProfilePage() {
  return <PageHeading title="Profile Settings" />;
}
