import { PageHeading } from '../components/ui/page-heading';
import { BlogList } from '../features/blog/components/blog-list';

/** Blog list (back-office §2 /blog). */
export default function BlogPage() {
  return (
    <PageHeading title="Blog">
      <BlogList />
    </PageHeading>
  );
}
