import './emails-tab.css';
import { Button, Callout, Card, Classes, FormGroup, InputGroup, NonIdealState, Switch, Tag, TextArea } from '@blueprintjs/core';
import { EMAIL_HTML_MAX, EMAIL_SUBJECT_MAX, type EmailTemplateDto, type OutboxEmailDto } from '@contracts/email-templates';
import { useState } from 'react';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { errorMessage } from '../../../../lib/api-client';
import { useEmailTemplates } from '../api/get-email-templates';
import { useOutboxEmails } from '../api/get-outbox-emails';
import { useUpdateEmailTemplate } from '../api/update-email-template';
import { fillPreview, previewDocument, sampleValues } from './email-preview';

const origin = () => (typeof window === 'undefined' ? 'https://skilly.example' : window.location.origin);

function formatDate(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Tag intent={active ? 'success' : 'none'} minimal={!active} data-testid="template-active">
      {active ? 'Active' : 'Inactive'}
    </Tag>
  );
}

/** The editing view: Subject Line, HTML Body, the Active switch and a live preview with sample values. */
function TemplateEditor({ template, onBack }: { template: EmailTemplateDto; onBack: () => void }) {
  const [subject, setSubject] = useState(template.subject);
  const [htmlBody, setHtmlBody] = useState(template.htmlBody);
  const [active, setActive] = useState(template.isActive === 'true');
  const update = useUpdateEmailTemplate();
  const values = sampleValues(origin());
  const blank = subject.trim() === '' || htmlBody.trim() === '';

  const save = () =>
    update.mutate({ id: template.id, change: { subject: subject.trim(), htmlBody: htmlBody.trim(), isActive: active ? 'true' : 'false' } });

  return (
    <section className="email-editor" aria-labelledby="email-editor-title">
      <div className="email-editor-head">
        <Button icon="arrow-left" text="Back" variant="minimal" onClick={onBack} />
        <h2 id="email-editor-title">{template.name}</h2>
        <ActiveBadge active={active} />
      </div>
      <div className="email-editor-columns">
        <form
          className="email-editor-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!blank && !update.isPending) save();
          }}
        >
          <FormGroup label="Subject Line" labelFor="email-subject">
            <InputGroup id="email-subject" value={subject} maxLength={EMAIL_SUBJECT_MAX} onValueChange={setSubject} fill />
          </FormGroup>
          <FormGroup
            label="HTML Body"
            labelFor="email-html"
            helperText={`Placeholders: ${template.placeholders.map((name) => `{{${name}}}`).join(', ')}. Scripts and event handlers are removed when saved.`}
          >
            <TextArea id="email-html" className="email-html" value={htmlBody} maxLength={EMAIL_HTML_MAX} onChange={(event) => setHtmlBody(event.target.value)} fill rows={16} />
          </FormGroup>
          <Switch
            checked={active}
            label="Active"
            onChange={(event) => setActive(event.currentTarget.checked)}
          />
          {!active ? <p className="muted email-inactive-note">While inactive, this email goes out in Skilly’s built-in wording.</p> : null}
          <div className="email-editor-actions">
            <Button text="Back" onClick={onBack} />
            <Button type="submit" intent="primary" text={update.isPending ? 'Saving...' : 'Save Changes'} disabled={blank || update.isPending} />
          </div>
        </form>
        <div className="email-preview">
          <h3>Preview</h3>
          <p className="email-preview-subject" data-testid="preview-subject">
            {fillPreview(subject, values, false)}
          </p>
          <iframe title="Email preview" sandbox="" srcDoc={previewDocument(htmlBody, values)} className="email-preview-frame" />
        </div>
      </div>
    </section>
  );
}

const statusIntent = { queued: 'none', sending: 'primary', sent: 'success', failed: 'danger' } as const;

