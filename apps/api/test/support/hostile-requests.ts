import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * Hostile requests for any route the app documents: the route list and each route's parameters, query and
 * body schema come from the app's OpenAPI document, so nothing here names a route.
 */

// --- The routes, from the app's own OpenAPI document.

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

interface Parameter {
  name: string;
  in: string;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form, e.g. /api/v1/vendor/{id}. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body: JsonSchema | null;
}

interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}

/** The routes of the portal's document and of the merchant API's (whose paths sit below its server's URL). */
export function operationsOf(app: FastifyInstance): Operation[] {
  const documents = [app.swagger(), app.merchantApiSwagger()] as unknown as OpenApiDocument[];
  return documents.flatMap((document) => operationsOfDocument(document, document.servers?.[0]?.url ?? ''));
}

function operationsOfDocument(document: OpenApiDocument, base: string): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      return {
        method: method.toUpperCase() as Operation['method'],
        path: `${base}${path}`,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        query: parameters.filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      };
    }),
  );
}

// --- Hostile values.

/** A number written as JSON text that JavaScript cannot produce (-0, 1e400 → Infinity, 30 digits). */
class RawNumber {
  constructor(readonly text: string) {}
}

const RAW_MARK = '@@raw-number@@';

/** JSON with RawNumber written verbatim. */
function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item instanceof RawNumber ? `${RAW_MARK}${item.text}${RAW_MARK}` : item,
  ).replace(new RegExp(`"${RAW_MARK}([^"@]+)${RAW_MARK}"`, 'g'), '$1');
}

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  'PK\u0000123',
  '\u0001\u0008\u000b\u000c\u001b\u007f\u0085\u009f',
  'line\nbreak\ttab\r',
  '\ud800',
  'lone \udc00 low',
  '',
  ' ',
  '   \t ',
  '%00',
  '../../etc/passwd',
  "' or '1'='1' --",
  '"; drop table orders; --',
  '9007199254740991',
  '1e308',
  '-0',
  'NaN',
  'Infinity',
  '0x1F',
  '0000-01-01T00:00:00Z',
  '2026-01-01T00:00:00+23:59',
  '275760-09-13T00:00:00Z',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  '😀'.repeat(300),
  'ٹیکس'.repeat(100),
  'x'.repeat(5000),
  'y'.repeat(300_000),
  // Long runs of what number and date patterns match, for patterns that backtrack.
  '9'.repeat(100_000),
  `${'1'.repeat(50_000)}.${'1'.repeat(50_000)}e`,
];

const HOSTILE_NUMBERS: unknown[] = [
  9007199254740991,
  -9007199254740991,
  9007199254740992,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  0.1 + 0.2,
  -1,
  2 ** 31,
  2 ** 53 + 2,
  new RawNumber('-0'),
  new RawNumber('1e400'),
  new RawNumber('-1e400'),
  new RawNumber('123456789012345678901234567890'),
  new RawNumber('1e-400'),
];

function nested(depth: number, leaf: unknown, asObject: boolean): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = asObject ? { a: value } : [value];
  return value;
}

const hostileString = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  {
    arbitrary: fc.string({ unit: fc.constantFrom('\u0000', '\u001f', '\u007f', 'a', ' ', '\n'), maxLength: 20 }),
    weight: 1,
  },
);

const hostileNumber = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 3 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
);

/** Wrong types, deep nesting and oversized shapes, anywhere a value goes. */
const hostileShape: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    [],
    {},
    nested(200, 1, false),
    nested(200, '\u0000', true),
    Array.from({ length: 20_000 }, (_, index) => index),
    Object.fromEntries(Array.from({ length: 2000 }, (_, index) => [`key${index}`, index])),
    JSON.parse('{"__proto__":{"polluted":true}}'),
  ),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 5 }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileString, hostileNumber, hostileShape);

// --- Values that follow the documented schema, so a request gets past the schema into the services.

function stringFor(schema: JsonSchema, known: readonly string[]): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [fc.constantFrom(...known), fc.string({ maxLength: schema.maxLength ?? 40 })];
  if (schema.pattern) {
    try {
      options.push(fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length < 600));
    } catch {
      // A pattern fast-check cannot generate from; the other options still cover the field.
    }
  }
  return fc.oneof(...options);
}

