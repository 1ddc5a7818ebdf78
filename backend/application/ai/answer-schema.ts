import { z } from 'zod';
import { generatedIdeasSchema } from '../contracts/ideas';

/**
 * The JSON schema a provider is asked to answer in (`response_format: { type: "json_schema",
 * strict: true }`), built from the same zod schema the parser validates with, in the subset
 * OpenAI's strict mode accepts: every property required, no additional properties, no defaults,
 * no `$schema`.
 */
export interface AnswerSchema {
  name: string;
  schema: Record<string, unknown>;
}

const dropped = new Set(['$schema', 'default', 'minLength', 'maxLength', 'format']);

function strictify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictify);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (dropped.has(key)) continue;
    out[key] = strictify(value);
  }
  if (out.type === 'object' && typeof out.properties === 'object' && out.properties !== null) {
    out.required = Object.keys(out.properties);
    out.additionalProperties = false;
  }
  return out;
}

export function strictJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return strictify(z.toJSONSchema(schema, { io: 'input' })) as Record<string, unknown>;
}

export const ideasAnswerSchema: AnswerSchema = { name: 'ideas', schema: strictJsonSchema(generatedIdeasSchema) };
