import type { PageMeta } from '@contracts/page-meta';
import { useEffect } from 'react';

/**
 * Shows a page's title and description by updating the document's own <title> and
 * <meta name="description"> (the server wrote both into the page's HTML, contracts/page-meta.ts):
 * never a second description. Null leaves them as they are (a page still loading its own).
 */
export function useDocumentMeta(meta: PageMeta | null): void {
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    document.title = title;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
  }, [title, description]);
}
