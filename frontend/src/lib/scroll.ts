/** Smooth in-page scrolling, instant for people who asked for reduced motion. */
export function scrollToAnchor(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  return true;
}

/**
 * Brings something that just appeared (a notice the member must read) to where they look: scrolled
 * the least needed to be fully visible, and focused, so keyboard and screen-reader users land on it.
 */
export function bringIntoView(element: HTMLElement): void {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView?.({ behavior: reduce ? 'auto' : 'smooth', block: 'nearest' });
  element.focus({ preventScroll: true });
}
