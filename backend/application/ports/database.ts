import type { AiSettingsTables } from '../ai/ai-config-store';
import type { TrialTables } from '../ideas/trial-allowance';
import type { TrialResultTables } from '../ideas/trial-results';
import type { IdeaSetSaveTables } from '../ideas/idea-set-saves';
import type { PlatformTables } from '../identity/platform-tables';
import type { ContentTables } from '../content/content-tables';
import type { SupportTicketOpenTables } from '../support/ticket-opens';
import type { SupportMessagePostTables } from '../support/message-posts';
import type { BillingInboxTables } from '../billing/billing-inbox';
import type { PlatformLinkTables } from '../content/platform-links';
import type { FaqTables } from '../content/faqs';
import type { BlogTables } from '../blog/blog-posts';
import type { ContactTables } from '../contact/contact-messages';
import type { EmailTemplateTables } from '../email/email-tables';
import type { PictureUploadTables } from '../pictures/picture-uploads';

/**
 * Every table the application and the projections query (the event store's own tables are
 * the adapter's business). Infrastructure opens a `Kysely<Database>`; this type lives here so
 * that inner layers never import from `infrastructure/`. The application's plain tables are
 * listed here; the read models' tables are added by `projections/registry.ts` (declaration
 * merging), so the application never imports projections.
 */
export interface Database
  extends PlatformTables,
    ContentTables,
    AiSettingsTables,
    TrialTables,
    TrialResultTables,
    IdeaSetSaveTables,
    SupportTicketOpenTables,
    SupportMessagePostTables,
    BillingInboxTables,
    PlatformLinkTables,
    FaqTables,
    BlogTables,
    ContactTables,
    EmailTemplateTables,
    PictureUploadTables {}
