import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { Client, newMember, startTestApp, type TestApp } from '../../../../tests/support/test-app';
import { compiledResponses, compileResponseSerializer, type CompiledResponse } from './serializer';

/**
 * The compiled serializer must send what zod's serializer sent: same fields, same null vs
 * absent, same types, and never a property the schema does not declare. Each route's own
 * response schemas (as the app compiled them) are fed sample bodies built from the schema
 * itself, in several variants (every optional present or absent, null or a value, each
 * branch of each union), each carrying extra private fields, and both serializers' output is
 * compared.
 */

const PRIVATE = { passwordHash: '$argon2id$v=19$secret', emailClaim: { claimedBy: 'someone' } };

type Def = Record<string, any> & { type: string };
const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;
const checks = (def: Def) => (def.checks ?? []).map((c: any) => c._zod.def);

interface Variant {
  /** Which branch of each union, which entry of each enum. */
  pick: number;
  /** Optional fields left out and nullable fields null. */
  sparse: boolean;
}

function sampleString(def: Def, variant: Variant, key: string): string {
  const formats: Record<string, string> = {
    email: 'ada@example.com',
    uuid: '3f1c2a4e-8b7d-4c2a-9e1f-0a1b2c3d4e5f',
    guid: '3f1c2a4e-8b7d-4c2a-9e1f-0a1b2c3d4e5f',
    datetime: '2026-11-23T03:00:00.000Z',
    date: '2026-11-23',
    url: 'https://example.com/page',
  };
  const all = [def, ...checks(def)];
  // Links must be site paths or http(s) (homepage content refines them).
  if (/href|link/i.test(key)) return variant.pick % 2 ? '/about' : 'https://example.com/page';
  let text = formats[all.find((d) => d.format && formats[d.format])?.format] ?? (variant.pick % 2 ? 'Sourdough "baking" \\ ünïcode' : 'sample text');
  for (const c of checks(def)) {
    if (c.check === 'min_length' && text.length < c.minimum) text = text.padEnd(c.minimum, 'a');
    if (c.check === 'length_equals') text = 'a'.repeat(c.length);
  }
  for (const c of checks(def)) if (c.check === 'max_length' && text.length > c.maximum) text = text.slice(0, c.maximum);
  return text;
}

function sampleNumber(def: Def, variant: Variant): number {
  const integer = [def, ...checks(def)].some((d) => ['safeint', 'int32', 'uint32'].includes(d.format));
  let value = integer ? 3 + variant.pick : 2.5 + variant.pick;
  for (const c of checks(def)) {
    if (c.check === 'greater_than' && (value < c.value || (!c.inclusive && value === c.value))) value = c.value + 1;
    if (c.check === 'less_than' && (value > c.value || (!c.inclusive && value === c.value))) value = c.value - 1;
  }
  return value;
}

function sample(schema: $ZodType, variant: Variant, key = ''): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return sampleString(def, variant, key);
    case 'number':
      return sampleNumber(def, variant);
    case 'boolean':
      return variant.pick % 2 === 0;
    case 'null':
      return null;
    case 'any':
    case 'unknown':
      return { anything: [1, 'two', null] };
    case 'enum': {
      const values = Object.values(def.entries);
      return values[variant.pick % values.length];
    }
    case 'literal':
      return def.values[variant.pick % def.values.length];
    case 'optional':
      return variant.sparse ? undefined : sample(def.innerType, variant, key);
    case 'nullable':
      return variant.sparse ? null : sample(def.innerType, variant, key);
    case 'readonly':
      return sample(def.innerType, variant, key);
    case 'union':
      return sample(def.options[variant.pick % def.options.length], variant, key);
    case 'array': {
      const min = checks(def).find((c: any) => c.check === 'min_length')?.minimum ?? 0;
      const max = checks(def).find((c: any) => c.check === 'max_length')?.maximum ?? 2;
      const length = Math.min(Math.max(2, min), max);
      return Array.from({ length }, (_, i) => sample(def.element, { ...variant, pick: variant.pick + i }, key));
    }
    case 'tuple':
      return def.items.map((item: $ZodType) => sample(item, variant, key));
    case 'record': {
      const keyDef = defOf(def.keyType);
      const keys = keyDef.type === 'enum' ? Object.values<string>(keyDef.entries) : ['first', 'second'];
      return Object.fromEntries(keys.map((key) => [key, sample(def.valueType, variant, key)]));
    }
    case 'object': {
      const body: Record<string, unknown> = {};
      for (const [name, field] of Object.entries<$ZodType>(def.shape)) {
        const value = sample(field, variant, name);
        if (value !== undefined) body[name] = value;
      }
      // A catch-all object (the export's sections) sends every key by design: no private field is ever put in it.
      if (def.catchall && defOf(def.catchall).type !== 'never') return body;
      return { ...body, ...PRIVATE };
    }
    default:
      throw new Error(`no sample for a zod ${def.type}`);
  }
}

