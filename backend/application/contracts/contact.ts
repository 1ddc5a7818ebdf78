import { z } from 'zod';
import { text as boundedText } from './text';

/**
 * Contact page content and contact messages (back-office §3, §5, §7). Shared by
 * `GET /api/contact-content`, `PUT /api/admin/contact-content` (body `{ content }`), `POST
 * /api/contact`, `GET /api/admin/contact-messages` and the page. Every content field is plain
 * text (markup is stripped on save).
 */

const text = (max: number) => boundedText({ max });

export const contactContentSchema = z.object({
  title: text(200),
  subtitle: text(1000),
  infoHeading: text(200),
  infoDescription: text(1000),
  emailLabel: text(100),
  /** Where the page tells people to write, and where contact messages are notified: an address, checked. */
  emailValue: boundedText({ max: 254 }).refine((value) => z.email().safeParse(value).success, 'The contact email must be a valid email address'),
  locationLabel: text(100),
  locationValue: text(200),
  hoursLabel: text(100),
  hoursValue: text(200),
  responseHeading: text(200),
  responseDescription: text(1000),
});

export type ContactContent = z.infer<typeof contactContentSchema>;

/** The content as served: checked when it was saved, so plain strings (the compiled serializer sends them as they are). */
export const contactContentResponseSchema = z.object(
  Object.fromEntries(Object.keys(contactContentSchema.shape).map((key) => [key, z.string()])) as Record<keyof ContactContent, z.ZodString>,
);

export const saveContactContentRequestSchema = z.object({ content: contactContentSchema });

/** §3 defaults, served until an admin saves the page. */
export const defaultContactContent: ContactContent = {
  title: 'Get in Touch',
  subtitle: "Have a question, an idea or a problem? Send us a message and we'll get back to you.",
  infoHeading: 'Contact Information',
  infoDescription: 'Reach out through the form or by email. A real person reads every message.',
  emailLabel: 'Email',
  emailValue: 'support@skilly.app',
  locationLabel: 'Location',
  locationValue: 'Available worldwide',
  hoursLabel: 'Business Hours',
  hoursValue: 'Monday - Friday: 9:00 AM - 6:00 PM EST',
  responseHeading: 'Response Time',
  responseDescription: "We reply within 24-48 hours. For urgent matters, mention 'urgent' in the subject.",
};

/** §5: the contact form's rules and their exact messages. */
export const contactMessageRules = {
  name: { min: 2, max: 100, message: 'Name must be at least 2 characters', tooLong: 'Name must be at most 100 characters' },
  email: { max: 254, message: 'Invalid email address' },
  subject: { min: 5, max: 200, message: 'Subject must be at least 5 characters', tooLong: 'Subject must be at most 200 characters' },
  message: { min: 10, max: 5000, message: 'Message must be at least 10 characters', tooLong: 'Message must be at most 5000 characters' },
} as const;

const r = contactMessageRules;
export const contactMessageRequestSchema = z.object({
  name: boundedText({ max: r.name.max, tooLong: r.name.tooLong, required: r.name.message }).trim().min(r.name.min, r.name.message),
  email: boundedText({ max: r.email.max, tooLong: r.email.message, required: r.email.message })
    .trim()
    .pipe(z.email(r.email.message)),
  subject: boundedText({ max: r.subject.max, tooLong: r.subject.tooLong, required: r.subject.message })
    .trim()
    .min(r.subject.min, r.subject.message),
  message: boundedText({ max: r.message.max, tooLong: r.message.tooLong, required: r.message.message })
    .trim()
    .min(r.message.min, r.message.message),
});

export type ContactMessageRequest = z.infer<typeof contactMessageRequestSchema>;

export const contactMessageSentSchema = z.object({ message: z.string() });
export const contactMessageSentText = "Message sent! We'll get back to you as soon as possible.";

export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const CONTACT_MESSAGES_PAGE_SIZE = 20;
export const contactMessagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const contactMessagesResponseSchema = z.object({
  messages: z.array(contactMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ContactMessagesPage = z.infer<typeof contactMessagesResponseSchema>;
