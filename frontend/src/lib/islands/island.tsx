import type { ReactNode } from 'react';

/** The names of the public pages' islands (the browser's side is in ../../islands.tsx). */
export type IslandName = 'visitor-nav' | 'hero' | 'auth' | 'ideas-trial' | 'faqs' | 'platforms' | 'contact-form';

/**
 * Marks an interactive part of a public page: its HTML is the children's, and the props it was
 * rendered with are kept beside it (`data-props`), so a visitor's browser hydrates only this part
 * (`hydrateRoot` on this element with the island's component and those props, ../../islands.tsx)
 * and leaves the rest of the page as the server's HTML. In the app the wrapper changes nothing
 * (`display: contents`).
 */
export function Island({ name, props, children }: { name: IslandName; props: object; children: ReactNode }) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
