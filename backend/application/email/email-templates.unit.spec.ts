import { describe, expect, it } from 'vitest';
import { defaultEmailTemplates, emailPlaceholders, emailTemplateKeys, htmlToText, renderEmail, sanitizeEmailHtml, withoutVisitorText } from './email-templates';

describe('rendering an email template', () => {
  it('HTML-escapes every value in the body, keeps the subject plain text on one line', () => {
    const rendered = renderEmail(
      { subject: 'Hello {{firstName}}', htmlBody: '<p>Hi {{firstName}}, <a href="{{link}}">open</a></p>' },
      { firstName: '<b>Ada</b> & "Co"\nBcc: x', link: 'https://skilly.example/a?b=1&c="2"' },
    );
    expect(rendered.subject).toBe('Hello <b>Ada</b> & "Co" Bcc: x');
    expect(rendered.html).toContain('<p>Hi &lt;b&gt;Ada&lt;/b&gt; &amp; &quot;Co&quot;\nBcc: x, <a href="https://skilly.example/a?b=1&amp;c=&quot;2&quot;">open</a></p>');
    expect(rendered.html).toMatch(/^<!doctype html><html lang="en">/);
    expect(rendered.html).toContain('<title>Hello &lt;b&gt;Ada&lt;/b&gt; &amp; &quot;Co&quot; Bcc: x</title>');
  });

  it('gives a text alternative with each link written out', () => {
    const rendered = renderEmail({ subject: 's', htmlBody: '<p>Hello {{firstName}},</p><p><a href="{{resetLink}}">Reset</a></p>' }, { firstName: 'Ada & Bo', resetLink: 'https://x.example/r?t=1' });
    expect(rendered.text).toBe('Hello Ada & Bo,\n\nReset: https://x.example/r?t=1');
    expect(htmlToText('<p><a href="https://a.example">https://a.example</a></p>')).toBe('https://a.example');
  });

  it('leaves a placeholder the email does not offer as written', () => {
    expect(renderEmail({ subject: '{{nope}}', htmlBody: '<p>{{nope}}</p>' }, {}).subject).toBe('{{nope}}');
  });

  it('uses in each built-in template only the placeholders its email offers', () => {
    for (const key of emailTemplateKeys) {
      const used = [...`${defaultEmailTemplates[key].subject}${defaultEmailTemplates[key].htmlBody}`.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
      expect(used.filter((name) => !emailPlaceholders[key].includes(name)), key).toEqual([]);
    }
  });
});

describe('sanitising an admin’s HTML', () => {
  it('removes scripts, handlers and javascript: links, and keeps inline-styled layout and placeholders', () => {
    const clean = sanitizeEmailHtml(
      '<table role="presentation" width="100%"><tr><td style="padding:8px" onclick="steal()">Hi {{firstName}}</td></tr></table>' +
        '<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a><a href="{{resetLink}}" style="color:#2d72d2">ok</a><iframe src="https://evil.example"></iframe>',
    );
    expect(clean).toContain('<td style="padding:8px">Hi {{firstName}}</td>');
    expect(clean).toContain('<a href="{{resetLink}}" style="color:#2d72d2">ok</a>');
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
  });

  it('keeps every built-in template as it is', () => {
    for (const key of emailTemplateKeys) expect(sanitizeEmailHtml(defaultEmailTemplates[key].htmlBody), key).toBe(defaultEmailTemplates[key].htmlBody);
  });
});

describe('mail to an address nobody has confirmed (issue 48)', () => {
  it('replaces every typed value (names, ticket subjects) by a neutral word, whatever the wording asks for', () => {
    const variables = { firstName: 'WIN $1000 at https://evil.example/claim', ticketSubject: 'Click https://evil.example', ticketLink: 'https://skilly.example/support', appUrl: 'https://skilly.example' };
    const rendered = renderEmail({ subject: '{{firstName}}: {{ticketSubject}} {{lastName}}', htmlBody: '<p>Hi {{firstName}} {{lastName}}, {{ticketSubject}} <a href="{{ticketLink}}">open</a></p>' }, withoutVisitorText(variables));
    expect(`${rendered.subject} ${rendered.html} ${rendered.text}`).not.toMatch(/evil|WIN/);
    expect(rendered.subject).toBe('there: your support request');
    expect(rendered.html).toContain('https://skilly.example/support');
  });

  it('gives the welcome email no placeholder a visitor types', () => {
    expect(emailPlaceholders.welcome).toEqual(['confirmLink', 'appUrl']);
    expect(`${defaultEmailTemplates.welcome.subject}${defaultEmailTemplates.welcome.htmlBody}`).not.toContain('{{firstName}}');
  });
});
