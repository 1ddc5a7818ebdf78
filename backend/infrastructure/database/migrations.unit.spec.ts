import { describe, expect, it } from 'vitest';
import { migrationsOf } from './migrations';
import { product } from '../slices/product-slices';

const migrations = migrationsOf(product.readModels);

/**
 * Names databases have already recorded, in the order they ran: never renamed, never reordered.
 * Every migration of the product is here, so the last line is the last number taken: a new
 * migration takes the next one and is appended here in the same change (the second test fails
 * until it is).
 */
const landed = [
  '2026_11_22_0001_event_store',
  '2026_11_22_0002_projection_checkpoints',
  '2026_11_22_0003_users_read_model',
  '2026_11_22_0004_sessions_and_security',
  '2026_11_22_0005_site_content',
  '2026_11_22_0006_ai_settings',
  '2026_11_22_0007_credit_accounts_read_model',
  '2026_11_22_0008_credit_statement_read_model',
  '2026_11_22_0009_idea_sets_read_model',
  '2026_11_22_0010_trial_generations',
  '2026_11_23_0011_auth_attempts',
  '2026_11_23_0012_event_store_append_function',
  '2026_11_23_0013_event_store_append_plans',
  '2026_11_23_0014_trial_results',
  '2026_11_23_0015_idea_set_saves',
  '2026_11_23_0016_idempotency_keys',
  '2026_11_23_0017_pending_spends',
  '2026_11_23_0018_plans_read_model',
  '2026_11_23_0019_users_active_plans',
  '2026_11_23_0020_pending_spends_plan',
  '2026_11_23_0021_event_store_append_index_plans',
  '2026_11_24_0022_trial_results_visitor',
  '2026_11_24_0023_session_password_fingerprint',
  '2026_11_24_0024_support_ticket_opens',
  '2026_11_24_0025_support_read_model',
  '2026_11_25_0026_billing_read_model',
  '2026_11_25_0027_billing_role_checks',
  '2026_11_25_0028_billing_inbox',
  '2026_11_25_0029_simulated_payments',
  '2026_11_25_0030_erasure_read_model',
  '2026_11_25_0031_admin_stats_read_model',
  '2026_11_25_0032_admin_users_indexes',
  '2026_11_25_0033_ai_config_versions',
  '2026_11_25_0034_idea_sets_config_version',
  '2026_11_25_0035_platform_links',
  '2026_11_25_0036_faqs',
  '2026_11_25_0037_blog_posts',
  '2026_11_25_0038_email_templates',
  '2026_11_25_0039_email_outbox_delivery',
  '2026_11_25_0040_contact_messages',
  '2026_11_25_0041_contact_sends',
  '2026_11_25_0042_event_store_append_fewer_statements',
  '2026_11_28_0043_starter_faqs_and_platforms',
  '2026_11_28_0044_support_member_messages',
  '2026_11_28_0045_support_message_posts',
  '2026_11_28_0046_picture_uploads',
  '2026_11_28_0047_email_link_tokens',
  '2026_11_28_0048_users_confirmed_email',
  '2026_11_28_0049_confirmation_emails',
  '2026_11_28_0050_admin_stats_payments_counted_once',
  '2026_11_28_0051_payment_amounts_in_minor_units',
  '2026_11_29_0052_projection_stream_versions',
  '2026_11_29_0053_event_store_append_with_rows',
  '2026_11_29_0054_event_store_append_with_rows_cached_plan',
  '2026_11_30_0055_account_activity_read_model',
  '2026_12_01_0056_users_google_id',
  '2026_12_01_0057_google_sign_in',
  '2026_12_01_0058_google_sign_in_help_email',
  '2026_12_01_0059_ai_outcomes',
  '2026_12_01_0060_admin_actions',
  '2026_12_02_0061_event_store_append_static_upserts',
  '2026_12_02_0062_plans_completed_tasks',
  '2026_12_02_0063_event_store_append_on_events_alone',
  '2026_12_02_0064_event_store_append_one_event',
  '2026_12_02_0065_event_store_append_with_rows_one_event',
  '2026_12_02_0066_event_store_append_events_at_version',
  '2026_12_02_0067_event_store_append_with_rows_plan_update_by_key',
  '2026_12_03_0068_users_signup_days',
  '2026_12_03_0069_plans_shape_storage',
  '2026_12_04_0070_event_store_append_with_rows_jsonb_insert',
  '2026_12_04_0071_plans_shape_out_of_line',
  '2026_12_05_0072_event_store_append_with_rows_batch',
  '2026_12_06_0073_plans_added_tasks_in_rows',
  '2026_12_06_0074_event_store_append_with_rows_added_tasks',
  '2026_12_07_0075_event_store_append_with_rows_less_plpgsql',
];

const numberOf = (name: string) => Number(/^\d{4}_\d{2}_\d{2}_(\d{4})_[a-z0-9_]+$/.exec(name)?.[1]);

describe('migrations', () => {
  it('keeps every landed migration under its recorded name, in its recorded order, before any newer one', () => {
    expect(Object.keys(migrations).slice(0, landed.length)).toEqual(landed);
  });

  it('lists every migration above, so its last line is the last number taken', () => {
    expect(Object.keys(migrations).slice(landed.length)).toEqual([]);
  });

  it('numbers each migration once, one after the other (date_NNNN_name)', () => {
    const numbers = Object.keys(migrations).map(numberOf);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
});
