import sanitizeHtml from 'sanitize-html';
import { escapeHtml, fillPlaceholders } from '../contracts/email-templates';

/**
 * The emails the product sends, each with the placeholders its template may use. The key is the
 * template's stable id (the `email_templates` row and the Mailer's `template`).
 */
export interface EmailVariables {
  /**
   * Sent at sign-up, to an address nobody has confirmed yet: it carries nothing the visitor typed
   * (issue 48), only the link that confirms the address.
   */
  welcome: { confirmLink: string; appUrl: string };
  'password-reset': { firstName: string; resetLink: string; appUrl: string };
  /** "Forgot password" for an account that signs in with Google and has no password: how to sign in, and a link to set one (issue 52). */
  'google-sign-in-help': { firstName: string; resetLink: string; appUrl: string };
  'ticket-reply': { firstName: string; ticketSubject: string; ticketLink: string; appUrl: string };
  'subscription-started': { firstName: string; dashboardLink: string; appUrl: string };
  'subscription-ended': { firstName: string; upgradeLink: string; appUrl: string };
  /**
   * To the team: a message arrived through the contact page. It carries no word of the message
   * (the sender's name, address and text live in one place, `contact_messages`, which erasure empties).
   */
  'contact-message': { adminLink: string; appUrl: string };
  /** To the account's previous address after an email change: the link puts it back and ends every session (7 days). */
  'email-changed': { restoreLink: string; appUrl: string };
  /** To the account's new address after an email change: until it is confirmed, no email to it carries typed text. */
  'email-confirmation': { confirmLink: string; appUrl: string };
}

export type EmailTemplateKey = keyof EmailVariables;

export interface EmailTemplateContent {
  name: string;
  subject: string;
  htmlBody: string;
}


const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:#2d72d2;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${label}</a></p>`;

const layout = (heading: string, inner: string) =>
  `<div style="max-width:560px;margin:0 auto;padding:32px 24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1c2127;background:#ffffff">` +
  `<h1 style="font-size:22px;margin:0 0 16px;color:#1c2127">${heading}</h1>` +
  inner +
  `<p style="margin:32px 0 0;font-size:13px;color:#5f6b7c">The Skilly team · <a href="{{appUrl}}" style="color:#2d72d2">{{appUrl}}</a></p>` +
  `</div>`;

