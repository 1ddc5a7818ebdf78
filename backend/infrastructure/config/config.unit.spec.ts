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
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).NODE_ENV).toBe('production');
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
