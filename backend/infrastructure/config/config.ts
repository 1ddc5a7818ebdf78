import { isIP } from 'node:net';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535 (0 picks a free port)')
    .max(65535, 'PORT must be between 0 and 65535 (0 picks a free port)')
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  EVENTSTORE_CONNECTION_STRING: optionalText.pipe(
    z.string().regex(/^(esdb|kurrentdb)(\+discover)?:\/\//, 'EVENTSTORE_CONNECTION_STRING must start with esdb://').optional(),
  ),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText.pipe(z.url('OPENAI_BASE_URL must be a URL').optional()),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z.string().regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must start with sk_ or rk_').optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET must start with whsec_').optional(),
  ),
  STRIPE_PRICE_ID: optionalText.pipe(z.string().startsWith('price_', 'STRIPE_PRICE_ID must start with price_').optional()),
  /**
   * "Continue with Google" (issue 52): the OAuth client of the Google Cloud project, whose
   * authorised redirect URI is `${PUBLIC_URL}/api/auth/google/callback`. Unset: no Google sign-in
   * (the button is not shown and its routes answer 404).
   */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** The OpenID provider to discover (`/.well-known/openid-configuration`): Google's unless set (tests run their own). */
  GOOGLE_ISSUER: optionalText.pipe(z.url('GOOGLE_ISSUER must be a URL').default('https://accounts.google.com')),
  /** A Stripe-compatible API server for the Stripe adapter (tests, stripe-mock); Stripe's own when unset. */
  STRIPE_API_URL: optionalText.pipe(z.url('STRIPE_API_URL must be a URL').optional()),
  /**
   * `true`: payments are simulated on purpose (the TEST checkout, nobody charged). Required in
   * production without the Stripe settings, so a missing key never gives Pro away unnoticed.
   */
  PAYMENTS_SIMULATED: optionalText.pipe(
    z.enum(['true', 'false'], 'PAYMENTS_SIMULATED must be true or false').transform((value) => value === 'true').optional(),
  ),
  /**
   * When the upsell page's welcome offer ends (ISO 8601, e.g. 2026-12-31T23:59:00Z); unset: 31
   * December of the current year, 23:59 UTC.
   */
  UPSELL_OFFER_ENDS_AT: optionalText.pipe(
    z.iso.datetime({ offset: true, message: 'UPSELL_OFFER_ENDS_AT must be an ISO 8601 date and time, e.g. 2026-12-31T23:59:00Z' }).optional(),
  ),
  /**
   * The SMTP server the outbox is delivered through (`smtp://user:pass@host:587`, `smtps://…:465`).
   * Unset: emails stay queued in the outbox and are only logged.
   */
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\/[^/\s]+/, 'SMTP_URL must start with smtp:// or smtps:// and name a host').optional()),
  /** The sender of every email (`Skilly <no-reply@skilly.example>`). */
  EMAIL_FROM: optionalText.pipe(z.string().max(200, 'EMAIL_FROM must be at most 200 characters').default('Skilly <no-reply@skilly.local>')),
  ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL must be an email address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional()),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional()),
  /**
   * The secret SESSION_SECRET replaced, while it is being rotated out: cookies it signed are
   * still accepted and signed again with SESSION_SECRET on their next request (docs/operations.md).
   */
  SESSION_SECRET_PREVIOUS: optionalText.pipe(z.string().min(32, 'SESSION_SECRET_PREVIOUS must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Successful idea generations a visitor (one IP address) may try per UTC day; 0 switches the trial off. */
  TRIAL_GENERATIONS_PER_DAY: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ message: 'TRIAL_GENERATIONS_PER_DAY must be a number' })
      .int('TRIAL_GENERATIONS_PER_DAY must be a whole number')
      .min(0, 'TRIAL_GENERATIONS_PER_DAY must be 0 or more')
      .max(10_000, 'TRIAL_GENERATIONS_PER_DAY must be at most 10000')
      .default(5),
  ),
  /** Sign-ups one network address (an IPv6 client by its /64) may make in an hour; 0 switches the limit off. */
  SIGNUPS_PER_ADDRESS_PER_HOUR: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ message: 'SIGNUPS_PER_ADDRESS_PER_HOUR must be a number' })
      .int('SIGNUPS_PER_ADDRESS_PER_HOUR must be a whole number')
      .min(0, 'SIGNUPS_PER_ADDRESS_PER_HOUR must be 0 or more')
      .max(10_000, 'SIGNUPS_PER_ADDRESS_PER_HOUR must be at most 10000')
      .default(10),
  ),
  /**
   * How long a client may take to send a whole request (headers and body): a connection still
   * sending after that is answered 408 and closed, so slow clients cannot hold connections.
   */
  REQUEST_TIMEOUT_SECONDS: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ message: 'REQUEST_TIMEOUT_SECONDS must be a number' })
      .int('REQUEST_TIMEOUT_SECONDS must be a whole number')
      .min(1, 'REQUEST_TIMEOUT_SECONDS must be between 1 and 600')
      .max(600, 'REQUEST_TIMEOUT_SECONDS must be between 1 and 600')
      .default(30),
  ),
  /**
   * On SIGTERM a web server refuses new connections and finishes the requests in flight (idea
   * streams included) for up to this long; then it closes what is left and the database pool.
   */
  SHUTDOWN_GRACE_SECONDS: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ message: 'SHUTDOWN_GRACE_SECONDS must be a number' })
      .int('SHUTDOWN_GRACE_SECONDS must be a whole number')
      .min(1, 'SHUTDOWN_GRACE_SECONDS must be between 1 and 300')
      .max(300, 'SHUTDOWN_GRACE_SECONDS must be between 1 and 300')
      .default(20),
  ),
  /**
   * The origin members reach the site at (`https://skilly.example`); every link in an email is
   * built from it, never from request headers. Required in production.
   */
  PUBLIC_URL: optionalText.pipe(
    z
      .string()
      .transform((value, ctx) => {
        const problem = publicUrlProblem(value);
        if (problem) {
          ctx.addIssue({ code: 'custom', message: problem });
          return z.NEVER;
        }
        return value.replace(/\/+$/, '');
      })
      .optional(),
  ),
  /**
   * Which proxies may tell the client's address (X-Forwarded-For) and protocol: a hop count, or
   * comma-separated addresses/CIDRs. Unset (the default) trusts no proxy.
   */
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (parsed === undefined) {
          ctx.addIssue({
            code: 'custom',
            message: 'TRUST_PROXY must be a number of proxy hops or comma-separated IP addresses/CIDRs (e.g. 1 or 10.0.0.0/8,127.0.0.1)',
          });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
  ),
  PROJECTIONS_IN_PROCESS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