/** The built-in wording: the seed of each row, and what an inactive template falls back to. */
export const defaultEmailTemplates: Record<EmailTemplateKey, EmailTemplateContent> = {
  welcome: {
    name: 'Welcome',
    subject: 'Welcome to Skilly: please confirm your email address',
    htmlBody: layout(
      'Welcome to Skilly',
      `<p style="margin:0 0 12px">Hello,</p>` +
        `<p style="margin:0 0 12px">A Skilly account was just opened with this email address. If it was you, please confirm the address by opening this link within 7 days:</p>` +
        button('{{confirmLink}}', 'Confirm my email address') +
        `<p style="margin:0 0 12px;word-break:break-all">{{confirmLink}}</p>` +
        `<p style="margin:0 0 12px">Tell Skilly what you are good at and it suggests ways to earn from it, then turns the one you pick into a week-by-week plan.</p>` +
        `<p style="margin:0 0 12px">If you did not sign up, ignore this email.</p>`,
    ),
  },
  'password-reset': {
    name: 'Password reset',
    subject: 'Reset your Skilly password',
    htmlBody: layout(
      'Reset your password',
      `<p style="margin:0 0 12px">Hello {{firstName}},</p>` +
        `<p style="margin:0 0 12px">Someone asked to reset the password of your Skilly account. To choose a new password, open this link within one hour:</p>` +
        button('{{resetLink}}', 'Choose a new password') +
        `<p style="margin:0 0 12px;word-break:break-all">{{resetLink}}</p>` +
        `<p style="margin:0 0 12px">If it was not you, ignore this email: your password stays as it is.</p>`,
    ),
  },
  'google-sign-in-help': {
    name: 'Sign-in help for a Google account',
    subject: 'How to sign in to Skilly',
    htmlBody: layout(
      'Your account signs in with Google',
      `<p style="margin:0 0 12px">Hello {{firstName}},</p>` +
        `<p style="margin:0 0 12px">Someone asked to reset the password of your Skilly account. Your account has no password: it signs in with Google. On the sign-in page, choose <strong>Continue with Google</strong> and pick the Google account with this email address.</p>` +
        `<p style="margin:0 0 12px">If you would like to sign in with your email and a password as well, you can set one with this link within one hour:</p>` +
        button('{{resetLink}}', 'Set a password') +
        `<p style="margin:0 0 12px;word-break:break-all">{{resetLink}}</p>` +
        `<p style="margin:0 0 12px">If it was not you, ignore this email: nothing changes.</p>`,
    ),
  },
  'ticket-reply': {
    name: 'Ticket reply',
    subject: 'New reply to your support ticket: {{ticketSubject}}',
    htmlBody: layout(
      'Our support team replied',
      `<p style="margin:0 0 12px">Hello {{firstName}},</p>` +
        `<p style="margin:0 0 12px">Our support team has replied to your ticket “{{ticketSubject}}”.</p>` +
        button('{{ticketLink}}', 'Read the reply') +
        `<p style="margin:0 0 12px">Read the reply and answer it here: {{ticketLink}}</p>`,
    ),
  },
  'subscription-started': {
    name: 'Subscription started',
    subject: 'Welcome to Skilly Pro',
    htmlBody: layout(
      'You are now Pro',
      `<p style="margin:0 0 12px">Hello {{firstName}},</p>` +
        `<p style="margin:0 0 12px">Thank you for subscribing. Your Pro allowances are available now: more idea sets, plans, milestones and help every month.</p>` +
        button('{{dashboardLink}}', 'Go to my dashboard'),
    ),
  },
  'subscription-ended': {
    name: 'Subscription ended',
    subject: 'Your Skilly Pro subscription has ended',
    htmlBody: layout(
      'Your Pro subscription has ended',
      `<p style="margin:0 0 12px">Hello {{firstName}},</p>` +
        `<p style="margin:0 0 12px">Your Pro subscription has ended and your account is on the free plan again. Your ideas and plans are all still here.</p>` +
        button('{{upgradeLink}}', 'Subscribe again'),
    ),
  },
  'contact-message': {
    name: 'Contact message (to the team)',
    subject: 'New message through the Skilly contact page',
    htmlBody: layout(
      'New message from the contact page',
      `<p style="margin:0 0 12px">Someone wrote to the team through the contact page.</p>` +
        `<p style="margin:0 0 12px">Read it, with the sender's address to reply to, in the admin dashboard:</p>` +
        button('{{adminLink}}', 'Open the Support tab'),
    ),
  },
  'email-changed': {
    name: 'Email address changed (to the previous address)',
    subject: 'The email address of your Skilly account was changed',
    htmlBody: layout(
      'Your email address was changed',
      `<p style="margin:0 0 12px">Hello,</p>` +
        `<p style="margin:0 0 12px">The Skilly account that used this email address now uses another one. If you made this change, there is nothing to do.</p>` +
        `<p style="margin:0 0 12px">If it was not you, open this link within 7 days: it puts this address back on the account and signs everyone out of it. Then choose a new password with “Forgot password”.</p>` +
        button('{{restoreLink}}', 'Put my email address back') +
        `<p style="margin:0 0 12px;word-break:break-all">{{restoreLink}}</p>`,
    ),
  },
  'email-confirmation': {
    name: 'Email address confirmation (new address)',
    subject: 'Please confirm your new Skilly email address',
    htmlBody: layout(
      'Confirm your email address',
      `<p style="margin:0 0 12px">Hello,</p>` +
        `<p style="margin:0 0 12px">A Skilly account now uses this email address. If it was you, please confirm the address by opening this link within 7 days:</p>` +
        button('{{confirmLink}}', 'Confirm my email address') +
        `<p style="margin:0 0 12px;word-break:break-all">{{confirmLink}}</p>` +
        `<p style="margin:0 0 12px">If it was not you, ignore this email.</p>`,
    ),
  },
};

