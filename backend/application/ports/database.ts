import type { AiSettingsTables } from '../ai/ai-settings-tables';
import type { TrialTables } from '../ideas/trial-tables';
import type { TrialResultTables } from '../ideas/trial-result-tables';
import type { IdeaSetSaveTables } from '../ideas/idea-set-save-tables';
import type { PlatformTables } from '../identity/platform-tables';
import type { ContentTables } from '../content/content-tables';
import type { SupportTicketOpenTables } from '../support/ticket-open-tables';
import type { SupportMessagePostTables } from '../support/message-post-tables';
import type { BillingInboxTables } from '../billing/billing-inbox-tables';
import type { PlatformLinkTables } from '../content/platform-link-tables';
import type { FaqTables } from '../content/faq-tables';
import type { BlogTables } from '../blog/blog-tables';
import type { ContactTables } from '../contact/contact-tables';
import type { EmailTemplateTables } from '../email/email-tables';
import type { PictureUploadTables } from '../pictures/picture-upload-tables';

/**
 * Every table the application and the projections query (the event store's own tables are
 * the adapter's business). Infrastructure opens a `Kysely<Database>`; this type lives here so
 * that inner layers never import from `infrastructure/`. The application's plain tables are
 * listed here; each read model adds its tables in its own `read-model.ts` (declaration
 * merging), so the application never imports projections.
 *
 * Each table type lives in a types-only file beside the module that queries it (`*-tables.ts`,
 * importing nothing that imports `Database`), so this file is tied into no import circle
 * (`tests/architecture/import-circles.unit.spec.ts`).
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
