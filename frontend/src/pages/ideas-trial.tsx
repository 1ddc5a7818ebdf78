import { PageHeading } from '../components/ui/page-heading';

/** Trial ideas for anonymous visitors. Only the heading until its issue builds the screen. */
export default function IdeasTrialPage() {
  return <PageHeading title="Your Income Ideas" />;
}
