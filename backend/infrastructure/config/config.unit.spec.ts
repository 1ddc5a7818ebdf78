import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('starts on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', LOG_LEVEL: 'info', PROJECTIONS_IN_PROCESS: true });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.OPENAI_API_KEY).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', OPENAI_API_KEY: '  ' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad value in one message', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', STRIPE_SECRET_KEY: 'pk_live_1' });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.message).toContain('PORT: PORT must be a number');
    expect(error!.message).toContain('DATABASE_URL must start with postgres:// or postgresql://');
    expect(error!.message).toContain('LOG_LEVEL');
    expect(error!.message).toContain('STRIPE_SECRET_KEY must start with sk_ or rk_');
  });

  it('requires the admin email and password together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.com' })).toThrow('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  });

  it('requires a session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('SESSION_SECRET');
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://skilly.example', PAYMENTS_SIMULATED: 'true' }).NODE_ENV,
    ).toBe('production');
  });

  it('refuses a production start without the Stripe settings unless simulated payments are chosen explicitly', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://skilly.example' };
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_ID: 'price_1' };
    expect(() => loadConfig(production)).toThrow('STRIPE_SECRET_KEY: required when NODE_ENV is production');
    expect(() => loadConfig({ ...production, PAYMENTS_SIMULATED: 'false' })).toThrow('STRIPE_SECRET_KEY: required when NODE_ENV is production');
    expect(loadConfig({ ...production, PAYMENTS_SIMULATED: 'true' }).PAYMENTS_SIMULATED).toBe(true);
    expect(loadConfig({ ...production, ...stripe }).STRIPE_SECRET_KEY).toBe('sk_live_1');
    // Outside production the simulated checkout stays the default.
    expect(loadConfig({}).PAYMENTS_SIMULATED).toBeUndefined();
    expect(() => loadConfig({ ...stripe, PAYMENTS_SIMULATED: 'true' })).toThrow('PAYMENTS_SIMULATED=true and the STRIPE_* settings exclude each other');
    expect(() => loadConfig({ PAYMENTS_SIMULATED: 'yes' })).toThrow('PAYMENTS_SIMULATED must be true or false');
  });

  it('requires PUBLIC_URL in production and defaults it to http://localhost:PORT elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).toThrow('PUBLIC_URL: required when NODE_ENV is production');
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://skilly.example/' }).PUBLIC_URL).toBe('https://skilly.example');
    expect(() => loadConfig({ PUBLIC_URL: 'skilly.example' })).toThrow('PUBLIC_URL must be a URL');
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://skilly.example' })).toThrow('PUBLIC_URL must start with http:// or https://');
    expect(() => loadConfig({ PUBLIC_URL: 'https://skilly.example/?next=x' })).toThrow('PUBLIC_URL must be an origin');
  });

  it('says whether PUBLIC_URL was given (the simulated gateway links on it only then)', () => {
    expect(loadConfig({}).PUBLIC_URL_CONFIGURED).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://skilly.example' }).PUBLIC_URL_CONFIGURED).toBe(true);
  });

  it('takes the Stripe keys all three or none, an optional Stripe API URL and the offer end as a date and time', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_ID: 'price_1' };
    expect(loadConfig(stripe).STRIPE_PRICE_ID).toBe('price_1');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow('STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID must be set together');
    expect(loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }).STRIPE_API_URL).toBe('http://127.0.0.1:12111');
    expect(() => loadConfig({ STRIPE_API_URL: 'stripe' })).toThrow('STRIPE_API_URL must be a URL');
    expect(loadConfig({ UPSELL_OFFER_ENDS_AT: '2026-12-31T23:59:00Z' }).UPSELL_OFFER_ENDS_AT).toBe('2026-12-31T23:59:00Z');
    expect(loadConfig({}).UPSELL_OFFER_ENDS_AT).toBeUndefined();
    expect(() => loadConfig({ UPSELL_OFFER_ENDS_AT: 'next Christmas' })).toThrow('UPSELL_OFFER_ENDS_AT must be an ISO 8601 date and time');
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://s.example', PAYMENTS_SIMULATED: 'true' }).TRUST_PROXY,
    ).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    for (const bad of ['true', 'everyone', '10.0.0.0/33', '300.1.1.1', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow('TRUST_PROXY must be a number of proxy hops');
    }
  });

  it('limits sign-ups to 10 per network address an hour unless SIGNUPS_PER_ADDRESS_PER_HOUR says otherwise (0: no limit)', () => {
    expect(loadConfig({}).SIGNUPS_PER_ADDRESS_PER_HOUR).toBe(10);
    expect(loadConfig({ SIGNUPS_PER_ADDRESS_PER_HOUR: '0' }).SIGNUPS_PER_ADDRESS_PER_HOUR).toBe(0);
    expect(loadConfig({ SIGNUPS_PER_ADDRESS_PER_HOUR: '25' }).SIGNUPS_PER_ADDRESS_PER_HOUR).toBe(25);
    expect(() => loadConfig({ SIGNUPS_PER_ADDRESS_PER_HOUR: '-1' })).toThrow('SIGNUPS_PER_ADDRESS_PER_HOUR must be 0 or more');
    expect(() => loadConfig({ SIGNUPS_PER_ADDRESS_PER_HOUR: 'lots' })).toThrow('SIGNUPS_PER_ADDRESS_PER_HOUR must be a number');
  });

  it('allows visitors 5 trial generations a day unless TRIAL_GENERATIONS_PER_DAY says otherwise', () => {
    expect(loadConfig({}).TRIAL_GENERATIONS_PER_DAY).toBe(5);
    expect(loadConfig({ TRIAL_GENERATIONS_PER_DAY: '' }).TRIAL_GENERATIONS_PER_DAY).toBe(5);
    expect(loadConfig({ TRIAL_GENERATIONS_PER_DAY: '12' }).TRIAL_GENERATIONS_PER_DAY).toBe(12);
    expect(loadConfig({ TRIAL_GENERATIONS_PER_DAY: '0' }).TRIAL_GENERATIONS_PER_DAY).toBe(0);
    expect(() => loadConfig({ TRIAL_GENERATIONS_PER_DAY: 'many' })).toThrow('TRIAL_GENERATIONS_PER_DAY must be a number');
    expect(() => loadConfig({ TRIAL_GENERATIONS_PER_DAY: '-1' })).toThrow('TRIAL_GENERATIONS_PER_DAY must be 0 or more');
    expect(() => loadConfig({ TRIAL_GENERATIONS_PER_DAY: '2.5' })).toThrow('TRIAL_GENERATIONS_PER_DAY must be a whole number');
  });
});
