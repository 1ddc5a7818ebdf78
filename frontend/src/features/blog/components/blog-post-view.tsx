import './blog.css';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import DOMPurify from 'dompurify';
import { blogPostMeta, blogPostNotFoundMeta } from '@contracts/page-meta';
import { useMemo } from 'react';
import { LoadFailure } from '../../../components/ui/load-failure';
import { RouterButton } from '../../../components/ui/router-button';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useBlogPost } from '../api/get-blog-posts';
import { BlogMeta } from './blog-meta';

/** The tags the server keeps (application/blog/blog-html.ts); sanitised again here in case an older value slips through. */
const ALLOWED_TAGS = ['p', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr', 'br', 'img'];
const ALLOWED_ATTR = ['href', 'rel', 'target', 'src', 'alt'];

/** Back-office §2 Blog post (/blog/{slug}): category, title, date, comments count, featured image, content. */
export function BlogPostView({ slug }: { slug: string }) {
  const query = useBlogPost(slug);
  // Prerendering on the server has no DOM: the content is the server's, sanitised when saved.
  const html = useMemo(
    () => (query.data ? (DOMPurify.isSupported ? DOMPurify.sanitize(query.data.content, { ALLOWED_TAGS, ALLOWED_ATTR }) : query.data.content) : ''),
    [query.data],
  );
  // The post's own title and description once it has loaded (or that there is none).
  useDocumentMeta(query.isSuccess ? (query.data ? blogPostMeta(query.data) : blogPostNotFoundMeta) : null);
  if (query.isPending) return <Spinner aria-label="Loading blog post" />;
  if (query.isError) return <LoadFailure title="Failed to load blog post" query={query} />;
  const post = query.data;
  if (!post) {
    return (
      <NonIdealState icon="search" title="Blog post not found" action={<RouterButton to="/blog" icon="arrow-left" text="Back to Blog" />} />
    );
  }
  return (
    <article className="blog-post">
      <BlogMeta post={post} />
      <h1 className="page-title">{post.title}</h1>
      {post.featuredImage ? <img className="blog-post-image" src={post.featuredImage} alt="" /> : null}
      <div className="blog-post-content" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
