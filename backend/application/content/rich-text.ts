import sanitizeHtml from 'sanitize-html';

/**
 * The only markup an admin's inline editor may store: bold, decorative underline, colour
 * spans and line breaks. Everything else (scripts, handlers, links, images) is removed.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 'span', 'br'],
  allowedAttributes: { span: ['style', 'class'], u: ['style', 'class'] },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-decoration': [/^[a-z\s-]+$/i],
      'text-decoration-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-decoration-style': [/^[a-z]+$/i],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
    },
  },
  allowedClasses: { '*': ['decorative-underline', 'text-green'] },
  disallowedTagsMode: 'discard',
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}

const noMarkup: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' };
const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * A plain-text field (rendered as text, never as HTML): any markup pasted into it is removed
 * (scripts and styles with their content), and what is left is the text as typed.
 */
export function stripMarkup(value: string): string {
  return sanitizeHtml(value, noMarkup).replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!);
}
