/**
 * The islands of a visitor's /faqs (frontend/src/islands.tsx hydrates each alone on the
 * prerendered page): the FAQ accordion and the platform directory's filter, the same views the
 * app draws, with the list each was rendered with as its props.
 */
export { FaqAccordionView } from './faq-accordion-view';
export { PlatformDirectoryView } from './platform-directory-view';
