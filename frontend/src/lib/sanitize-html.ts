import DOMPurify from 'dompurify';

/**
 * Client-side allow-list for the small HTML the pricing toolbar produces (the server sanitises too
 * with sanitize-html; this keeps the page safe if an older or hand-edited value slips through).
 * DOMPurify does the sanitising; what it keeps is then narrowed to a few text styles, and the
 * editor's `<font color>` becomes a coloured span.
 */
const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'u', 'span', 'br', 'font'];
const STYLES = new Set([
  'color',
  'font-weight',
  'text-decoration',
  'text-decoration-line',
  'text-decoration-color',
  'text-decoration-style',
  'text-decoration-thickness',
  'text-underline-offset',
]);

function keptStyles(element: HTMLElement): string[] {
  const styles: string[] = [];
  for (let i = 0; i < element.style.length; i++) {
    const name = element.style.item(i);
    const value = element.style.getPropertyValue(name);
    if (STYLES.has(name) && !/url\(|expression|javascript:/i.test(value)) styles.push(`${name}: ${value}`);
  }
  return styles;
}

export function sanitizeRichText(html: string): string {
  // Prerendering on the server has no DOM: the value is what the server stored, sanitised on save.
  if (!/[<&]/.test(html) || !DOMPurify.isSupported) return html;
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['style', 'color'],
    // Their fallback content is not text a visitor should see either.
    ADD_FORBID_CONTENTS: ['object', 'embed'],
    RETURN_DOM_FRAGMENT: true,
  });
  for (const element of Array.from(fragment.querySelectorAll<HTMLElement>('*'))) {
    const styles = keptStyles(element);
    const fontColor = element.tagName === 'FONT' ? element.getAttribute('color') : null;
    if (fontColor && /^#?[\w]+$/.test(fontColor)) styles.push(`color: ${fontColor}`);
    let kept = element;
    if (element.tagName === 'FONT') {
      kept = element.ownerDocument.createElement('span');
      kept.append(...Array.from(element.childNodes));
      element.replaceWith(kept);
    }
    kept.removeAttribute('color');
    if (styles.length > 0) kept.setAttribute('style', styles.join('; '));
    else kept.removeAttribute('style');
  }
  const container = document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}

/** Plain text of a rich value, e.g. for aria labels. */
export function richTextToPlain(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}