function numberFor(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1e6;
  const max = schema.maximum ?? 1e6;
  if (schema.type === 'integer') {
    return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** Mostly values of the schema's shape, with hostile values mixed in at every level. */
function valueFor(schema: JsonSchema, known: readonly string[]): fc.Arbitrary<unknown> {
  const shaped: fc.Arbitrary<unknown>[] = [];
  if (schema.enum) shaped.push(fc.constantFrom(...schema.enum));
  if (schema.const !== undefined) shaped.push(fc.constant(schema.const));
  for (const variants of [schema.oneOf, schema.anyOf, schema.allOf]) {
    if (variants?.length) shaped.push(fc.oneof(...variants.map((variant) => valueFor(variant, known))));
  }
  if (!schema.enum) {
    for (const type of typesOf(schema)) {
      if (type === 'object') {
        const properties = Object.entries(schema.properties ?? {});
        shaped.push(
          fc.record(Object.fromEntries(properties.map(([name, property]) => [name, valueFor(property, known)])), {
            requiredKeys: (schema.required ?? []).filter((name) => schema.properties?.[name]),
          }),
        );
      } else if (type === 'array') {
        shaped.push(fc.array(schema.items ? valueFor(schema.items, known) : hostileValue, { maxLength: 4 }));
      } else if (type === 'string') {
        shaped.push(stringFor(schema, known));
      } else if (type === 'number' || type === 'integer') {
        shaped.push(numberFor(schema));
      } else if (type === 'boolean') {
        shaped.push(fc.boolean());
      } else if (type === 'null') {
        shaped.push(fc.constant(null));
      }
    }
  }
  if (schema.nullable) shaped.push(fc.constant(null));
  if (shaped.length === 0) return hostileValue;
  return fc.oneof({ arbitrary: fc.oneof(...shaped), weight: 4 }, { arbitrary: hostileValue, weight: 1 });
}

// --- Requests.

export interface HostileRequest {
  url: string;
  payload?: string;
  contentType?: string;
}

/** Percent-encoding as a browser does it; a lone surrogate, which encodeURIComponent refuses, as U+FFFD. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return Array.from(Buffer.from(text, 'utf8'), (byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

/** A short form for fast-check's report: a counterexample may carry a megabyte of body. */
function described(request: HostileRequest): HostileRequest {
  const summary = `${request.url.slice(0, 200)} ${request.contentType ?? ''} ${(request.payload ?? '').slice(0, 300)}`;
  return Object.assign(request, { [fc.toStringMethod]: () => summary });
}

/** A path segment: a value percent-encoded as a browser would, or an encoding a browser never sends. */
function segmentFor(parameter: Parameter, known: readonly string[]): fc.Arbitrary<string> {
  const value = fc
    .oneof(valueFor(parameter.schema, known), hostileString)
    .map((item) => (typeof item === 'string' ? item : toJson(item)));
  return fc.oneof(
    { arbitrary: value.map(encode), weight: 4 },
    {
      arbitrary: fc.constantFrom(
        '%00',
        'a%00b',
        `${encode(known[0] ?? 'x')}%00`,
        '%',
        '%zz',
        '%C0%80',
        '%ED%A0%80',
        '%2e%2e%2f%2e%2e',
        'a'.repeat(90),
        '9007199254740991',
      ),
      weight: 1,
    },
  );
}

function queryFor(parameters: readonly Parameter[], known: readonly string[]): fc.Arbitrary<string> {
  const asText = (item: unknown) => encode(typeof item === 'string' ? item : toJson(item));
  const pair = (name: string, schema: JsonSchema) =>
    fc.oneof(
      { arbitrary: valueFor(schema, known).map((item) => [`${encode(name)}=${asText(item)}`]), weight: 4 },
      // A repeated key arrives as an array.
      {
        arbitrary: fc
          .array(hostileValue, { minLength: 2, maxLength: 3 })
          .map((items) => items.map((item) => `${name}=${asText(item)}`)),
        weight: 1,
      },
      {
        arbitrary: fc.constantFrom([`${name}=%00`], [`${name}=`], [`${name}`], [`${name}=%zz`], [`${name}[a]=1`]),
        weight: 1,
      },
    );
  const pairs = parameters.map((parameter) => fc.option(pair(parameter.name, parameter.schema), { nil: undefined }));
  return fc
    .tuple(
      fc.tuple(...pairs),
      fc.option(fc.constantFrom('unknown=%00', 'a=1&a=2&a=3', '%00=%00', '&&==&'), { nil: undefined }),
    )
    .map(([chosen, extra]) => {
      const parts = [...chosen.flatMap((items) => items ?? []), ...(extra ? [extra] : [])];
      return parts.length > 0 ? `?${parts.join('&')}` : '';
    });
}

const RAW_BODIES: { payload: string; contentType: string }[] = [
  { payload: '{', contentType: 'application/json' },
  { payload: '{"a":', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '"\\u0000"', contentType: 'application/json' },
  { payload: '-0', contentType: 'application/json' },
  { payload: '1e400', contentType: 'application/json' },
  { payload: '{"__proto__":{"polluted":true}}', contentType: 'application/json' },
  { payload: '{"constructor":{"prototype":{"polluted":true}}}', contentType: 'application/json' },
  { payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, contentType: 'application/json' },
  { payload: `{"__proto__":1,"a":${'['.repeat(50_000)}${']'.repeat(50_000)}}`, contentType: 'application/json' },
  { payload: `"${'z'.repeat(1_100_000)}"`, contentType: 'application/json' },
  { payload: 'vendor_id=%00', contentType: 'application/x-www-form-urlencoded' },
  { payload: '\u0000', contentType: 'text/plain' },
  { payload: '\u0000', contentType: 'image/png' },
  { payload: '{}', contentType: 'application/json; charset=utf-16' },
];

function bodyFor(operation: Operation, known: readonly string[]): fc.Arbitrary<Omit<HostileRequest, 'url'>> {
  const json = (value: unknown) => ({ payload: toJson(value), contentType: 'application/json' });
  const raw = fc.constantFrom(...RAW_BODIES);
  if (operation.body) {
    return fc.oneof(
      { arbitrary: valueFor(operation.body, known).map(json), weight: 6 },
      { arbitrary: hostileValue.map(json), weight: 1 },
      { arbitrary: raw, weight: 1 },
    );
  }
  // Fastify reads no body on GET; other methods may still be sent one they do not expect.
  if (operation.method === 'GET') return fc.constant({});
  return fc.oneof(
    { arbitrary: fc.constant({}), weight: 2 },
    { arbitrary: hostileValue.map(json), weight: 1 },
    { arbitrary: raw, weight: 1 },
  );
}

export function requestFor(operation: Operation, known: readonly string[]): fc.Arbitrary<HostileRequest> {
  const segments = fc.tuple(...operation.pathParams.map((parameter) => segmentFor(parameter, known)));
  return fc
    .tuple(segments, queryFor(operation.query, known), bodyFor(operation, known))
    .map(([values, query, body]) => {
      let index = 0;
      const path = operation.path.replace(/\{[^}]+\}/g, () => values[index++] ?? '');
      return described({ url: `${path}${query}`, ...body });
    });
}

// --- Valid calls with one value made hostile.

export interface Example {
  method: string;
  url: string;
  payload?: unknown;
  /** The Authorization header it was made with. */
  authorization?: string;
}

/** The app, keeping every call that succeeds as an example of its route. */
export function recording(app: FastifyInstance, examples: Example[]): FastifyInstance {
  const inject = async (options: Example & { headers?: Record<string, string> }) => {
    const response = await app.inject(options as InjectOptions);
    if (response.statusCode < 300) {
      const { method, url, payload, headers } = options;
      examples.push({ method, url, payload, authorization: headers?.authorization });
    }
    return response;
  };
  return new Proxy(app, { get: (target, key) => (key === 'inject' ? inject : Reflect.get(target, key, target)) });
}

const templateOf = (operation: Operation) =>
  new RegExp(`^${operation.path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`);

/** The documented operation a call was routed to: a static path wins over a parameter, as in Fastify. */
export function operationOf(example: Example, all: readonly Operation[]): Operation | undefined {
  const { pathname } = new URL(example.url, 'http://riderdesk.test');
  return all
    .filter((operation) => operation.method === example.method && templateOf(operation).test(pathname))
    .sort((a, b) => a.pathParams.length - b.pathParams.length)[0];
}

type Slot =
  | { kind: 'segment'; index: number }
  | { kind: 'query'; name: string }
  | { kind: 'body'; path: (string | number)[] };

function bodySlots(value: unknown, path: (string | number)[] = []): Slot[] {
  const here: Slot[] = path.length > 0 ? [{ kind: 'body', path }] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => bodySlots(item, [...path, index]))];
  if (value !== null && typeof value === 'object') {
    return [...here, ...Object.entries(value).flatMap(([key, item]) => bodySlots(item, [...path, key]))];
  }
  return here;
}

