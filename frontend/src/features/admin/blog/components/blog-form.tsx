import { Button, Card, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { blogPostStatuses, slugify, type BlogPost, type BlogPostStatus } from '@contracts/blog';
import { useRef, useState } from 'react';
import { useSaveBlogPost, useUploadBlogImage } from '../api/blog-posts';
import { RichTextEditor } from './rich-text-editor';

const statusLabels: Record<BlogPostStatus, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' };

/** An ISO date as a `datetime-local` value in the browser's time zone, and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

/**
 * Back-office §2 Blog tab form: a new post, or `post` being edited (the parent remounts it per
 * post). The slug follows the title until the admin edits it; the category is uppercase; the
 * publish date shows only for a scheduled post; Save waits for title, slug and content.
 */
export function BlogForm({ post, onDone }: { post: BlogPost | null; onDone: () => void }) {
  const [title, setTitle] = useState(post?.title ?? '');
  const [slug, setSlug] = useState(post?.slug ?? '');
  const slugEdited = useRef(post !== null);
  const [excerpt, setExcerpt] = useState(post?.excerpt ?? '');
  const [category, setCategory] = useState(post?.category ?? '');
  const [featuredImage, setFeaturedImage] = useState(post?.featuredImage ?? '');
  const [content, setContent] = useState(post?.content ?? '');
  const [status, setStatus] = useState<BlogPostStatus>(post?.status ?? 'draft');
  const [publishDate, setPublishDate] = useState(toLocalInput(post?.publishDate ?? null));
  const fileInput = useRef<HTMLInputElement>(null);

  const save = useSaveBlogPost({ onSaved: onDone });
  const upload = useUploadBlogImage({ onUploaded: setFeaturedImage });
  const canSave = title.trim() !== '' && slug.trim() !== '' && content.trim() !== '' && !save.isPending;

  return (
    <Card className="blog-form">
      <h3>{post ? 'Edit Blog Post' : 'Create Blog Post'}</h3>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!canSave) return;
          save.mutate({
            id: post?.id ?? null,
            post: {
              title,
              slug,
              excerpt,
              category,
              featuredImage,
              content,
              status,
              publishDate: status === 'scheduled' ? fromLocalInput(publishDate) : status === 'published' ? (post?.publishDate ?? null) : null,
            },
          });
        }}
      >
        <FormGroup label="Title" labelFor="blog-title">
          <InputGroup
            id="blog-title"
            value={title}
            onValueChange={(value) => {
              setTitle(value);
              if (!slugEdited.current) setSlug(slugify(value));
            }}
          />
        </FormGroup>
        <FormGroup label="URL Slug" labelFor="blog-slug">
          <InputGroup
            id="blog-slug"
            value={slug}
            onValueChange={(value) => {
              slugEdited.current = true;
              setSlug(value);
            }}
          />
        </FormGroup>
        <FormGroup label="Excerpt" labelFor="blog-excerpt" labelInfo="(optional)">
          <TextArea id="blog-excerpt" fill value={excerpt} onChange={(event) => setExcerpt(event.target.value)} />
        </FormGroup>
        <FormGroup label="Category" labelFor="blog-category">
          <InputGroup id="blog-category" value={category} onValueChange={(value) => setCategory(value.toUpperCase())} />
        </FormGroup>
        <FormGroup label="Featured Image URL" labelFor="blog-image">
          <div className="blog-image-row">
            <InputGroup id="blog-image" value={featuredImage} onValueChange={setFeaturedImage} placeholder="https://…" />
            <Button text="Upload" loading={upload.isPending} onClick={() => fileInput.current?.click()} />
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              hidden
              data-testid="featured-image-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) upload.mutate(file);
                event.target.value = '';
              }}
            />
          </div>
        </FormGroup>
        <FormGroup label="Content" labelFor="blog-content">
          <RichTextEditor id="blog-content" value={content} onChange={setContent} />
        </FormGroup>
        <FormGroup label="Status" labelFor="blog-status">
          <HTMLSelect id="blog-status" value={status} onChange={(event) => setStatus(event.target.value as BlogPostStatus)}>
            {blogPostStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {status === 'scheduled' ? (
          <FormGroup label="Publish Date & Time" labelFor="blog-publish-date">
            <InputGroup id="blog-publish-date" type="datetime-local" value={publishDate} onValueChange={setPublishDate} />
          </FormGroup>
        ) : null}
        <div className="blog-form-actions">
          <Button type="submit" intent="primary" icon="floppy-disk" text={post ? 'Update Post' : 'Save Post'} disabled={!canSave} loading={save.isPending} />
          {post ? <Button text="Cancel" onClick={onDone} /> : null}
        </div>
      </form>
    </Card>
  );
}
