import { creditKinds, type CreditKind } from '../../domain/credits/allowances';
import type { DomainError, DomainErrorKind } from '../../domain/shared/domain-error';
import { emptyMessageMessage, messageTooLongMessage, missingTicketFieldsMessage, subjectTooLongMessage } from '../contracts/support';

/**
 * The words people read for each refusal, keyed by the error's stable code. Rules (domain
 * and application) throw codes and facts; this module alone turns them into sentences, so a
 * rule never changes when its wording does. A new error code gets its entry here.
 */
type Wording = (data: Record<string, unknown>) => string;

const monthNames = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];
/** "1 April 2026": the UTC day of an ISO date. */
export const formatDay = (iso: string) => {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${monthNames[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};

const limitSentence: Record<CreditKind, string> = {
  idea: "You've reached your idea generation limit",
  plan: "You've reached your plan generation limit",
  milestone: "You've reached your milestone generation limit",
  help: "You've reached your help request limit",
};

const creditLimitMessages: Record<string, Wording> = Object.fromEntries(
  creditKinds.flatMap((kind) => [
    [`${kind}_limit`, () => `${limitSentence[kind]} for this month. Upgrade to Pro for more.`],
    [`${kind}_limit_pro`, (data) => `${limitSentence[kind]} for this month. Your credits reset on ${formatDay(String(data.resetAt))}.`],
  ]),
);

/** A refusal whose wording depends on what was refused (`data.action`). */
const forbiddenActions: Record<string, string> = {
  change_role: 'Only an admin can change roles',
  disable_user: 'Only an admin can disable accounts',
  enable_user: 'Only an admin can enable accounts',
  create_idea_set_for_another: 'You can only keep idea sets for your own account',
  generate_ideas: "You don't have permission to do this.",
  create_plan_for_another: 'You can only make plans for your own account',
  open_ticket_for_another: 'You can only open support tickets for your own account',
  answer_ticket: 'Only the support team can reply to tickets',
  update_ticket: 'Only the support team can change tickets',
  read_ticket: 'Only the support team can see every ticket',
  delete_ticket: 'Only the support team can delete tickets',
  start_checkout_for_another: 'You can only subscribe for your own account',
  take_provider_event: 'Only the payment provider can report payments',
  settle_duplicate: 'Only billing can cancel and refund a second subscription',
  billing_staff_role: 'Billing changes only the roles of members, never of staff',
  manage_subscription: 'Manage Subscription is for Pro members',
  erase_member: 'You can only delete your own account',
  reset_user_data: 'Only an admin can reset user data',
  delete_member_content: "Only an admin can delete members' idea sets and plans",
  restore_member_content: "Only an admin can restore members' idea sets and plans",
  record_admin_action: 'Only an admin can record an admin action',
  undo_admin_action: 'Only an admin can undo an admin action',
};

/** A second request for a thing whose first is still being generated (`data.kind` of credit). */
const alreadyPaidFor: Record<string, string> = {
  help: 'Help for this task is already on its way',
  milestone: 'This milestone is already being generated',
};

const waitPhrase = (ms: number) =>
  ms < 60_000 ? `${Math.max(1, Math.ceil(ms / 1000))} second(s)` : `${Math.ceil(ms / 60_000)} minute(s)`;

const messages: Record<string, Wording> = {
  ...creditLimitMessages,
  // domain
  forbidden: (data) => forbiddenActions[String(data.action)] ?? 'You are not allowed to do this',
  reason_required: () => 'Please give a reason',
  admin_action_not_found: () => 'Admin action not found',
  admin_action_exists: () => 'This admin action is already recorded',
  admin_action_already_undone: () => 'This action has already been undone',
  admin_action_undo_expired: (data) => `This action is more than ${data.days} days old and can no longer be undone`,
  admin_action_member_erased: () => "This member's account has been deleted: a deleted account is never restored",
  admin_action_superseded: () => 'The account has changed since this action, so it can no longer be undone',
  blog_slug_taken: (data) => `Another post now uses the address /blog/${data.slug}: change its slug, then undo again`,
  invalid_amount: (data) => `The amount must be a whole number from ${data.min} to ${data.max}`,
  paid_for_required: (data) => `A ${data.kind} credit must name the ${data.field} it pays for`,
  invalid_credit_kind: () => 'Unknown kind of credit',
  already_paid_for: (data) => alreadyPaidFor[String(data.kind)] ?? 'A credit was already spent on this',
  user_not_found: () => 'User not found',
  user_exists: () => 'This account already exists',
  own_role: () => 'You cannot change your own role',
  own_account: () => 'You cannot disable your own account',
  own_account_admin: () => 'You cannot do this to your own account',
  own_account_delete: () => 'You cannot delete your own account here. Delete it from your profile settings.',
  own_data: () => 'You cannot reset your own data',
  email_taken: () => 'An account with this email already exists',
  idea_set_exists: () => 'This idea set already exists',
  idea_set_not_found: () => 'Idea set not found',
  skill_required: () => 'No skill provided',
  ideas_required: () => 'An idea set needs at least one idea',
  invalid_usage: () => 'Token counts and cost must be zero or more',
  // domain: plans (member-product §5, §8)
  plan_not_found: () => 'Plan not found',
  milestone_not_found: () => 'Milestone not found',
  task_not_found: () => 'Task not found',
  plan_exists: () => 'This plan already exists',
  plan_title_required: () => 'A plan needs a title',
  milestones_out_of_range: (data) => `A plan has from ${data.min} to ${data.max} milestones`,
  tasks_required: () => 'A milestone needs at least one task',
  duplicate_id: () => 'This id is already used in the plan',
  all_milestones_detailed: () => 'Every milestone of this plan is already generated',
  previous_tasks_incomplete: () => 'Complete previous tasks first',
  milestone_out_of_order: () => 'Milestones are generated in order',
  milestone_locked: () => 'Complete previous milestones to unlock',
  task_title_required: () => 'Please enter a task title',
  task_title_too_long: (data) => `A task title has at most ${data.max} characters`,
  task_description_too_long: (data) => `A task description has at most ${data.max} characters`,
  task_limit: (data) => `A milestone holds at most ${data.max} tasks`,
  help_required: () => 'Failed to get task help',
  help_too_long: () => 'Failed to get task help',
  help_already_provided: () => 'Help was already provided for this task',
  // domain: support tickets (member-product §2 Support, §8; back-office §7)
  ticket_not_found: () => 'Ticket not found',
  ticket_exists: () => 'This ticket already exists',
  ticket_resolved: () => 'This ticket has been resolved. Create a new ticket if you need further assistance.',
  ticket_subject_required: () => missingTicketFieldsMessage,
  ticket_subject_too_long: (data) => subjectTooLongMessage(Number(data.max)),
  ticket_message_required: () => emptyMessageMessage,
  ticket_message_too_long: (data) => messageTooLongMessage(Number(data.max)),
  ticket_message_limit: (data) =>
    `This ticket has reached its limit of ${data.max} messages from you. Please open a new ticket if you need more help.`,
  invalid_ticket_value: (data) => `This is not a ticket ${data.field === 'tags' ? 'tag' : String(data.field)} the support desk uses`,
  // domain: billing (member-product §2 Upsell, §8; issue 29)
  subscription_active: () => 'You already have an active Pro subscription',
  // application: billing
  no_subscription_to_manage: () => 'There is no subscription to manage',
  invalid_signature: () => 'Invalid signature',
  // infrastructure: the Stripe adapter (a refusal or failure at Stripe, never its own words)
  payment_provider_failed: () => 'The payment provider could not be reached. Please try again in a moment.',
  test_session_not_found: () => 'Test session not found',
  // application
  invalid_credentials: () => 'Invalid email or password',
  account_disabled: () => 'Your account has been disabled. Please contact support if you think this is a mistake.',
  too_many_attempts: (data) => `Too many failed sign-in attempts. Please try again in ${waitPhrase(Number(data.retryAfterMs))}.`,
  invalid_reset_token: () => 'This password reset link is invalid or has expired. Please request a new one.',
  invalid_email_link: () => 'This link is invalid, has expired or was already used.',
  email_link_outdated: () => 'This confirmation link is for an email address your account no longer uses.',
  // domain and application: Google sign-in (issue 52)
  other_google_account: () => 'Your account already signs in with another Google account.',
  google_account_not_linked: () => 'This Google account is not connected to your account.',
  google_sign_in_failed: () => 'Signing in with Google did not work. Please try again.',
  google_email_unverified: () => 'Google has not verified the email address of that Google account, so it cannot be used to sign in. Verify it with Google, or sign up with your email.',
  google_account_in_use: () => 'That Google account is already connected to another Skilly account.',
  invalid_google_link: () => 'This step has expired or was already used. Please continue with Google again.',
  google_not_set_up: () => 'Google sign-in is not set up on this site',
  google_unavailable: () => 'Google sign-in is not reachable right now. Please try again in a moment, or sign in with your email.',
  signup_limit: (data) => `Too many accounts were created from your network recently. Please try again in ${waitPhrase(Number(data.retryAfterMs))}.`,
  no_credits: () => 'Staff accounts have no credits: ideas and plans are for members.',
  idea_set_save_limit: (data) => `You can save at most ${data.perDay} idea sets a day. Please try again tomorrow.`,
  idea_set_total_limit: (data) =>
    `You have saved ${data.total} idea sets, the most an account can keep this way. Generate new ideas instead.`,
  trial_limit: (data) =>
    data.perDay === 0
      ? 'Trying ideas without an account is switched off. Sign up for free to generate ideas.'
      : `You've used your ${data.perDay} free idea generation${data.perDay === 1 ? '' : 's'} for today. Sign up for free to keep going, or come back tomorrow.`,
  trial_result_not_found: () =>
    'These trial ideas can no longer be saved: they are kept for 24 hours and saved once. Generate new ideas from your dashboard.',
  trial_result_older_account: () =>
    'Trial ideas can only be saved to an account created after they were generated. Generate new ideas from your dashboard.',
  trial_token_missing: () =>
    'These trial ideas cannot be saved: send the trial token, or the skill and ideas the trial returned. Generate new ideas from your dashboard.',
  idea_not_found: () => 'Idea not found',
  contact_limit: (data) => `You can send at most ${data.perDay} contact messages a day. Please try again tomorrow.`,
  ticket_message_daily_limit: (data) => `You can send at most ${data.perDay} support messages a day. Please try again tomorrow.`,
  invalid_message_cursor: () => 'The cursor is not a message of this ticket: use the x-earlier-cursor header or a message id of the thread.',
  ticket_limit: (data) => `You can open at most ${data.perDay} support tickets a day. Please add to an open ticket or try again tomorrow.`,
  concurrent_change: (data) =>
    data.category === 'plan'
      ? 'The plan changed meanwhile. Please reload it and try again.'
      : 'This changed meanwhile. Please reload and try again.',
  invalid_cursor: () => 'The cursor is not valid: use the x-next-cursor header of the previous page.',
  // application: admin analytics (issue 32)
  backfill_running: () => 'An analytics backfill is already running. Wait for it to finish.',
  // application: account deletion (issue 31)
  last_admin: (data) =>
    data.loss === undefined
      ? 'You are the only admin. Make another account an admin before deleting this one.'
      : `This is the last enabled admin. Make another account an admin before ${{ demote: 'changing this role', disable: 'disabling this account', delete: 'deleting this account' }[String(data.loss)] ?? 'doing this'}.`,
  // application: profile, picture, password (member-product §5, §8; issue 31)
  picture_upload_required: () => 'Upload a picture to change it',
  picture_required: () => 'Please choose a picture to upload',
  invalid_picture: () => 'Please upload a JPEG or PNG image',
  invalid_current_password: () => 'Current password is incorrect',
  no_password_to_change: () => 'This account signs in with Google, so it has no password to change',
  file_not_found: () => 'File not found',
  // application: platform links and FAQs (back-office §3, §7; issue 33)
  resource_link_not_found: () => 'Resource link not found',
  faq_not_found: () => 'FAQ not found',
  // application: images admins upload (blog, platform logos, founders; back-office §5; issue 33)
  admin_image_required: () => 'Please choose an image to upload',
  invalid_admin_image: () => 'Only image files are allowed',
  // application: what an uploaded picture may cost (profile, founder and blog images; issue 48)
  picture_too_many_pixels: (data) => `Please upload a picture of at most ${String(data.megapixels)} megapixels (for example 4000 × 4000 pixels)`,
  picture_upload_limit: (data) => `You can upload at most ${String(data.perMinute)} pictures a minute. Please try again in a moment.`,
  picture_decoders_busy: () => 'Too many pictures are being processed right now. Please try again in a moment.',
  // application: blog (back-office §2 Blog tab, §5, §8; issue 33)
  blog_post_not_found: () => 'Blog post not found',
  publish_date_required: () => 'Publish date is required for scheduled posts',
  blog_title_required: () => 'Title is required',
  blog_content_required: () => 'Content is required',
  invalid_ai_config: (data) => String(data.message ?? 'Please check the AI configuration'),
  ai_config_version_not_found: (data) => `Version ${String(data.version)} of the AI configuration was not found`,
  // application: email templates (back-office §2 Emails tab; issue 33)
  email_template_not_found: () => 'Email template not found',
  email_template_body_empty: () => 'HTML Body is empty once scripts and event handlers are removed',
};

/** Said when a code has no entry yet: true, if vague. */
const fallbackOfKind: Record<DomainErrorKind, string> = {
  invalid: 'Please check what you entered',
  unauthorized: 'Please sign in',
  forbidden: 'You are not allowed to do this',
  not_found: 'Not found',
  conflict: 'This conflicts with what is already there',
  limit: 'Too many requests. Please try again later.',
  quota: 'You have used up this allowance',
  unavailable: 'A service we depend on did not answer. Please try again in a moment.',
  busy: 'The server is busy. Please try again in a moment.',
};

/** The sentence a person reads for `error`. */
export function messageOf(error: DomainError): string {
  const wording = Object.hasOwn(messages, error.code) ? messages[error.code] : undefined;
  return wording ? wording(error.data as Record<string, unknown>) : fallbackOfKind[error.kind];
}

/** Whether `code` has wording of its own (tests check every code the rules throw has one). */
export const hasMessage = (code: string) => Object.hasOwn(messages, code);