function slotsOf(example: Example, operation: Operation): Slot[] {
  const segments = operation.path.split('/');
  const { searchParams } = new URL(example.url, 'http://riderdesk.test');
  const names = new Set([...searchParams.keys(), ...operation.query.map((parameter) => parameter.name)]);
  return [
    ...segments.flatMap((segment, index): Slot[] => (segment.includes('{') ? [{ kind: 'segment', index }] : [])),
    ...[...names].map((name): Slot => ({ kind: 'query', name })),
    ...bodySlots(example.payload),
  ];
}

function withValueAt(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = withValueAt(copy[head], rest, replacement);
  return copy;
}

const RAW_SEGMENTS = ['%00', 'a%00b', '%', '%zz', '%C0%80', '%ED%A0%80', '%2e%2e%2f%2e%2e', 'a'.repeat(90)];

function mutated(example: Example, slot: Slot, hostile: unknown, rawSegment: string | null): HostileRequest {
  const url = new URL(example.url, 'http://riderdesk.test');
  const text = typeof hostile === 'string' ? hostile : toJson(hostile);
  let path = url.pathname;
  let pairs = [...url.searchParams.entries()].map(([name, value]) => `${encode(name)}=${encode(value)}`);
  let payload = example.payload;
  if (slot.kind === 'segment') {
    const segments = path.split('/');
    segments[slot.index] = rawSegment ?? encode(text);
    path = segments.join('/');
  } else if (slot.kind === 'query') {
    pairs = [
      ...[...url.searchParams.entries()]
        .filter(([name]) => name !== slot.name)
        .map(([name, value]) => `${encode(name)}=${encode(value)}`),
      `${encode(slot.name)}=${encode(text)}`,
    ];
  } else {
    payload = withValueAt(example.payload, slot.path, hostile);
  }
  const query = pairs.length > 0 ? `?${pairs.join('&')}` : '';
  return described({
    url: `${path}${query}`,
    ...(payload === undefined ? {} : { payload: toJson(payload), contentType: 'application/json' }),
  });
}

