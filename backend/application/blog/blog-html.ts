import sanitizeHtml from 'sanitize-html';
import { isBlogImageUrl } from '../contracts/blog';

const linkSchemes = /^(https?:|mailto:)/i;

/**
 * What the blog editor (tiptap's starter kit, image and link) produces, and nothing else:
 * paragraphs, headings 1–4, bold, italic, underline, strike, links (http, https, mailto; opened
 * with rel noopener), lists, quotes, code, rules, line breaks and images (https or a file this
 * product serves: the CSP shows no http: image). Scripts, styles, event handlers and `javascript:` links are removed.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr', 'br', 'img'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      const kept: Record<string, string> = {};
      if (href && linkSchemes.test(href)) {
        kept.href = href;
        kept.rel = 'noopener noreferrer nofollow';
        if (attribs.target === '_blank') kept.target = '_blank';
      }
      return { tagName, attribs: kept };
    },
  },
  // An image whose source is not https or /api/files/… (a data: URL, a relative path) is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isBlogImageUrl(frame.attribs.src ?? ''),
};

export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Whether sanitised HTML still says something (text or an image): "<p></p>" is no content. */
export function hasBlogContent(html: string): boolean {
  return /<img\s/i.test(html) || sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() !== '';
}
