import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi-operations';

/**
 * fast-check generators of values for a JSON schema: ones it accepts (as far as JSON Schema can
 * say), and ones it must refuse or that upset what comes after validation: other types, values
 * just out of bounds, strange and huge text.
 */

/**
 * Realistic values for a named field or parameter (ids that exist, the caller's own email), so
 * requests get past "not found" into the code behind it. Undefined: the schema alone decides.
 */
export type Hints = (field: string, op: Operation) => fc.Arbitrary<unknown> | undefined;

export const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type[0] : schema.type;

const INT_BOUND = 1_000_000;
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** Strings matching a pattern; lookarounds (which fast-check cannot generate) are checked afterwards. */
function patternString(pattern: string, min: number, max: number): fc.Arbitrary<string> {
  const full = new RegExp(pattern);
  const generative = new RegExp(pattern.replace(/\(\?[=!][^()]*\)/g, ''));
  return fc
    .stringMatching(generative, { size: 'small' })
    .filter((s) => s.length >= min && s.length <= max && full.test(s));
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  if (schema.pattern) return patternString(schema.pattern, min, max);
  if (schema.format === 'uri') return fc.webUrl().filter((s) => s.length <= max);
  const bounds = { minLength: min, maxLength: clamp(40, min, max) };
  return fc.oneof(
    { arbitrary: fc.string({ ...bounds, unit: 'grapheme-ascii' }), weight: 3 },
    { arbitrary: fc.string({ ...bounds, unit: 'grapheme' }), weight: 1 },
  );
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = clamp(schema.minimum ?? -100, -INT_BOUND, INT_BOUND);
  const max = clamp(schema.maximum ?? 10_000, min, INT_BOUND);
  const ints = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  if (integer) return ints;
  return fc.oneof(ints, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}

/** Values the schema accepts (as far as JSON Schema can say: zod refinements may still refuse). */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(validValue));
  switch (typeOf(schema)) {
    case 'string':
      return validString(schema);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(validValue(schema.items ?? {}), {
        minLength,
        maxLength: clamp(5, minLength, schema.maxItems ?? 5),
      });
    }
    case 'object':
      return validObject(schema, () => undefined, undefined);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

export function validObject(
  schema: JsonSchema,
  hints: Hints,
  op: Operation | undefined,
): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    model[name] = withHint(validValue(property), name, hints, op);
  }
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in model) });
}

function withHint(
  arbitrary: fc.Arbitrary<unknown>,
  name: string,
  hints: Hints,
  op: Operation | undefined,
): fc.Arbitrary<unknown> {
  const hint = op ? hints(name, op) : undefined;
  return hint ? fc.oneof({ arbitrary: hint, weight: 4 }, { arbitrary, weight: 1 }) : arbitrary;
}

/** Text that has broken stores before: NUL, lone surrogates, bidi overrides, emoji, injections. */
export const NASTY_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  // A lone surrogate inside a word: once a 500 in a checkout address (PostgreSQL jsonb refuses it).
  'x\ud800y',
  '\ud83d',
  '\u202eevil.exe',
  '\u200b',
  '\ufeff',
  '🔧🚗👨‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  'مرحبا بالعالم',
  'שלום',
  "' OR '1'='1",
  "'; DROP TABLE products; --",
  '%_\\',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '__proto__',
  '   ',
  '\r\n\t',
  'ｆｕｌｌｗｉｄｔｈ',
  'null',
  'NaN',
  '-0',
  '1e309',
  '0x10',
] as const;

const loneSurrogate = fc
  .tuple(fc.string({ maxLength: 5 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 5 }))
  .map(([before, unit, after]) => `${before}${String.fromCharCode(unit)}${after}`);

/** Ordinary text with a NUL inside: PostgreSQL cannot store one, so it is tried often. */
const withNul = fc
  .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
  .map(([before, after]) => `${before}\u0000${after}`);

export const unicodeText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_TEXT),
  fc.array(fc.constantFrom(...NASTY_TEXT), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 30 }),
  loneSurrogate,
  withNul,
);

/** 100 KB and more of one character (which may take several bytes). */
export const hugeText: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 100_000, max: 130_000 }), fc.constantFrom('A', 'é', '🔧', '\u0000', ' '))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

const anyJson: Array<[string, fc.Arbitrary<unknown>]> = [
  ['integer', fc.integer()],
  ['number', fc.double({ noNaN: true, noDefaultInfinity: true })],
  ['boolean', fc.boolean()],
  ['null', fc.constant(null)],
  ['string', fc.constantFrom('', 'abc', '12', '1e3', ' 7 ', 'true')],
  ['array', fc.constantFrom([], [1, 2], ['a'], [null])],
  ['object', fc.constantFrom({}, { $gt: '' }, { toString: 'x' }, { a: { b: { c: 1 } } })],
];

/** A value of another JSON type than the schema asks for. */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  const others = anyJson.filter(([name]) =>
    type === 'integer' || type === 'number' ? name !== 'integer' && name !== 'number' : name !== type,
  );
  return fc.oneof(...others.map(([, arbitrary]) => arbitrary));
}

/** Just outside the schema's bounds: one character, item or unit too many or too few. */
function outOfBounds(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  const values: unknown[] = [];
  if (type === 'string') {
    if (schema.maxLength !== undefined) values.push('x'.repeat(schema.maxLength + 1));
    if ((schema.minLength ?? 0) > 0) values.push('', ' '.repeat(schema.minLength ?? 1));
    if (schema.pattern) values.push('not the expected shape');
  } else if (type === 'integer' || type === 'number') {
    if (schema.maximum !== undefined) values.push(schema.maximum + 1);
    if (schema.minimum !== undefined) values.push(schema.minimum - 1);
    values.push(0, -1, 0.5, 1e308, -1e308, 2 ** 31, Number.MAX_SAFE_INTEGER + 2, 1.005);
  } else if (type === 'array') {
    values.push([]);
    if (schema.maxItems !== undefined) values.push(Array.from({ length: schema.maxItems + 1 }, () => 'x'));
    values.push(Array.from({ length: 10_000 }, () => ''));
  }
  return values.length ? fc.constantFrom(...values) : wrongType(schema);
}

/** Anything a schema does not allow, or text designed to upset what comes after validation. */
export function malformedValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: wrongType(schema), weight: 3 },
    { arbitrary: outOfBounds(schema), weight: 3 },
    { arbitrary: unicodeText, weight: 3 },
    { arbitrary: hugeText, weight: 1 },
  );
}
