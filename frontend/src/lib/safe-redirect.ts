const BASE = 'https://site.invalid';

/**
 * Only same-site paths are followed after sign-in: "/upsell" yes; "//evil.example",
 * "/\evil.example", "/<tab>/evil.example" or "https://…" no. The value is parsed the way a
 * browser parses it (the URL API drops tabs and newlines and reads `\` as `/`), and anything
 * that does not stay on this origin, or that cannot be parsed, gives null; it never throws.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith('//')) return null;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  return path;
}
