import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../../../domain/shared/domain-error';
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

  it('maps a domain rule violation to its status with the stable code and message', async () => {
    const cases: [DomainError, number][] = [
      [new DomainError('email_taken', 'Taken', 'conflict'), 409],
      [new DomainError('forbidden', 'No', 'forbidden'), 403],
      [new DomainError('user_not_found', 'Gone', 'not_found'), 404],
      [new DomainError('reason_required', 'Why?', 'invalid'), 400],
      [new DomainError('invalid_credentials', 'Bad', 'unauthorized'), 401],
    ];
    for (const [error, status] of cases) {
      const res = await (await appThrowing(error)).inject({ method: 'GET', url: '/boom' });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ message: error.message, code: error.code });
    }
  });

  it('answers a body that fails its schema with 400 and the schema message', async () => {
    const app = await appThrowing(new Error('unused'));
    const res = await app.inject({ method: 'POST', url: '/validated', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please enter a name', code: 'validation_error' });
  });
});
