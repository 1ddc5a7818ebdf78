import { expect } from 'vitest';
import { runMemberExamples, kindOf, knownIdFor } from '../support/slice-examples';
import { stateChecksums } from '../support/state-checksum';
import { Client, newMember, type TestApp } from '../support/test-app';

/**
 * Cross-member access (issue 27): member A keeps one of each thing a member owns, made by every
 * slice's examples (`Slice.memberExamples`: an idea set, a plan with milestones and tasks, a
 * support ticket, a TEST checkout and portal, and whatever a slice added); member B calls every
 * operation that takes an id, in its path or its body, with A's ids, and must get 404 while the
 * event store and the read models stay as they were. The operations come from the running app's
 * OpenAPI document, so a route added later is covered by itself; one whose id no example makes
 * fails, naming it.
 */

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  enum?: unknown[];
  minLength?: number;
  minimum?: number;
  minItems?: number;
  items?: Schema;
};
type Operation = { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };

const idName = /^id$|Id$/;
const methodsWithBody = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);


/** A value the schema accepts: ids from the fixtures, the rest the least the schema asks for. */
function fill(schema: Schema | undefined, ids: Record<string, string>, path: string, missing: string[], name = ''): unknown {
  if (!schema) return undefined;
  if (name && idName.test(name) && (schema.type === 'string' || schema.anyOf)) {
    const known = knownIdFor(name, path, ids);
    if (known === undefined) missing.push(`${name} (a ${kindOf(name, path)} id)`);
    return known ?? 'unknown';
  }
  if (schema.anyOf) return fill(schema.anyOf[0], ids, path, missing, name);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {}).filter(([key]) => schema.required?.includes(key) || idName.test(key));
      return Object.fromEntries(properties.map(([key, value]) => [key, fill(value, ids, path, missing, key)]));
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => fill(schema.items, ids, path, missing));
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    default:
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
  }
}

async function signUp(t: TestApp) {
  const client = new Client(t.url);
  const signup = await client.post('/api/auth/signup', newMember());
  expect(signup.status).toBe(201);
  return client;
}

/** Runs the check over every operation of `t`'s app; answers how many cases ran and what failed. */
export async function crossMemberAccess(t: TestApp): Promise<{ cases: number; failures: string[]; ids: Record<string, string>; routes: string[] }> {
  const a = await signUp(t);
  const { ids } = await runMemberExamples(t.services.product.slices, a);
  const b = await signUp(t);
  await t.services.runner.catchUpAll();

  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const failures: string[] = [];
  let cases = 0;
  const routes: string[] = [];
  const documented = new Set<string>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [lower, operation] of Object.entries(operations)) {
      const method = lower.toUpperCase();
      const route = `${method} ${path}`;
      documented.add(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      const pathIds = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const bodyIds = Object.keys(bodySchema?.properties ?? bodySchema?.anyOf?.[0]?.properties ?? {}).filter((key) => idName.test(key));
      if (pathIds.length === 0 && bodyIds.length === 0) continue;
      // Routes only staff may call answer a member 403 before any id is looked at.
      const audience = t.app.routeAudiences.get(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      if (!audience) {
        failures.push(`${route}: no declared audience`);
        continue;
      }
      if (!audience.includes('free')) continue;
      // Routes visitors may call serve what is public by design (an uploaded picture by its key): nothing a member owns.
      if (audience.includes('visitor')) continue;

      const missing: string[] = [];
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const known = knownIdFor(name, path, ids);
        if (known === undefined) missing.push(`{${name}} (a ${kindOf(name, path)} id)`);
        return encodeURIComponent(known ?? 'unknown');
      });
      const body = methodsWithBody.has(method) ? (fill(bodySchema, ids, path, missing) ?? {}) : undefined;
      cases += 1;
      routes.push(route);
      if (missing.length > 0) {
        failures.push(`${route}: no owner fixture for ${missing.join(', ')}; make one in the memberExamples of its slice (backend/infrastructure/composition/<slice>.ts)`);
        continue;
      }

      const before = await stateChecksums(t.database.handle.db);
      const answer = await b.request(method, url, body);
      await t.services.runner.catchUpAll();
      const after = await stateChecksums(t.database.handle.db);
      if (answer.status !== 404) failures.push(`${route} with member A's ids answered member B ${answer.status}: ${answer.text.slice(0, 200)}`);
      if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${route} by member B changed the stored state`);
    }
  }
  // A route the document leaves out (hidden) with an id in its path would escape the loop above.
  for (const route of t.app.routeAudiences.keys()) {
    if (route.includes(':') && !route.startsWith('HEAD ') && !documented.has(route)) failures.push(`${route}: takes an id but is not in the OpenAPI document`);
  }

  return { cases, failures, ids, routes };
}
