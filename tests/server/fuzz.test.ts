/**
 * Fuzzing from the contract: for every operation of openapi/openapi.yaml (and the few routes the server
 * serves outside it), fast-check generates malformed and hostile requests (bodies, query strings,
 * headers, credentials, paths) and some well-formed ones, and checks that the server never answers
 * 5xx, that a refusal under /api/ is JSON with a `message`, that a refused (4xx) request leaves every
 * table as it was, and that an access token the server never issued gets nothing.
 * FUZZ_SEED=<n> replays another seed; FUZZ_RUNS=<n> changes the number of cases (about 3000 in all).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import stepsFile from '../../schemas/wizard/steps.json';
import { checkoutSessions } from '../../server/db/schema';
import { completeCompanyFile } from '../fixtures/company-file';
import { startDnsZone, type DnsZone } from './dns-zone';
import { isPlatformHost, platformHosts, requestHost } from '../../server/services/website/site-domains';
import {
  REFRESH_COOKIE,
  SIGNING_KEY,
  TEST_PASSWORD,
  refreshCookieOf,
  startTestServer,
  type Response,
  type TestServer,
  orderBody,
} from './harness';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_314);
// On PostgreSQL (the driver's half of the suite, vite.config.ts) a fifth of them: every operation still
// gets its cases through node-postgres, and the full count runs on PGlite.
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.DATABASE_URL ? 600 : 3000));
/** Distinct failures looked for per operation (each one found reruns the operation's cases). */
const MAX_FAILURES_PER_OPERATION = 4;
const WEBHOOK_SECRET = 'whsec_fuzz';
const stripe = new Stripe('sk_test_fuzz');
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', cardholder: 'C. Dupont' };
const STANDARD = { offerSku: 'STANDARD_PACKAGE', planSku: 'STANDARD_PACKAGE_ONE_TIME' };
/** The JSON body limit of server/app.ts. */
const BODY_LIMIT = 256 * 1024;

/**
 * Left out of the "a refused request changes nothing" comparison: the rate limiter's counters (it
 * counts refused requests too, by design), and the columns of the mail queue that its worker updates
 * on its own schedule (a queued message itself still counts: its id is compared).
 */
const UNCOMPARED_TABLES = new Set(['rate_limits']);
const UNCOMPARED_COLUMNS: Record<string, string[]> = {
  mail_queue: ['status', 'attempts', 'next_attempt_at', 'locked_until', 'last_error', 'sent_at', 'payload'],
};

// ---------------------------------------------------------------------------------------------
// The operations, from the contract.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: unknown };

const contract = parse(
  readFileSync(fileURLToPath(new URL('../../openapi/openapi.yaml', import.meta.url)), 'utf8'),
) as Schema;

/** `node` with every `$ref` of the contract replaced by what it points to. */
function deref(node: unknown, depth = 0): unknown {
  if (depth > 60) throw new Error('The contract nests $refs too deeply');
  if (Array.isArray(node)) return node.map((item) => deref(item, depth + 1));
  if (node === null || typeof node !== 'object') return node;
  const ref = (node as Schema).$ref;
  if (typeof ref === 'string') {
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Schema | undefined)?.[key], contract);
    if (target === undefined) throw new Error(`Unresolved $ref ${ref}`);
    return deref(target, depth + 1);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, deref(value, depth + 1)]));
}

interface Operation {
  /** The operationId, or a name for a route outside the contract. */
  id: string;
  method: string;
  /** With `{param}` placeholders. */
  path: string;
  auth: 'bearer' | 'refresh' | 'none';
  body: 'json' | 'form' | 'binary' | 'none';
  bodySchema?: Schema;
  example?: Json;
  /** Valid values of each path parameter (placeholders allowed). */
  pathParams: Record<string, fc.Arbitrary<string>>;
  queryParams: { name: string; schema: Schema }[];
  /** Which server answers it: the stripe webhook needs the stripe provider. */
  target: 'main' | 'stripe';
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Form fields of the contract's urlencoded operations (their schemas accept anything, on purpose). */
const FORM_FIELDS: Record<string, Schema> = {
  sendPublishedSiteMessage: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 40 },
      email: { enum: ['ana@example.test', 'not-an-address', ''] },
      message: { type: 'string', minLength: 1, maxLength: 200 },
      lang: { enum: ['fr', 'en', 'ro', 'xx'] },
      started: { enum: ['', '1.abc', '99999999999999.AAAAAAAAAAAAAAAAAAAAAA'] },
      leave_this_empty: { enum: ['', 'http://spam.test'] },
    },
  },
};

/** A 16×16 PNG: a logo the server accepts. */
const SMALL_PNG_HEX =
  '89504e470d0a1a0a0000000d4948445200000010000000100802000000909168360000000970485973000003e8000003e801b57b526b0000001849444154289163e02fcb2309318c6a281b0d25fee19a3400d1cdf30135da4d880000000049454e44ae426082';

function contractOperations(): Operation[] {
  const paths = contract.paths as Record<string, Schema>;
  return Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method): Operation => {
      const spec = deref(item[method]) as Schema;
      const id = String(spec.operationId);
      const security = (spec.security ?? contract.security ?? []) as Record<string, unknown>[];
      const schemes = security.flatMap((requirement) => Object.keys(requirement));
      // The path item's parameters, then the operation's own.
      const parameters = [...((deref(item.parameters) ?? []) as []), ...((spec.parameters ?? []) as [])] as {
        name: string;
        in: string;
        schema: Schema;
      }[];
      const content = (spec.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined;
      const jsonBody = content?.['application/json'];
      const formContent = content?.['application/x-www-form-urlencoded'];
      return {
        id,
        method: method.toUpperCase(),
        path,
        auth: schemes.includes('bearerAuth')
          ? 'bearer'
          : schemes.includes('refreshCookie')
            ? 'refresh'
            : 'none',
        body: jsonBody
          ? 'json'
          : content?.['application/octet-stream']
            ? 'binary'
            : formContent
              ? 'form'
              : 'none',
        ...(jsonBody ? { bodySchema: jsonBody.schema as Schema } : {}),
        ...(formContent && FORM_FIELDS[id] ? { bodySchema: FORM_FIELDS[id] } : {}),
        ...(jsonBody?.example === undefined ? {} : { example: jsonBody.example as Json }),
        pathParams: Object.fromEntries(
          parameters
            .filter((parameter) => parameter.in === 'path')
            .map((parameter) => [parameter.name, validValue(parameter.schema).map(String)]),
        ),
        queryParams: parameters
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema })),
        target: id === 'stripeWebhook' ? 'stripe' : 'main',
      };
    }),
  );
}

