import './blog-tab.css';
import { Button, Card, NonIdealState, Spinner, Tag, type Intent } from '@blueprintjs/core';
import type { BlogPost, BlogPostStatus } from '@contracts/blog';
import { useState } from 'react';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { useAdminBlogPosts, useDeleteBlogPost } from '../api/blog-posts';
import { BlogForm } from './blog-form';

const statusIntent: Record<BlogPostStatus, Intent> = { draft: 'none', scheduled: 'warning', published: 'success' };
const dateTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Back-office §2 Blog tab: the form (new post, or the one being edited) above the list of every post. */
export function BlogTab() {
  const posts = useAdminBlogPosts();
  const remove = useDeleteBlogPost();
  const [editing, setEditing] = useState<BlogPost | null>(null);
  // A new form after each save (the editor reads its content when it opens).
  const [formKey, setFormKey] = useState(0);
  const done = () => {
    setEditing(null);
    setFormKey((key) => key + 1);
  };

  return (
    <div className="blog-tab">
      <BlogForm key={editing ? `edit-${editing.id}` : `new-${formKey}`} post={editing} onDone={done} />
      <section aria-label="Blog posts">
        <h3>Blog Posts</h3>
        {posts.isPending ? (
          <Spinner aria-label="Loading blog posts" />
        ) : posts.isError ? (
          <LoadFailure title="Failed to load blog posts" query={posts} />
        ) : posts.data.length === 0 ? (
          <NonIdealState icon="info-sign" title="No blog posts yet" />
        ) : (
          <ul className="blog-admin-list">
            {posts.data.map((post) => (
              <li key={post.id}>
                <Card className="blog-admin-item">
                  <div className="blog-admin-item-text">
                    <h4>
                      {post.title}{' '}
                      <Tag intent={statusIntent[post.status]} minimal>
                        {post.status}
                      </Tag>
                    </h4>
                    <p>/blog/{post.slug}</p>
                    {post.excerpt ? <p>{post.excerpt}</p> : null}
                    <p className="blog-admin-dates">
                      {post.status === 'scheduled' && post.publishDate ? <>Scheduled for {dateTime(post.publishDate)} · </> : null}
                      {post.status === 'published' && post.publishDate ? <>Published {dateTime(post.publishDate)} · </> : null}
                      Created {dateTime(post.createdAt)}
                    </p>
                  </div>
                  <div className="blog-form-actions">
                    <Button icon="edit" text="Edit" onClick={() => setEditing(post)} />
                    <Button
                      intent="danger"
                      text="Delete"
                      loading={remove.isPending && remove.variables === post.id}
                      onClick={() => {
                        if (window.confirm(`Delete "${post.title}"?`)) remove.mutate(post.id);
                      }}
                    />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default BlogTab;
