import { PageHeading } from '../components/ui/page-heading';

/** The admin back-office home; its tabs arrive with the back-office issues. */
export function AdminHome() {
  return <PageHeading title="Admin Dashboard" />;
}
