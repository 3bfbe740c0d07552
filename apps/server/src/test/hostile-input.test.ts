import type { AddressInfo } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildContactUser, buildOwnedClient, buildUser, login } from './factories';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 12: no request stops the service and no bad input reaches the database. Every operation
 * of the OpenAPI document is called, as every kind of caller, with hostile ids, dates, text and
 * types in each of its inputs; every answer must be a 4xx with a `detail`, promptly, and the
 * server must still answer afterwards.
 */

interface Operation {
  method: string;
  path: string;
  parameters: { in: 'path' | 'query'; name: string; required?: boolean; schema?: JsonSchema }[];
  bodySchema: JsonSchema | null;
  bodyType: string | null;
}

interface JsonSchema {
  type?: string;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}

/** A request that never answers fails the test here rather than hanging it. */
const ANSWER_WITHIN_MS = 5_000;

const HUGE_TEXT = 'x'.repeat(300_000);
const HOSTILE_IDS = ['2147483648', '9999999999999', '0', '-1', '0x1', '  1', '1e3', '1.5', 'one', '\u0000'];
const HOSTILE_DATES = ['9999-12-31', '10000-01-01', '0000-01-01', '2019-12-31', '2026-02-30', '\u0000'];
const HOSTILE_QUERY_TEXT = ['a\u0000b', 'x'.repeat(5_000), '\u0007'];
const HOSTILE_BODY_VALUES: unknown[] = [
  'a\u0000b',
  HUGE_TEXT,
  '\u001b[2J',
  2_147_483_648,
  -1,
  1e308,
  { nested: true },
  [],
  '9999-12-31',
];

