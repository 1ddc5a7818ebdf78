import { PageHeading } from '../components/ui/page-heading';

/** The member's idea sets. Only the heading until its issue builds the screen. */
export default function IdeasPage() {
  return <PageHeading title="Your Ideas" />;
}
