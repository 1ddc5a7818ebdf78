import { APP_STYLESHEETS_META } from '@contracts/page-routes';

let linked: Promise<void> | null = null;

/**
 * A visitor's island page links only its cut-down stylesheet (frontend/build/public-stylesheet.ts):
 * before a part loaded on demand draws Blueprint's components (trial ideas, the customization
 * panel, a toast), the app's stylesheets the server named in the page are linked, and this
 * resolves once they have loaded (or failed: the part still shows). Anywhere else it resolves at once.
 */
export function loadAppStylesheets(): Promise<void> {
  if (linked) return linked;
  const meta = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>(`meta[name="${APP_STYLESHEETS_META}"]`);
  const files = meta?.content.split(' ').filter(Boolean) ?? [];
  linked = Promise.all(
    files.map(
      (href) =>
        new Promise<void>((resolve) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          link.onload = () => resolve();
          link.onerror = () => resolve();
          document.head.append(link);
        }),
    ),
  ).then(() => undefined);
  return linked;
}
