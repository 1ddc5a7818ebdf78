import { Button, ButtonGroup } from '@blueprintjs/core';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { useUploadBlogImage } from '../api/blog-posts';

/**
 * The blog's rich editor (back-office §2 Blog tab): tiptap's starter kit (which brings links and
 * underline in v3) and images, styled by Blueprint. It produces only what the server keeps
 * (application/blog/blog-html.ts). `value` is read when the editor opens (the form remounts it
 * per post); every change is reported as HTML.
 */
export function RichTextEditor({ value, onChange, id }: { value: string; onChange: (html: string) => void; id?: string }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [1, 2, 3, 4] }, link: { openOnClick: false, protocols: ['mailto'] } }),
      Image,
    ],
    content: value,
    editorProps: { attributes: { class: 'blog-editor-content', 'aria-label': 'Content', role: 'textbox', 'aria-multiline': 'true', ...(id ? { id } : {}) } },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
    }),
  });
  const upload = useUploadBlogImage({ onUploaded: (url) => editor?.chain().focus().setImage({ src: url, alt: '' }).run() });

  useEffect(() => () => editor?.destroy(), [editor]);

  if (!editor) return null;
  const setLink = () => {
    const previous = editor.getAttributes('link').href as string | undefined;
    const href = window.prompt('Link URL', previous ?? 'https://');
    if (href === null) return;
    if (href.trim() === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };

  return (
    <div className="blog-editor">
      <ButtonGroup className="blog-editor-toolbar" variant="minimal">
        <Button text="H2" title="Heading 2" aria-label="Heading 2" active={state?.h2} onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()} />
        <Button text="H3" title="Heading 3" aria-label="Heading 3" active={state?.h3} onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()} />
        <Button icon="bold" aria-label="Bold" active={state?.bold} onClick={() => editor.chain().focus().toggleBold().run()} />
        <Button text={<em>I</em>} aria-label="Italic" active={state?.italic} onClick={() => editor.chain().focus().toggleItalic().run()} />
        <Button text={<u>U</u>} aria-label="Underline" active={state?.underline} onClick={() => editor.chain().focus().toggleUnderline().run()} />
        <Button text="• List" aria-label="Bullet list" active={state?.bulletList} onClick={() => editor.chain().focus().toggleBulletList().run()} />
        <Button text="1. List" aria-label="Numbered list" active={state?.orderedList} onClick={() => editor.chain().focus().toggleOrderedList().run()} />
        <Button text="Link" aria-label="Link" active={state?.link} onClick={setLink} />
        <Button text="Image" aria-label="Insert image" loading={upload.isPending} onClick={() => fileInput.current?.click()} />
      </ButtonGroup>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        data-testid="content-image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.mutate(file);
          event.target.value = '';
        }}
      />
      <EditorContent editor={editor} />
    </div>
  );
}
