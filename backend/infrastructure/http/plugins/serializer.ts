import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type Serialize = (data: unknown) => string;
type ZodCompiler = (route: { schema: unknown; method: string; url: string; httpStatus?: string }) => Serialize;

/**
 * zod kinds whose output JSON Schema describes exactly what `encode` + `JSON.stringify` would
 * send. Anything else (transforms, pipes, codecs, defaults, catch, dates, bigints, custom,
 * lazy, …) keeps the zod serializer.
 */
const FAITHFUL = new Set([
  'object', 'string', 'number', 'boolean', 'null', 'array', 'optional', 'nullable', 'enum',
  'literal', 'union', 'record', 'any', 'unknown', 'readonly', 'tuple',
]);

/** Why the schema cannot be serialised by the compiled serializer, or null when it can. */
export function unfaithfulPart(schema: $ZodType, seen = new Set<$ZodType>()): string | null {
  if (seen.has(schema)) return null;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string; checks?: Array<{ _zod: { def: { check: string } } }> };
  if (!FAITHFUL.has(def.type)) return def.type;
  // Checks that rewrite the value (`.trim()`, `.toLowerCase()`, `.overwrite()`) change the output.
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) return 'overwrite';
  // A loose or catch-all object sends keys it does not declare; zod's own strip mode is the default.
  // A catch-all of any value (`.catchall(z.unknown())`) is `additionalProperties: {}`, which
  // fast-json-stringify sends as JSON.stringify would; a typed catch-all is left to zod.
  if (def.type === 'object' && def.catchall && !['never', 'unknown', 'any'].includes((def.catchall as $ZodType)._zod.def.type)) return 'catchall';
  const children: unknown[] = [];
  if (def.type === 'object') children.push(...Object.values(def.shape as Record<string, unknown>));
  if (def.type === 'array') children.push(def.element);
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'readonly') children.push(def.innerType);
  if (def.type === 'union') children.push(...(def.options as unknown[]));
  if (def.type === 'record') children.push(def.keyType, def.valueType);
  if (def.type === 'tuple') children.push(...(def.items as unknown[]), def.rest);
  for (const child of children) {
    if (child instanceof $ZodType) {
      const found = unfaithfulPart(child, seen);
      if (found) return found;
    }
  }
  return null;
}

/**
 * fast-json-stringify already leaves out every property an object does not declare; an
 * explicit `additionalProperties: false` would only make its union matching (which validates
 * the data against each branch) refuse an object carrying extra, private fields, where zod
 * picks the branch and strips them. So it is removed; the output is stripped all the same.
 */
function forSerializing(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializing);
  if (typeof node !== 'object' || node === null) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    copy[key] = forSerializing(value);
  }
  return copy;
}

function resolveZod(maybeSchema: unknown): $ZodType | null {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  return properties instanceof $ZodType ? properties : null;
}

/** The compiled serializer of one zod response schema, or null when it must keep zod's path. */
export function compileResponseSerializer(schema: $ZodType): Serialize | null {
  if (unfaithfulPart(schema)) return null;
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
  return fastJson(forSerializing(jsonSchema) as Parameters<typeof fastJson>[0]) as Serialize;
}

/** One route's response schema as compiled: `zod` when it kept zod's serializer, and why. */
export interface CompiledResponse {
  method: string;
  url: string;
  status: string;
  schema: $ZodType;
  serializer: 'compiled' | 'zod';
  why: string | null;
}

/** Every response schema compiled in this process, newest last (read by the equivalence test). */
export const compiledResponses: CompiledResponse[] = [];

/**
 * Responses serialised by fast-json-stringify compiled from each route's zod response schema
 * (the zod schemas stay the one source for types, validation and OpenAPI): zod's serializer
 * validated every answer through the schema and then ran JSON.stringify, which cost more than
 * the reads themselves. Undeclared properties are still never sent. A schema the JSON Schema
 * cannot describe faithfully keeps zod's serializer.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const zodSchema = resolveZod(route.schema);
  if (zodSchema) {
    const why = unfaithfulPart(zodSchema);
    compiledResponses.push({ method: route.method, url: route.url, status: String(route.httpStatus ?? ''), schema: zodSchema, serializer: why ? 'zod' : 'compiled', why });
    if (!why) return compileResponseSerializer(zodSchema)!;
  }
  return (zodSerializerCompiler as unknown as ZodCompiler)(route as Parameters<ZodCompiler>[0]);
};
