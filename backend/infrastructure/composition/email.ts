import { createEmailTemplatesService } from '../../application/email/email-templates-service';
import { createEmailSender, smtpTransport } from '../email/email-sender';
import type { Platform } from './platform';
import { defineSlice } from '../slices/slice';
import { callers } from '../slices/callers';

/**
 * Email (issue 33): the admin's templates and delivery log, and the SMTP sender that drains the
 * outbox when SMTP_URL is set (its timer started where the projections run, stopped in close()).
 */
export function emailContext(platform: Platform) {
  const { database, clock, config, logger } = platform;
  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.EMAIL_FROM) : null;
  return {
    emailTemplates: createEmailTemplatesService({ db: database.db, clock, smtpDelivery: transport !== null }),
    emailSender: createEmailSender({ db: database.db, clock, transport, log: logger.child({ component: 'email' }) }),
  };
}

/** Email's slice: templates, the delivery log and the SMTP sender. */
export const emailSlice = defineSlice({
  name: 'email',
  context: (platform) => emailContext(platform),
  tablesWithoutPersonalData: { email_templates: 'the wording of the product’s emails; its last editor by account id only' },
  background: ({ emailSender }) => [emailSender],
  // Who may call each of its operations (the role matrix: tests/reliability/role-matrix.int.spec.ts).
  callers: {
    listEmailTemplates: callers.admins,
    updateEmailTemplate: callers.admins,
    listOutboxEmails: callers.admins,
  },
});
