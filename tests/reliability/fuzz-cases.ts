import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { knownIdFor } from '../support/slice-examples';

/**
 * Malformed and boundary requests generated from the OpenAPI document: each operation's path,
 * parameters and JSON body schema, spoiled one way at a time (wrong types, huge and empty
 * strings, deep nesting, NUL, lone surrogates, nulls, extra fields, duplicate keys, invalid JSON,
 * wrong content types, compressed bodies). Deterministic for a given random source, so a seed
 * replays a run.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
};

export interface Operation {
  method: string;
  route: string;
  parameters: { in: 'path' | 'query'; name: string; schema: JsonSchema }[];
  body?: JsonSchema;
  /** The multipart/form-data body schema of an upload (its first property is the file's field). */
  multipart?: JsonSchema;
}

export interface FuzzCase {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What was spoiled, for the failure report. */
  label: string;
  /**
   * The request could be accepted (a 2xx that may change state). False only where every schema
   * refuses it: a NUL or a lone surrogate in a string, a string far beyond any maximum length.
   */
  mayAccept: boolean;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every platform. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof random>;

/** The operations of an OpenAPI document under /api/, with their JSON body schemas. */
export function operationsOf(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [route, methods] of Object.entries(doc.paths)) {
    if (!route.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        route,
        parameters: (operation.parameters ?? [])
          .filter((p: any) => p.in === 'path' || p.in === 'query')
          .map((p: any) => ({ in: p.in, name: p.name, schema: p.schema ?? { type: 'string' } })),
        body: operation.requestBody?.content?.['application/json']?.schema,
        multipart: operation.requestBody?.content?.['multipart/form-data']?.schema,
      });
    }
  }
  return operations;
}

function typeOf(schema: JsonSchema): string | undefined {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return typeOf(options.find((o) => o.type !== 'null') ?? options[0]);
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

let unique = 0;
/** A value the schema accepts (every property present, the smallest sizes), or one a little off. */
export function sample(schema: JsonSchema, rng: Random, name = ''): unknown {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(rng.pick(options.filter((o) => o.type !== 'null')) ?? options[0], rng, name);
  if (schema.allOf) return sample(schema.allOf[0], rng, name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rng.pick(schema.enum);
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, rng, key)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? { type: 'string' }, rng, name));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return rng.chance(0.5);
    default: {
      unique += 1;
      if (schema.format === 'email' || /email/i.test(name)) return `fuzz.${unique}.${rng.int(1e9)}@example.com`;
      if (/password/i.test(name)) return 'correct horse battery';
      return `Fuzz value ${unique} long enough`;
    }
  }
}

type Path = (string | number)[];

/** Paths to every value in a sampled body (the root included), with the schema each follows. */
function leaves(value: unknown, at: Path = []): { path: Path; value: unknown }[] {
  const here = [{ path: at, value }];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => leaves(item, [...at, i]))];
  if (value && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]))];
  return here;
}

function withValue(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]] = withValue(copy[path[0]], path.slice(1), replacement);
  return copy;
}

/**
 * Raw fragments in a JSON text: a placeholder string in the value is replaced by bytes
 * JSON.stringify cannot produce (a lone surrogate as CESU-8, a deeply nested text).
 */
const RAW = '\u2603raw\u2603';
function encode(value: unknown, raw: Buffer[] = []): Buffer {
  const text = JSON.stringify(value) ?? '';
  if (raw.length === 0) return Buffer.from(text);
  const parts = text.split(`"${RAW}"`);
  return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [Buffer.from(part)] : [raw[i - 1], Buffer.from(part)])));
}

const CESU8_HIGH = Buffer.from([0xed, 0xa0, 0x80]); // U+D800 alone, as a careless encoder writes it
const CESU8_LOW = Buffer.from([0xed, 0xb0, 0x80]); // U+DC00 alone

const WRONG_TYPES: unknown[] = [0, -1, 1.5, 1e308, true, false, [], [1, 'a'], {}, { a: 1 }, 'text', '', null, '0', 'true'];
const BOUNDARY_NUMBERS: unknown[] = [0, -1, -2147483649, 2147483648, 2 ** 53 + 1, 1e308, -1e308, 0.5, 1e-7, '1', '1e3', ' 1', '0x10', 'NaN', 'Infinity'];

let bomb: Buffer | undefined;
/** 20 MB of spaces in 20 KB of gzip, made once. */
const zipBomb = () => (bomb ??= gzipSync(Buffer.alloc(20_000_000, 0x20)));

