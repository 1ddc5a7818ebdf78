import { randomBytes } from 'node:crypto';
import type { Config } from './config/config';
import { accountContext } from './composition/account';
import { adminMembersContext } from './composition/admin-members';
import { adminStatsContext } from './composition/admin-stats';
import { adminContentContext } from './composition/admin-content';
import { aiConfigContext } from './composition/ai-config';
import { billingContext, type BillingOverrides } from './composition/billing';
import { creditsContext } from './composition/credits';
import { identityContext } from './composition/identity';
import { ideasContext, type IdeasOverrides } from './composition/ideas';
import { openPlatform, type PlatformOverrides } from './composition/platform';
import { plansContext, type PlansOverrides } from './composition/plans';
import { supportContext } from './composition/support';
import { blogContext } from './composition/blog';
import { sitePagesContext } from './composition/site-pages';
import { emailContext } from './composition/email';

export type CompositionOverrides = PlatformOverrides & IdeasOverrides & PlansOverrides & BillingOverrides;

/**
 * The composition root: the only place that knows which adapter implements which port.
 * Opens the platform (database, migrations, event store, runner), then each bounded context
 * builds its services from it (`composition/<context>.ts`). A service added to a context's
 * module is in `AppServices` and reaches the routes without another edit.
 */
export async function compose(config: Config, overrides: CompositionOverrides = {}) {
  const platform = await openPlatform(config, overrides);
  const identity = identityContext(platform);
  const credits = creditsContext(platform);
  const ideas = ideasContext(platform, credits, overrides);
  const plans = plansContext(platform, credits, ideas, overrides);
  const support = supportContext(platform, credits);
  const billing = billingContext(platform, credits, overrides);
  const account = accountContext(platform, { billing: billing.billing, plans: plans.plans, support: support.support });
  const adminMembers = adminMembersContext(platform, { identity: identity.identity, accountErasure: account.accountErasure });
  const adminStats = adminStatsContext(platform, { paymentsSimulated: billing.paymentGateway.kind === 'simulated' });
  const adminContent = adminContentContext(platform, credits);
  const blog = blogContext(platform);
  const aiConfig = await aiConfigContext(platform);
  const sitePages = sitePagesContext(platform);
  const email = emailContext(platform);
  const { runner, eventStore, database } = platform;
  return {
    ...platform,
    ...identity,
    ...credits,
    ...ideas,
    ...plans,
    ...support,
    ...billing,
    ...account,
    ...adminMembers,
    ...adminStats,
    ...adminContent,
    ...blog,
    ...aiConfig,
    ...sitePages,
    ...email,
    async close() {
      await credits.compensation.stop();
      await billing.billingSweeper.stop();
      await account.erasureSweeper.stop();
      await email.emailSender.stop();
      await runner.stop();
      await eventStore.close();
      await database.close();
    },
  };
}

export type Composition = Awaited<ReturnType<typeof compose>>;

/**
 * Start-up admin: ADMIN_EMAIL/ADMIN_PASSWORD create or promote that admin; with neither
 * set and no account at all, an admin with a random password is created and printed once.
 */
export async function bootstrapAdmin(services: Composition): Promise<void> {
  const { config, identity, logger } = services;
  const origin = { actor: null, requestId: 'startup' };
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const { created } = await identity.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD, origin);
    logger.info({ email: config.ADMIN_EMAIL }, created ? 'admin account created' : 'admin account ensured');
    return;
  }
  if (await identity.hasAnyUser()) return;
  const email = 'admin@skilly.local';
  const password = randomBytes(12).toString('base64url');
  await identity.ensureAdmin(email, password, origin);
  // Not under a `password` key: the logger redacts those, and this one must be shown once.
  logger.warn({ email, initialPassword: password }, 'created the first admin account; this password is shown only once');
}
