import { ROUTES } from '@pluvio/shared/navigation';
import {
  EMAIL_CHANGE_LINK_HOURS,
  EMAIL_CHANGE_LINKS_PER_HOUR,
  EMAIL_CHANGE_MESSAGES,
  EMAIL_CHANGE_PASSWORD_FAILURES_PER_HOUR,
} from '@pluvio/shared/users.schemas';
import type { AppDb } from '../../core/db/client';
import { isUniqueViolation } from '../../core/db/pg-errors';
import type { Clock } from '../../core/lib/clock';
import { AppError, badRequest, conflict, invalidField, notFound } from '../../core/lib/errors';
import { HOUR_MS } from '../../core/lib/time';
import { hashToken, randomToken } from '../../core/lib/tokens';
import { verifyPassword } from '../../core/passwords';
import type { UserRow } from '../../core/tables/users';
import type { AuditService } from '../audit';
import type { OutboxService } from '../notifications';
import type { RateLimit, RateLimitsService } from '../rate-limits';
import { confirmNewEmailEmail, emailChangedEmail, emailChangeRequestedEmail } from './email-change.emails';
import { createEmailChangeRepository } from './email-change.repository';
import type { UsersService } from './users.service';

/** Who asks: the signed-in user, or a superuser acting as them (`actorUserId`, D11). */
export interface EmailChangeCaller {
  user: UserRow;
  actorUserId: number | null;
  sessionId: string;
  ip: string;
}

/** The services a confirmation writes through, all on its transaction. */
interface ServicesInTransaction {
  users: Pick<UsersService, 'findById' | 'findByEmail'>;
  audit: Pick<AuditService, 'record'>;
  outbox: Pick<OutboxService, 'enqueueEmail'>;
  auth: { endOtherSessions(userId: number, keepSessionId: string | null, reason: string): Promise<void> };
}

export interface EmailChangeOptions {
  clock: Clock;
  publicUrl: string;
  supportEmail: string;
  users: Pick<UsersService, 'assertEmailFree'>;
  rateLimits: Pick<RateLimitsService, 'take'>;
  servicesIn: (tx: AppDb) => ServicesInTransaction;
  onMailQueued?: () => Promise<void>;
}

const LINKS: RateLimit = {
  bucket: 'email-change-links',
  max: EMAIL_CHANGE_LINKS_PER_HOUR,
  windowMs: HOUR_MS,
};
const PASSWORD_FAILURES: RateLimit = {
  bucket: 'email-change-password-failures',
  max: EMAIL_CHANGE_PASSWORD_FAILURES_PER_HOUR,
  windowMs: HOUR_MS,
};

const SESSIONS_ENDED_REASON = 'sign-in e-mail changed';

/**
 * Changing the sign-in e-mail address (issue 25). Asking for it takes the current password
 * (not from a superuser acting as the user: the audit trail names the superuser), e-mails a link
 * to the new address and tells the old one; nothing changes until the link is followed. Then the
 * address changes if it is still free, the old address is told, and the user's other sessions end.
 */
