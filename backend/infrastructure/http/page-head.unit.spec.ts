import { describe, expect, it } from 'vitest';
import { blogPostNotFoundMeta, notFoundMeta } from '../../application/contracts/page-meta';
import { pageHeadTags } from './page-head';

const publicUrl = 'https://skilly.example';
const post = {
  id: 'p1',
  title: 'Pots & "Pans" </script><script>alert(1)</script>',
  slug: 'pots-and-pans',
  content: '<p>Hi</p>',
  excerpt: 'Selling <cookware> online',
  category: 'Crafts',
  featuredImage: '/api/files/mug.png',
  status: 'published',
  publishDate: '2026-01-02T10:00:00.000Z',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-03T10:00:00.000Z',
  commentsCount: 0,
};
const postMeta = { title: `${post.title} | Skilly Blog`, description: post.excerpt };

describe("a page's head tags (issue 54)", () => {
  it("a post: canonical, article Open Graph with its absolute image, large card, and a BlogPosting that cannot close its script", () => {
    const tags = pageHeadTags({ route: '/blog/:slug', pathname: '/blog/pots-and-pans/', meta: postMeta, answers: { '/api/blog-posts/pots-and-pans': post }, publicUrl });
    expect(tags).toContain('<link rel="canonical" href="https://skilly.example/blog/pots-and-pans">');
    expect(tags).toContain('<meta property="og:type" content="article">');
    expect(tags).toContain('<meta property="og:image" content="https://skilly.example/api/files/mug.png">');
    expect(tags).toContain('<meta property="og:title" content="Pots &amp; &quot;Pans&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Skilly Blog">');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(tags.match(/<\/script>/g)).toHaveLength(1);
    const json = JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/.exec(tags)![1]!) as Record<string, unknown>;
    expect(json).toMatchObject({ '@type': 'BlogPosting', headline: post.title, datePublished: post.publishDate, dateModified: post.updatedAt, image: ['https://skilly.example/api/files/mug.png'] });
  });

  it('a page nobody should index (the 404 page, a post nobody can read, a member page) says noindex and names no canonical address', () => {
    for (const [route, meta] of [
      ['*', notFoundMeta],
      ['/blog/:slug', blogPostNotFoundMeta],
      ['/dashboard', { title: 'Dashboard | Skilly', description: 'x' }],
    ] as const) {
      const tags = pageHeadTags({ route, pathname: '/somewhere', meta, answers: {}, publicUrl });
      expect(tags, route).toContain('<meta name="robots" content="noindex">');
      expect(tags, route).not.toContain('rel="canonical"');
    }
  });

  it('/faqs is an FAQ page of its questions; no FAQs, no FAQ page', () => {
    const faqs = [{ id: 'f', question: 'Is it free?', answer: 'Yes.', orderIndex: 0, createdAt: '2026-01-01T00:00:00.000Z' }];
    const meta = { title: 'FAQs', description: 'd' };
    const tags = pageHeadTags({ route: '/faqs', pathname: '/faqs', meta, answers: { '/api/faqs': faqs, '/api/skilly-urls': [] }, publicUrl });
    expect(tags).toContain('"@type":"FAQPage"');
    expect(tags).toContain('{"@type":"Question","name":"Is it free?","acceptedAnswer":{"@type":"Answer","text":"Yes."}}');
    expect(pageHeadTags({ route: '/faqs', pathname: '/faqs', meta, answers: { '/api/faqs': [] }, publicUrl })).not.toContain('ld+json');
  });
});
