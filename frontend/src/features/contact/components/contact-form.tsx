import { Button, Callout, FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { contactMessageRequestSchema, type ContactMessageRequest } from '@contracts/contact';
import { formPostPaths } from '@contracts/form-posts';
import { useState } from 'react';
import { toast, toastError } from '../../../lib/toaster';
import { useSendContactMessage } from '../api/contact';

type Field = keyof ContactMessageRequest;
const empty: ContactMessageRequest = { name: '', email: '', subject: '', message: '' };

/**
 * The contact form (§2, §5). It posts (method="post" to the form-post route), so it works before the
 * app's scripts run; once they do, it sends the JSON call itself, checks the §5 rules first and
 * shows each field's message.
 */
export function ContactForm({ onSent, failedBefore }: { onSent: () => void; failedBefore: boolean }) {
  const send = useSendContactMessage();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = contactMessageRequestSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync(parsed.data);
      toast({ title: 'Message sent!', description: "We'll get back to you as soon as possible.", intent: Intent.SUCCESS });
      setValues(empty);
      onSent();
    } catch {
      toastError('Error', 'Failed to send message. Please try again.');
    }
  };

  const field = (name: Field) => ({
    id: `contact-${name}`,
    name,
    value: values[name],
    intent: errors[name] ? Intent.DANGER : Intent.NONE,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });
  const helper = (name: Field) => (errors[name] ? <span id={`contact-${name}-error`}>{errors[name]}</span> : undefined);

  return (
    <form method="post" action={formPostPaths.contact} onSubmit={(e) => void onSubmit(e)} noValidate className="contact-form" aria-label="Contact form">
      {failedBefore ? (
        <Callout intent="danger" compact>
          Failed to send message. Please try again.
        </Callout>
      ) : null}
      <FormGroup label="Name" labelFor="contact-name" helperText={helper('name')} intent={errors.name ? Intent.DANGER : Intent.NONE}>
        <InputGroup {...field('name')} placeholder="Your full name" autoComplete="name" />
      </FormGroup>
      <FormGroup label="Email" labelFor="contact-email" helperText={helper('email')} intent={errors.email ? Intent.DANGER : Intent.NONE}>
        <InputGroup {...field('email')} type="email" placeholder="you@example.com" autoComplete="email" />
      </FormGroup>
      <FormGroup label="Subject" labelFor="contact-subject" helperText={helper('subject')} intent={errors.subject ? Intent.DANGER : Intent.NONE}>
        <InputGroup {...field('subject')} placeholder="What is this about?" />
      </FormGroup>
      <FormGroup label="Message" labelFor="contact-message" helperText={helper('message')} intent={errors.message ? Intent.DANGER : Intent.NONE}>
        <TextArea {...field('message')} placeholder="Tell us how we can help you..." rows={6} fill />
      </FormGroup>
      <Button type="submit" intent="primary" size="large" icon="send-message" loading={send.isPending} text="Send Message" fill />
    </form>
  );
}
