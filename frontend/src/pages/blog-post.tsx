import { useParams } from 'react-router-dom';
import { BlogPostView } from '../features/blog/components/blog-post-view';

/** One blog post: /blog/{slug} (back-office §2). */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  return (
    <div className="page">
      <BlogPostView slug={slug} />
    </div>
  );
}