function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);
}

// NUL most often: PostgreSQL refuses it in any text, where it stores the others.
const CONTROL_CHARACTER = fc.oneof(
  { arbitrary: fc.constant('\u0000'), weight: 3 },
  {
    arbitrary: fc.constantFrom('\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\ud800', '\udfff'),
    weight: 2,
  },
);

/** The value with a control character or a lone surrogate slipped in: valid in every other respect. */
function tainted(original: string): fc.Arbitrary<string> {
  return fc
    .tuple(CONTROL_CHARACTER, fc.nat({ max: original.length }))
    .map(([character, at]) => `${original.slice(0, at)}${character}${original.slice(at)}`);
}

/** Hostile values of the kind the slot holds first (a string's own text tainted, a number out of range). */
function hostileFor(original: unknown): fc.Arbitrary<unknown> {
  if (typeof original === 'string') {
    return fc.oneof(
      { arbitrary: tainted(original), weight: 3 },
      { arbitrary: hostileString, weight: 2 },
      { arbitrary: hostileValue, weight: 1 },
    );
  }
  if (typeof original === 'number') {
    return fc.oneof({ arbitrary: hostileNumber, weight: 3 }, { arbitrary: hostileValue, weight: 1 });
  }
  return hostileValue;
}

function originalAt(example: Example, slot: Slot): unknown {
  const url = new URL(example.url, 'http://riderdesk.test');
  if (slot.kind === 'segment') return decodeURIComponent(url.pathname.split('/')[slot.index] ?? '');
  if (slot.kind === 'query') return url.searchParams.get(slot.name) ?? undefined;
  return valueAt(example.payload, slot.path);
}

export function mutationsOf(examples: readonly Example[], operation: Operation): fc.Arbitrary<HostileRequest> | null {
  const cases = examples.flatMap((example) => slotsOf(example, operation).map((slot) => ({ example, slot })));
  if (cases.length === 0) return null;
  // Unbiased: fast-check favours the first of a list, and every slot deserves the same chance.
  return fc
    .noBias(fc.constantFrom(...cases))
    .chain(({ example, slot }) =>
      fc
        .tuple(hostileFor(originalAt(example, slot)), fc.option(fc.constantFrom(...RAW_SEGMENTS), { nil: null }))
        .map(([hostile, rawSegment]) => mutated(example, slot, hostile, rawSegment)),
    );
}