function jsonHeaders(): Record<string, string> {
  return { 'content-type': 'application/json' };
}

/** One spoiled body for an operation with a JSON body schema. */
function spoilBody(operation: Operation, rng: Random): { label: string; body: Buffer; headers: Record<string, string>; mayAccept: boolean } {
  const valid = sample(operation.body!, rng);
  const all = leaves(valid);
  const strings = all.filter((l) => typeof l.value === 'string');
  const anyLeaf = rng.pick(all);
  const stringLeaf = strings.length ? rng.pick(strings) : anyLeaf;
  const where = (path: Path) => (path.length ? path.join('.') : '(body)');
  const kind = rng.int(20);
  switch (kind) {
    case 0:
      return { label: 'valid sample', body: encode(valid), headers: jsonHeaders(), mayAccept: true };
    case 1: {
      const bad = rng.pick(WRONG_TYPES);
      return { label: `wrong type ${JSON.stringify(bad)} at ${where(anyLeaf.path)}`, body: encode(withValue(valid, anyLeaf.path, bad)), headers: jsonHeaders(), mayAccept: true };
    }
    case 2: {
      const size = rng.pick([2_001, 10_001, 100_000, 1_100_000]);
      return { label: `${size}-character string at ${where(stringLeaf.path)}`, body: encode(withValue(valid, stringLeaf.path, 'x'.repeat(size))), headers: jsonHeaders(), mayAccept: size < 100_000 };
    }
    case 3:
      return { label: `empty string at ${where(stringLeaf.path)}`, body: encode(withValue(valid, stringLeaf.path, rng.pick(['', ' ', '\t\n']))), headers: jsonHeaders(), mayAccept: true };
    case 4: {
      const depth = rng.pick([100, 1_000, 10_000, 100_000]);
      const [open, close] = rng.pick([['[', ']'], ['{"a":', '}']]);
      const nested = Buffer.from(open.repeat(depth) + '1' + close.repeat(depth));
      return { label: `${depth}-deep nesting at ${where(anyLeaf.path)}`, body: encode(withValue(valid, anyLeaf.path, RAW), [nested]), headers: jsonHeaders(), mayAccept: true };
    }
    case 5:
      return { label: `NUL in ${where(stringLeaf.path)}`, body: encode(withValue(valid, stringLeaf.path, rng.pick(['a\u0000b', '\u0000', 'abc\u0000']))), headers: jsonHeaders(), mayAccept: false };
    case 6: {
      const escaped = rng.chance(0.5);
      const lone = rng.pick(['\uD800', '\uDC00', 'a\uDBFFb']);
      if (escaped) return { label: `lone surrogate (escaped) in ${where(stringLeaf.path)}`, body: encode(withValue(valid, stringLeaf.path, lone)), headers: jsonHeaders(), mayAccept: false };
      const bytes = Buffer.concat([Buffer.from('"ab'), rng.pick([CESU8_HIGH, CESU8_LOW]), Buffer.from('cd"')]);
      return { label: `lone surrogate (CESU-8 bytes) in ${where(stringLeaf.path)}`, body: encode(withValue(valid, stringLeaf.path, RAW), [bytes]), headers: jsonHeaders(), mayAccept: true };
    }
    case 7:
      return { label: `null at ${where(anyLeaf.path)}`, body: encode(withValue(valid, anyLeaf.path, null)), headers: jsonHeaders(), mayAccept: true };
    case 8: {
      const extra = rng.pick([{ unexpected: 'x' }, { role: 'admin' }, { userId: 'someone-else' }, { id: 'x', version: 99 }]);
      const target = typeof valid === 'object' && valid !== null ? { ...(valid as object), ...extra } : extra;
      return { label: `extra fields ${JSON.stringify(extra)}`, body: encode(target), headers: jsonHeaders(), mayAccept: true };
    }
    case 9: {
      const text = encode(valid).toString();
      const poison = rng.pick(['{"__proto__":{"admin":true},', '{"constructor":{"prototype":{"admin":true}},']);
      return { label: `prototype keys ${poison}`, body: Buffer.from(text.startsWith('{}') ? poison.slice(0, -1) + '}' : text.replace(/^\{/, poison)), headers: jsonHeaders(), mayAccept: true };
    }
    case 10: {
      // A key twice: the first value spoiled, the second fine, and the other way round.
      const keyed = all.filter((l) => typeof l.path.at(-1) === 'string');
      const text = encode(valid).toString();
      if (!keyed.length) return { label: 'duplicate keys (none to duplicate)', body: Buffer.from('{"a":1,"a":2}'), headers: jsonHeaders(), mayAccept: true };
      const key = String(rng.pick(keyed).path.at(-1));
      const bad = JSON.stringify(rng.pick(WRONG_TYPES));
      const duplicated = rng.chance(0.5) ? text.replace(`"${key}":`, `"${key}":${bad},"${key}":`) : text.replace(/\}$/, `,"${key}":${bad}}`);
      return { label: `duplicate key ${key} (${bad})`, body: Buffer.from(duplicated), headers: jsonHeaders(), mayAccept: true };
    }
    case 11: {
      const text = encode(valid).toString();
      const broken = rng.pick([
        text.slice(0, Math.max(1, Math.floor(text.length / 2))),
        text + '}',
        text + 'garbage',
        text.replace(/"/, "'"),
        '{',
        '',
        ' ',
        'undefined',
        'NaN',
        '{"a":1,}',
        '[1,2',
        '\u0000',
        '\ufeff' + text,
        '{"a":"\\x41"}',
        '{"a":"\\ud800"}',
        text.replace(/:/, ':\u0000'),
      ]);
      return { label: `invalid JSON ${JSON.stringify(broken.slice(0, 40))}`, body: Buffer.from(broken), headers: jsonHeaders(), mayAccept: true };
    }
    case 12: {
      const type = rng.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'application/json; charset=bogus',
        'application/jsonx',
        'application/merge-patch+json',
        '*/*',
        'json',
        '',
        ';;;',
        'application/json, text/plain',
      ]);
      return { label: `content-type ${JSON.stringify(type)}`, body: encode(valid), headers: type ? { 'content-type': type } : {}, mayAccept: true };
    }
    case 13:
    case 14: {
      const plain = encode(rng.chance(0.5) ? valid : withValue(valid, anyLeaf.path, rng.pick(WRONG_TYPES)));
      const [encoding, body] = rng.pick<[string, () => Buffer]>([
        ['gzip', () => gzipSync(plain)],
        ['deflate', () => deflateSync(plain)],
        ['br', () => brotliCompressSync(plain)],
        ['gzip', () => Buffer.from('not gzip at all')],
        ['br', () => Buffer.from([0xff, 0xff, 0xff, 0xff])],
        ['snappy', () => plain],
        ['gzip, br', () => brotliCompressSync(gzipSync(plain))],
        ['identity', () => plain],
        ['gzip', zipBomb],
      ]);
      return { label: `content-encoding ${encoding}`, body: body(), headers: { ...jsonHeaders(), 'content-encoding': encoding }, mayAccept: true };
    }
    case 15: {
      const numeric = all.filter((l) => typeof l.value === 'number');
      const target = numeric.length ? rng.pick(numeric) : anyLeaf;
      const bad = rng.pick(BOUNDARY_NUMBERS);
      return { label: `boundary number ${JSON.stringify(bad)} at ${where(target.path)}`, body: encode(withValue(valid, target.path, bad)), headers: jsonHeaders(), mayAccept: true };
    }
    case 16: {
      const root = rng.pick(['null', '[]', '"text"', '1', 'true', '[{}]', '{}']);
      return { label: `body ${root}`, body: Buffer.from(root), headers: jsonHeaders(), mayAccept: true };
    }
    case 17: {
      const big = rng.pick([
        { label: '10,000-item array', value: Array.from({ length: 10_000 }, () => 'x') },
        { label: '10,000 keys', value: Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])) },
      ]);
      return { label: `${big.label} at ${where(anyLeaf.path)}`, body: encode(withValue(valid, anyLeaf.path, big.value)), headers: jsonHeaders(), mayAccept: true };
    }
    case 18: {
      const odd = rng.pick(['\u202e\u0301', '\ufffd', '\u{1F600}'.repeat(500), '<script>alert(1)</script>', "'; drop table events; --", '%00', '\r\n\r\nX-Injected: 1', '\u00a0']);
      return { label: `odd text ${JSON.stringify(odd.slice(0, 20))} at ${where(stringLeaf.path)}`, body: encode(withValue(valid, stringLeaf.path, odd)), headers: jsonHeaders(), mayAccept: true };
    }
    default:
      return { label: 'no body', body: Buffer.alloc(0), headers: rng.chance(0.5) ? jsonHeaders() : {}, mayAccept: true };
  }
}

