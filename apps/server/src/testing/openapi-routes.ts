import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * What the API fuzz tests share: the POST routes of the server's own OpenAPI document (so a route
 * added later is fuzzed without touching a test) and what every answer of the wire protocol must be.
 */

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  /** A record's values (`z.record`, `z.partialRecord`): its keys are not in the document. */
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  nullable?: boolean;
  $ref?: string;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
export interface Route {
  path: string;
  /** The request body's JSON schema; undefined for a route without a body schema. */
  schema: JsonSchema | undefined;
}

function dereference(doc: OpenApiDocument, schema: JsonSchema, depth = 0): JsonSchema {
  if (depth > 20) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return dereference(doc, doc.components?.schemas?.[name] ?? {}, depth + 1);
  }
  const resolve = (inner: JsonSchema) => dereference(doc, inner, depth + 1);
  const values = schema.additionalProperties;
  return {
    ...schema,
    ...(schema.properties
      ? { properties: Object.fromEntries(Object.entries(schema.properties).map(([key, s]) => [key, resolve(s)])) }
      : {}),
    ...(values !== undefined && typeof values === 'object' ? { additionalProperties: resolve(values) } : {}),
    ...(schema.oneOf ? { oneOf: schema.oneOf.map(resolve) } : {}),
    ...(schema.anyOf ? { anyOf: schema.anyOf.map(resolve) } : {}),
    ...(schema.allOf ? { allOf: schema.allOf.map(resolve) } : {}),
    ...(schema.items ? { items: resolve(schema.items) } : {}),
  };
}

/** Every POST route of GET /docs/json, with its body schema dereferenced. */
export async function openApiPostRoutes(app: FastifyInstance): Promise<Route[]> {
  const response = await app.inject({ method: 'GET', url: '/docs/json' });
  const doc = response.json<OpenApiDocument>();
  return Object.entries(doc.paths).flatMap(([path, operations]) => {
    const post = operations.post;
    if (!post) return [];
    const schema = post.requestBody?.content?.['application/json']?.schema;
    return [{ path, schema: schema ? dereference(doc, schema) : undefined }];
  });
}

export function lowerBound(schema: JsonSchema): number {
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1;
  const minimum = schema.minimum ?? Number.MIN_SAFE_INTEGER;
  return schema.exclusiveMinimum === true ? minimum + 1 : minimum;
}
export function upperBound(schema: JsonSchema): number {
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - 1;
  const maximum = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  return schema.exclusiveMaximum === true ? maximum - 1 : maximum;
}

/** Stack frames, SQL and driver or runtime error text: none of it may reach a client. */
const LEAK =
  /\bat .+\.[cm]?[jt]s:\d+|node_modules|\bstack\b|\bselect\b.+\bfrom\b|\binsert into\b|\bdelete from\b|violates|syntax error|numeric field overflow|out of range for type|invalid input syntax|invalid byte sequence|ZodError|TypeError|RangeError|SyntaxError/i;

/**
 * Why this answer breaks the wire protocol (a 5xx, not `{code,msg,data}`, an untranslated message,
 * an error with data, internals), or null. `onCode` sees the body code of every well-formed answer.
 */
export function wireProblemOf(response: LightMyRequestResponse, onCode?: (code: number) => void): string | null {
  const excerpt = response.body.slice(0, 300);
  if (response.statusCode >= 500) return `HTTP ${response.statusCode}: ${excerpt}`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `HTTP ${response.statusCode}, not JSON: ${excerpt}`;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return `not an object: ${excerpt}`;
  const { code, msg, data } = body as { code?: unknown; msg?: unknown; data?: unknown };
  if (Object.keys(body).sort().join(',') !== 'code,data,msg') return `not {code,msg,data}: ${excerpt}`;
  if (!Number.isInteger(code) || typeof msg !== 'string' || msg === '') return `bad code or msg: ${excerpt}`;
  onCode?.(code as number);
  if (/^(validation|errors)\./.test(msg)) return `untranslated message: ${excerpt}`;
  if (code !== 200 && data !== null) return `an error with data: ${excerpt}`;
  if (LEAK.test(response.body)) return `leaks internals: ${excerpt}`;
  return null;
}

/** Every operation of GET /docs/json (any method), e.g. to check a whole prefix's access. */
export async function openApiOperations(app: FastifyInstance): Promise<{ method: string; path: string }[]> {
  const response = await app.inject({ method: 'GET', url: '/docs/json' });
  const doc = response.json<OpenApiDocument>();
  const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => methods.has(method))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
}
