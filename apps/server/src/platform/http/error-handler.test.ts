import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SwapChargerCapacitySchema } from '@cmp/domain/stations/charger-limits';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { ruleMessage } from '@cmp/domain/messages/format';
import { registerErrorHandler } from './error-handler.js';
import { AppError } from './app-error.js';

/** A bare app with one route per kind of failure; the real routes are covered by their modules' tests. */
async function buildSut() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.post('/capacity', { schema: { body: SwapChargerCapacitySchema } }, () => ({ ok: true }));
  app.get('/rule', () => {
    throw new RuleError(ruleMessage('form.maxNumber', { max: 300 }));
  });
  app.get('/app-error', () => {
    throw AppError.conflict('already there');
  });
  app.get('/crash', () => {
    throw new Error('secret connection string postgres://user:pw@db');
  });
  app.get(
    '/typed',
    { schema: { response: { 200: z.object({ n: z.number() }) } } },
    () => ({ n: 'x' }) as never,
  );
  return app;
}

describe('error handler', () => {
  it('should render a domain rule message in Chinese by default and keep its key and parameters', async () => {
    const app = await buildSut();

    const response = await app.inject({
      method: 'POST',
      url: '/capacity',
      payload: { chargerTotalNumberAc: 301 },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      {
        path: 'body.chargerTotalNumberAc',
        message: '输入数字不能超过300',
        key: 'form.maxNumber',
        params: { max: 300 },
      },
    ]);
  });

  it('should render it in English when the caller prefers English', async () => {
    const app = await buildSut();

    const response = await app.inject({
      method: 'POST',
      url: '/capacity',
      payload: { chargingPowerTotalMax: 301 },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });

    expect(response.json().error.details[0].message).toBe('input number cannot exceed 300');
  });

  it('should answer a broken business rule with 422 rule_violated', async () => {
    const app = await buildSut();

    const response = await app.inject({ method: 'GET', url: '/rule', headers: { 'accept-language': 'en' } });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: {
        code: 'rule_violated',
        message: 'input number cannot exceed 300',
        details: { key: 'form.maxNumber', params: { max: 300 } },
      },
    });
  });

  it('should answer an AppError with its status, code and message', async () => {
    const response = await (await buildSut()).inject({ method: 'GET', url: '/app-error' });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'conflict', message: 'already there' } });
  });

  it('should never reveal an internal error or a response that breaks its schema', async () => {
    const app = await buildSut();

    for (const url of ['/crash', '/typed']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { code: 'internal_error', message: 'internal error' } });
    }
  });

  it('should answer malformed JSON with 400', async () => {
    const response = await (
      await buildSut()
    ).inject({
      method: 'POST',
      url: '/capacity',
      payload: '{"chargerTotalNumberAc":',
      headers: { 'content-type': 'application/json' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });
});