/** The server's routes outside the contract: the local payment page, the no-script contact form, pages. */
const OTHER_ROUTES: Operation[] = [
  {
    id: 'localCheckoutPage',
    method: 'GET',
    path: '/checkout/local/{id}',
    auth: 'none',
    body: 'none',
    pathParams: { id: fc.constantFrom('⟪openSession⟫', '⟪paidSession⟫') },
    queryParams: [],
    target: 'main',
  },
  {
    id: 'localCheckoutPay',
    method: 'POST',
    path: '/checkout/local/{id}/pay',
    auth: 'none',
    body: 'form',
    bodySchema: {
      type: 'object',
      required: ['cardNumber', 'expiry', 'cvc', 'cardholder'],
      properties: {
        cardNumber: { enum: [GOOD_CARD.cardNumber, '4000000000000002', '4242424242424241', ''] },
        expiry: { enum: [GOOD_CARD.expiry, '01/20', '13/40', ''] },
        cvc: { enum: ['123', '12', ''] },
        cardholder: { type: 'string', maxLength: 40 },
      },
    },
    pathParams: { id: fc.constantFrom('⟪openSession⟫', '⟪paidSession⟫') },
    queryParams: [],
    target: 'main',
  },
  {
    id: 'localCheckoutCancel',
    method: 'POST',
    path: '/checkout/local/{id}/cancel',
    auth: 'none',
    body: 'none',
    pathParams: { id: fc.constantFrom('⟪openSession⟫', '⟪paidSession⟫') },
    queryParams: [],
    target: 'main',
  },
  {
    id: 'contactForm',
    method: 'POST',
    path: '/contact',
    auth: 'none',
    body: 'form',
    bodySchema: {
      type: 'object',
      required: ['name', 'email', 'subject', 'message'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 40 },
        email: { enum: ['camille.dupont@example.test', 'not-an-address', ''] },
        subject: { type: 'string', minLength: 1, maxLength: 40 },
        message: { type: 'string', minLength: 1, maxLength: 200 },
        language: { enum: ['fr', 'en', 'ro', 'xx'] },
        website: { enum: ['', 'http://spam.test'] },
      },
    },
    pathParams: {},
    queryParams: [],
    target: 'main',
  },
  {
    id: 'appPage',
    method: 'GET',
    path: '/{page}',
    auth: 'none',
    body: 'none',
    pathParams: {
      page: fc.constantFrom('', 'plans', 'contact', 'login', 'documents', 'legal-notice', 'no-such-page'),
    },
    queryParams: [{ name: 'redirect', schema: { type: 'string', maxLength: 30 } }],
    target: 'main',
  },
  {
    id: 'apiReference',
    method: 'GET',
    path: '/api/docs/{rest}',
    auth: 'none',
    body: 'none',
    pathParams: { rest: fc.constantFrom('', 'json', 'yaml', 'static/index.html', 'static/swagger-ui.css') },
    queryParams: [],
    target: 'main',
  },
];

// ---------------------------------------------------------------------------------------------
// Values: valid ones from the schemas, hostile ones from experience.

/** fc.oneof that may shrink to its first choice, the ordinary one: shrunk requests keep only what matters. */
const oneOf = ((...choices: unknown[]) =>
  (fc.oneof as (...args: unknown[]) => fc.Arbitrary<unknown>)(
    { withCrossShrink: true },
    ...choices,
  )) as typeof fc.oneof;

/** A value the schema accepts (as far as this small generator knows JSON Schema). */
function validValue(schema: Schema | undefined): fc.Arbitrary<Json> {
  if (!schema) return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
  if ('const' in schema) return fc.constant(schema.const as Json);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as Json[]));
  const variants = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (variants) return oneOf(...variants.map((variant) => validValue(variant)));
  if (Array.isArray(schema.type))
    return oneOf(...schema.type.map((type) => validValue({ ...schema, type: type as string })));
  const type = schema.type ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: Math.max(Number(schema.minimum ?? -1000), -1_000_000),
        max: Math.min(Number(schema.maximum ?? 1000), 1_000_000),
      });
    case 'number':
      return fc.double({
        min: Number(schema.minimum ?? -1e6),
        max: 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return validString(schema);
    case 'array':
      return fc.array(validValue(schema.items as Schema | undefined), { maxLength: 3 });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      if (Object.keys(properties).length === 0)
        return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), {
          maxKeys: 6,
        }) as fc.Arbitrary<Json>;
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, validValue(value)])),
        { requiredKeys: required.filter((key) => key in properties) },
      ) as fc.Arbitrary<Json>;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
  }
}

function validString(schema: Schema): fc.Arbitrary<string> {
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = Math.min(Number(schema.maxLength ?? 40), 60);
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('1950-01-01'), max: new Date('2005-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).filter((text) => text.length <= Number(schema.maxLength ?? 254));
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
}

const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'a\udc00\ud800b',
  '\u202e\u2066gpj.exe\u2069',
  '\u200f\u200e\u061c',
  '\ufeff',
  '\u200b',
  'e\u0301'.repeat(50),
  '𝕏🏳️‍🌈',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '{{7*7}}${7*7}<%= 7*7 %>',
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  '\r\nSet-Cookie: hacked=1',
  '   ',
  '',
  '__proto__',
  'constructor',
  '1e309',
  '-0',
];

const SIZES = [1_000, 65_536, 200_000, 261_000, BODY_LIMIT, 300_000];
const DEPTHS = [33, 100, 1_000, 10_000, 100_000];

const hostileString: fc.Arbitrary<string> = oneOf(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(...SIZES).map((size) => 'a'.repeat(size)) },
  { weight: 1, arbitrary: fc.constantFrom(1_000, 30_000).map((size) => '\u0000é\ud800'.repeat(size)) },
);

/** Deeply nested JSON text: arrays or objects. */
const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...DEPTHS), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

// ---------------------------------------------------------------------------------------------
// Requests.

interface Body {
  contentType: string | null;
  /** Text, or bytes as hex when `hex` (invalid UTF-8). Placeholders allowed. */
  payload: string | null;
  hex?: boolean;
}

interface FuzzCase {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Body;
  /** An otherwise well-formed call of an operation that takes no body: it must be accepted. */
  mustAccept?: boolean;
}

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16le',
  'application/json;charset="UTF-8"',
  'APPLICATION/JSON',
  'application/json; boundary=x; foo',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/problem+json',
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'text/json',
  'multipart/form-data; boundary=----x',
  'multipart/form-data',
  FORM_TYPE,
  'application/xml',
  'application/octet-stream',
  '*/*',
  'json',
  '',
  ';',
];

/** A placeholder that `resolve` replaces with a number (the text keeps its quotes until then). */
const REVISION = '⟪revision⟫';

/** Well-formed bodies of the operations whose success needs the real user's secrets. */
function wellFormedValue(op: Operation): fc.Arbitrary<Json> {
  const fromSchema = validValue(op.bodySchema);
  const withExample = op.example === undefined ? [] : [fc.constant(op.example)];
  const language = fc.constantFrom('fr', 'en', 'ro');
  switch (op.id) {
    case 'login':
      return oneOf(
        fc.record(
          { email: fc.constant('⟪email⟫'), password: fc.constant('⟪password⟫'), language },
          { requiredKeys: ['email', 'password'] },
        ),
        fromSchema,
      );
    case 'register':
      return oneOf(
        fc.record(
          {
            firstname: fc.constantFrom('Camille', 'Ioana'),
            lastname: fc.constantFrom('Dupont', 'Popescu'),
            email: fc.uuid().map((id) => `fuzz.${id.slice(0, 8)}@example.test`),
            password: fc.constant(TEST_PASSWORD),
            confirmPassword: fc.constant(TEST_PASSWORD),
            dateOfBirth: fc.constant('1990-04-15'),
            language,
          },
          { requiredKeys: ['firstname', 'lastname', 'email', 'password', 'confirmPassword', 'dateOfBirth'] },
        ),
        fromSchema,
      );
    case 'deleteAccount':
      return oneOf(
        { weight: 1, arbitrary: fc.constant({ password: '⟪password⟫' }) },
        {
          weight: 3,
          arbitrary: fromSchema,
        },
      );
    case 'updateProfile':
      return oneOf(
        fc.record(
          {
            firstname: fc.constantFrom('Camille', 'Élodie'),
            lastname: fc.constantFrom('Dupont', 'Ștefănescu'),
            email: fc.constantFrom('⟪email⟫', `fuzz.${randomBytes(3).toString('hex')}@example.test`),
            phoneNumber: fc.constantFrom('+33612345678', null),
            dateOfBirth: fc.constantFrom('1990-04-15', null),
            companyName: fc.constantFrom('Boulangerie Dupont', null),
            currentPassword: fc.constant('⟪password⟫'),
          },
          { requiredKeys: ['firstname', 'lastname', 'email'] },
        ),
        fromSchema,
      );
    case 'verifyEmail':
      return oneOf(fc.constant({ token: '⟪verifyToken⟫' }), fromSchema);
    case 'resetPassword':
      return oneOf(
        fc.record({
          token: fc.constant('⟪resetToken⟫'),
          newPassword: fc.constant('un autre mot de passe 7'),
        }),
        fromSchema,
      );
    case 'forgotPassword':
      return oneOf(fc.constant({ email: '⟪email⟫' }), fromSchema);
    case 'createCheckoutSession':
      return oneOf(fc.constant(STANDARD), ...withExample, fromSchema);
    case 'saveCompanyFileDraft':
      return oneOf(
        fc.record({
          data: validValue({ type: 'object', additionalProperties: true }),
          step: fc.integer({ min: 0, max: 20 }),
          baseRevision: fc.constant(REVISION),
        }),
        fromSchema,
      );
    case 'submitCompanyFile':
      // A complete file, in the version of the steps the app is built with.
      return oneOf(
        fc.constant({ data: completeCompanyFile() as Json, version: stepsFile.version }),
        ...withExample,
        fromSchema,
      );
    case 'stripeWebhook':
      // Signed, so believed: an event, or JSON that is none.
      return oneOf(stripeEvent, fc.constantFrom<Json>(null, [], 'text', 0, {}));
    default:
      return oneOf(...withExample, fromSchema);
  }
}

