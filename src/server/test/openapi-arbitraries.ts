import fc from 'fast-check';
import { UPLOAD_MAX_BYTES } from '../../contract/uploads';
import { bigPng, multipartBody } from './images';
import {
  type Hints,
  malformedValue,
  typeOf,
  unicodeText,
  validObject,
  validValue,
} from './json-schema-values';
import type { HttpMethod, JsonSchema, Operation } from './openapi-operations';

/**
 * fast-check generators of requests for the operations of an OpenAPI document: valid-shaped ones
 * built from each operation's JSON schemas, and the malformed ones a hostile or broken client sends
 * (wrong types, huge and strange text, missing and forbidden fields, bodies over the limit, broken
 * JSON, broken URL encoding). The fuzz runner sends them; this file only makes them.
 */

/** The app's JSON body limit (src/server/app.ts): anything longer must be refused with 413. */
export const JSON_BODY_LIMIT = 64 * 1024;
/** The upload route's own limit: the image plus room for the form around it. */
export const UPLOAD_BODY_LIMIT = UPLOAD_MAX_BYTES + 64 * 1024;

/**
 * Written into fields the caller may not set. No generator makes it otherwise, so finding it in any
 * stored row means a forbidden field got through.
 */
export const FORBIDDEN_MARKER = 'FUZZ-FORBIDDEN-7f3a';

/** Fields a client might try to set to raise its rights or change money, stock or state. */
export const FORBIDDEN_FIELDS = [
  'price',
  'total',
  'role',
  'admin',
  'isAdmin',
  'paid',
  'status',
  'userId',
  'userEmail',
  'userName',
  'commenter',
  'availableQuantity',
  'available_quantity',
  'minimum_order_quantity',
  'transactionId',
  'cardLast4',
  'emailVerified',
  'banned',
  '_id',
  'id',
  'createdAt',
] as const;

/** One request as `app.inject` takes it, with a note of what was done to it. */
export interface FuzzRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What kind of request this is: 'valid', 'body field wrong: price', 'oversize body', ... */
  mutation: string;
}

/** Percent-encodes the UTF-8 bytes of any text; lone surrogates go out as U+FFFD, as a browser sends them. */
export function encodeComponent(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const asText = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

function urlOf(op: Operation, params: Record<string, unknown>, query: Record<string, unknown> | string) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeComponent(asText(params[name])));
  const search =
    typeof query === 'string'
      ? query
      : Object.entries(query)
          .filter(([, value]) => value !== undefined)
          .flatMap(([name, value]) =>
            (Array.isArray(value) ? value : [value]).map(
              (v) => `${encodeComponent(name)}=${encodeComponent(asText(v))}`,
            ),
          )
          .join('&');
  return search ? `${path}?${search}` : path;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** The parts of a valid-shaped request, before any mutation. */
