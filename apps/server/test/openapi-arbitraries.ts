import fc from 'fast-check';

/** The part of JSON Schema that the OpenAPI document of the routes uses. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
}

/** Strings that have reached a 500 somewhere, or would on a platform less careful. */
export const POISON_STRINGS = [
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  'a'.repeat(70_000),
  '9'.repeat(400),
  '1e21',
  '-1',
  '0x1F',
  'NaN',
  '',
  ' ',
  '\u202E\u200B',
  '😀'.repeat(50),
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '../../../etc/passwd',
  '%00%ff',
];

/** Numbers at and past every boundary: money in cents, int4, bigint, safe integers, floats. */
export const POISON_NUMBERS = [
  0,
  -1,
  1,
  0.005,
  1.005,
  99.999,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  1e15,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  1e17,
  1e19,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

const nested = (depth: number): unknown => (depth === 0 ? [] : { a: [nested(depth - 1)] });

/** Values of the wrong type for anything: null, booleans, containers, deep nesting. */
export const WRONG_TYPES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 'a', null],
  { a: { b: { c: ['\u0000'] } } },
  { constructor: { prototype: { polluted: 1 } } },
  nested(200),
];

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...WRONG_TYPES, ...POISON_STRINGS, ...POISON_NUMBERS),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const poisonFor = (schema: JsonSchema): fc.Arbitrary<unknown> => {
  const type = schema.anyOf ? undefined : schema.type;
  if (type === 'string') return fc.constantFrom(...POISON_STRINGS);
  if (type === 'number' || type === 'integer') return fc.constantFrom(...POISON_NUMBERS);
  return fc.constantFrom(...POISON_STRINGS, ...POISON_NUMBERS);
};

/** A value the schema accepts, or close to it: enums, patterns, ranges, the declared fields. */
export function validArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(validArbitrary));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string': {
      if (schema.pattern) {
        const max = schema.maxLength ?? 40;
        return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= max);
      }
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 24, 64) });
    }
    case 'integer':
      return fc.oneof(
        fc.integer({
          min: Math.max(schema.minimum ?? -1000, -1e6),
          max: Math.min(schema.maximum ?? 1e6, 1e6),
        }),
        fc.constantFrom(1, 2, 3),
      );
    case 'number':
      return fc.oneof(
        fc.integer({ min: -1000, max: 100_000 }),
        fc.double({ min: -1000, max: 100_000, noNaN: true }),
        fc.constantFrom(100, 150.5, 1000),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? validArbitrary(schema.items) : junk, { maxLength: 4 });
    case 'object':
      return objectArbitrary(schema, validArbitrary);
    default:
      return junk;
  }
}

/** Anything for a field: mostly well shaped, often a poison of its type, sometimes the wrong type. */
export function fuzzArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.type === 'object' && schema.properties) return objectArbitrary(schema, fuzzArbitrary);
  return fc.oneof(
    { weight: 4, arbitrary: validArbitrary(schema) },
    { weight: 3, arbitrary: poisonFor(schema) },
    { weight: 1, arbitrary: junk },
  );
}

function objectArbitrary(
  schema: JsonSchema,
  field: (s: JsonSchema) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const entries = properties.map(([name, s]) =>
    required.has(name)
      ? field(s).map((v) => [name, v] as const)
      : fc.option(
          field(s).map((v) => [name, v] as const),
          { freq: 4 },
        ),
  );
  const extra = fc.dictionary(fc.constantFrom('extra', 'a\u0000', '\uD800', '__proto__', 'id'), junk, {
    maxKeys: 2,
  });
  return fc.tuple(fc.tuple(...entries), fc.option(extra, { freq: 6 })).map(([pairs, more]) => {
    const out: Record<string, unknown> = {};
    for (const pair of pairs) if (pair) out[pair[0]] = pair[1];
    return more ? { ...more, ...out } : out;
  });
}

/** Every leaf field of an object schema, as a path of property names. */
export function leafPaths(schema: JsonSchema, prefix: string[] = []): string[][] {
  if (schema.type !== 'object' || !schema.properties) return prefix.length ? [prefix] : [];
  return Object.entries(schema.properties).flatMap(([name, s]) => leafPaths(s, [...prefix, name]));
}

export function withValueAt(value: unknown, path: string[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head = '', ...rest] = path;
  const base = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  return { ...base, [head]: withValueAt((base as Record<string, unknown>)[head], rest, leaf) };
}

/**
 * A query string as a client might send it, whatever the values: arrays repeat the key, lone
 * surrogates travel as their (invalid) UTF-8 bytes, which encodeURIComponent refuses to write.
 */
export function queryString(values: Record<string, unknown>): string {
  const encode = (s: string) =>
    s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]|[^\uD800-\uDFFF]+/g, (part) =>
      /^[\uD800-\uDFFF]$/.test(part)
        ? Array.from(wtf8(part.charCodeAt(0)), (b) => `%${b.toString(16).toUpperCase()}`).join('')
        : encodeURIComponent(part),
    );
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const list = Array.isArray(value) ? value : [value];
    for (const item of list)
      pairs.push(`${encode(key)}=${encode(typeof item === 'object' ? JSON.stringify(item) : String(item))}`);
  }
  return pairs.join('&');
}

const wtf8 = (unit: number) => [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
