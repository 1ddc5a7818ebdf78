import './blog.css';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { LoadFailure } from '../../../components/ui/load-failure';
import { useBlogPosts } from '../api/get-blog-posts';
import { BlogMeta } from './blog-meta';

/** Back-office §2 Blog list (/blog): a grid of the published posts. */
export function BlogList() {
  const query = useBlogPosts();
  if (query.isPending) return <Spinner aria-label="Loading blog posts" />;
  if (query.isError) return <LoadFailure title="Failed to load blog posts" query={query} />;
  if (query.data.length === 0) return <NonIdealState icon="document" title="No blog posts available yet" />;
  return (
    <div className="blog-grid">
      {query.data.map((post) => (
        <article key={post.id} className="blog-card">
          {post.featuredImage ? <img className="blog-card-image" src={post.featuredImage} alt="" loading="lazy" /> : null}
          <div className="blog-card-body">
            <BlogMeta post={post} />
            <h2 className="blog-card-title">
              <Link to={`/blog/${post.slug}`}>{post.title}</Link>
            </h2>
            {post.excerpt ? <p className="blog-card-excerpt">{post.excerpt}</p> : null}
            <Link to={`/blog/${post.slug}`} aria-label={`Read More: ${post.title}`}>
              Read More
            </Link>
          </div>
        </article>
      ))}
    </div>
  );
}
