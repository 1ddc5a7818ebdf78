import { PageHeading } from '../components/ui/page-heading';

/** Blog list (back-office document). Only the heading until its issue builds the screen. */
export default function BlogPage() {
  return <PageHeading title="Blog" />;
}
