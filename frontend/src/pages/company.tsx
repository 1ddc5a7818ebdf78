import { PageHeading } from '../components/ui/page-heading';

/** Company page (back-office document). Only the heading until its issue builds the screen. */
export default function CompanyPage() {
  return <PageHeading title="WHO WE ARE" />;
}
