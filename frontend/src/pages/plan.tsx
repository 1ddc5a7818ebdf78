import { PageHeading } from '../components/ui/page-heading';

/** Plan detail: /plan/{id}. Only the heading until its issue builds the screen. */
export default function PlanPage() {
  return <PageHeading title="Action Plan" />;
}
