/**
 * The operations of an OpenAPI document as the fuzzer needs them: method, path, and the JSON
 * schemas of path parameters, query and body (as @fastify/swagger writes them from our zod contracts).
 */

/** The part of JSON Schema that @fastify/swagger writes for our zod contracts. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  method: HttpMethod;
  /** The OpenAPI path, `{name}` for a path parameter: `/api/order/{id}`. */
  path: string;
  pathParams: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  requiredQuery: string[];
  /** The JSON body's schema; undefined when the operation documents none. */
  body: JsonSchema | undefined;
}

/** `POST /api/order/{id}`: how reports and seeds name an operation. */
export const operationName = (op: Operation) => `${op.method} ${op.path}`;

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every operation of the document, in its order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(byMethod)) {
      const upper = method.toUpperCase() as HttpMethod;
      if (!METHODS.includes(upper)) continue;
      const params = op.parameters ?? [];
      const of = (where: string) =>
        Object.fromEntries(params.filter((p) => p.in === where).map((p) => [p.name, p.schema ?? {}]));
      operations.push({
        method: upper,
        path,
        pathParams: of('path'),
        query: of('query'),
        requiredQuery: params.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}
