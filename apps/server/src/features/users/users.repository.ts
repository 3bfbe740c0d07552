import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { type UserRow, users } from '../../core/tables/users';

export type NewUser = typeof users.$inferInsert;
export type BulkUser = Required<
  Pick<
    NewUser,
    'email' | 'passwordHash' | 'firstName' | 'lastName' | 'phone' | 'role' | 'isVerified' | 'primaryClientId'
  >
>;

/** Active users whose name or e-mail address contains `search`, ignoring case; all when empty. */
function activeMatching(search: string): SQL | undefined {
  const needle = search.toLowerCase();
  const matches = needle
    ? or(
        sql`strpos(lower(${users.firstName} || ' ' || ${users.lastName}), ${needle}) > 0`,
        sql`strpos(lower(${users.email}), ${needle}) > 0`,
      )
    : undefined;
  return and(eq(users.isActive, true), matches);
}

export function createUsersRepository(db: AppDb) {
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
      return row;
    },
    async findByEmails(emails: string[]): Promise<UserRow[]> {
      const wanted = JSON.stringify(emails.map((email) => email.trim().toLowerCase()));
      return db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) in (select json_array_elements_text(${wanted}::json))`);
    },
    /**
     * Users made in bulk (contact logins), in one statement whatever their number: the rows
     * travel as one JSON parameter. An address taken meanwhile is skipped.
     */
    async insertMany(values: BulkUser[]): Promise<Pick<UserRow, 'id' | 'email' | 'firstName'>[]> {
      return queryRows(
        db,
        sql`
        insert into users (email, password_hash, first_name, last_name, phone, role, is_verified, primary_client_id)
        select email, "passwordHash", "firstName", "lastName", phone, role, "isVerified", "primaryClientId"
          from json_to_recordset(${JSON.stringify(values)}::json) as r(email text, "passwordHash" text,
               "firstName" text, "lastName" text, phone text, role text, "isVerified" boolean,
               "primaryClientId" integer)
        on conflict do nothing
        returning id, email, first_name as "firstName"`,
      );
    },
    /** A page of active users by name (first, then last), then e-mail address, and how many match. */
    async page(search: string, window: { limit: number; offset: number }) {
      const where = activeMatching(search);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(
            asc(sql`lower(${users.firstName})`),
            asc(sql`lower(${users.lastName})`),
            asc(sql`lower(${users.email})`),
            asc(users.id),
          )
          .limit(window.limit)
          .offset(window.offset),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },
    async insert(values: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('user insert returned nothing');
      return row;
    },
    async update(id: number, values: Partial<NewUser>): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
