import { randomBytes } from 'node:crypto';
import type { LocationImportRow } from '@pluvio/shared/csv-import';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppDb } from '../core/db/client';
import { hashPassword } from '../core/passwords';
import type { locations } from '../core/tables/locations';
import type { UserRow } from '../core/tables/users';
import type { Services } from '../services';

export const TEST_PASSWORD = 'Rainfall#2026';
let passwordHash: Promise<string> | undefined;

function unique(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

interface UserOverrides {
  email?: string;
  role?: string;
  isSuperuser?: boolean;
  isVerified?: boolean;
  isActive?: boolean;
  firstName?: string;
}

export async function buildUser(services: Services, overrides: UserOverrides = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return services.users.create({
    email: overrides.email ?? `${unique('user')}@example.com`,
    passwordHash: await passwordHash,
    firstName: overrides.firstName ?? 'Test',
    lastName: 'User',
    phone: '512-555-0111',
    role: overrides.role ?? 'client',
    isSuperuser: overrides.isSuperuser ?? false,
    isVerified: overrides.isVerified ?? true,
    isActive: overrides.isActive ?? true,
  });
}

interface ClientOverrides {
  tier?: 'bronze' | 'silver' | 'gold';
  status?: string;
  accountType?: string;
  isTrialAccount?: boolean;
  trialEndDate?: string | null;
  accountName?: string;
}

/** An account owned by a new (or the given) user, which becomes the owner's primary account. */
export async function buildOwnedClient(services: Services, owner?: UserRow, overrides: ClientOverrides = {}) {
  const user = owner ?? (await buildUser(services));
  const client = await services.accounts.createClient({
    accountName: overrides.accountName ?? unique('Account'),
    tier: overrides.tier ?? 'gold',
    status: overrides.status ?? 'active',
    accountType: overrides.accountType ?? 'paid',
    isTrialAccount: overrides.isTrialAccount ?? false,
    trialEndDate: overrides.trialEndDate ?? null,
    ownerUserId: user.id,
  });
  await services.users.setPrimaryClient(user.id, client.id);
  return { user, client };
}

/** Sets columns of the account's row by their names in the database (its notification switches and such). */
export async function setClientColumns(db: AppDb, clientId: number, columns: Record<string, unknown>) {
  for (const [column, value] of Object.entries(columns)) {
    await db.execute(sql`update clients set ${sql.raw(column)} = ${value} where id = ${clientId}`);
  }
}

export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/jwt/login',
    payload: new URLSearchParams({ username: email, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const refreshCookie = response.cookies.find((cookie) => cookie.name === 'pluvio_refresh')?.value;
  return { response, token: response.json().access_token as string, refreshCookie };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs the user in and answers a function that calls the API as them. */
export async function signedInCaller(app: FastifyInstance, email: string) {
  const { token } = await login(app, email);
  return (options: InjectOptions) => app.inject({ ...options, headers: bearer(token) });
}

/** A contact of the account that signs in (role contact); a co-owner also holds a client admin record. */
export async function buildContactUser(
  services: Services,
  clientId: number,
  options: { coOwner?: boolean } = {},
) {
  const user = await buildUser(services, { role: 'contact' });
  const contact = await services.contacts.create({
    clientId,
    userId: user.id,
    name: unique('Contact'),
    email: user.email,
  });
  if (options.coOwner) await services.accounts.addClientAdmin(clientId, user.id);
  return { user, contact };
}

/** `Site 0`, `Site 1`, …: `count` names of the prefix, numbered from `first`. */
export function numberedNames(prefix: string, count: number, first = 0): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix} ${first + i}`);
}

/**
 * Locations of the account with these names, in this order, on one meridian: the first at 30° N,
 * `perDegree` of them to a degree of latitude northwards; `rest` holds any other columns.
 * Answers the rows as stored, in the same order.
 */
export function buildLocations(
  services: Services,
  clientId: number,
  names: string[],
  {
    perDegree,
    longitude,
    ...rest
  }: { perDegree: number; longitude: number } & Partial<typeof locations.$inferInsert>,
) {
  return services.locations.createMany(
    names.map((name, i) => ({ clientId, name, latitude: 30 + i / perDegree, longitude, ...rest })),
  );
}

/**
 * A new account's locations `Site 0`, `Site 1`, … at latitudes 30.0, 30.1, … on the meridian;
 * their ids, in that order.
 */
export async function buildSiteIds(services: Services, count: number, longitude: number): Promise<number[]> {
  const { client } = await buildOwnedClient(services);
  const rows = await buildLocations(services, client.id, numberedNames('Site', count), {
    perDegree: 10,
    longitude,
  });
  return rows.map((row) => row.id);
}

/** `count` distinct rows as the browser sends them (the header being row 1). */
export function generatedRows(count: number): LocationImportRow[] {
  return Array.from({ length: count }, (_, i) => ({
    row: i + 2,
    name: `Site ${i}`,
    latitude: 25 + (i % 200) * 0.1,
    longitude: -120 + Math.floor(i / 200) * 0.5,
    h24_threshold: 1,
    rapidrain_threshold: 0.5,
  }));
}
