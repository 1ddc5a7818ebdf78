import { PageHeading } from '../components/ui/page-heading';

/** The member dashboard; its cards arrive with the dashboard issue. */
export function UserHome() {
  return <PageHeading title="Dashboard" />;
}
