import { AppToaster } from '../../../lib/toaster';
import { ContactFormSection } from './contact-form';

/** Drops `sent`/`failed` from the address without a navigation. */
function clearNotice() {
  const params = new URLSearchParams(window.location.search);
  if (!params.has('sent') && !params.has('failed')) return;
  params.delete('sent');
  params.delete('failed');
  const search = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`);
}

/** A visitor's /contact form, hydrated alone on the prerendered page (frontend/src/islands.tsx). */
export function ContactFormIsland({ sentBefore, failedBefore }: { sentBefore: boolean; failedBefore: boolean }) {
  return (
    <>
      <ContactFormSection sentBefore={sentBefore} failedBefore={failedBefore} clearNotice={clearNotice} />
      <AppToaster />
    </>
  );
}