/** Bodies that would be accepted, so that a hostile value in one field is the only fault. */
const VALID_BODIES: Record<string, unknown> = {
  'POST /auth/jwt/login': { username: 'someone@example.com', password: 'Rainfall#2026' },
  'POST /auth/register': {
    email: 'new.user@example.com',
    password: 'Rainfall#2026',
    first_name: 'New',
    last_name: 'User',
    phone: '512-555-0100',
  },
  'POST /auth/forgot-password': { email: 'someone@example.com' },
  'POST /auth/reset-password': { token: 'token', password: 'Rainfall#2026' },
  'POST /auth/request-verify-token': { email: 'someone@example.com' },
  'POST /auth/verify': { token: 'token' },
  'PATCH /users/me': { first_name: 'Rosa' },
  'POST /users/email-change/confirm': { token: 'token' },
  'POST /api/clients': { account_name: 'Farm', email: 'office@farm.example', phone: '512-555-0100' },
  'PATCH /api/clients/{id}': { account_name: 'Farm' },
  'POST /api/clients/{id}/new': { account_name: 'Second Farm' },
  'POST /api/clients/{id}/report-recipients': { email: 'partner@example.org' },
  'POST /api/api-keys': { name: 'Nightly export', scope: 'read' },
  'POST /api/webhooks': { url: 'https://hooks.example.com/pluvio', events: ['alert.fired'] },
  'PATCH /api/webhooks/{id}': { events: ['alert.fired'] },
  'POST /api/report-recipients/confirm': { token: 'token' },
  'POST /api/locations': { name: 'Yard', latitude: 30.1, longitude: -95.2, h24_threshold: 0.5 },
  'PATCH /api/locations/{id}': { name: 'Yard' },
  'POST /api/locations/bulk-delete': { ids: [1] },
  'POST /api/contacts/bulk-delete': { ids: [1] },
  'POST /api/locations/import': {
    rows: [
      {
        row: 2,
        name: 'Yard',
        latitude: 30.1,
        longitude: -95.2,
        h24_threshold: 0.5,
        rapidrain_threshold: 0.5,
      },
    ],
  },
  'POST /api/contacts': { name: 'Site Lead', phone: '512-555-0100' },
  'PATCH /api/contacts/{id}': { name: 'Site Lead' },
  'POST /api/contacts/import': {
    rows: [{ row: 2, name: 'Site Lead', phone: '512-555-0100', status: 'active' }],
  },
  'POST /api/locations/{id}/contacts': [1],
  'POST /api/locations/{id}/remove_contacts': [1],
  'POST /api/contacts/{id}/locations': [1],
  'POST /api/contacts/{id}/remove_locations': [1],
  'POST /api/locations/24h_data': [1],
  'POST /api/storm-events/{id}/inspections': {
    inspected_at: '2026-11-10T15:00:00Z',
    bmps: ['Silt fence'],
    corrective_actions: [{ description: 'Re-stake', due_on: '2026-11-12' }],
  },
  // A location no caller has, as the storm event above: a saved inspection would let PATCH's spoiled bodies through.
  'POST /api/inspections': {
    location_id: 2_000_000_000,
    inspected_at: '2026-11-10T15:00:00Z',
    bmps: ['Silt fence'],
    corrective_actions: [{ description: 'Re-stake', due_on: '2026-11-12' }],
  },
  'PATCH /api/inspections/{id}': { findings: 'Fine', corrective_actions: [{ description: 'Sweep' }] },
  'POST /api/signups': {
    email: 'wizard.walk@example.com',
    password: 'Rainfall#2026',
    first_name: 'New',
    last_name: 'User',
    phone: '512-555-0100',
    terms_accepted: true,
    account_type: 'trial',
    location: { name: 'Yard', latitude: 30.1, longitude: -95.2 },
  },
  'POST /api/signups/complete': { session_id: 'cs_test_nobody' },
  'POST /api/signups/cancel': { session_id: 'cs_test_nobody' },
  // Nobody's account and nobody's checkout: refused after the one spoilt field (404 at worst).
  'POST /api/billing/checkout': { client_id: 2147483647, tier: 'gold' },
  'POST /api/billing/checkout/confirm': { session_id: 'cs_test_nobody' },
  'POST /api/test-checkout/{id}/pay': { card_number: '4242424242424242' },
  'POST /api/billing/portal': { client_id: 2147483647 },
  'POST /api/billing/subscription/cancel': { client_id: 2147483647 },
  'POST /api/billing/subscription/resume': { client_id: 2147483647 },
  'POST /api/billing/subscription/plan': { client_id: 2147483647, tier: 'gold' },
  'POST /api/notifications/sms-status': { MessageSid: 'SM1', MessageStatus: 'delivered' },
  'POST /api/notifications/sms-inbound': { From: '+15125550100', Body: 'STOP' },
  // Nobody's location: every report body is refused after its one spoilt field (404 at worst).
  'POST /api/reports/data_by_date_range/{from}/{to}': {
    email_format: 'pdf',
    email_list: ['someone@example.com'],
    locations: [2147483647],
  },
  'POST /api/reports/rapidrain_by_date_range/{from}/{to}': {
    email_format: 'pdf',
    email_list: ['someone@example.com'],
    locations: [2147483647],
  },
  'POST /api/reports/permit_by_date_range/{from}/{to}': {
    email_format: 'pdf',
    email_list: ['someone@example.com'],
    locations: [2147483647],
  },
  'POST /api/reports/data_by_date_range/{from}/{to}/fee': { locations: [2147483647] },
  'POST /api/reports/rapidrain_by_date_range/{from}/{to}/fee': { locations: [2147483647] },
  'POST /api/reports/permit_by_date_range/{from}/{to}/fee': { locations: [2147483647] },
  'POST /api/reports/sockletlabs-email-report': { email_format: 'pdf', email_list: ['someone@example.com'] },
  'POST /api/reports/sms': { email_format: 'pdf', email_list: ['someone@example.com'] },
  'POST /api/reports/unpaid': { email_format: 'pdf', email_list: ['someone@example.com'] },
  'POST /api/reports/billing': { email_format: 'pdf', email_list: ['someone@example.com'] },
  'POST /api/reports/files-processed': { email_format: 'pdf', email_list: ['someone@example.com'] },
};

