import type { EmailTemplateKey, EmailVariables } from '../email/email-templates';

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A new unique id (a UUID). */
  next(): string;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/**
 * One email the product sends: which template, and the values of its placeholders.
 * `recipientId`: the member it is for, by account id (what the log names outside development);
 * absent when the address is no member's (the contact notification).
 */
export type OutgoingEmail = { [K in EmailTemplateKey]: { to: string; recipientId?: string; template: K; variables: EmailVariables[K] } }[EmailTemplateKey];

/**
 * Queues an email rendered from the template's active wording (an inactive template falls back
 * to the built-in wording: a password reset must always go out). Delivery is the sender's job.
 */
export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}