interface Parts {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

function validParts(op: Operation, hints: Hints): fc.Arbitrary<Parts> {
  const params = validObject({ properties: op.pathParams, required: Object.keys(op.pathParams) }, hints, op);
  const query = validObject({ properties: op.query, required: op.requiredQuery }, hints, op);
  const body = op.body
    ? typeOf(op.body) === 'object'
      ? validObject(op.body, hints, op)
      : validValue(op.body)
    : fc.constant(undefined);
  return fc.record({ params, query, body });
}

function jsonRequest(op: Operation, parts: Parts, mutation: string, body = parts.body): FuzzRequest {
  return {
    method: op.method,
    url: urlOf(op, parts.params, parts.query),
    headers: body === undefined ? {} : { ...JSON_TYPE },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    mutation,
  };
}

/** A key of a record arbitrary's value, chosen by the generator. */
const oneKeyOf = (keys: string[]) => fc.constantFrom(...keys);

/** Mutations of a JSON object body: one field wrong, a required one missing, forbidden ones added. */
function objectBodyMutations(op: Operation, schema: JsonSchema, parts: fc.Arbitrary<Parts>) {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const required = (schema.required ?? []).filter((name) => name in properties);
  const allowed = new Set(names);
  const forbidden = FORBIDDEN_FIELDS.filter((name) => !allowed.has(name));
  const mutations: Array<fc.WeightedArbitrary<FuzzRequest>> = [];

  if (names.length) {
    mutations.push({
      weight: 5,
      arbitrary: fc
        .tuple(parts, oneKeyOf(names))
        .chain(([p, name]) =>
          malformedValue(properties[name] ?? {}).map((value) =>
            jsonRequest(op, p, `body field wrong: ${name}`, { ...(p.body as object), [name]: value }),
          ),
        ),
    });
  }
  if (required.length) {
    mutations.push({
      weight: 1,
      arbitrary: fc.tuple(parts, oneKeyOf(required)).map(([p, name]) => {
        const { [name]: _dropped, ...rest } = p.body as Record<string, unknown>;
        return jsonRequest(op, p, `body field missing: ${name}`, rest);
      }),
    });
  }
  mutations.push({
    weight: 4,
    arbitrary: fc
      .tuple(
        parts,
        fc.subarray(forbidden, { minLength: 1, maxLength: 4 }),
        fc.constantFrom<unknown>(FORBIDDEN_MARKER, 'admin', 'pending', 'shipped', true, 0.01, 999_999, -5),
      )
      .map(([p, fields, value]) =>
        jsonRequest(op, p, `forbidden fields: ${fields.join(', ')}`, {
          ...(p.body as object),
          // The marker in every string-ish field, the chosen value in the rest, so both kinds are tried.
          ...Object.fromEntries(fields.map((f, i) => [f, i === 0 ? FORBIDDEN_MARKER : value])),
        }),
      ),
  });
  return mutations;
}

const RAW_BODIES: Array<[string, string, string]> = [
  ['broken JSON', 'application/json', '{"comment": "unterminated'],
  ['prototype pollution', 'application/json', '{"__proto__": {"role": "admin"}, "comment": "x"}'],
  ['constructor pollution', 'application/json', '{"constructor": {"prototype": {"role": "admin"}}}'],
  ['empty JSON body', 'application/json', ''],
  ['JSON with NUL', 'application/json', '{"comment": "a\\u0000b", "ratings": 5}'],
  // As deep as fits under the body limit: anything walking or re-serializing bodies recursively fails here.
  ['deeply nested array', 'application/json', `${'['.repeat(30_000)}${']'.repeat(30_000)}`],
  ['deeply nested object', 'application/json', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`],
  ['text body', 'text/plain', 'hello'],
  ['form body', 'application/x-www-form-urlencoded', 'role=admin&price=1'],
  ['JSON with charset', 'application/json; charset=latin1', '{"a": 1}'],
  ['odd content type', 'application/json\u0000x', '{}'],
];

/** Bodies a client should never send: wrong shapes, broken JSON, odd content types, too big. */
function rawBodyMutations(
  op: Operation,
  parts: fc.Arbitrary<Parts>,
): Array<fc.WeightedArbitrary<FuzzRequest>> {
  const raw = (p: Parts, mutation: string, contentType: string, payload: string | Buffer): FuzzRequest => ({
    method: op.method,
    url: urlOf(op, p.params, p.query),
    headers: { 'content-type': contentType },
    payload,
    mutation,
  });
  return [
    {
      weight: 2,
      arbitrary: fc
        .tuple(parts, fc.constantFrom(...RAW_BODIES))
        .map(([p, [mutation, type, payload]]) => raw(p, mutation, type, payload)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(parts, fc.constantFrom<unknown>([], [{}], 'text', 42, null, true))
        .map(([p, body]) => jsonRequest(op, p, 'body of the wrong shape', body)),
    },
    {
      // Just over the limit (the boundary), or far over it: both must be 413 before any parsing.
      weight: 1,
      arbitrary: fc
        .tuple(parts, fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 40_000, max: 100_000 })))
        .map(([p, over]) => {
          const size = JSON_BODY_LIMIT + over;
          const filler = 'A'.repeat(size - '{"comment":""}'.length);
          return raw(p, 'oversize body', 'application/json', `{"comment":"${filler}"}`);
        }),
    },
  ];
}

/** Multipart forms for the upload route, which documents no JSON body. */
export function formBodies(): fc.Arbitrary<{
  mutation: string;
  headers: Record<string, string>;
  payload: Buffer;
}> {
  const png = bigPng(8, 8);
  const form = (mutation: string, parts: Parameters<typeof multipartBody>[0]) => {
    const { payload, headers } = multipartBody(parts);
    return { mutation, headers, payload };
  };
  return fc.oneof(
    fc.constant(
      form('valid image form', [{ name: 'image', filename: 'a.png', contentType: 'image/png', data: png }]),
    ),
    fc.constant(
      form('form: wrong field', [
        { name: 'picture', filename: 'a.png', contentType: 'image/png', data: png },
      ]),
    ),
    fc.constant(form('form: text for the file', [{ name: 'image', data: 'not a file' }])),
    fc.constant(form('form: no parts', [])),
    fc.integer({ min: 1, max: 99 }).map((percent) => {
      const whole = form('form: cut short', [
        { name: 'image', filename: 'a.png', contentType: 'image/png', data: png },
      ]);
      return {
        ...whole,
        payload: whole.payload.subarray(0, Math.floor((whole.payload.length * percent) / 100)),
      };
    }),
    fc.constant(
      form(
        'form: many fields',
        Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
      ),
    ),
    fc
      .uint8Array({ minLength: 0, maxLength: 2048 })
      .map((bytes) =>
        form('form: random bytes as an image', [
          { name: 'image', filename: 'x.png', contentType: 'image/png', data: Buffer.from(bytes) },
        ]),
      ),
    unicodeText.map((name) =>
      form('form: strange file name', [
        { name: 'image', filename: name, contentType: 'image/png', data: png },
      ]),
    ),
    fc.constant({
      mutation: 'form: broken boundary',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: Buffer.from('--yyy\r\nContent-Disposition: form-data; name="image"\r\n\r\nx\r\n--yyy--'),
    }),
  );
}

/** Path and query parameters: wrong, huge, strange, missing, repeated, badly encoded. */
function parameterMutations(
  op: Operation,
  parts: fc.Arbitrary<Parts>,
): Array<fc.WeightedArbitrary<FuzzRequest>> {
  const mutations: Array<fc.WeightedArbitrary<FuzzRequest>> = [];
  const pathNames = Object.keys(op.pathParams);
  const queryNames = Object.keys(op.query);
  const request = (
    p: Parts,
    mutation: string,
    query: Record<string, unknown> | string = p.query,
  ): FuzzRequest => ({
    ...jsonRequest(op, p, mutation),
    url: urlOf(op, p.params, query),
  });
  if (pathNames.length) {
    mutations.push({
      weight: 3,
      arbitrary: fc
        .tuple(parts, oneKeyOf(pathNames))
        .chain(([p, name]) =>
          fc
            .oneof(
              malformedValue(op.pathParams[name] ?? {}),
              fc.constantFrom('..', '.', '%2e%2e', ' ', 'a/b'),
            )
            .map((value) =>
              request({ ...p, params: { ...p.params, [name]: value } }, `path parameter wrong: ${name}`),
            ),
        ),
    });
    mutations.push({
      weight: 1,
      arbitrary: fc
        .tuple(parts, fc.constantFrom('%ZZ', '%E0%A4%A', '%C0%AF', '%', '%00', '%uD800'))
        .map(([p, bad]) => {
          const built = request(p, 'path with broken percent-encoding');
          const [path = '', search] = built.url.split('?');
          const broken = path.replace(/[^/]*$/, (last) => `${last}${bad}`);
          return { ...built, url: search ? `${broken}?${search}` : broken };
        }),
    });
  }
  if (queryNames.length) {
    mutations.push({
      weight: 3,
      arbitrary: fc
        .tuple(parts, oneKeyOf(queryNames))
        .chain(([p, name]) =>
          fc
            .oneof(malformedValue(op.query[name] ?? {}), fc.constant(['1', '2']), fc.constant(undefined))
            .map((value) => request(p, `query parameter wrong: ${name}`, { ...p.query, [name]: value })),
        ),
    });
  }
  mutations.push({
    weight: 1,
    arbitrary: fc
      .tuple(parts, fc.subarray([...FORBIDDEN_FIELDS], { minLength: 1, maxLength: 3 }))
      .map(([p, fields]) =>
        request(p, `forbidden query parameters: ${fields.join(', ')}`, {
          ...p.query,
          ...Object.fromEntries(fields.map((f) => [f, FORBIDDEN_MARKER])),
        }),
      ),
  });
  mutations.push({
    weight: 1,
    arbitrary: fc
      .tuple(
        parts,
        fc.constantFrom(
          'a=%ZZ',
          '%=%',
          '&&&',
          `x=${'y'.repeat(10_000)}`,
          '__proto__[role]=admin',
          'a[b][c]=1',
        ),
      )
      .map(([p, query]) => request(p, 'raw query string', query)),
  });
  return mutations;
}

/**
 * Requests for one operation: mostly malformed, some valid-shaped (so the code behind validation
 * runs too), with hints supplying real ids and emails.
 */
export function requestArbitrary(op: Operation, hints: Hints): fc.Arbitrary<FuzzRequest> {
  const parts = validParts(op, hints);
  const mutations: Array<fc.WeightedArbitrary<FuzzRequest>> = [
    { weight: 4, arbitrary: parts.map((p) => jsonRequest(op, p, 'valid')) },
    ...parameterMutations(op, parts),
  ];
  const takesBody = op.method !== 'GET' && op.method !== 'DELETE';
  if (op.body && typeOf(op.body) === 'object') mutations.push(...objectBodyMutations(op, op.body, parts));
  if (op.body && typeOf(op.body) !== 'object') {
    mutations.push({
      weight: 3,
      arbitrary: fc
        .tuple(parts, malformedValue(op.body))
        .map(([p, body]) => jsonRequest(op, p, 'body wrong', body)),
    });
  }
  if (takesBody) mutations.push(...rawBodyMutations(op, parts));
  if (takesBody && !op.body) {
    // A POST documenting no JSON body takes a form (POST /api/uploads); send it forms, good and bad.
    mutations.push({
      weight: 6,
      arbitrary: fc.tuple(parts, formBodies()).map(([p, form]) => ({
        ...jsonRequest(op, p, form.mutation, undefined),
        headers: form.headers,
        payload: form.payload,
      })),
    });
    mutations.push({
      weight: 1,
      arbitrary: parts.map((p) => {
        const { payload, headers } = multipartBody([
          {
            name: 'image',
            filename: 'big.png',
            contentType: 'image/png',
            data: Buffer.alloc(UPLOAD_BODY_LIMIT + 1),
          },
        ]);
        return { ...jsonRequest(op, p, 'oversize form', undefined), headers, payload };
      }),
    });
  }
  return fc.oneof(...mutations);
}
