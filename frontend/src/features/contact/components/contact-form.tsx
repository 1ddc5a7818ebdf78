import type { ContactMessageRequest } from '@contracts/contact';
import { formPostPaths } from '@contracts/form-posts';
import { type ReactNode, useState } from 'react';
import { PlainButton, PlainCallout, PlainLargeIcon } from '../../../components/plain/plain-ui';
import { toast, toastError } from '../../../lib/toaster';

type Field = keyof ContactMessageRequest;
const empty: ContactMessageRequest = { name: '', email: '', subject: '', message: '' };

/** POST /api/contact {name, email, subject, message}; its code loads with the first send. */
async function sendContactMessage(message: ContactMessageRequest): Promise<void> {
  const { apiRequest } = await import('../../../lib/api-client');
  await apiRequest<unknown>('/api/contact', { method: 'POST', body: message });
}

/** Blueprint's FormGroup look on a plain label and control, with the field's message under it. */
function FormGroup({ label, name, error, children }: { label: string; name: Field; error?: string; children: ReactNode }) {
  return (
    <div className={`bp6-form-group${error ? ' bp6-intent-danger' : ''}`}>
      <label className="bp6-label" htmlFor={`contact-${name}`}>
        {label}
      </label>
      <div className="bp6-form-content">
        {children}
        {error ? (
          <div className="bp6-form-helper-text">
            <span id={`contact-${name}-error`}>{error}</span>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The contact form (§2, §5). It posts (method="post" to the form-post route), so it works before any
 * script runs; once hydrated (in the app, or as a visitor's island: contact-form-island.tsx) it
 * checks the §5 rules itself, shows each field's message and sends the JSON call. Plain elements
 * with Blueprint's classes, so a visitor's page needs no Blueprint.
 */
export function ContactForm({ onSent, failedBefore }: { onSent: () => void; failedBefore: boolean }) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { contactMessageRequestSchema } = await import('@contracts/contact');
    const parsed = contactMessageRequestSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await sendContactMessage(parsed.data);
      toast({ title: 'Message sent!', description: "We'll get back to you as soon as possible.", intent: 'success' });
      setValues(empty);
      onSent();
    } catch {
      toastError('Error', 'Failed to send message. Please try again.');
    } finally {
      setSending(false);
    }
  };

  const field = (name: Field) => ({
    id: `contact-${name}`,
    name,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      // Read now: the update may run after React has put the field back to the value it last rendered.
      const value = event.target.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
  });
  const inputGroup = (name: Field, input: ReactNode) => <div className={`bp6-input-group${errors[name] ? ' bp6-intent-danger' : ''}`}>{input}</div>;

  return (
    <form method="post" action={formPostPaths.contact} onSubmit={(e) => void onSubmit(e)} noValidate className="contact-form" aria-label="Contact form">
      {failedBefore ? (
        <PlainCallout intent="danger" className="bp6-compact">
          Failed to send message. Please try again.
        </PlainCallout>
      ) : null}
      <FormGroup label="Name" name="name" error={errors.name}>
        {inputGroup('name', <input {...field('name')} className="bp6-input" placeholder="Your full name" autoComplete="name" />)}
      </FormGroup>
      <FormGroup label="Email" name="email" error={errors.email}>
        {inputGroup('email', <input {...field('email')} className="bp6-input" type="email" placeholder="you@example.com" autoComplete="email" />)}
      </FormGroup>
      <FormGroup label="Subject" name="subject" error={errors.subject}>
        {inputGroup('subject', <input {...field('subject')} className="bp6-input" placeholder="What is this about?" />)}
      </FormGroup>
      <FormGroup label="Message" name="message" error={errors.message}>
        <textarea {...field('message')} className={`bp6-input bp6-fill${errors.message ? ' bp6-intent-danger' : ''}`} placeholder="Tell us how we can help you..." rows={6} />
      </FormGroup>
      <PlainButton type="submit" intent="primary" large fill icon="send-message" loading={sending}>
        Send Message
      </PlainButton>
    </form>
  );
}

/**
 * The form column of /contact: the form, or "Message Sent!" once sent (also when the page is
 * loaded with `?sent=1` after the form posted without scripts). `clearNotice` drops the address's
 * `sent`/`failed` when the visitor starts again.
 */
export function ContactFormSection({ sentBefore, failedBefore, clearNotice }: { sentBefore: boolean; failedBefore: boolean; clearNotice: () => void }) {
  const [sent, setSent] = useState(sentBefore);
  if (!sent) return <ContactForm onSent={() => setSent(true)} failedBefore={failedBefore} />;
  return (
    <div className="bp6-non-ideal-state bp6-non-ideal-state-vertical">
      <div className="bp6-non-ideal-state-visual" style={{ fontSize: '48px', lineHeight: '48px' }}>
        <PlainLargeIcon icon="tick-circle" size={48} muted />
      </div>
      <div className="bp6-non-ideal-state-text">
        <h4 className="bp6-heading">Message Sent!</h4>
        <div>Thank you for contacting us. We'll get back to you soon.</div>
      </div>
      <PlainButton
        intent="primary"
        onClick={() => {
          setSent(false);
          clearNotice();
        }}
      >
        Send Another Message
      </PlainButton>
    </div>
  );
}