function DeliveryLog() {
  const emails = useOutboxEmails();
  let body;
  if (emails.isPending) {
    body = <div className={`${Classes.SKELETON} email-log-skeleton`} data-testid="email-log-loading" />;
  } else if (emails.isError) {
    body = <LoadFailure title="Failed to load emails" description={errorMessage(emails.error, 'Failed to load emails')} query={emails} primary={false} />;
  } else {
    body = (
      <>
        {emails.data.delivery === 'outbox-only' ? (
          <Callout intent="warning" compact>
            No SMTP server is configured (SMTP_URL): emails stay queued in the outbox and are only logged.
          </Callout>
        ) : null}
        {emails.data.emails.length === 0 ? (
          <NonIdealState icon="envelope" title="No emails sent yet" />
        ) : (
          <ul className="email-log" aria-label="Recent emails">
            {emails.data.emails.map((email) => (
              <LogEntry key={email.id} email={email} />
            ))}
          </ul>
        )}
      </>
    );
  }
  return (
    <section className="email-log-section" aria-labelledby="email-log-title">
      <h2 id="email-log-title">Delivery log</h2>
      {body}
    </section>
  );
}

function LogEntry({ email }: { email: OutboxEmailDto }) {
  return (
    <li className="email-log-entry" data-testid="email-log-entry">
      <div className="email-log-top">
        <Tag intent={statusIntent[email.status]} data-testid="email-status">
          {email.status}
        </Tag>
        <strong className="email-log-subject">{email.subject}</strong>
      </div>
      <div className="muted email-log-meta">
        <span>{email.recipient}</span>
        <span>Queued {formatDate(email.createdAt)}</span>
        {email.sentAt ? <span>Sent {formatDate(email.sentAt)}</span> : null}
        {email.attempts > 0 ? <span>{email.attempts === 1 ? '1 attempt' : `${email.attempts} attempts`}</span> : null}
        {email.status === 'queued' && email.attempts > 0 && email.nextAttemptAt ? <span>Next try {formatDate(email.nextAttemptAt)}</span> : null}
      </div>
      {email.lastError ? <p className="email-log-error">{email.lastError}</p> : null}
    </li>
  );
}

/**
 * The admin Emails tab (back-office §2, §3 Email template): a grid of templates (name, subject,
 * Active/Inactive); a template opens the editing view; below, the outbox's delivery log.
 */
export function EmailsTab() {
  const templates = useEmailTemplates();
  const [editing, setEditing] = useState<string | null>(null);
  const selected = editing ? templates.data?.find((template) => template.id === editing) : undefined;
  if (selected) return <TemplateEditor key={selected.id} template={selected} onBack={() => setEditing(null)} />;

  let grid;
  if (templates.isPending) {
    grid = (
      <div className="email-grid" data-testid="email-templates-loading">
        {[0, 1, 2].map((n) => (
          <div key={n} className={`${Classes.SKELETON} email-card-skeleton`} />
        ))}
      </div>
    );
  } else if (templates.isError) {
    grid = (
      <LoadFailure title="Failed to load email templates" description={errorMessage(templates.error, 'Failed to load email templates')} query={templates} />
    );
  } else if (templates.data.length === 0) {
    grid = <NonIdealState icon="envelope" title="No email templates found" />;
  } else {
    grid = (
      <ul className="email-grid" aria-label="Email templates">
        {templates.data.map((template) => (
          <li key={template.id}>
            <Card className="email-card" elevation={1} interactive onClick={() => setEditing(template.id)} data-testid="email-template-card">
              <div className="email-card-top">
                <strong>{template.name}</strong>
                <ActiveBadge active={template.isActive === 'true'} />
              </div>
              <p className="muted email-card-subject">{template.subject}</p>
              <Button icon="edit" text="Edit" variant="minimal" aria-label={`Edit ${template.name}`} onClick={(event) => { event.stopPropagation(); setEditing(template.id); }} />
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="emails-tab">
      <section aria-labelledby="email-templates-title">
        <h2 id="email-templates-title">Email Templates</h2>
        {grid}
      </section>
      <DeliveryLog />
    </div>
  );
}

export default EmailsTab;