/** Stripe events, from the one that grants a purchase to ones with nothing where an object should be. */
const stripeEvent: fc.Arbitrary<Json> = fc
  .record({
    type: fc.constantFrom(
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'payment_intent.succeeded',
      '',
    ),
    data: oneOf(
      fc.record({
        object: oneOf(
          fc.record(
            {
              id: fc.constantFrom('⟪stripeProviderSession⟫', 'cs_test_other'),
              object: fc.constant('checkout.session'),
              client_reference_id: fc.constantFrom('⟪stripeCheckout⟫', null, 42),
              metadata: oneOf(
                fc.record({ checkoutSessionId: fc.constantFrom('⟪stripeCheckout⟫', 'cs_stripe_x', '', 7) }),
                fc.constantFrom(null, 'text', [] as Json),
              ),
              payment_status: fc.constantFrom('paid', 'unpaid', null),
              amount_total: fc.constantFrom(1000, 0, -1, '1000', null),
              currency: fc.constantFrom('eur', 'EUR', 'usd', null),
            },
            { requiredKeys: [] },
          ),
          fc.constantFrom(null, {}, [], 'text', 42),
        ),
      }),
      fc.constantFrom(null, {}, [], 'text'),
    ),
  })
  .map(({ type, data }) => ({
    id: `evt_${randomBytes(6).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: 1_770_000_000,
    type,
    data,
  }));

/** The well-formed body, then changed in one of the ways clients and attackers change bodies. */
function mutatedJson(op: Operation): fc.Arbitrary<string> {
  const properties = Object.keys((op.bodySchema?.properties ?? {}) as Schema);
  const required = (op.bodySchema?.required ?? []) as string[];
  const pick = (list: string[], index: number) => list[index % Math.max(list.length, 1)] ?? 'field';
  const SPLICE = '@@splice@@';
  return fc
    .tuple(
      wellFormedValue(op),
      fc.nat(),
      oneOf(
        fc.record({ how: fc.constant('drop-required' as const) }),
        fc.record({
          how: fc.constant('extra-field' as const),
          key: fc.constantFrom('isAdmin', 'role', 'userId', 'emailVerifiedAt', 'prototype', 'a\u0000b', ''),
          value: fc.jsonValue({ maxDepth: 2 }),
        }),
        fc.record({
          how: fc.constant('pollute' as const),
          key: fc.constantFrom('__proto__', 'constructor', '__proto__\u0000'),
        }),
        fc.record({ how: fc.constant('wrong-type' as const), value: fc.jsonValue({ maxDepth: 2 }) }),
        fc.record({ how: fc.constant('hostile-string' as const), value: hostileString }),
        fc.record({ how: fc.constant('deep' as const), value: deepJson }),
      ),
    )
    .map(([base, index, mutation]) => {
      const object: Record<string, Json> =
        base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
      switch (mutation.how) {
        case 'drop-required': {
          const dropped = pick(required.length > 0 ? required : properties, index);
          return JSON.stringify(
            Object.fromEntries(Object.entries(object).filter(([key]) => key !== dropped)),
          );
        }
        case 'extra-field':
          object[mutation.key] = mutation.value as Json;
          return JSON.stringify(object);
        case 'pollute': {
          const text = JSON.stringify(object);
          const polluted = `${JSON.stringify(mutation.key)}:{"polluted":true,"prototype":{"polluted":true}}`;
          return text === '{}' ? `{${polluted}}` : `{${polluted},${text.slice(1)}`;
        }
        case 'wrong-type':
          object[pick(properties, index)] = mutation.value as Json;
          return JSON.stringify(object);
        case 'hostile-string':
          object[pick(properties, index)] = mutation.value;
          return JSON.stringify(object);
        case 'deep':
          object[pick(properties, index)] = SPLICE;
          return JSON.stringify(object).replace(JSON.stringify(SPLICE), mutation.value);
      }
    });
}

const INVALID_JSON = [
  '{',
  '{"a":',
  "{'a':1}",
  '[1,]',
  '{"a":1,}',
  '{"a":1}}',
  'undefined',
  'NaN',
  '01',
  '"\\x41"',
  '"\\ud800"',
  '{"a":"\u0000"}',
  '\u0000',
  '{"a":"\\u0000"}',
  '{"\\u0000":1}',
  '{"a":1}\u0000',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  '\ufeff{}',
  '1e99999',
  '-',
  '{"a":"\\',
];

/** Raw bytes that are not UTF-8 (hex): a lone continuation byte, overlong '/', a CESU surrogate, a BOM. */
const INVALID_UTF8 = ['ff', 'c0af', '7b2261223a22eda080227d', 'efbbbf7b7d', '7b2261223a22c3'];

function jsonBody(op: Operation): fc.Arbitrary<Body> {
  const json = (payload: string): Body => ({ contentType: JSON_TYPE, payload });
  return oneOf(
    { weight: 6, arbitrary: mutatedJson(op).map(json) },
    {
      weight: 3,
      arbitrary: oneOf(
        fc.constantFrom('null', '[]', '[{}]', '"text"', '0', 'true', '{}'),
        fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
      ).map(json),
    },
    { weight: 2, arbitrary: fc.constantFrom(...INVALID_JSON).map(json) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map(json) },
    {
      weight: 1,
      arbitrary: fc.tuple(wellFormedValue(op), fc.nat()).map(([value, cut]) => {
        const text = JSON.stringify(value);
        return json(text.slice(0, cut % Math.max(text.length, 1)));
      }),
    },
    { weight: 1, arbitrary: deepJson.map(json) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...SIZES)
        .map((size) =>
          json(
            JSON.stringify({ [Object.keys(op.bodySchema?.properties ?? {})[0] ?? 'a']: 'x'.repeat(size) }),
          ),
        ),
    },
    { weight: 2, arbitrary: fc.constant<Body>({ contentType: null, payload: null }) },
    {
      weight: 3,
      arbitrary: fc.constantFrom<Body>(
        { contentType: JSON_TYPE, payload: '' },
        { contentType: JSON_TYPE, payload: ' \n\t ' },
        { contentType: JSON_TYPE, payload: null },
        { contentType: null, payload: '{}' },
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...INVALID_UTF8)
        .map((hex) => ({ contentType: JSON_TYPE, payload: hex, hex: true })),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...CONTENT_TYPES), wellFormedValue(op))
        .map(([contentType, value]) => ({ contentType, payload: JSON.stringify(value) })),
    },
  );
}

/** x-www-form-urlencoded text of a record of strings. */
const formText = (value: Json) =>
  new URLSearchParams(
    Object.entries(value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {}).map(
      ([key, field]): [string, string] => [key, typeof field === 'string' ? field : JSON.stringify(field)],
    ),
  ).toString();

/** Anything but a good image, sent as a file's bytes (or announced as something else). */
const binaryBody: fc.Arbitrary<Body> = oneOf(
  {
    weight: 3,
    arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => ({
      contentType: 'application/octet-stream',
      payload: Buffer.from(bytes).toString('hex'),
      hex: true,
    })),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        SMALL_PNG_HEX.slice(0, 60),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
          'hex',
        ),
        Buffer.from('%PDF-1.7\n%âãÏÓ').toString('hex'),
        'ffd8ffe000104a464946',
        '52494646000000005745425056503820',
        '',
      )
      .map((hex) => ({ contentType: 'application/octet-stream', payload: hex, hex: true })),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Body>(
      { contentType: JSON_TYPE, payload: '{}' },
      { contentType: FORM_TYPE, payload: 'a=1' },
      { contentType: 'image/png', payload: SMALL_PNG_HEX, hex: true },
      { contentType: null, payload: null },
      { contentType: 'application/octet-stream', payload: null },
    ),
  },
);

function formBody(op: Operation): fc.Arbitrary<Body> {
  const form = (payload: string): Body => ({ contentType: FORM_TYPE, payload });
  return oneOf(
    { weight: 3, arbitrary: validValue(op.bodySchema).map((value) => form(formText(value))) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(validValue(op.bodySchema), hostileString)
        .map(([value, text]) =>
          form(
            `${formText(value)}&${Object.keys(op.bodySchema?.properties ?? {})[0] ?? 'a'}=${encodeText(text)}`,
          ),
        ),
    },
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(
          'cardNumber=%E0%A4%A&expiry=%',
          'name=%00&email=%zz',
          'message=%ED%A0%80',
          '__proto__[polluted]=1&constructor[prototype][polluted]=1',
          'name=a&name=b&name=c',
          'email[]=a&email[]=b',
          'a[b][c][d][e][f]=1',
          '&&&===&',
          '=',
          'x'.repeat(5_000),
          `message=${'%41'.repeat(30_000)}`,
          '{"name":"Camille","email":"camille@example.test","subject":"s","message":"m"}',
          '\u0000',
        )
        .map(form),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...CONTENT_TYPES, JSON_TYPE), validValue(op.bodySchema))
        .map(([contentType, value]) => ({ contentType, payload: formText(value) })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { contentType: FORM_TYPE, payload: '' },
        { contentType: JSON_TYPE, payload: '' },
        { contentType: null, payload: null },
        { contentType: FORM_TYPE, payload: 'ff', hex: true },
      ),
    },
  );
}

/** A body for an operation that takes none. */
const noBody: fc.Arbitrary<Body> = oneOf(
  { weight: 6, arbitrary: fc.constant<Body>({ contentType: null, payload: null }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Body>(
      { contentType: JSON_TYPE, payload: '' },
      { contentType: JSON_TYPE, payload: null },
      { contentType: JSON_TYPE, payload: '{}' },
      { contentType: JSON_TYPE, payload: '{' },
      { contentType: JSON_TYPE, payload: '{"__proto__":{"polluted":true}}' },
      { contentType: 'text/plain', payload: 'hello' },
      { contentType: FORM_TYPE, payload: 'a=1' },
      { contentType: 'multipart/form-data; boundary=x', payload: '--x--' },
    ),
  },
  { weight: 1, arbitrary: deepJson.map((payload): Body => ({ contentType: JSON_TYPE, payload })) },
);

/** Every byte outside the unreserved set percent-encoded (lone surrogates become U+FFFD). */
function encodeText(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const HOSTILE_SEGMENTS = [
  '%00',
  'LEGAL_STATUSES%00',
  '..',
  '.',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '..%5c..%5cpackage.json',
  '%2F',
  '%E0%A4%A',
  '%',
  '%zz',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%u0000',
  '%20',
  'legal_statuses',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'cs_local_%00',
  `cs_local_${'A'.repeat(24)}`,
  'a'.repeat(101),
  'a'.repeat(10_000),
  '%E2%80%AE',
];

function pathArb(op: Operation): fc.Arbitrary<string> {
  const names = Object.keys(op.pathParams);
  const segment = (name: string) =>
    oneOf(
      { weight: 6, arbitrary: op.pathParams[name] ?? fc.constant('x') },
      { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(encodeText) },
      { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
    );
  const filled = fc
    .tuple(...names.map(segment))
    .map((values) =>
      names.reduce((path, name, index) => path.replace(`{${name}}`, values[index] ?? ''), op.path),
    );
  const mutation = fc.constantFrom<(path: string) => string>(
    (path) => path.replace(/\//g, '//'),
    (path) => `/${path}`,
    (path) => `${path}/`,
    (path) => path.toUpperCase(),
    (path) => path.replace(/\/([^/]*)$/, '/./$1'),
    (path) => path.replace(/\/([^/]*)$/, '/../$1'),
    (path) => `${path}%00`,
    (path) => `${path};jsessionid=x`,
    (path) => `${path}#fragment`,
    (path) => `${path}/${'a'.repeat(5_000)}`,
    (path) => `/api/..${path}`,
    (path) => path.replace(/^\/api\//, '/api/%2e%2e/api/'),
    (path) => path.replace(/\//g, '%2F'),
    (path) => path.replace(/\//g, '\\'),
  );
  return oneOf(
    { weight: 8, arbitrary: filled },
    { weight: 2, arbitrary: fc.tuple(filled, mutation).map(([path, change]) => change(path)) },
  );
}

function queryArb(op: Operation): fc.Arbitrary<string> {
  const valid = fc
    .tuple(...op.queryParams.map((param) => fc.option(validValue(param.schema), { nil: undefined })))
    .map((values) =>
      op.queryParams.flatMap((param, index) => {
        const value = values[index];
        return value === undefined ? [] : [`${param.name}=${encodeText(String(value))}`];
      }),
    );
  const name =
    op.queryParams.length > 0
      ? fc.constantFrom(...op.queryParams.map((param) => param.name))
      : fc.constant('q');
  const hostilePart = oneOf(
    name.map((key) => `${key}=pdf&${key}=docx`),
    name.map((key) => `${key}[]=pdf`),
    name.map((key) => `${key}[0]=fr&${key}[1]=en`),
    name.map((key) => `${key}=%00`),
    name.map((key) => `${key}=%E0%A4%A`),
    name.map((key) => `${key}=${'a'.repeat(10_000)}`),
    name.map((key) => `${key}=`),
    name.map((key) => key),
    fc.constantFrom(
      '%=',
      '=x',
      '&&',
      '%E0%A4%A=1',
      '__proto__[polluted]=1',
      'constructor[prototype][polluted]=1',
      '%zz=%',
      'x=%ED%A0%80',
    ),
    hostileString.map((text) => `x=${encodeText(text)}`),
  );
  return oneOf(
    { weight: 6, arbitrary: valid.map((parts) => parts.join('&')) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, fc.array(hostilePart, { minLength: 1, maxLength: 3 }))
        .map(([a, b]) => [...a, ...b].join('&')),
    },
  );
}

/**
 * Access tokens the server never issues: signed with another key, unsigned (alg none), expired, of
 * another algorithm, without expiry, of no user, or whose `sub` is no user id. None may get a 2xx.
 */
const INVALID_TOKENS = [
  '⟪jwt:wrongKey⟫',
  '⟪jwt:none⟫',
  '⟪jwt:expired⟫',
  '⟪jwt:wrongAlg⟫',
  '⟪jwt:noExp⟫',
  '⟪jwt:unknownUser⟫',
  '⟪jwt:notUuid⟫',
  '⟪jwt:subNul⟫',
  '⟪jwt:subNumber⟫',
];

function authorizationArb(op: Operation): fc.Arbitrary<string | null> {
  const hostile = fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer x.y.z',
    'Bearer a.b',
    'bearer ⟪token⟫',
    'BEARER ⟪token⟫',
    'Bearer  ⟪token⟫',
    'Bearer ⟪token⟫x',
    'Bearer ⟪token⟫ ⟪token⟫',
    'Basic dXNlcjpwYXNz',
    'Token ⟪token⟫',
    `Bearer ${'A'.repeat(8_000)}`,
    ...INVALID_TOKENS.map((token) => `Bearer ${token}`),
  );
  return op.auth === 'bearer'
    ? oneOf(
        { weight: 6, arbitrary: fc.constant('Bearer ⟪token⟫') },
        { weight: 4, arbitrary: hostile },
        {
          weight: 1,
          arbitrary: fc.constant(null),
        },
      )
    : oneOf({ weight: 8, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: hostile });
}

function cookieArb(op: Operation): fc.Arbitrary<string | null> {
  const real = `${REFRESH_COOKIE}=⟪cookie⟫`;
  const hostile = fc.constantFrom(
    `${REFRESH_COOKIE}=junk`,
    `${REFRESH_COOKIE}=`,
    `${REFRESH_COOKIE}=%00`,
    `${REFRESH_COOKIE}=%E0%A4%A`,
    `${REFRESH_COOKIE}="quoted"`,
    `${REFRESH_COOKIE}=s:abc.def`,
    `${REFRESH_COOKIE}=${'z'.repeat(6_000)}`,
    `${REFRESH_COOKIE}=junk; ${real}`,
    `${real}; ${REFRESH_COOKIE}=junk`,
    `${REFRESH_COOKIE}=⟪jwt:wrongKey⟫`,
    'foo=bar',
    ';;;=;',
    '__proto__=x',
  );
  return op.auth === 'refresh'
    ? oneOf(
        { weight: 6, arbitrary: fc.constant(real) },
        { weight: 4, arbitrary: hostile },
        {
          weight: 1,
          arbitrary: fc.constant(null),
        },
      )
    : oneOf({ weight: 8, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: hostile });
}

const otherHeaders: fc.Arbitrary<Record<string, string>> = fc
  .subarray<[string, string[]]>([
    ['accept', ['application/json', 'text/html', '*/*', 'application/xml', 'garbage;;q=x']],
    ['accept-encoding', ['br', 'gzip', 'deflate', 'br;q=0, gzip;q=0', '*;q=abc', 'gzip;q=1e9, br']],
    ['accept-language', ['ro', 'en-US,en;q=0.9', '*', 'xx-YY;q=2', ';;;', 'fr;q=NaN', 'a'.repeat(3_000)]],
    ['ngrok-skip-browser-warning', ['true', '', 'x'.repeat(1_000)]],
    ['x-forwarded-for', ['1.2.3.4', 'not-an-ip', '::1, 10.0.0.1']],
    ['origin', ['http://evil.test', 'null']],
    ['host', ['evil.test', 'kreo.test:99999']],
    ['stripe-signature', ['⟪stripeSignature⟫', 't=1,v1=abc', '', 'v1=⟪stripeSignature⟫']],
    ['x-http-method-override', ['DELETE']],
    ['range', ['bytes=0-1,5-']],
  ])
  .chain((entries) =>
    fc.tuple(
      ...entries.map(([name, values]) => fc.constantFrom(...values).map((value) => [name, value] as const)),
    ),
  )
  .map((entries) => Object.fromEntries(entries));

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** The request every part of which is as the contract says, with the real user's credentials. */
function wellFormedCase(op: Operation): fc.Arbitrary<FuzzCase> {
  const names = Object.keys(op.pathParams);
  const path = fc
    .tuple(...names.map((name) => op.pathParams[name] ?? fc.constant('x')))
    .map((values) =>
      names.reduce((at, name, index) => at.replace(`{${name}}`, values[index] ?? ''), op.path),
    );
  const query = fc
    .tuple(...op.queryParams.map((param) => fc.option(validValue(param.schema), { nil: undefined })))
    .map((values) =>
      op.queryParams
        .flatMap((param, index) =>
          values[index] === undefined ? [] : [`${param.name}=${encodeText(String(values[index]))}`],
        )
        .join('&'),
    );
  const body: fc.Arbitrary<Body> =
    op.body === 'json'
      ? wellFormedValue(op).map((value) => ({ contentType: JSON_TYPE, payload: JSON.stringify(value) }))
      : op.body === 'form'
        ? validValue(op.bodySchema).map((value) => ({ contentType: FORM_TYPE, payload: formText(value) }))
        : op.body === 'binary'
          ? fc.constant<Body>({ contentType: 'application/octet-stream', payload: SMALL_PNG_HEX, hex: true })
          : fc.constantFrom<Body>(
              { contentType: null, payload: null },
              { contentType: JSON_TYPE, payload: '' },
            );
  const signature =
    op.id === 'stripeWebhook' ? fc.constant({ 'stripe-signature': '⟪stripeSignature⟫' }) : fc.constant({});
  return fc.tuple(path, query, body, signature).map(([at, search, payload, extra]) => ({
    kind: 'well-formed',
    method: op.method,
    url: search ? `${at}?${search}` : at,
    headers: {
      ...(op.auth === 'bearer' ? { authorization: 'Bearer ⟪token⟫' } : {}),
      ...(op.auth === 'refresh' ? { cookie: `${REFRESH_COOKIE}=⟪cookie⟫` } : {}),
      ...extra,
    },
    body: payload,
    // A bodiless operation with the real credentials answers, with or without an announced empty JSON body
    // (but for a check of a domain the site does not have: a 404 says so).
    ...(op.body === 'none' &&
    names.length === 0 &&
    op.queryParams.length === 0 &&
    op.path.startsWith('/api/') &&
    op.id !== 'verifyWebsiteDomain'
      ? { mustAccept: true }
      : {}),
  }));
}

function hostileCase(op: Operation): fc.Arbitrary<FuzzCase> {
  const body =
    op.body === 'json'
      ? jsonBody(op)
      : op.body === 'form'
        ? formBody(op)
        : op.body === 'binary'
          ? binaryBody
          : noBody;
  const method = oneOf(
    { weight: 12, arbitrary: fc.constant(op.method) },
    { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) },
  );
  return fc
    .record({
      method,
      path: pathArb(op),
      query: queryArb(op),
      authorization: authorizationArb(op),
      cookie: cookieArb(op),
      headers: oneOf({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: otherHeaders }),
      signature:
        op.id === 'stripeWebhook'
          ? oneOf(
              // Mostly signed: past the signature is where a body is believed.
              { weight: 4, arbitrary: fc.constant('⟪stripeSignature⟫') },
              {
                weight: 2,
                arbitrary: fc.constantFrom(
                  '⟪stripeSignature:wrongSecret⟫',
                  '⟪stripeSignature:old⟫',
                  't=1,v1=00',
                ),
              },
              { weight: 1, arbitrary: fc.constant(null) },
            )
          : fc.constant(null),
      body,
    })
    .map((parts) => ({
      kind: 'hostile',
      method: parts.method,
      url: parts.query ? `${parts.path}?${parts.query}` : parts.path,
      headers: {
        ...parts.headers,
        ...(parts.authorization === null ? {} : { authorization: parts.authorization }),
        ...(parts.cookie === null ? {} : { cookie: parts.cookie }),
        ...(parts.signature === null ? {} : { 'stripe-signature': parts.signature }),
      },
      body: parts.body,
    }));
}

const caseArb = (op: Operation) =>
  oneOf({ weight: 3, arbitrary: wellFormedCase(op) }, { weight: 7, arbitrary: hostileCase(op) });

// ---------------------------------------------------------------------------------------------
// The servers, the real user, and what each placeholder stands for.

interface Actor {
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  cookie: string;
  /** The refresh cookie was revoked (logout, password reset): log in again before using it. */
  cookieStale: boolean;
  paidSession: string;
  openSession: string;
}

const sessionIdOf = (response: Response) =>
  new URL((JSON.parse(response.body) as { url: string }).url).pathname.split('/').at(-1) ?? '';

class Target {
  actor: Actor | null = null;
  private tables: string[] = [];
  private snapshotQuery = sql``;
  /** The last snapshot and the WAL position it was taken at. */
  private last: { lsn: string; tables: string } | null = null;
  stripeCheckout = '';
  stripeProviderSession = '';

  constructor(readonly server: TestServer) {}

  async init() {
    const { rows } = (await this.server.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as { rows: { tablename: string }[] };
    this.tables = rows.map((row) => row.tablename).filter((table) => !UNCOMPARED_TABLES.has(table));
    const parts = this.tables.map((table) => {
      const ignored = UNCOMPARED_COLUMNS[table] ?? [];
      const row = sql`(to_jsonb(t) - ${sql.raw(`array[${ignored.map((column) => `'${column}'`).join(',')}]::text[]`)})::text`;
      return sql`select ${table} as name, count(*)::int as rows, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as sum from ${sql.identifier(table)} t`;
    });
    this.snapshotQuery = sql.join(parts, sql` union all `);
  }

  private async lsn(): Promise<string> {
    const { rows } = (await this.server.db.execute(
      sql`select pg_current_wal_insert_lsn()::text as lsn`,
    )) as unknown as { rows: { lsn: string }[] };
    return rows[0]?.lsn ?? '';
  }

  /**
   * Row count and checksum of every table. Checksums are the slow part: while the WAL has not moved
   * (nothing was written anywhere), the last ones still hold.
   */
  async snapshot(): Promise<string> {
    const lsn = await this.lsn();
    if (this.last?.lsn === lsn) return this.last.tables;
    const { rows } = (await this.server.db.execute(this.snapshotQuery)) as unknown as {
      rows: { name: string; rows: number; sum: string }[];
    };
    const tables = rows.map((row) => `${row.name}:${row.rows}:${row.sum}`).join('\n');
    this.last = { lsn: await this.lsn(), tables };
    return tables;
  }

  private async checkoutSession(token: string, offer = STANDARD) {
    const response = await this.server.request('/api/checkout/create-session', {
      body: orderBody(offer),
      token,
    });
    if (response.statusCode !== 200)
      throw new Error(`create-session: ${response.statusCode} ${response.body}`);
    return sessionIdOf(response);
  }

  /**
   * A new real user: signed up, the standard package bought, the company file submitted (on the
   * stripe server, only signed up: a checkout there would call Stripe).
   */
  async newActor(): Promise<Actor> {
    const user = await this.server.signup();
    if (this.server.config.payments.provider === 'stripe') {
      this.actor = { ...user, cookieStale: false, paidSession: 'none', openSession: 'none' };
      return this.actor;
    }
    const paidSession = await this.checkoutSession(user.accessToken);
    const paid = await this.server.app.inject({
      method: 'POST',
      url: `/checkout/local/${paidSession}/pay`,
      headers: { 'content-type': FORM_TYPE },
      payload: new URLSearchParams(GOOD_CARD).toString(),
    });
    if (paid.statusCode !== 303) throw new Error(`pay: ${paid.statusCode}`);
    const submitted = await this.server.request('/api/company-file/submit', {
      body: { data: completeCompanyFile(), version: stepsFile.version },
      token: user.accessToken,
    });
    if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.statusCode} ${submitted.body}`);
    this.actor = {
      userId: user.userId,
      email: user.email,
      password: user.password,
      accessToken: user.accessToken,
      cookie: user.cookie,
      cookieStale: false,
      paidSession,
      // Standard is owned now: the open session is the upgrade to Premium.
      openSession: await this.checkoutSession(user.accessToken, {
        offerSku: 'PREMIUM_PACKAGE',
        planSku: 'PREMIUM_PACKAGE_ONE_TIME',
      }),
    };
    return this.actor;
  }

  async currentActor(): Promise<Actor> {
    return this.actor ?? (await this.newActor());
  }

  /** The stripe server's own fixture: an open session of a user, as createSession stores it for Stripe. */
  async initStripe() {
    const user = await this.server.signup();
    this.stripeCheckout = `cs_stripe_${randomBytes(12).toString('base64url')}`;
    this.stripeProviderSession = `cs_test_${randomBytes(8).toString('hex')}`;
    await this.server.db.insert(checkoutSessions).values({
      id: this.stripeCheckout,
      userId: user.userId,
      offerSku: STANDARD.offerSku,
      planSku: STANDARD.planSku,
      amountCents: 1000,
      productSkus: ['LEGAL_STATUSES'],
      currency: 'EUR',
      provider: 'stripe',
      providerSessionId: this.stripeProviderSession,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
  }

  private async freshCookie(actor: Actor): Promise<string> {
    if (!actor.cookieStale) return actor.cookie;
    const response = await this.server.request('/api/auth/login', {
      body: { email: actor.email, password: actor.password },
    });
    const cookie = refreshCookieOf(response);
    if (response.statusCode !== 200 || !cookie) return (await this.newActor()).cookie;
    actor.cookie = cookie;
    actor.cookieStale = false;
    return cookie;
  }

  private async openSession(actor: Actor): Promise<string> {
    const [row] = await this.server.db
      .select({ status: checkoutSessions.status })
      .from(checkoutSessions)
      .where(sql`${checkoutSessions.id} = ${actor.openSession}`);
    if (row?.status !== 'open') {
      actor.openSession = await this.checkoutSession(actor.accessToken, {
        offerSku: 'PREMIUM_PACKAGE',
        planSku: 'PREMIUM_PACKAGE_ONE_TIME',
      });
    }
    return actor.openSession;
  }

  private lastMailedToken(actor: Actor, page: string): string {
    const link = this.server.mail
      .to(actor.email)
      .map((message) => /https?:\/\/[^\s<>"]+/.exec(message.text)?.[0] ?? '')
      .filter((candidate) => candidate.includes(page))
      .at(-1);
    return (link && new URL(link).searchParams.get('token')) || 'no-link-was-mailed';
  }

  private async jwt(name: string, actor: Actor): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims = { products: [], firstname: 'Camille' };
    const signed = (payload: Record<string, unknown>, key = SIGNING_KEY, alg = 'HS256') =>
      new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
    switch (name) {
      case 'wrongKey':
        return signed({ ...claims, sub: actor.userId, iat: now, exp: now + 900 }, randomBytes(40));
      case 'none': {
        const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
        return `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, sub: actor.userId, iat: now, exp: now + 900 })}.`;
      }
      case 'expired':
        return signed({ ...claims, sub: actor.userId, iat: now - 3600, exp: now - 60 });
      case 'wrongAlg':
        return signed({ ...claims, sub: actor.userId, iat: now, exp: now + 900 }, SIGNING_KEY, 'HS512');
      case 'notUuid':
        return signed({ ...claims, sub: 'not-a-uuid', iat: now, exp: now + 900 });
      case 'noExp':
        return signed({ ...claims, sub: actor.userId, iat: now });
      case 'unknownUser':
        return signed({ ...claims, sub: randomUUID(), iat: now, exp: now + 900 });
      case 'subNul':
        return signed({ ...claims, sub: 'a\u0000b', iat: now, exp: now + 900 });
      case 'subNumber':
        return signed({ ...claims, sub: 42, iat: now, exp: now + 900 });
      default:
        throw new Error(`Unknown token ${name}`);
    }
  }

  /** `text` with every placeholder replaced by what it stands for now. */
  async resolve(text: string, payload = ''): Promise<string> {
    const names = [...new Set([...text.matchAll(/⟪([a-zA-Z:]+)⟫/g)].map((match) => match[1] ?? ''))];
    let result = text;
    for (const name of names) {
      let value: string;
      if (name.startsWith('stripeSignature')) {
        const variant = name.split(':')[1];
        value = stripe.webhooks.generateTestHeaderString({
          payload,
          secret: variant === 'wrongSecret' ? 'whsec_other' : WEBHOOK_SECRET,
          ...(variant === 'old' ? { timestamp: Math.floor(Date.now() / 1000) - 3600 } : {}),
        });
      } else if (name === 'stripeCheckout') value = this.stripeCheckout;
      else if (name === 'stripeProviderSession') value = this.stripeProviderSession;
      else {
        const actor = await this.currentActor();
        if (name === 'token') value = actor.accessToken;
        else if (name === 'cookie') value = await this.freshCookie(actor);
        else if (name === 'email') value = actor.email;
        else if (name === 'password') value = actor.password;
        else if (name === 'verifyToken') value = this.lastMailedToken(actor, '/verify-email');
        else if (name === 'resetToken') value = this.lastMailedToken(actor, '/reset-password');
        else if (name === 'paidSession') value = actor.paidSession;
        else if (name === 'openSession') value = await this.openSession(actor);
        else if (name === 'revision') {
          const file = await this.server.request('/api/company-file', { token: actor.accessToken });
          result = result.replaceAll(
            `"${REVISION}"`,
            String((JSON.parse(file.body) as { revision?: number }).revision ?? 0),
          );
          value = '0';
        } else if (name.startsWith('jwt:')) value = await this.jwt(name.slice(4), actor);
        // A placeholder a mutation changed (an upper-cased path): sent as it is.
        else continue;
      }
      result = result.replaceAll(`⟪${name}⟫`, value);
    }
    return result;
  }

  /** Keeps the real user's secrets current after a request that changed them. */
  observe(op: Operation, sent: { headers: Record<string, string>; payload: string }, response: Answer) {
    const actor = this.actor;
    if (!actor) return;
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    const usedToken = (sent.headers.authorization ?? '').includes(actor.accessToken);
    const usedCookie = (sent.headers.cookie ?? '').includes(actor.cookie);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(sent.payload) as Record<string, unknown>;
    } catch {
      // Not JSON: nothing of the actor's in it.
    }
    switch (op.id) {
      case 'getJwtToken': {
        const cookie = response.refreshCookie;
        if (usedCookie && ok && cookie) {
          actor.cookie = cookie;
          actor.accessToken = (JSON.parse(response.text) as { accessToken: string }).accessToken;
        } else if (usedCookie && response.statusCode === 401) actor.cookieStale = true;
        break;
      }
      case 'login': {
        const cookie = response.refreshCookie;
        if (ok && cookie && String(body.email).trim().toLowerCase() === actor.email.toLowerCase()) {
          actor.cookie = cookie;
          actor.cookieStale = false;
        }
        break;
      }
      case 'logout':
        if (usedCookie && ok) actor.cookieStale = true;
        break;
      case 'resetPassword':
        if (ok && typeof body.newPassword === 'string') {
          actor.password = body.newPassword;
          actor.cookieStale = true;
        }
        break;
      case 'updateProfile':
        if (ok && usedToken) actor.email = (JSON.parse(response.text) as { email: string }).email;
        break;
      case 'deleteAccount':
        if (ok && usedToken) this.actor = null;
        break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// One request and the properties it must have.

interface Failure {
  operation: string;
  problem: string;
  /** The request's class (see shapeOf). */
  shape: string;
  request: string;
  status: number;
  response: string;
}

/** Long runs of one character written as `c×n`, so that a shrunk request stays readable. */
function abbreviate(text: string): string {
  const short = text.replace(
    /(.)\1{39,}/gsu,
    (run, char: string) => `${JSON.stringify(char).slice(1, -1)}×${run.length / char.length}`,
  );
  return short.length > 600 ? `${short.slice(0, 600)}… (${short.length} chars)` : short;
}

/**
 * A coarse class of a request (its credentials, its body), part of what makes a failure distinct: one
 * cause of failure in an operation does not hide another.
 */
function shapeOf(op: Operation, c: FuzzCase): string {
  const authorization = c.headers.authorization ?? '';
  const credentials =
    op.auth !== 'bearer'
      ? 'no token needed'
      : authorization === ''
        ? 'no token'
        : authorization === 'Bearer ⟪token⟫'
          ? 'the real token'
          : INVALID_TOKENS.some((token) => authorization.includes(token))
            ? 'an invalid token'
            : 'a malformed authorization';
  const { payload, contentType } = c.body;
  let body = 'a body that is not JSON';
  if (payload === null) body = contentType === null ? 'no body' : 'an announced body missing';
  else if (payload.trim() === '') body = 'an empty body';
  else if (!c.body.hex) {
    try {
      const value = JSON.parse(payload) as unknown;
      body =
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? 'an object body'
          : 'a JSON scalar or array body';
    } catch {
      // Not JSON.
    }
  }
  return `${credentials}, ${body}`;
}

function describeCase(c: FuzzCase): string {
  const how = rewrittenByInject(c.url) ? ', sent as written over a socket' : '';
  const lines = [`(${c.kind}${how}) ${c.method} ${abbreviate(c.url)}`];
  for (const [name, value] of Object.entries(c.headers)) lines.push(`${name}: ${abbreviate(value)}`);
  if (c.body.contentType !== null) lines.push(`content-type: ${c.body.contentType}`);
  if (c.body.payload !== null)
    lines.push(c.body.hex ? `<bytes ${c.body.payload}>` : `\n${abbreviate(JSON.stringify(c.body.payload))}`);
  return lines.join('\n');
}

/** What came back, whether through `app.inject` or a socket. */
interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** Decompressed. */
  text: string;
  /** The refresh cookie it sets, if any. */
  refreshCookie: string | null;
}

function decoded(raw: Buffer, encoding: unknown): string {
  switch (encoding) {
    case 'br':
      return brotliDecompressSync(raw).toString('utf8');
    case 'gzip':
      return gunzipSync(raw).toString('utf8');
    case 'deflate':
      return inflateSync(raw).toString('utf8');
    default:
      return raw.toString('utf8');
  }
}

interface Outgoing {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: Buffer | null;
}

/**
 * `app.inject` reads the URL as a browser would (dot segments and `%2e%2e` removed, backslashes
 * made slashes); a URL it would rewrite goes over a socket instead, exactly as written, the way
 * `curl --path-as-is` sends it.
 */
function rewrittenByInject(url: string): boolean {
  try {
    const parsed = new URL(url.startsWith('//') ? `http://localhost${url}` : url, 'http://localhost');
    return parsed.pathname + parsed.search !== url;
  } catch {
    return true;
  }
}