/** A 1×1 PNG, the smallest picture an upload may accept. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** One multipart/form-data part. */
function formPart(boundary: string, name: string, content: Buffer, options: { filename?: string; type?: string } = {}): Buffer {
  const disposition = `form-data; name="${name}"${options.filename === undefined ? '' : `; filename="${options.filename}"`}`;
  const headers = `Content-Disposition: ${disposition}\r\n${options.type ? `Content-Type: ${options.type}\r\n` : ''}`;
  return Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n`), content, Buffer.from('\r\n')]);
}

/** One spoiled (or, once in a while, valid) multipart/form-data upload. */
function spoilMultipart(operation: Operation, rng: Random): { label: string; body: Buffer; headers: Record<string, string> } {
  const field = Object.keys(operation.multipart?.properties ?? {})[0] ?? 'file';
  const boundary = `----fuzz${rng.int(1e9)}`;
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  const end = Buffer.from(`--${boundary}--\r\n`);
  const form = (...parts: Buffer[]) => Buffer.concat([...parts, end]);
  const picture = (content: Buffer, filename = 'me.png', type = 'image/png') => formPart(boundary, field, content, { filename, type });
  const kind = rng.int(16);
  switch (kind) {
    case 0:
      return { label: 'valid multipart picture', body: form(picture(TINY_PNG)), headers };
    case 1:
      return { label: 'text named .png', body: form(picture(Buffer.from('not a picture at all'))), headers };
    case 2: {
      const size = rng.pick([0, 1, 7, 10_000, 5 * 1024 * 1024 + 1]);
      return { label: `${size} random bytes as the picture`, body: form(picture(Buffer.alloc(size, rng.int(256)))), headers };
    }
    case 3:
      return { label: 'the picture in another field', body: form(formPart(boundary, 'avatar', TINY_PNG, { filename: 'me.png', type: 'image/png' })), headers };
    case 4:
      return { label: 'two pictures', body: form(picture(TINY_PNG), picture(TINY_PNG, 'two.png')), headers };
    case 5: {
      const whole = form(picture(TINY_PNG));
      return { label: 'cut short', body: whole.subarray(0, rng.int(whole.length)), headers };
    }
    case 6:
      return { label: 'no boundary in the content type', body: form(picture(TINY_PNG)), headers: { 'content-type': 'multipart/form-data' } };
    case 7:
      return { label: 'another boundary than the body’s', body: form(picture(TINY_PNG)), headers: { 'content-type': 'multipart/form-data; boundary=elsewhere' } };
    case 8: {
      const filename = rng.pick(['../../etc/passwd', 'a\u0000b.png', 'x'.repeat(10_000) + '.png', '\ud800.png', '', '"quoted".png', 'me.png\r\nX-Injected: 1']);
      return { label: `file name ${JSON.stringify(filename.slice(0, 20))}`, body: form(picture(TINY_PNG, filename)), headers };
    }
    case 9: {
      const fields = Array.from({ length: rng.pick([20, 200]) }, (_, i) => formPart(boundary, `f${i}`, Buffer.from('x')));
      return { label: `${fields.length} text fields before the picture`, body: form(...fields, picture(TINY_PNG)), headers };
    }
    case 10:
      return { label: '100 KB text field', body: form(formPart(boundary, 'note', Buffer.alloc(100_000, 0x61)), picture(TINY_PNG)), headers };
    case 11:
      return { label: 'JSON sent as multipart', body: Buffer.from(`{"${field}":"x"}`), headers };
    case 12:
      return { label: 'gzip multipart', body: gzipSync(form(picture(TINY_PNG))), headers: { ...headers, 'content-encoding': 'gzip' } };
    case 13:
      return { label: 'PNG signature then garbage', body: form(picture(Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.alloc(64, 0xee)]))), headers };
    case 14:
      return { label: 'the picture as a text field', body: form(formPart(boundary, field, TINY_PNG)), headers };
    default:
      return { label: 'multipart/mixed', body: form(picture(TINY_PNG)), headers: { 'content-type': `multipart/mixed; boundary=${boundary}` } };
  }
}

const PARAM_VALUES: { label: string; value: string }[] = [
  { label: 'empty', value: '' },
  { label: 'huge', value: 'x'.repeat(10_000) },
  { label: 'NUL', value: '%00' },
  { label: 'lone surrogate (CESU-8)', value: '%ED%A0%80' },
  { label: 'invalid percent-encoding', value: '%E0%A4%A' },
  { label: 'bare percent', value: '%' },
  { label: 'dot segments', value: '..%2F..%2Fetc%2Fpasswd' },
  { label: 'negative', value: '-1' },
  { label: 'huge number', value: '1e999' },
  { label: 'float', value: '1.5' },
  { label: 'null', value: 'null' },
  { label: 'unicode', value: '%F0%9F%98%80' },
  { label: 'uuid-like', value: '00000000-0000-0000-0000-000000000000' },
  { label: 'sql', value: "'%20or%201%3D1--" },
  { label: 'json', value: '%7B%22a%22%3A1%7D' },
];

/** Build one request for an operation: a spoiled parameter, a spoiled body, or a spoiled header. */
/** The known id a route's bare `{id}` names, by what the route is about (undefined: the plan's). */
export function fuzzCase(operation: Operation, rng: Random, knownIds: Record<string, string>): FuzzCase {
  const values: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    // By the id's kind: `/tickets/{id}` a ticket's, `/test-checkout/{id}` that session's, `{planId}` a plan's (slice-examples.ts).
    const known = knownIdFor(parameter.name, operation.route, knownIds);
    values[`${parameter.in}:${parameter.name}`] = known && rng.chance(0.7) ? encodeURIComponent(known) : encodeURIComponent(String(sample(parameter.schema, rng, parameter.name)));
  }
  let label = '';
  let mayAccept = true;
  const spoilParameter = operation.parameters.length > 0 && (!operation.body || rng.chance(0.3));
  let extraQuery = '';
  if (spoilParameter) {
    const parameter = rng.pick(operation.parameters);
    const bad = rng.pick(PARAM_VALUES);
    values[`${parameter.in}:${parameter.name}`] = bad.value;
    label = `${parameter.in} ${parameter.name} ${bad.label}`;
    if (parameter.in === 'query' && rng.chance(0.3)) {
      extraQuery = `&${parameter.name}=${bad.value}&${parameter.name}[]=1`;
      label += ' (repeated)';
    }
  } else if (!operation.body && rng.chance(0.5)) {
    extraQuery = rng.pick(['&unknown=1', '&__proto__[x]=1', '&limit=-1', `&q=${'x'.repeat(5000)}`]);
    label = `extra query ${extraQuery.slice(0, 30)}`;
  }
  let pathname = operation.route;
  const query: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const [where, name] = key.split(':');
    if (where === 'path') pathname = pathname.replace(`{${name}}`, value);
    else query.push(`${name}=${value}`);
  }
  const search = query.join('&') + extraQuery;
  const path = search ? `${pathname}?${search.replace(/^&/, '')}` : pathname;

  let body: Buffer | undefined;
  let headers: Record<string, string> = {};
  if (operation.multipart && !operation.body) {
    ({ body, headers, label } = spoilMultipart(operation, rng));
  } else if (operation.body) {
    if (spoilParameter) {
      body = encode(sample(operation.body, rng));
      headers = jsonHeaders();
    } else {
      const spoiled = spoilBody(operation, rng);
      ({ body, headers } = spoiled);
      label = spoiled.label;
      mayAccept = spoiled.mayAccept;
    }
  } else if (!label || rng.chance(0.3)) {
    // No body expected: send one anyway, sometimes compressed or with an odd type.
    const unexpected = rng.pick<[string, Buffer, Record<string, string>]>([
      ['unexpected JSON body', Buffer.from('{"a":1}'), jsonHeaders()],
      ['unexpected invalid JSON body', Buffer.from('{"a":'), jsonHeaders()],
      ['unexpected text body', Buffer.from('hello'), { 'content-type': 'text/plain' }],
      ['unexpected gzip body', gzipSync(Buffer.from('{}')), { ...jsonHeaders(), 'content-encoding': 'gzip' }],
      ['unexpected bogus-encoded body', Buffer.from('{}'), { ...jsonHeaders(), 'content-encoding': 'bogus' }],
      ['empty JSON body', Buffer.alloc(0), jsonHeaders()],
    ]);
    label = label ? `${label}, ${unexpected[0]}` : unexpected[0];
    body = unexpected[1];
    headers = unexpected[2];
  }
  return { method: operation.method, path, headers, body, label, mayAccept };
}