/** A hop count, or a list of proxy addresses/CIDRs; false trusts no proxy. */
export type TrustProxy = false | number | string[];

function publicUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'PUBLIC_URL must be a URL such as https://skilly.example';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'PUBLIC_URL must start with http:// or https://';
  if (url.search || url.hash || url.username || url.password) {
    return 'PUBLIC_URL must be an origin (and optional path) without query, fragment or credentials';
  }
  return undefined;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function parseTrustProxy(value: string): TrustProxy | undefined {
  if (/^(false|off|no)$/i.test(value)) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : hops <= 10 ? hops : undefined;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0) return undefined;
  for (const entry of entries) {
    if (PROXY_NAMES.has(entry)) continue;
    const [address, prefix, extra] = entry.split('/');
    const version = isIP(address);
    if (!version || extra !== undefined) return undefined;
    if (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128))) return undefined;
  }
  return entries;
}

type ParsedConfig = z.infer<typeof configSchema>;

export type Config = Omit<ParsedConfig, 'PUBLIC_URL' | 'TRUST_PROXY'> & {
  /** Always set: PUBLIC_URL, or http://localhost:PORT outside production. */
  PUBLIC_URL: string;
  /** Whether PUBLIC_URL was given (not the localhost default): the simulated gateway's links are absolute only then. */
  PUBLIC_URL_CONFIGURED: boolean;
  TRUST_PROXY: TrustProxy;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once at start; every problem is reported together. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const config = result.data;
  if ((config.ADMIN_EMAIL === undefined) !== (config.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(['ADMIN_EMAIL and ADMIN_PASSWORD must be set together']);
  }
  if ((config.GOOGLE_CLIENT_ID === undefined) !== (config.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new ConfigError(['GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together (neither: no Google sign-in)']);
  }
  const stripe = [config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET, config.STRIPE_PRICE_ID];
  if (stripe.some((value) => value !== undefined) && stripe.some((value) => value === undefined)) {
    throw new ConfigError(['STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID must be set together (none of them: simulated payments)']);
  }
  if (config.NODE_ENV === 'production') {
    const missing = [];
    if (config.SESSION_SECRET === undefined) missing.push('SESSION_SECRET: required when NODE_ENV is production');
    if (config.PUBLIC_URL === undefined) {
      missing.push('PUBLIC_URL: required when NODE_ENV is production (the address members open, e.g. https://skilly.example)');
    }
    if (config.STRIPE_SECRET_KEY === undefined && config.PAYMENTS_SIMULATED !== true) {
      missing.push(
        'STRIPE_SECRET_KEY: required when NODE_ENV is production, with STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID (or PAYMENTS_SIMULATED=true to run the TEST checkout, which charges nobody)',
      );
    }
    if (missing.length) throw new ConfigError(missing);
  }
  if (config.PAYMENTS_SIMULATED === true && config.STRIPE_SECRET_KEY !== undefined) {
    throw new ConfigError(['PAYMENTS_SIMULATED=true and the STRIPE_* settings exclude each other: set one or the other']);
  }
  return {
    ...config,
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    PUBLIC_URL_CONFIGURED: config.PUBLIC_URL !== undefined,
    TRUST_PROXY: config.TRUST_PROXY ?? false,
  };
}
