import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError, QuotaExceeded } from '../../../domain/shared/domain-error';
import { registerErrorHandler } from './error-handler';

async function appThrowing(error: unknown) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  app.post('/validated', { schema: { body: z.object({ name: z.string().min(1, 'Please enter a name') }) } }, async () => ({ ok: true }));
  return app;
}

describe('the error handler', () => {
  it('answers an unexpected error with a 500 that reveals nothing internal', async () => {
    const app = await appThrowing(new Error('connection to db at 10.0.0.5 failed: password=hunter2'));
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'internal_error' });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('stack');
  });

  it('maps a domain rule violation to its status with the stable code and its worded message', async () => {
    const cases: [DomainError, number, string][] = [
      [new DomainError('email_taken', 'conflict'), 409, 'An account with this email already exists'],
      [new DomainError('forbidden', 'forbidden'), 403, 'You are not allowed to do this'],
      [new DomainError('forbidden', 'forbidden', { action: 'change_role' }), 403, 'Only an admin can change roles'],
      [new DomainError('user_not_found', 'not_found'), 404, 'User not found'],
      [new DomainError('reason_required', 'invalid'), 400, 'Please give a reason'],
      [new DomainError('invalid_credentials', 'unauthorized'), 401, 'Invalid email or password'],
    ];
    for (const [error, status, message] of cases) {
      const res = await (await appThrowing(error)).inject({ method: 'GET', url: '/boom' });
      expect(res.statusCode).toBe(status);
      expect(res.body).toBe(JSON.stringify({ message, code: error.code }));
    }
  });

  it('sends a spent allowance with its upgrade flag, and a rate limit with Retry-After', async () => {
    const quota = await (await appThrowing(new QuotaExceeded('idea_limit_pro', false, { kind: 'idea', limit: 3, resetAt: '2026-04-01T00:00:00.000Z' })))
      .inject({ method: 'GET', url: '/boom' });
    expect(quota.statusCode).toBe(403);
    expect(quota.json()).toEqual({
      message: "You've reached your idea generation limit for this month. Your credits reset on 1 April 2026.",
      code: 'idea_limit_pro',
      limitReached: true,
      upgradeRequired: false,
    });
    const limited = await (await appThrowing(new DomainError('too_many_attempts', 'limit', { retryAfterMs: 90_500 })))
      .inject({ method: 'GET', url: '/boom' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('91');
    expect(limited.json()).toEqual({ message: 'Too many failed sign-in attempts. Please try again in 2 minute(s).', code: 'too_many_attempts' });
  });

  it('answers a body that fails its schema with 400 and the schema message', async () => {
    const app = await appThrowing(new Error('unused'));
    const res = await app.inject({ method: 'POST', url: '/validated', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please enter a name', code: 'validation_error' });
  });
});
