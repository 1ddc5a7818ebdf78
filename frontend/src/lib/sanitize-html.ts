/**
 * Client-side allow-list for the small HTML the pricing toolbar produces (the server sanitises too; this
 * keeps the page safe if an older or hand-edited value slips through).
 */
const KEEP = new Set(['B', 'STRONG', 'I', 'EM', 'U', 'SPAN', 'BR', 'FONT']);
const DROP = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH', 'LINK', 'META']);
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

function clean(node: Node, doc: Document): Node | DocumentFragment | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as HTMLElement;
  if (DROP.has(element.tagName)) return null;

  const children = doc.createDocumentFragment();
  for (const child of Array.from(element.childNodes)) {
    const cleaned = clean(child, doc);
    if (cleaned) children.appendChild(cleaned);
  }
  if (!KEEP.has(element.tagName)) return children;

  const copy = doc.createElement(element.tagName === 'FONT' ? 'span' : element.tagName.toLowerCase());
  const styles: string[] = [];
  for (let i = 0; i < element.style.length; i++) {
    const name = element.style.item(i);
    const value = element.style.getPropertyValue(name);
    if (STYLES.has(name) && !/url\(|expression|javascript:/i.test(value)) styles.push(`${name}: ${value}`);
  }
  const fontColor = element.tagName === 'FONT' ? element.getAttribute('color') : null;
  if (fontColor && /^#?[\w]+$/.test(fontColor)) styles.push(`color: ${fontColor}`);
  if (styles.length > 0) copy.setAttribute('style', styles.join('; '));
  copy.appendChild(children);
  return copy;
}

export function sanitizeRichText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const output = document.implementation.createHTMLDocument('');
  const container = output.createElement('div');
  for (const child of Array.from(parsed.body.childNodes)) {
    const cleaned = clean(child, output);
    if (cleaned) container.appendChild(cleaned);
  }
  return container.innerHTML;
}

/** Plain text of a rich value, e.g. for aria labels. */
export function richTextToPlain(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}