async function injected(server: TestServer, request: Outgoing): Promise<Answer> {
  const response = await server.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload === null ? {} : { payload: request.payload }),
  });
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    text: decoded(response.rawPayload, response.headers['content-encoding']),
    refreshCookie: refreshCookieOf(response),
  };
}

function overSocket(server: TestServer, request: Outgoing): Promise<Answer> {
  const { port } = server.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        // Without a length, Node would send a GET's body as the start of a next request.
        headers: {
          ...request.headers,
          ...(request.payload === null ? {} : { 'content-length': String(request.payload.length) }),
        },
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const setCookie = incoming.headers['set-cookie'] ?? [];
          const line = setCookie.find((candidate) => candidate.startsWith(`${REFRESH_COOKIE}=`));
          resolve({
            statusCode: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text: decoded(Buffer.concat(chunks), incoming.headers['content-encoding']),
            refreshCookie: line ? (line.slice(REFRESH_COOKIE.length + 1).split(';')[0] ?? '') : null,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.payload ?? undefined);
  });
}

const stats = {
  requests: 0,
  generated: 0,
  unsendable: 0,
  overSocket: 0,
  headAnsweredWithBody: 0,
  byStatus: new Map<string, Map<string, number>>(),
};

function count(op: Operation, status: number) {
  const byClass = stats.byStatus.get(op.id) ?? new Map<string, number>();
  const key = `${Math.floor(status / 100)}xx`;
  byClass.set(key, (byClass.get(key) ?? 0) + 1);
  stats.byStatus.set(op.id, byClass);
}

