import { Tag } from '@blueprintjs/core';
import type { BlogPost } from '@contracts/blog';
import { formatBlogDate } from '../api/get-blog-posts';

/** Category badge, publish date (en-GB long form) and comments count of a post. */
export function BlogMeta({ post }: { post: BlogPost }) {
  return (
    <div className="blog-meta">
      {post.category ? (
        <Tag intent="primary" minimal round>
          {post.category}
        </Tag>
      ) : null}
      <span>{formatBlogDate(post.publishDate ?? post.createdAt)}</span>
      <span>
        {post.commentsCount} {post.commentsCount === 1 ? 'comment' : 'comments'}
      </span>
    </div>
  );
}
