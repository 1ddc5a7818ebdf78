import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../../frontend/src/lib/safe-redirect';
import { footerContentSchema, linkProblem } from '../../backend/application/contracts/homepage-content';

const offSite = [
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/%09/evil.example'.replace('%09', '\t'),
  '\\/evil.example',
  'javascript:alert(1)',
  '/\\/evil.example',
  ' /x',
];

describe('redirect after sign-in (frontend/src/lib/safe-redirect.ts)', () => {
  it('follows same-site paths, keeping their query and anchor', () => {
    expect(safeRedirectPath('/upsell')).toBe('/upsell');
    expect(safeRedirectPath('/ideas?scroll=42#top')).toBe('/ideas?scroll=42#top');
    expect(safeRedirectPath('/plans/../dashboard')).toBe('/dashboard');
  });

  it.each([...offSite, 'https://evil.example'])('refuses %j, which a browser would take off-site', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it('never throws, whatever it is given, and never sends back to the sign-in page', () => {
    expect(safeRedirectPath('/%E0%A4%A')).toBe('/%E0%A4%A');
    for (const value of [decodeURIComponent('%2F%09%2Fevil.example'), '/\u0000', '', null, undefined, '/auth', '/auth?tab=signup']) {
      expect(() => safeRedirectPath(value)).not.toThrow();
      expect(safeRedirectPath(value)).toBeNull();
    }
  });
});

describe('homepage footer links (contracts/homepage-content.ts)', () => {
  it('accepts the spec footer paths, anchors and explicit web addresses', () => {
    for (const href of ['/company', '/faqs', '/', '#pricing', 'https://twitter.com/skilly', 'http://example.com/a?b=c']) {
      expect(linkProblem(href), href).toBeUndefined();
    }
  });

  it.each(offSite)('refuses %j', (href) => {
    expect(linkProblem(href)).toBeDefined();
    const parsed = footerContentSchema.safeParse({ tagline: 't', copyright: 'c', links: [{ text: 'x', href }] });
    expect(parsed.success).toBe(false);
  });
});