export function createEmailChangeService(db: AppDb, options: EmailChangeOptions) {
  const { clock } = options;
  const repository = createEmailChangeRepository(db);
  const confirmUrl = (token: string) => `${options.publicUrl}${ROUTES.confirmEmailChange}?token=${token}`;

  /** The current password, unless a superuser acts as the user; wrong ones count towards a limit. */
  async function requirePassword(caller: EmailChangeCaller, password: string | undefined): Promise<void> {
    if (caller.actorUserId) return;
    if (!password)
      throw invalidField(['body', 'current_password'], EMAIL_CHANGE_MESSAGES.passwordRequired, 'missing');
    const attempt = await options.rateLimits.take(PASSWORD_FAILURES, `user:${caller.user.id}`);
    if (!attempt.allowed)
      throw new AppError(429, EMAIL_CHANGE_MESSAGES.tooManyPasswordFailures, {
        'retry-after': String(attempt.retryAfterSeconds),
      });
    if (!(await verifyPassword(caller.user.passwordHash, password)))
      throw badRequest(EMAIL_CHANGE_MESSAGES.passwordWrong);
    await attempt.undo();
  }

  /** Room for one more confirmation e-mail this hour; `send` runs with it, and gives it back if it fails. */
  async function withLinkAllowance(userId: number, send: () => Promise<void>): Promise<void> {
    const allowance = await options.rateLimits.take(LINKS, `user:${userId}`);
    if (!allowance.allowed)
      throw new AppError(429, EMAIL_CHANGE_MESSAGES.tooManyLinks, {
        'retry-after': String(allowance.retryAfterSeconds),
      });
    try {
      await send();
    } catch (error) {
      await allowance.undo();
      throw error;
    }
    await options.onMailQueued?.();
  }

  const auditActor = (caller: EmailChangeCaller) => ({
    actorUserId: caller.actorUserId ?? caller.user.id,
    asUserId: caller.actorUserId ? caller.user.id : null,
    subjectUserId: caller.user.id,
    ip: caller.ip,
  });

  return {
    /**
     * PATCH /users/me with an `email`: the user's own address changes nothing; another one is
     * stored as pending, its link e-mailed to it and the old address told, all in one transaction.
     * Returns whether a change was asked for.
     */
    async request(caller: EmailChangeCaller, email: string, currentPassword: string | undefined) {
      const { user } = caller;
      if (email === user.email.toLowerCase()) return false;
      await requirePassword(caller, currentPassword);
      await options.users.assertEmailFree(email, user.id);
      const now = clock.now();
      const token = randomToken();
      await withLinkAllowance(user.id, () =>
        db.transaction(async (tx) => {
          const services = options.servicesIn(tx);
          await createEmailChangeRepository(tx).put({
            userId: user.id,
            newEmail: email,
            tokenHash: hashToken(token),
            expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LINK_HOURS * HOUR_MS),
            requestedAt: now,
            requestedBy: caller.actorUserId ?? user.id,
          });
          await services.outbox.enqueueEmail(
            confirmNewEmailEmail(email, user.firstName, user.email, confirmUrl(token)),
          );
          await services.outbox.enqueueEmail(
            emailChangeRequestedEmail(
              user.email,
              user.firstName,
              email,
              `${options.publicUrl}${ROUTES.forgotPassword}`,
              options.supportEmail,
            ),
          );
          await services.audit.record({
            action: 'email_change_requested',
            ...auditActor(caller),
            changes: { email: { before: user.email, after: email } },
          });
        }),
      );
      return true;
    },

    /** The waiting change, for the profile: its address and when its link stops working. */
    async pending(userId: number): Promise<{ email: string; expiresAt: Date } | null> {
      const row = await repository.pending(userId, clock.now());
      return row ? { email: row.newEmail, expiresAt: row.expiresAt } : null;
    },

    /** Sends a new link for the waiting change (the old link stops working; the expiry stays). */
    async resend(caller: EmailChangeCaller): Promise<{ detail: string }> {
      const { user } = caller;
      const waiting = await repository.pending(user.id, clock.now());
      if (!waiting) throw notFound(EMAIL_CHANGE_MESSAGES.noPending);
      const token = randomToken();
      await withLinkAllowance(user.id, () =>
        db.transaction(async (tx) => {
          if (!(await createEmailChangeRepository(tx).replaceToken(user.id, hashToken(token), clock.now())))
            throw notFound(EMAIL_CHANGE_MESSAGES.noPending);
          await options
            .servicesIn(tx)
            .outbox.enqueueEmail(
              confirmNewEmailEmail(waiting.newEmail, user.firstName, user.email, confirmUrl(token)),
            );
        }),
      );
      return { detail: EMAIL_CHANGE_MESSAGES.requested(waiting.newEmail) };
    },

    async cancel(caller: EmailChangeCaller): Promise<void> {
      const { user } = caller;
      await db.transaction(async (tx) => {
        const removed = await createEmailChangeRepository(tx).remove(user.id, clock.now());
        if (!removed) throw notFound(EMAIL_CHANGE_MESSAGES.noPending);
        await options.servicesIn(tx).audit.record({
          action: 'email_change_cancelled',
          ...auditActor(caller),
          changes: { email: { before: removed.newEmail, after: null } },
        });
      });
    },

    /**
     * The link e-mailed to the new address: works once, within EMAIL_CHANGE_LINK_HOURS, and only
     * while the address is nobody else's. `caller` is the browser's session when it sent one: kept
     * when it is the user's, while every other session of the user ends.
     */
    async confirm(token: string, caller: { userId: number; sessionId: string } | null, ip: string) {
      const now = clock.now();
      let newEmail = '';
      const outcome = await db
        .transaction(async (tx): Promise<'confirmed' | 'taken' | 'invalid'> => {
          const change = await createEmailChangeRepository(tx).take(hashToken(token), now);
          if (!change) return 'invalid';
          newEmail = change.newEmail;
          const services = options.servicesIn(tx);
          const user = await services.users.findById(change.userId);
          if (!user?.isActive) return 'invalid';
          const holder = await services.users.findByEmail(change.newEmail);
          if (holder && holder.id !== user.id) return 'taken';
          await createEmailChangeRepository(tx).setEmail(user.id, change.newEmail, now);
          const keep = caller?.userId === user.id ? caller.sessionId : null;
          await services.auth.endOtherSessions(user.id, keep, SESSIONS_ENDED_REASON);
          await services.outbox.enqueueEmail(
            emailChangedEmail(user.email, user.firstName, change.newEmail, options.supportEmail),
          );
          await services.audit.record({
            action: 'email_change_confirmed',
            actorUserId: user.id,
            subjectUserId: user.id,
            ip,
            changes: { email: { before: user.email, after: change.newEmail } },
            details: { requested_by: change.requestedBy, requested_at: change.requestedAt.toISOString() },
          });
          return 'confirmed';
        })
        .catch((error: unknown) => {
          // Someone took the address between the check and the update (the unique index noticed).
          if (isUniqueViolation(error)) return 'taken' as const;
          throw error;
        });
      if (outcome === 'invalid') throw badRequest(EMAIL_CHANGE_MESSAGES.badToken);
      if (outcome === 'taken') throw conflict(EMAIL_CHANGE_MESSAGES.takenMeanwhile(newEmail));
      await options.onMailQueued?.();
      return { detail: EMAIL_CHANGE_MESSAGES.confirmed(newEmail) };
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
