import { PageHeading } from '../components/ui/page-heading';

/** One blog post: /blog/{slug}. Only the heading until its issue builds the screen. */
export default function BlogPostPage() {
  return <PageHeading title="Blog" />;
}
