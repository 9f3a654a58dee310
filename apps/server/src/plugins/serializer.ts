import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

type JsonSchema = { [key: string]: unknown };

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * fast-json-stringify picks an `anyOf` branch by validating the value against each branch (ajv,
 * on every response); `X | null` of a primitive becomes `type: [X, 'null']`, which it handles
 * with a typeof check.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(out).length === 1) {
    const nullAt = anyOf.findIndex((s: JsonSchema) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt] as JsonSchema | undefined;
    if (nullAt >= 0 && other && typeof other.type === 'string' && PRIMITIVES.has(other.type) && !other.anyOf) {
      // An enum keeps null among its values, or a null would match no branch.
      const values = Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {};
      return { ...other, type: [other.type, 'null'], ...values };
    }
  }
  return out;
}

/**
 * The JSON Schema of what a response sends (the schema's input side, which `safeEncode`
 * produces), or undefined when some part has no JSON Schema form (dates, custom checks, …).
 */
export function responseJsonSchema(schema: $ZodType): JsonSchema | undefined {
  try {
    const json = z.toJSONSchema(schema as z.ZodType, {
      target: 'draft-7',
      io: 'input',
      unrepresentable: 'throw',
      cycles: 'ref',
      reused: 'inline',
    }) as JsonSchema;
    delete json.$schema;
    return simplify(json) as JsonSchema;
  } catch {
    return undefined;
  }
}

/**
 * Responses are written by a serializer compiled once per route (fast-json-stringify, from
 * the JSON Schema of the route's Zod response schema) instead of Zod checking every object
 * and JSON.stringify writing it. The compiled serializer writes only the properties the
 * schema names, so a presenter can never leak an extra field. Outside production the Zod
 * check still runs first, so tests and development catch a presenter that breaks the contract
 * (ResponseSerializationError, a 500). A schema without a JSON Schema form keeps Zod's path.
 */
export function compiledSerializerCompiler({ validate }: { validate: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const { schema, method, url } = route;
    if (!(schema instanceof $ZodType))
      return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const json = responseJsonSchema(schema);
    if (!json) return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const stringify = fastJsonStringify(json);
    if (!validate) return (data) => stringify(data);
    return (data) => {
      const encoded = safeEncode(schema, data);
      if (encoded.error) throw new ResponseSerializationError(method, url, { cause: encoded.error });
      return stringify(encoded.data);
    };
  };
}