interface Caller {
  name: string;
  token: string | null;
  /** Ids the caller may use in paths, by path parameter kind. */
  ids: { client: number; location: number; contact: number; user: number };
}

function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const content = (
        operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined
      )?.content;
      const [bodyType, body] = Object.entries(content ?? {})[0] ?? [null, null];
      return {
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters ?? []) as Operation['parameters'],
        bodySchema: body?.schema ?? null,
        bodyType,
      };
    }),
  );
}

/** The `from` and `to` of the report paths are dates too. */
const isReportDate = (name: string) => name === 'from' || name === 'to';

/** A fitting value for each path parameter: the caller's own record, a valid day or date. */
function pathValue(operation: Operation, name: string, caller: Caller): string {
  if (name === 'userId') return String(caller.ids.user);
  if (name === 'day') return '1';
  if (name === 'startDate' || name === 'endDate' || isReportDate(name)) return '2026-11-20';
  if (operation.path.startsWith('/api/clients')) return String(caller.ids.client);
  if (operation.path.startsWith('/api/contacts')) return String(caller.ids.contact);
  return String(caller.ids.location);
}

function urlOf(operation: Operation, caller: Caller, override: { name: string; value: string } | null) {
  const value = (name: string) =>
    encodeURIComponent(override?.name === name ? override.value : pathValue(operation, name, caller));
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
  const required = operation.parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name);
  const query = new URLSearchParams();
  for (const name of required)
    query.set(name, name === 'email' ? 'someone@example.com' : String(caller.ids.user));
  if (override && operation.parameters.some((p) => p.in === 'query' && p.name === override.name)) {
    query.set(override.name, override.value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

function hostileParameterValues(operation: Operation, name: string): string[] {
  if (/date/i.test(name) || isReportDate(name)) return HOSTILE_DATES;
  const parameter = operation.parameters.find((p) => p.name === name);
  const isText =
    parameter?.in === 'query' && parameter.schema?.type === 'string' && !parameter.schema.pattern;
  return isText ? HOSTILE_QUERY_TEXT : HOSTILE_IDS;
}

/** The body with one field (or one field of the first row) replaced by a hostile value. */
function hostileBodies(operation: Operation, valid: unknown): unknown[] {
  const schema = operation.bodySchema;
  if (!schema) return [];
  const wholeBodies: unknown[] = ['just text', 42, null];
  if (schema.type === 'array') {
    return [...wholeBodies, ...HOSTILE_BODY_VALUES.map((value) => [value]), Array(10_001).fill(1)];
  }
  const base = (valid ?? {}) as Record<string, unknown>;
  const fieldVariants = Object.entries(schema.properties ?? {}).flatMap(([field, fieldSchema]) => {
    const rows = base[field];
    if (fieldSchema.type === 'array' && Array.isArray(rows) && rows[0]) {
      const row = rows[0] as Record<string, unknown>;
      return Object.entries(fieldSchema.items?.properties ?? {}).flatMap(([rowField, rowSchema]) =>
        HOSTILE_BODY_VALUES.filter((value) => !isAcceptedAs(rowSchema, value)).map((value) => ({
          ...base,
          [field]: [{ ...row, [rowField]: value }],
        })),
      );
    }
    return HOSTILE_BODY_VALUES.filter((value) => !isAcceptedAs(fieldSchema, value)).map((value) => ({
      ...base,
      [field]: value,
    }));
  });
  return [...wholeBodies, ...fieldVariants];
}

/** A free-form string field rightly takes a date-like string; nothing else here is valid anywhere. */
function isAcceptedAs(schema: JsonSchema, value: unknown): boolean {
  return schema.type === 'string' && value === '9999-12-31' && !('format' in schema);
}

function requestsFor(operation: Operation, caller: Caller): InjectOptions[] {
  const key = `${operation.method} ${operation.path}`;
  const headers = caller.token ? bearer(caller.token) : {};
  const valid = VALID_BODIES[key];
  const send = (url: string, payload: unknown): InjectOptions => ({
    method: operation.method as InjectOptions['method'],
    url,
    ...(operation.bodySchema && operation.bodyType
      ? {
          headers: { ...headers, 'content-type': operation.bodyType },
          payload: encodeBody(operation, payload),
        }
      : { headers }),
  });
  const parameterRequests = operation.parameters.flatMap(({ name }) =>
    hostileParameterValues(operation, name).map((value) =>
      send(urlOf(operation, caller, { name, value }), valid),
    ),
  );
  const bodyRequests = hostileBodies(operation, valid).map((body) =>
    send(urlOf(operation, caller, null), body),
  );
  const malformed: InjectOptions[] = ['{"unclosed": ', '\u0000'].map((payload) => ({
    method: operation.method as InjectOptions['method'],
    url: urlOf(operation, caller, null),
    headers: { ...headers, 'content-type': 'application/json' },
    payload,
  }));
  return [...parameterRequests, ...bodyRequests, ...(operation.method === 'GET' ? [] : malformed)];
}

function encodeBody(operation: Operation, body: unknown): string {
  if (operation.bodyType !== 'application/x-www-form-urlencoded') return JSON.stringify(body);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return String(body);
  return new URLSearchParams(Object.entries(body).map(([key, value]) => [key, String(value)])).toString();
}

/** A 4xx with a `detail` (an import with a bad row is refused whole too). */
function isRefusal(response: LightMyRequestResponse): boolean {
  const body = response.headers['content-type']?.toString().includes('json') ? response.json() : null;
  return response.statusCode >= 400 && response.statusCode < 500 && Boolean(body?.detail);
}

async function answerWithin(t: TestApp, request: InjectOptions) {
  const response = t.app.inject(request);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
  });
  try {
    return await Promise.race([response, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('hostile input', () => {
  let t: TestApp;
  let operations: Operation[];
  const callers: Caller[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    operations = operationsOf((await t.app.inject({ url: '/docs/json' })).json());
    const superuser = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const gold = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
    const bronze = await buildOwnedClient(t.services, undefined, { tier: 'bronze' });
    const { user: contactUser, contact } = await buildContactUser(t.services, gold.client.id);
    const token = async (email: string) => (await login(t.app, email)).token;
    const superToken = await token(superuser.email);
    const goldToken = await token(gold.user.email);
    const contactToken = await token(contactUser.email);
    const bronzeToken = await token(bronze.user.email);
    const addLocation = async (ownerToken: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/locations',
          headers: bearer(ownerToken),
          payload: { name: 'Yard', latitude: 30.1, longitude: -95.2 },
        })
      ).json().id as number;
    const goldIds = {
      client: gold.client.id,
      location: await addLocation(goldToken),
      contact: contact.id,
      user: contactUser.id,
    };
    callers.push(
      { name: 'anonymous', token: null, ids: goldIds },
      { name: 'superuser', token: superToken, ids: goldIds },
      { name: 'gold owner', token: goldToken, ids: goldIds },
      { name: 'plain contact', token: contactToken, ids: goldIds },
      {
        name: 'bronze owner',
        token: bronzeToken,
        ids: {
          ...goldIds,
          client: bronze.client.id,
          location: await addLocation(bronzeToken),
          user: bronze.user.id,
        },
      },
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('covers every operation that takes a body with a valid one to spoil', () => {
    const withBody = operations
      .filter((operation) => operation.bodySchema)
      .map((o) => `${o.method} ${o.path}`);
    expect(withBody.filter((key) => !(key in VALID_BODIES))).toEqual([]);
    expect(operations.length).toBeGreaterThan(40);
  });

  const CALLERS = ['anonymous', 'superuser', 'gold owner', 'plain contact', 'bronze owner'];

  it.each(CALLERS)(
    'answers every hostile request to every operation, as %s, with a 4xx and a detail',
    async (name) => {
      const caller = callers.find((candidate) => candidate.name === name) as Caller;
      const failures: string[] = [];
      for (const operation of operations) {
        for (const request of requestsFor(operation, caller)) {
          const response = await answerWithin(t, request);
          if (!isRefusal(response)) {
            const sent = String(request.payload ?? '').slice(0, 80);
            const url = request.url?.toString().slice(0, 120);
            failures.push(
              `${request.method} ${url} ${sent} -> ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    },
    300_000,
  );
});

describe('the inputs the hostile-input probe found accepted', () => {
  let t: TestApp;
  let owner: string;
  let superuser: string;
  let ids: { client: number; location: number; contact: number };

  beforeAll(async () => {
    t = await createTestApp();
    const gold = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
    owner = (await login(t.app, gold.user.email)).token;
    superuser = (
      await login(t.app, (await buildUser(t.services, { isSuperuser: true, role: 'admin' })).email)
    ).token;
    const call = (url: string, payload: object) =>
      t.app
        .inject({ method: 'POST', url, headers: bearer(owner), payload })
        .then((response) => response.json().id);
    ids = {
      client: gold.client.id,
      location: await call('/api/locations', { name: 'Yard', latitude: 30.1, longitude: -95.2 }),
      contact: await call('/api/contacts', { name: 'Site Lead', phone: '512-555-0100' }),
    };
  });

  afterAll(async () => {
    await t?.close();
  });

  const NUL = 'a\u0000b';
  const findings: [
    string,
    (ids: { client: number; location: number; contact: number }) => InjectOptions,
    'owner' | 'superuser' | null,
  ][] = [
    [
      'a date in year 9999 for 24-hour totals',
      () => ({ method: 'POST', url: '/api/locations/24h_data?date=9999-12-31', payload: [1] }),
      'owner',
    ],
    [
      'a date in year 9999 for hourly data',
      (i) => ({ url: `/api/locations/${i.location}/hourly_data?date=9999-12-31` }),
      'owner',
    ],
    [
      'year 9999 for daily totals',
      (i) => ({ url: `/api/locations/${i.location}/24h_data/9999-12-31/9999-12-31` }),
      'owner',
    ],
    [
      'year 9999 as the end of the delivery log',
      () => ({ url: '/api/admin/deliveries?end_date=9999-12-31' }),
      'superuser',
    ],
    [
      'year 0 as the start of the delivery log',
      () => ({ url: '/api/admin/deliveries?start_date=0000-01-01' }),
      'superuser',
    ],
    ['an id past 32 bits in a path', () => ({ url: '/api/contacts/2147483648' }), 'owner'],
    ['an id past 32 bits as client_id', () => ({ url: '/api/locations?client_id=2147483648' }), 'owner'],
    [
      'an id past 32 bits as user_id',
      (i) => ({ method: 'POST', url: `/api/clients/${i.client}/admins?user_id=2147483648` }),
      'owner',
    ],
    [
      'an id past 32 bits in an id list',
      () => ({ method: 'POST', url: '/api/locations/24h_data', payload: [2147483648] }),
      'owner',
    ],
    ['an id written with spaces', () => ({ url: '/api/contacts/%20%201' }), 'owner'],
    ['an id written in hex', () => ({ url: '/api/contacts/0x1' }), 'owner'],
    [
      'a NUL in a registration',
      () => ({
        method: 'POST',
        url: '/auth/register',
        payload: {
          email: 'n@example.com',
          password: 'Rainfall#2026',
          first_name: NUL,
          last_name: 'User',
          phone: '512-555-0100',
        },
      }),
      null,
    ],
    [
      'a NUL in a forgotten-password address',
      () => ({ method: 'POST', url: '/auth/forgot-password', payload: { email: NUL } }),
      null,
    ],
    [
      'a NUL in a verification request',
      () => ({ method: 'POST', url: '/auth/request-verify-token', payload: { email: NUL } }),
      null,
    ],
    [
      'a 300 KB first name',
      () => ({ method: 'PATCH', url: '/users/me', payload: { first_name: 'x'.repeat(300_000) } }),
      'owner',
    ],
    [
      "any text as an account's e-mail",
      (i) => ({ method: 'PATCH', url: `/api/clients/${i.client}`, payload: { email: 'not an address' } }),
      'owner',
    ],
    [
      "any text as an account's invoice e-mail",
      (i) => ({ method: 'PATCH', url: `/api/clients/${i.client}`, payload: { invoice_email: 'billing' } }),
      'owner',
    ],
    [
      "any string as a location's status",
      (i) => ({ method: 'PATCH', url: `/api/locations/${i.location}`, payload: { status: 'whatever' } }),
      'owner',
    ],
    [
      "any string as a contact's status",
      (i) => ({ method: 'PATCH', url: `/api/contacts/${i.contact}`, payload: { status: 'whatever' } }),
      'owner',
    ],
  ];

  it.each(findings)('refuses %s with a 4xx and a detail, changing nothing', async (_, request, as) => {
    const token = as === 'owner' ? owner : as === 'superuser' ? superuser : null;
    const before = await t.app.inject({ url: `/api/clients/${ids.client}`, headers: bearer(superuser) });
    const response = await t.app.inject({ ...request(ids), headers: token ? bearer(token) : {} });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toHaveProperty('detail');
    const after = await t.app.inject({ url: `/api/clients/${ids.client}`, headers: bearer(superuser) });
    expect(after.json()).toEqual(before.json());
  });

  it('still takes the statuses and dates that are real', async () => {
    const inactive = await t.app.inject({
      method: 'PATCH',
      url: `/api/contacts/${ids.contact}`,
      headers: bearer(owner),
      payload: { status: 'inactive' },
    });
    expect(inactive.json()).toMatchObject({ status: 'inactive' });
    const day = await t.app.inject({
      url: `/api/locations/${ids.location}/24h_data/2020-10-14/2020-10-15`,
      headers: bearer(owner),
    });
    expect(day.statusCode).toBe(200);
  });
});

describe('malformed HTTP', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['an unknown route', '/api/no-such-thing', {}, 404],
    ['a path segment over 100 characters', `/api/contacts/${'1'.repeat(101)}`, {}, 414],
    ['a broken escape in the path', '/api/contacts/%E0%A4%A', {}, 400],
    [
      'a body over the size limit',
      '/auth/forgot-password',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: `"${'x'.repeat(2_000_000)}"` },
      413,
    ],
    [
      'a body of an unsupported type',
      '/auth/forgot-password',
      { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<email/>' },
      415,
    ],
    ['a URL larger than the header limit', `/api/contacts?a=${'x'.repeat(20_000)}`, {}, 431],
  ])('answers %s with { detail }', async (_, path, init, status) => {
    const response = await fetch(`${base}${path}`, init);
    expect(response.status).toBe(status);
    expect(await response.json()).toHaveProperty('detail');
  });

  it('stays up after them', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});

describe('hostile multipart photos (issue 28 point 7)', () => {
  let t: TestApp;
  let token: string;
  const BOUNDARY = 'pluvio-hostile';
  const multipart = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  const filePart = (name: string, field = 'photos') =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\nnot a photo\r\n`;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await login(t.app, (await buildOwnedClient(t.services)).user.email)).token;
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each([
    [
      'a multipart body cut short',
      multipart,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\n\u00ff\u00d8`,
    ],
    ['a multipart type without its boundary', { 'content-type': 'multipart/form-data' }, 'x'],
    [
      'a file name that climbs folders',
      multipart,
      `${filePart('../../../etc/passwd\u0000.jpg')}--${BOUNDARY}--\r\n`,
    ],
    [
      'photos sent as text',
      multipart,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`,
    ],
    [
      'more parts than a form has',
      multipart,
      `${Array.from({ length: 30 }, (_, index) => filePart(`${index}.jpg`)).join('')}--${BOUNDARY}--\r\n`,
    ],
  ])('answers %s with a 4xx and a detail, on every photo route', async (_, headers, payload) => {
    for (const url of ['/api/storm-events/1/inspections', '/api/inspections', '/api/inspections/1/photos']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), ...headers },
        payload,
      });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.json(), url).toHaveProperty('detail');
    }
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
