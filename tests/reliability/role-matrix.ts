/**
 * Who may call each operation of the API, written once: one row per `operationId` of the
 * OpenAPI document, one column per caller. role-matrix.int.spec.ts calls every operation as
 * each caller and compares the answer with its row; an operation without a row, or a row
 * without an operation, fails the suite. A new route needs its row here.
 *
 * - `401`: refused, sign in first; `403`: refused, not for this role.
 * - `ok`: let through: a 2xx, or a 4xx that is the operation's own answer to the test's minimal
 *   request (an empty body is a 400, a made-up id a 404), not a refusal of the caller.
 */
import { type OpenApiDocument, operationsOf } from './openapi-document';

export const CALLERS = ['visitor', 'free', 'pro', 'moderator', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type Outcome = 'ok' | '401' | '403';

const o = 'ok';
const members = ['401', o, o, '403', '403'] as const;
const everyone = [o, o, o, o, o] as const;
const signedIn = ['401', o, o, o, o] as const;
const admins = ['401', '403', '403', '403', o] as const;
const staff = ['401', '403', '403', o, o] as const;

export const roleMatrix: Record<string, readonly [visitor: Outcome, free: Outcome, pro: Outcome, moderator: Outcome, admin: Outcome]> = {
  // operationId          visitor, free, pro, moderator, admin
  getHealth: everyone,
  getReadiness: everyone,
  getHealthDetails: admins,
  getHomepageContent: everyone,
  saveHomepageContent: admins,
  getMe: signedIn,
  signIn: everyone,
  signUp: everyone,
  signOut: everyone,
  requestPasswordReset: everyone,
  resetPassword: everyone,
  confirmEmail: everyone,
  restoreEmail: everyone,
  getCredits: members,
  getCreditStatement: members,
  generateIdeas: [o, o, o, '403', '403'],
  listIdeaSets: members,
  saveIdeaSet: members,
  savePendingIdeas: members,
  generatePlan: members,
  listPlans: members,
  getPlan: members,
  getPlanHistory: members,
  addTask: members,
  generateNextMilestone: members,
  toggleTask: members,
  getTaskHelp: members,
  getSupportUnreadCount: members,
  listSupportTickets: members,
  listSupportTicketMessages: members,
  markSupportTicketRead: members,
  postSupportTicketMessage: members,
  createSupportTicket: members,
  listAllSupportTickets: staff,
  listSupportDeskMessages: staff,
  replyToSupportTicket: staff,
  changeSupportTicketStatus: staff,
  updateSupportTicket: staff,
  deleteSupportTicket: staff,
  markSupportDeskTicketRead: staff,
  getSupportTicketHistory: staff,
  getSupportTicketMember: staff,
  createCheckoutSession: members,
  // A free member is refused by the route itself (403 manage_subscription): the portal is for Pro members.
  createPortalSession: ['401', '403', o, '403', '403'],
  getBillingSubscription: members,
  getTestCheckout: members,
  payTestCheckout: members,
  getTestPortal: members,
  cancelTestSubscription: members,
  endTestPeriod: members,
  receiveStripeWebhook: everyone,
  getBillingOffer: everyone,
  listStripePayments: admins,
  getAdminStats: admins,
  getApiCost: admins,
  backfillAnalytics: admins,
  getProfile: signedIn,
  updateProfile: signedIn,
  uploadProfilePicture: signedIn,
  changePassword: signedIn,
  getFile: everyone,
  // The only admin is refused by the route itself (409 last_admin): an answer of its own, not a refusal of the caller.
  deleteAccount: signedIn,
  exportAccount: signedIn,
  // Admin Members tab (issue 32): a made-up id is a 404, the admin's own rules (409 last admin) are answers of their own.
  listAdminUsers: admins,
  exportAdminUsers: admins,
  getAdminUser: admins,
  changeUserRole: admins,
  toggleUserDisabled: admins,
  deleteUser: admins,
  listUserIdeaSets: admins,
  listUserPlans: admins,
  getUserAuditTrail: admins,
  resetUserData: admins,
  cleanupUserContent: admins,
  // Platforms and FAQs (issue 33): admins keep them, everyone reads them on /faqs.
  listPlatformLinks: everyone,
  listAdminPlatformLinks: admins,
  addPlatformLink: admins,
  replacePlatformLink: admins,
  deletePlatformLink: admins,
  listFaqs: everyone,
  listAdminFaqs: admins,
  addFaq: admins,
  updateFaq: admins,
  deleteFaq: admins,
  // Blog (issue 33): the public reads for everyone (a made-up slug is a 404), the rest admin only.
  listBlogPosts: everyone,
  getBlogPost: everyone,
  listAdminBlogPosts: admins,
  createBlogPost: admins,
  updateBlogPost: admins,
  deleteBlogPost: admins,
  uploadBlogImage: admins,
  // AI configuration as events (issue 33): a made-up version is a 404, an answer of its own.
  getAiConfig: admins,
  saveAiConfig: admins,
  listAiConfigVersions: admins,
  getAiConfigVersion: admins,
  restoreAiConfigVersion: admins,
  previewAiPrompt: admins,
  listPromptHistory: admins,
  // Public pages (issue 34): company and contact texts, the contact form; admins edit them in place.
  getCompanyContent: everyone,
  getContactContent: everyone,
  sendContactMessage: everyone,
  saveCompanyContent: admins,
  saveContactContent: admins,
  uploadFounderImage: admins,
  listContactMessages: admins,
  listEmailTemplates: admins,
  updateEmailTemplate: admins,
  listOutboxEmails: admins,
};

/** The document's operations that have no row, and the rows that name no operation: both must be empty. */
export function matrixGaps(doc: OpenApiDocument, matrix: Record<string, unknown> = roleMatrix) {
  const ids = operationsOf(doc).map(({ method, route, operation }) => operation.operationId ?? `(unnamed ${method} ${route})`);
  return {
    withoutRow: ids.filter((id) => !(id in matrix)),
    withoutOperation: Object.keys(matrix).filter((id) => !ids.includes(id)),
  };
}
