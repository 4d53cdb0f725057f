import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SwapChargerCapacitySchema } from '@cmp/domain/stations/charger-limits';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { ruleMessage } from '@cmp/domain/messages/format';
import { testDatabase } from '../../test/test-database.js';
import { answerError, registerErrorHandler } from './error-handler.js';
import { AppError } from './app-error.js';

/** How the drivers report a database error: PGlite and node-postgres alike give the SQLSTATE as `code`. */
const databaseError = (code: string, message = 'invalid input syntax for type integer: "x"') =>
  Object.assign(new Error(message), { name: 'DatabaseError', code, severity: 'ERROR' });
/** Drizzle wraps the driver's error in its own, the driver's as `cause`. */
const wrapped = (cause: Error) => new Error('Failed query: select $1 params: x', { cause });

/** A bare app with one route per kind of failure; the real routes are covered by their modules' tests. */
async function buildSut(failure?: () => Promise<unknown>) {
  const app = Fastify({ logger: false, frameworkErrors: answerError }).withTypeProvider<ZodTypeProvider>();
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
  app.get('/failure', async () => failure?.());
  app.get('/items/:itemId', () => ({ ok: true }));
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

    expect(response.json().error.details[0].message).toBe('Enter a number no greater than 300');
  });

  it('should answer a broken business rule with 422 rule_violated', async () => {
    const app = await buildSut();

    const response = await app.inject({ method: 'GET', url: '/rule', headers: { 'accept-language': 'en' } });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: {
        code: 'rule_violated',
        message: 'Enter a number no greater than 300',
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

  describe('values the database refuses', () => {
    const INVALID_VALUE = { error: { code: 'invalid_value', message: '输入包含无法保存的值' } };

    it('should answer a data exception or a program limit as 400 invalid_value, however it is wrapped', async () => {
      const failures = [
        databaseError('22P02'),
        wrapped(databaseError('22003', 'integer out of range')),
        wrapped(wrapped(databaseError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'))),
        wrapped(databaseError('22P05', 'unsupported Unicode escape sequence')),
        wrapped(databaseError('22007', 'invalid input syntax for type timestamp')),
        wrapped(databaseError('22008', 'date/time field value out of range')),
        wrapped(databaseError('22001', 'value too long for type character varying(64)')),
        wrapped(databaseError('54000', 'index row size 3200 exceeds btree version 4 maximum 2704')),
      ];

      for (const failure of failures) {
        const response = await (
          await buildSut(() => Promise.reject(failure))
        ).inject({ method: 'GET', url: '/failure' });
        expect({ status: response.statusCode, body: response.json() }).toEqual({
          status: 400,
          body: INVALID_VALUE,
        });
      }
    });

    it('should map what the database itself answers to a value it cannot take', async () => {
      const { db } = await testDatabase();
      const queries = [
        () => db.execute(sql`select ${'a\u0000b'}::text`),
        () => db.execute(sql`select ${'99999999999'}::integer`),
        () => db.execute(sql`select ${'not a number'}::integer`),
        () => db.execute(sql`select ${'{"a":"\\ud800"}'}::jsonb`),
      ];

      for (const query of queries) {
        const response = await (await buildSut(query)).inject({ method: 'GET', url: '/failure' });
        expect({ status: response.statusCode, body: response.json() }).toEqual({
          status: 400,
          body: INVALID_VALUE,
        });
      }
    });

    it('should say it in English to a caller who prefers English', async () => {
      const response = await (
        await buildSut(() => Promise.reject(databaseError('22003')))
      ).inject({ method: 'GET', url: '/failure', headers: { 'accept-language': 'en' } });

      expect(response.json().error.message).toBe('The input contains a value that cannot be stored');
    });

    it('should leave other database errors internal', async () => {
      for (const failure of [
        wrapped(databaseError('23505', 'duplicate key value violates unique constraint')),
        wrapped(databaseError('08006', 'connection failure')),
        Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }),
      ]) {
        const response = await (
          await buildSut(() => Promise.reject(failure))
        ).inject({ method: 'GET', url: '/failure' });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ error: { code: 'internal_error', message: 'internal error' } });
      }
    });
  });

  it('should answer a path the router refuses in the error shape, naming the parameters', async () => {
    const app = await buildSut();

    const notUtf8 = await app.inject({ method: 'GET', url: '/items/a%ED%A0%80b' });
    const tooLong = await app.inject({ method: 'GET', url: `/items/${'x'.repeat(101)}` });

    expect(notUtf8.statusCode).toBe(400);
    expect(notUtf8.json().error).toEqual({
      code: 'validation_failed',
      message: 'params: 输入包含不允许的字符',
      details: [{ path: 'params', message: '输入包含不允许的字符', key: 'form.invalidCharacter' }],
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.details).toEqual([
      {
        path: 'params',
        message: '输入长度不能超过100个字符',
        key: 'form.maxLength',
        params: { max: 100 },
      },
    ]);
  });
});