/** Sends `c` and returns what is wrong with the answer, or null. */
async function check(
  target: Target,
  op: Operation,
  c: FuzzCase,
): Promise<Omit<Failure, 'operation' | 'request' | 'shape'> | null> {
  stats.requests += 1;
  const payload = c.body.payload === null ? null : await target.resolve(c.body.payload);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(c.headers))
    headers[name] = await target.resolve(value, payload ?? '');
  if (c.body.contentType !== null) headers['content-type'] = c.body.contentType;
  const request: Outgoing = {
    method: c.method,
    url: await target.resolve(c.url),
    headers,
    payload: payload === null ? null : Buffer.from(payload, c.body.hex ? 'hex' : 'utf8'),
  };
  const before = await target.snapshot();
  let answer: Answer;
  const socket = rewrittenByInject(request.url);
  try {
    answer = socket ? await overSocket(target.server, request) : await injected(target.server, request);
  } catch (error) {
    // Refused by the HTTP client itself (a character no header or path may hold): never sent.
    const code = (error as { code?: string }).code ?? '';
    // Node answers a request line it cannot parse with a 400 that has a body, even to HEAD, so the
    // client reads that body as the next response: Node's doing, before Fastify; counted, not failed.
    if (socket && request.method === 'HEAD' && code === 'HPE_INVALID_CONSTANT') {
      stats.headAnsweredWithBody += 1;
      return null;
    }
    if (
      ['ERR_INVALID_CHAR', 'ERR_UNESCAPED_CHARACTERS', 'ERR_INVALID_HTTP_TOKEN', 'ERR_INVALID_URL'].includes(
        code,
      )
    ) {
      stats.unsendable += 1;
      return null;
    }
    throw error;
  }
  if (socket) stats.overSocket += 1;
  target.observe(op, { headers, payload: payload ?? '' }, answer);
  const status = answer.statusCode;
  const after = status >= 400 && status < 500 ? await target.snapshot() : before;
  // Then the mail the request queued goes out, as the harness's `request` does (verification links).
  await target.server.app.mailQueue.drain();
  count(op, status);
  const failure = (problem: string) => ({ problem, status, response: abbreviate(answer.text) });

  // The fuzzed servers run no mail worker (the queue is drained after each request, above): they
  // are rightly not ready, and say so with a 503 (tests/server/operations.test.ts).
  const notReady = op.id === 'getReadiness' && status === 503;
  if (status >= 500 && !notReady) return failure(`answered ${status}`);
  // A public name that is neither ours nor a verified domain gets "no site here", never the platform
  // (services/website/site-domains.ts): a removed domain's certificate may still be at the proxy.
  const { config } = target.server;
  const foreignHost =
    config.siteDomains !== null &&
    config.siteDomains !== undefined &&
    typeof c.headers.host === 'string' &&
    !isPlatformHost(requestHost(c.headers.host), platformHosts(config.publicUrl, config.siteDomains.target));
  if (foreignHost && status < 400) return failure('a foreign host reached the platform');
  if (status >= 400 && c.method !== 'HEAD' && request.url.startsWith('/api/') && !foreignHost) {
    let message: unknown;
    try {
      message = (JSON.parse(answer.text) as { message?: unknown } | null)?.message;
    } catch {
      return failure('an /api/ error that is not JSON');
    }
    if (typeof message !== 'string') return failure('an /api/ error without a string `message`');
  }
  if (status >= 400 && status < 500 && status !== 429 && before !== after) {
    const changed = after
      .split('\n')
      .filter((line) => !before.split('\n').includes(line))
      .map((line) => line.split(':')[0]);
    return failure(`a refused request changed the database (${changed.join(', ')})`);
  }
  if (
    op.auth === 'bearer' &&
    status < 300 &&
    INVALID_TOKENS.some((token) => (c.headers.authorization ?? '').includes(token))
  )
    return failure('an access token the server never issued was accepted');
  if (c.mustAccept && status >= 400 && status !== 429) return failure('a well-formed request was refused');
  return null;
}

