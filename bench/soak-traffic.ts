/**
 * The soak's load: connections that each loop over mixed requests until a deadline. Reads fill
 * the time; writes, sign-ins, imports and report tasks go out at set rates shared by all
 * connections. Every request is recorded with its API, times and status.
 */

const PASSWORD = 'Rainfall#2026';
const REQUEST_TIMEOUT_MS = 30_000;
const MAIL_DOMAIN = 'soak.example';

export interface RequestRecord {
  op: string;
  /** Which API slot answered (or failed to). */
  api: number;
  /** Milliseconds since the soak's start. */
  start: number;
  end: number;
  /** HTTP status; 0 when no answer came (refused, reset, timed out). */
  status: number;
  error?: string;
}

/** The API processes behind a balancer: a slot marked down gets no new requests. */
export class ApiPool {
  readonly up: boolean[];
  constructor(readonly urls: string[]) {
    this.up = urls.map(() => true);
  }
  /** Slot `preferred` when up, else the first one up. */
  pick(preferred: number): number {
    const slot = preferred % this.urls.length;
    if (this.up[slot]) return slot;
    const other = this.up.findIndex(Boolean);
    return other === -1 ? slot : other;
  }
}

/** A token bucket: `perSecond` takes a second on average, at most `burst` at once. */
export class Pace {
  private tokens = 1;
  private last = Date.now();
  constructor(
    private readonly perSecond: number,
    private readonly burst = 2,
  ) {}
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export interface Persona {
  email: string;
  token: string;
  locationIds: number[];
}

export interface TrafficOptions {
  pool: ApiPool;
  t0: number;
  records: RequestRecord[];
  personas: Map<string, Persona>;
}

interface Call {
  op: string;
  slot: number;
  path: string;
  method?: string;
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
}

/** One request, recorded; answers the parsed JSON body of a success, or null. */
async function call(options: TrafficOptions, request: Call): Promise<unknown> {
  const slot = options.pool.pick(request.slot);
  const headers: Record<string, string> = {};
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }
  const start = Date.now() - options.t0;
  const record: RequestRecord = { op: request.op, api: slot, start, end: start, status: 0 };
  options.records.push(record);
  try {
    const answer = await fetch(`${options.pool.urls[slot]}${request.path}`, {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await answer.text();
    record.status = answer.status;
    record.end = Date.now() - options.t0;
    if (!answer.ok) record.error = text.slice(0, 200);
    return answer.ok && text ? JSON.parse(text) : null;
  } catch (error) {
    record.end = Date.now() - options.t0;
    record.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return null;
  }
}

/** Signs in (the form of `/auth/jwt/login`) and keeps the new token; null when refused. */
export async function signIn(options: TrafficOptions, slot: number, email: string): Promise<string | null> {
  const answer = (await call(options, {
    op: 'POST /auth/jwt/login',
    slot,
    path: '/auth/jwt/login',
    form: { username: email, password: PASSWORD },
  })) as { access_token?: string } | null;
  const token = answer?.access_token ?? null;
  const persona = options.personas.get(email);
  if (token && persona) persona.token = token;
  return token;
}

/** A persona signed in, with the ids of the locations it sees. */
export async function personaOf(options: TrafficOptions, email: string): Promise<Persona> {
  const token = await signIn(options, 0, email);
  if (!token) throw new Error(`the soak could not sign in as ${email}`);
  const persona: Persona = { email, token, locationIds: [] };
  options.personas.set(email, persona);
  if (email.startsWith('multi@')) return persona;
  const locations = (await call(options, { op: 'setup', slot: 0, path: '/api/locations', token })) as
    | { id: number }[]
    | null;
  persona.locationIds = (locations ?? []).map((location) => location.id);
  return persona;
}

let serial = 0;
const nextSerial = () => {
  serial += 1;
  return serial;
};

const READERS = [
  'gold@pluvio.example',
  'silver@pluvio.example',
  'bronze@pluvio.example',
  'trial@pluvio.example',
];

/** One of the four reads, chosen by `turn`. */
async function read(options: TrafficOptions, slot: number, turn: number): Promise<void> {
  const persona = options.personas.get(READERS[Math.floor(turn / 4) % READERS.length] ?? '') as Persona;
  const token = persona.token;
  switch (turn % 4) {
    case 0:
      await call(options, { op: 'GET /api/locations', slot, path: '/api/locations', token });
      return;
    case 1:
      await call(options, {
        op: 'POST /api/locations/24h_data',
        slot,
        path: '/api/locations/24h_data',
        token,
        json: persona.locationIds,
      });
      return;
    case 2:
      await call(options, {
        op: 'GET /api/locations/overview',
        slot,
        path: '/api/locations/overview',
        token,
      });
      return;
    default: {
      const multi = options.personas.get('multi@pluvio.example') as Persona;
      await call(options, { op: 'GET /users/me', slot, path: '/users/me', token: multi.token });
    }
  }
}

/** A location added, changed and removed again in the gold account. */
async function locationWrites(options: TrafficOptions, slot: number): Promise<void> {
  const { token } = options.personas.get('gold@pluvio.example') as Persona;
  const n = nextSerial();
  const created = (await call(options, {
    op: 'POST /api/locations',
    slot,
    path: '/api/locations',
    token,
    json: { name: `Soak site ${n}`, latitude: 29 + (n % 50) * 0.1, longitude: -95 - (n % 40) * 0.1 },
  })) as { id: number } | null;
  if (!created) return;
  const path = `/api/locations/${created.id}`;
  await call(options, {
    op: 'PATCH /api/locations/{id}',
    slot,
    path,
    method: 'PATCH',
    token,
    json: { h24_threshold: 1 },
  });
  await call(options, { op: 'DELETE /api/locations/{id}', slot, path, method: 'DELETE', token });
}

/** A contact added (its invitation e-mail is queued) and removed in the gold account. */
async function contactWrites(options: TrafficOptions, slot: number): Promise<void> {
  const { token } = options.personas.get('gold@pluvio.example') as Persona;
  const n = nextSerial();
  const created = (await call(options, {
    op: 'POST /api/contacts',
    slot,
    path: '/api/contacts',
    token,
    json: { name: `Soak contact ${n}`, email: `contact-${n}-${Date.now()}@${MAIL_DOMAIN}` },
  })) as { id: number } | null;
  if (!created) return;
  await call(options, {
    op: 'DELETE /api/contacts/{id}',
    slot,
    path: `/api/contacts/${created.id}`,
    method: 'DELETE',
    token,
  });
}

/** A small CSV import (three rows, parsed as the web app sends them) into the silver account. */
async function smallImport(options: TrafficOptions, slot: number): Promise<void> {
  const { token } = options.personas.get('silver@pluvio.example') as Persona;
  const n = nextSerial();
  const rows = [1, 2, 3].map((row) => ({
    row,
    name: `Soak import ${n}-${row}`,
    latitude: 32 + row * 0.2,
    longitude: -97 + (n % 30) * 0.05,
    h24_threshold: 0.5,
    rapidrain_threshold: 0.25,
  }));
  await call(options, {
    op: 'POST /api/locations/import',
    slot,
    path: '/api/locations/import',
    token,
    json: { rows },
  });
}

const REPORT_FORMATS = ['pdf', 'csv', 'html', 'excel'] as const;

/** The day `daysAgo` days before today in the product's time zone, as YYYY-MM-DD. */
export function dayBefore(daysAgo: number): string {
  const day = new Date(Date.now() - daysAgo * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(day);
}

/** A rainfall report of the silver account's demo sites, e-mailed to its owner (a task). */
export async function reportTask(options: TrafficOptions, slot: number, days = 2): Promise<string | null> {
  const persona = options.personas.get('silver@pluvio.example') as Persona;
  const n = nextSerial();
  const answer = (await call(options, {
    op: 'POST /api/reports/data_by_date_range',
    slot,
    path: `/api/reports/data_by_date_range/${dayBefore(days)}/${dayBefore(1)}`,
    token: persona.token,
    json: {
      email_format: REPORT_FORMATS[n % REPORT_FORMATS.length],
      email_list: [persona.email],
      locations: persona.locationIds,
    },
  })) as { task_id?: string } | null;
  return answer?.task_id ?? null;
}

export interface TrafficRates {
  writesPerSecond: number;
  signInsPerSecond: number;
  importsPerSecond: number;
  reportsPerSecond: number;
}

/** Runs `connections` loops until `until` (a Date.now() time); resolves when all have stopped. */
export async function runTraffic(
  options: TrafficOptions,
  connections: number,
  until: number,
  rates: TrafficRates,
): Promise<void> {
  const signInEmails = [...options.personas.keys()];
  let writeTurn = 0;
  const heavy: { pace: Pace; run: (slot: number) => Promise<unknown> }[] = [
    { pace: new Pace(rates.reportsPerSecond), run: (slot) => reportTask(options, slot) },
    { pace: new Pace(rates.importsPerSecond), run: (slot) => smallImport(options, slot) },
    {
      pace: new Pace(rates.signInsPerSecond),
      run: (slot) => signIn(options, slot, signInEmails[nextSerial() % signInEmails.length] ?? ''),
    },
    {
      pace: new Pace(rates.writesPerSecond),
      run: (slot) => {
        writeTurn += 1;
        return writeTurn % 2 === 0 ? locationWrites(options, slot) : contactWrites(options, slot);
      },
    },
  ];
  const loop = async (connection: number) => {
    let turn = connection;
    while (Date.now() < until) {
      const chosen = heavy.find((kind) => kind.pace.take());
      if (chosen) await chosen.run(connection);
      else await read(options, connection, turn);
      turn += 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, connection) => loop(connection)));
}
