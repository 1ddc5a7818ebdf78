/**
 * Leaving the app for another address (Stripe's checkout or portal, or the simulated gateway's
 * TEST pages): a full page load, so the page arrived at reads everything afresh. One small
 * object, so component tests can watch where the browser was sent instead of leaving jsdom.
 */
export const browser = {
  go(url: string): void {
    window.location.assign(url);
  },
};