// ---------------------------------------------------------------------------------------------

const operations = [...contractOperations(), ...OTHER_ROUTES];
const runsPerOperation = Math.max(1, Math.round(TOTAL_RUNS / operations.length));
const failures: Failure[] = [];
let main: Target;
let stripeTarget: Target;
/** The DNS the founders' domains are checked with: an empty zone on loopback (every name NXDOMAIN). */
let zone: DnsZone;

beforeAll(async () => {
  zone = await startDnsZone();
  const config = {
    authRateLimitPerMinute: 0,
    contactRateLimitPerHour: 0,
    siteDomains: { target: 'sites.kreo.test', dnsServers: [zone.server] },
  };
  const [mainServer, stripeServer] = await Promise.all([
    startTestServer({ config }),
    startTestServer({
      config,
      payments: { provider: 'stripe', secretKey: 'sk_test_fuzz', webhookSecret: WEBHOOK_SECRET },
    }),
  ]);
  main = new Target(mainServer);
  stripeTarget = new Target(stripeServer);
  await Promise.all([main.init(), stripeTarget.init()]);
  // For the URLs app.inject would rewrite (see rewrittenByInject).
  await Promise.all([
    mainServer.app.listen({ port: 0, host: '127.0.0.1' }),
    stripeServer.app.listen({ port: 0, host: '127.0.0.1' }),
  ]);
  await main.newActor();
  await stripeTarget.initStripe();
}, 120_000);

