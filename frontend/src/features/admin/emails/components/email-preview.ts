import { escapeHtml, fillPlaceholders } from '@contracts/email-templates';

/** The values the preview fills in (the real email gets the member's). */
export function sampleValues(origin: string): Record<string, string> {
  return {
    firstName: 'Alex',
    appUrl: origin,
    resetLink: `${origin}/reset-password?token=sample-token`,
    confirmLink: `${origin}/confirm-email?token=sample-token`,
    restoreLink: `${origin}/restore-email?token=sample-token`,
    ticketSubject: 'Where is my invoice?',
    ticketLink: `${origin}/support`,
    dashboardLink: `${origin}/dashboard`,
    upgradeLink: `${origin}/upsell`,
    adminLink: `${origin}/dashboard?tab=support`,
  };
}

/** Fills `{{name}}` as the server does (values HTML-escaped in the body); an unknown one stays as written. */
export function fillPreview(text: string, values: Record<string, string>, html: boolean): string {
  return fillPlaceholders(text, values, html ? escapeHtml : undefined);
}

/** The preview's document: the body filled, in a page like the email's. Shown in a sandboxed iframe (no scripts run). */
export function previewDocument(htmlBody: string, values: Record<string, string>): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><base target="_blank"></head><body style="margin:0;background:#f6f7f9;">${fillPreview(htmlBody, values, true)}</body></html>`;
}
