import { PageHeading } from '../components/ui/page-heading';

/** The list of plans. Only the heading until its issue builds the screen. */
export default function PlansPage() {
  return <PageHeading title="My Plans" />;
}