afterAll(async () => {
  const perOperation = [...stats.byStatus]
    .map(
      ([id, byClass]) =>
        `${id} ${[...byClass]
          .sort()
          .map(([key, n]) => `${key}:${n}`)
          .join(' ')}`,
    )
    .join('\n  ');
  console.info(
    `fuzz: seed ${SEED} (FUZZ_SEED), ${stats.generated} generated cases over ${operations.length} operations` +
      ` (${runsPerOperation} a round, FUZZ_RUNS=${TOTAL_RUNS}), ${stats.requests} requests with the shrinking` +
      ` (${stats.overSocket} over a socket, ${stats.unsendable} unsendable, ${stats.headAnsweredWithBody} HEAD` +
      ` answered with a body), ${failures.length} distinct failures; answers by operation:\n  ${perOperation}`,
  );
  await Promise.all([main?.server.close(), stripeTarget?.server.close(), zone?.close()]);
});

/** A seed per operation, so that each one's cases do not depend on the others'. */
const seedOf = (op: Operation) =>
  [...`${op.method} ${op.path}`].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) | 0, SEED);

describe('fuzzing every operation: no 5xx, JSON errors, refusals change nothing, invalid tokens get nothing', () => {
  it.each(operations.map((op) => [`${op.method} ${op.path} (${op.id})`, op] as const))(
    '%s',
    async (_name, op) => {
      const target = op.target === 'stripe' ? stripeTarget : main;
      const found: Failure[] = [];
      const known = new Set<string>();
      const seen = new WeakMap<FuzzCase, Failure>();
      const property = fc.asyncProperty(caseArb(op), async (c) => {
        const problem = await check(target, op, c).catch((error: unknown) => ({
          problem: `the request could not be sent or checked: ${String(error)}`,
          status: 0,
          response: '',
        }));
        if (!problem) return;
        const shape = shapeOf(op, c);
        if (known.has(`${problem.problem}|${problem.status}|${shape}`)) return;
        const failure = { operation: `${op.method} ${op.path}`, shape, request: describeCase(c), ...problem };
        seen.set(c, failure);
        throw new Error(problem.problem);
      });
      for (let round = 0; round < MAX_FAILURES_PER_OPERATION; round += 1) {
        const details = await fc.check(property, { seed: seedOf(op), numRuns: runsPerOperation });
        stats.generated += details.numRuns;
        if (!details.failed) break;
        const shrunk = details.counterexample?.[0];
        const failure = (shrunk && seen.get(shrunk)) ?? {
          operation: `${op.method} ${op.path}`,
          problem: String(details.errorInstance),
          shape: '',
          request: JSON.stringify(shrunk),
          status: 0,
          response: '',
        };
        found.push(failure);
        known.add(`${failure.problem}|${failure.status}|${failure.shape}`);
      }
      failures.push(...found);
      expect(
        found.map(
          (failure) =>
            `${failure.problem} (${failure.status}; ${failure.shape})\n${failure.request}\n→ ${failure.response}`,
        ),
      ).toEqual([]);
    },
    180_000,
  );
});