const variants: Variant[] = [0, 1, 2, 3].flatMap((pick) => [{ pick, sparse: false }, { pick, sparse: true }]);

let t: TestApp;
let routes: CompiledResponse[];
beforeAll(async () => {
  const before = compiledResponses.length;
  t = await startTestApp();
  await t.app.ready();
  routes = compiledResponses.slice(before).filter((r) => r.method !== 'HEAD');
});
afterAll(async () => t.close());

describe('compiled response serializer', () => {
  it('covers every route of the OpenAPI document, and every schema is compiled (no route keeps zod)', async () => {
    const doc = (await new Client(t.url).get('/api/docs/json')).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        Object.keys(operation.responses).map((status) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')} ${status}`),
      ),
    );
    const compiled = routes.map((r) => `${r.method} ${r.url} ${r.status}`);
    expect(documented.length).toBeGreaterThan(50);
    expect(compiled).toEqual(expect.arrayContaining(documented));
    expect(routes.filter((r) => r.serializer === 'zod').map((r) => `${r.method} ${r.url} ${r.status}: ${r.why}`)).toEqual([]);
  });

  it('sends the same JSON as the zod serializer for sample bodies of every route and status, private fields dropped', () => {
    let compared = 0;
    for (const route of routes) {
      const compiled = compileResponseSerializer(route.schema)!;
      const viaZod = zodSerializerCompiler({ schema: route.schema, method: route.method, url: route.url } as any) as (data: unknown) => string;
      for (const variant of variants) {
        const body = sample(route.schema, variant);
        const expected = viaZod(body);
        const actual = compiled(body);
        expect(JSON.parse(actual), `${route.method} ${route.url} ${route.status} ${JSON.stringify(variant)}`).toEqual(JSON.parse(expected));
        expect(actual, `${route.method} ${route.url} ${route.status}`).toBe(expected);
        expect(actual).not.toContain('passwordHash');
        expect(actual).not.toContain('claimedBy');
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(400);
  });

  it('GET /api/auth/me sends only the declared fields, never a password hash or email-claim internals the object holds', async () => {
    const member = new Client(t.url);
    const signup = await member.post('/api/auth/signup', newMember());
    expect(signup.status).toBe(201);
    const me = await member.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.text).not.toMatch(/password|argon2|claim/i);

    // The route's own compiled serializer, given the member with private fields attached.
    const route = routes.find((r) => r.method === 'GET' && r.url === '/api/auth/me' && r.status === '200')!;
    const serialize = compileResponseSerializer(route.schema)!;
    const withPrivates = { ...me.body, ...PRIVATE, user: { ...me.body.user, ...PRIVATE, passwordHash: 'hash', emailClaimStream: 'email-claim-x' } };
    const sent = serialize(withPrivates);
    expect(JSON.parse(sent)).toEqual(me.body);
    expect(sent).not.toMatch(/password|argon2|claim/i);
  });
});
