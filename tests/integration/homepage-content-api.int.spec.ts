import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultHomepageContent } from '../../backend/application/contracts/homepage-content';
import { bootstrapAdmin } from '../../backend/infrastructure/composition-root';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password-1' });
  await bootstrapAdmin(t.services);
  await t.services.runner.catchUpAll();
  admin = new Client(t.url);
  expect((await admin.post('/api/auth/login', { email: 'admin@example.com', password: 'admin-password-1' })).status).toBe(200);
});
afterAll(async () => t.close());

describe('homepage content', () => {
  it('serves the built-in defaults before anything is saved', async () => {
    const res = await new Client(t.url).get('/api/homepage-content');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(defaultHomepageContent);
  });

  it('lets an admin save it; visitors then see the new text', async () => {
    const content = structuredClone(defaultHomepageContent);
    content.hero.headline = 'Turn what you love into income';
    const saved = await admin.put('/api/admin/homepage-content', { content });
    expect(saved.status).toBe(200);
    expect(saved.body.hero.headline).toBe('Turn what you love into income');
    expect((await new Client(t.url).get('/api/homepage-content')).body.hero.headline).toBe('Turn what you love into income');
  });

  it('keeps the editor formatting and strips anything dangerous from the HTML it stores', async () => {
    const content = structuredClone(defaultHomepageContent);
    content.pricing.tiers[0].features[0] =
      '<span style="color: #16a34a">Green</span> <u class="decorative-underline">line</u> <b>bold</b><script>alert(1)</script><img src=x onerror=alert(1)>';
    const saved = await admin.put('/api/admin/homepage-content', content);
    expect(saved.status).toBe(200);
    const stored = (await new Client(t.url).get('/api/homepage-content')).body.pricing.tiers[0].features[0];
    expect(stored).toBe('<span style="color:#16a34a">Green</span> <u class="decorative-underline">line</u> <b>bold</b>');
  });

  it('stores the plain texts without markup: a script or an onerror handler never reaches the page', async () => {
    const content = structuredClone(defaultHomepageContent);
    content.hero.headline = 'Earn more<script>alert(1)</script>';
    content.hero.description = 'Start <img src=x onerror=alert(1)>today & grow';
    content.howItWorks.steps[0].title = '<b onmouseover=alert(1)>Share</b> Your Skills';
    content.testimonials.items[0].achievements[0] = 'Level 2<svg onload=alert(1)></svg>';
    content.footer.links[0].text = 'About<script>alert(1)</script>';
    expect((await admin.put('/api/admin/homepage-content', content)).status).toBe(200);
    const stored = (await new Client(t.url).get('/api/homepage-content')).body;
    expect(stored.hero.headline).toBe('Earn more');
    expect(stored.hero.description).toBe('Start today & grow');
    expect(stored.howItWorks.steps[0].title).toBe('Share Your Skills');
    expect(stored.testimonials.items[0].achievements[0]).toBe('Level 2');
    expect(stored.footer.links[0].text).toBe('About');
    expect(JSON.stringify(stored)).not.toMatch(/<script|onerror|onload|onmouseover/i);
  });

  it('refuses members and visitors, and changes nothing', async () => {
    const before = (await new Client(t.url).get('/api/homepage-content')).body;
    const member = new Client(t.url);
    await member.post('/api/auth/signup', newMember());
    const content = { ...structuredClone(defaultHomepageContent), hero: { ...defaultHomepageContent.hero, headline: 'Hacked' } };
    const asMember = await member.put('/api/admin/homepage-content', content);
    expect(asMember.status).toBe(403);
    const asVisitor = await new Client(t.url).put('/api/admin/homepage-content', content);
    expect(asVisitor.status).toBe(401);
    expect((await new Client(t.url).get('/api/homepage-content')).body).toEqual(before);
  });

  it('refuses content that does not match the schema with a message', async () => {
    const res = await admin.put('/api/admin/homepage-content', { hero: { headline: 'only this' } });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });
});