export const emailTemplateKeys = Object.keys(defaultEmailTemplates) as EmailTemplateKey[];

/** The placeholders each template offers (shown to the admin, and the preview's sample values). */
export const emailPlaceholders: Record<EmailTemplateKey, readonly string[]> = {
  welcome: ['confirmLink', 'appUrl'],
  'password-reset': ['firstName', 'resetLink', 'appUrl'],
  'google-sign-in-help': ['firstName', 'resetLink', 'appUrl'],
  'ticket-reply': ['firstName', 'ticketSubject', 'ticketLink', 'appUrl'],
  'subscription-started': ['firstName', 'dashboardLink', 'appUrl'],
  'subscription-ended': ['firstName', 'upgradeLink', 'appUrl'],
  'contact-message': ['adminLink', 'appUrl'],
  'email-changed': ['restoreLink', 'appUrl'],
  'email-confirmation': ['confirmLink', 'appUrl'],
};

/**
 * Placeholders whose values someone typed (a name, a ticket's subject), with the neutral words
 * that replace them in mail to an address nobody has confirmed (issue 48): the product never
 * carries a stranger's words to an inbox. Enforced when the email is queued, whatever wording an
 * admin gave the template; a template without the placeholder gets the neutral word too.
 */
export const visitorTypedPlaceholders: Readonly<Record<string, string>> = {
  firstName: 'there',
  lastName: '',
  ticketSubject: 'your support request',
};

/** `variables` as mail to an unconfirmed address may carry them: every typed value replaced by its neutral word. */
export function withoutVisitorText(variables: Record<string, string>): Record<string, string> {
  return { ...variables, ...visitorTypedPlaceholders };
}

const allowedTags = [
  ...sanitizeHtml.defaults.allowedTags,
  'img', 'center', 'font', 'span', 'div', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
];
const layoutAttributes = ['style', 'class', 'align', 'valign', 'width', 'height', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'role', 'dir', 'lang', 'title'];

/**
 * What an admin's HTML may keep: layout, inline styles, links and images; scripts, styles
 * blocks, frames, forms and every `on…` handler are removed, and links only to http(s), mailto
 * or a placeholder.
 */
const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: {
    '*': layoutAttributes,
    a: [...layoutAttributes, 'href', 'target', 'rel', 'name'],
    img: [...layoutAttributes, 'src', 'alt'],
    td: [...layoutAttributes, 'colspan', 'rowspan'],
    th: [...layoutAttributes, 'colspan', 'rowspan', 'scope'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, sanitizeOptions);
}

export { escapeHtml };

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', middot: '·', ldquo: '“', rdquo: '”', lsquo: '‘', rsquo: '’', mdash: '—', ndash: '–' };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return named[entity.toLowerCase()] ?? whole;
  });
}

/** The plain-text alternative of an email's HTML: paragraphs as lines, a link as "label: address". */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
      const shown = label.replace(/<[^>]*>/g, '').trim();
      return !shown || shown === href ? href : `${shown}: ${href}`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|tr|li|table)>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Fills a template: in the HTML every value is HTML-escaped (a name like `<b>` shows as typed);
 * in the subject (plain text) line breaks are removed. A placeholder the email does not offer
 * stays as written, so a typo is visible in the preview.
 */
export function renderEmail(template: Pick<EmailTemplateContent, 'subject' | 'htmlBody'>, variables: Record<string, string>): RenderedEmail {
  const subject = fillPlaceholders(template.subject, variables).replace(/[\r\n]+/g, ' ').trim();
  const body = fillPlaceholders(template.htmlBody, variables, escapeHtml);
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:0;background:#f6f7f9;">${body}</body></html>`;
  return { subject, html, text: htmlToText(body) };
}
