import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { type UserRow, users } from './users.schema';

export type NewUser = typeof users.$inferInsert;

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
