import { TRIAL_DAYS } from '@pluvio/shared/accounts';
import type { RegisterInput } from '@pluvio/shared/auth.schemas';
import { ERROR_CODES, MESSAGES } from '@pluvio/shared/messages';
import { WIZARD_MESSAGES } from '@pluvio/shared/signup';
import { TRIAL_TIER } from '@pluvio/shared/tiers';
import type { AuthContext } from '../../core/access';
import type { AppDb } from '../../core/db/client';
import { noReadCache, type ReadCache } from '../../core/db/read-cache';
import type { Clock } from '../../core/lib/clock';
import { badRequest, conflict, unauthorized } from '../../core/lib/errors';
import { HOUR_MS, productDate } from '../../core/lib/time';
import { hashToken, randomToken } from '../../core/lib/tokens';
import { hashPassword, verifyPassword } from '../../core/passwords';
import type { TokenPurpose } from '../../core/tables/auth';
import type { UserRow } from '../../core/tables/users';
import type { AccountsService } from '../accounts';
import type { AuditService } from '../audit';
import type { OutboxService } from '../notifications';
import type { RateLimitsService } from '../rate-limits';
import type { UsersService } from '../users';
import { resetPasswordEmail, verifyEmailEmail } from './auth.emails';
import { type AuthRepository, createAuthRepository } from './auth.repository';
import { createSignInLimits, type SignInLimit, type SignInLimitSettings } from './sign-in-limits';
import type { TokenSigner } from './token-signer';

export interface AuthOptions {
  signer: TokenSigner;
  /** The refresh token that follows a presented one (`refresh-successor.ts`). */
  successorOf: (refreshToken: string) => string;
  refreshTokenDays: number;
  publicUrl: string;
  timeZone: string;
  clock: Clock;
  signInLimits: SignInLimitSettings;
  /** Keeps each session's row and user between requests (none for a transaction's services). */
  readCache?: ReadCache;
}

export interface AuthDeps {
  users: UsersService;
  accounts: AccountsService;
  outbox: OutboxService;
  audit: AuditService;
  rateLimits: RateLimitsService;
  /** Whether a paid sign-up waiting for its checkout holds the address (the signups feature). */
  addressHeld?: (email: string) => Promise<boolean>;
  /** Counts a free trial from the client address against its daily ceiling (429 past it); answers the undo. */
  admitTrial?: (ip: string, email: string) => Promise<() => Promise<void>>;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
}

/** How long a rotated refresh token still brings its successor: parallel tabs, a retry after a time-out. */
const REFRESH_GRACE_MS = 30 * 1000;
const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  reset_password: HOUR_MS,
  verify_email: 24 * HOUR_MS,
  invite: 7 * 24 * HOUR_MS,
};

/** Purposes whose link leads to the reset page, where the user chooses a password. */
const PASSWORD_PURPOSES: TokenPurpose[] = ['reset_password', 'invite'];

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 24 * HOUR_MS);
}

type FoundSession = Awaited<ReturnType<AuthRepository['unrevokedSessionWithUser']>>;

/**
 * An unrevoked session before its expiry; one acting as someone else also needs the superuser's
 * own session it came from to be live and its superuser still an active superuser, so signing
 * out, a password reset or a deactivation of the superuser ends it too.
 */
function isLive(found: FoundSession, now: Date): found is NonNullable<FoundSession> {
  if (!found || found.session.expiresAt <= now) return false;
  if (found.session.actorUserId === null) return true;
  return found.parentLive && found.parentExpiresAt !== null && found.parentExpiresAt > now;
}

export function createAuthService(db: AppDb, deps: AuthDeps, options: AuthOptions) {
  const repository = createAuthRepository(db);
  const { signer, clock, readCache = noReadCache } = options;
  const { users, audit } = deps;
  const signInLimits = createSignInLimits(deps.rateLimits, options.signInLimits, recordRefusedSignIn);

  /** A sign-in refused by the failure limits (429) names the user only when the address is one. */
  async function recordRefusedSignIn(email: string, ip: string, limits: SignInLimit[]): Promise<void> {
    const user = await users.findByEmail(email);
    await audit.record({
      action: 'sign_in_refused',
      actorUserId: null,
      subjectUserId: user?.id ?? null,
      ip,
      details: { limits },
    });
  }

  async function issueRefreshToken(sessionId: string): Promise<string> {
    const refreshToken = randomToken();
    await repository.addRefreshToken(sessionId, hashToken(refreshToken));
    return refreshToken;
  }

  /** A session of `userId`; `acting` when a superuser opens it from their own session (D11). */
  async function startSession(
    userId: number,
    acting: { actorUserId: number; parentSessionId: string } | null = null,
  ): Promise<IssuedTokens> {
    const now = clock.now();
    const actorUserId = acting?.actorUserId ?? null;
    const session = await repository.createSession({
      userId,
      actorUserId,
      parentSessionId: acting?.parentSessionId ?? null,
      expiresAt: addDays(now, options.refreshTokenDays),
    });
    const accessToken = await signer.sign({ userId, sessionId: session.id, actorUserId }, now);
    return { accessToken, refreshToken: await issueRefreshToken(session.id) };
  }

  async function issueUserToken(user: UserRow, purpose: TokenPurpose): Promise<string> {
    const now = clock.now();
    await repository.expireUserTokens(user.id, purpose, now);
    const token = randomToken();
    await repository.addUserTokens([
      {
        tokenHash: hashToken(token),
        userId: user.id,
        purpose,
        expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
      },
    ]);
    return token;
  }

  /** The reset page; an invitation's link says so, and the page greets a new user instead. */
  function passwordUrl(token: string, purpose: 'reset_password' | 'invite' = 'reset_password'): string {
    const invite = purpose === 'invite' ? '&invite=1' : '';
    return `${options.publicUrl}/reset-password?token=${encodeURIComponent(token)}${invite}`;
  }

  async function sendVerification(user: UserRow): Promise<void> {
    const token = await issueUserToken(user, 'verify_email');
    const url = `${options.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await deps.outbox.enqueueEmail(verifyEmailEmail(user.email, user.firstName, url));
  }

  /** The user and a pending trial account they own (D9). */
  async function registerTrial(input: RegisterInput, ip: string) {
    const now = clock.now();
    const user = await users.create({
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.first_name,
      lastName: input.last_name,
      phone: input.phone,
      role: 'client',
      isVerified: false,
      agreeToTerms: input.agree_to_terms,
      agreeToPrivacyPolicy: input.agree_to_privacy_policy,
    });
    const client = await deps.accounts.createClient({
      accountName: `${input.first_name} ${input.last_name}`,
      email: input.email,
      phone: input.phone,
      status: 'pending',
      accountType: 'trial',
      isTrialAccount: true,
      tier: TRIAL_TIER,
      trialEndDate: productDate(now, options.timeZone, TRIAL_DAYS),
      ownerUserId: user.id,
    });
    await users.setPrimaryClient(user.id, client.id);
    await audit.record({ action: 'register', actorUserId: user.id, subjectUserId: user.id, ip });
    await sendVerification(user);
    return { user: { ...user, primaryClientId: client.id }, tokens: await startSession(user.id) };
  }

  return {
    /**
     * Checks e-mail and password; the same answer for an unknown address and a wrong password,
     * and the same limit on failures for both (D15).
     */
    async login(email: string, password: string, ip: string): Promise<IssuedTokens> {
      const attempt = await signInLimits.begin(email, ip);
      const user = await users.findByEmail(email);
      const valid = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !valid || !user.isActive) throw badRequest(ERROR_CODES.loginBadCredentials);
      await attempt.succeeded();
      await audit.record({ action: 'login', actorUserId: user.id, subjectUserId: user.id, ip });
      return startSession(user.id);
    },

    async authenticate(accessToken: string): Promise<AuthContext | null> {
      const now = clock.now();
      const claims = await signer.verify(accessToken, now);
      if (!claims) return null;
      const found = await readCache.read(`session:${claims.sessionId}`, () =>
        repository.unrevokedSessionWithUser(claims.sessionId),
      );
      if (!isLive(found, now)) return null;
      const { session, user } = found;
      if (session.userId !== claims.userId || !user.isActive) return null;
      return { user, sessionId: session.id, actorUserId: session.actorUserId };
    },

    /**
     * Rotates a refresh token: the old one is spent and its successor issued in the same session.
     * Presented again within the grace period it brings the same successor, so parallel refreshes
     * all succeed with one cookie. Later, it means the token was copied: the whole session is
     * revoked (D14).
     */
    async refresh(refreshToken: string | undefined): Promise<IssuedTokens & { userId: number }> {
      if (!refreshToken) throw unauthorized(MESSAGES.noRefreshToken);
      const now = clock.now();
      const tokenHash = hashToken(refreshToken);
      const stored = await repository.findRefreshToken(tokenHash);
      if (!stored) throw unauthorized(MESSAGES.refreshFailed);
      const found = await repository.unrevokedSessionWithUser(stored.sessionId);
      if (!isLive(found, now)) throw unauthorized(MESSAGES.refreshFailed);
      const { session } = found;
      const graceStart = new Date(now.getTime() - REFRESH_GRACE_MS);
      if (!(await repository.spendRefreshToken(tokenHash, now, graceStart))) {
        await repository.revokeSession(session.id, 'refresh token reused', now);
        await audit.record({
          action: 'refresh_token_reuse',
          actorUserId: null,
          subjectUserId: session.userId,
          details: { session: session.id },
        });
        throw unauthorized(MESSAGES.refreshFailed);
      }
      const successor = options.successorOf(refreshToken);
      await repository.addRefreshToken(session.id, hashToken(successor));
      const accessToken = await signer.sign(
        { userId: session.userId, sessionId: session.id, actorUserId: session.actorUserId },
        now,
      );
      return { accessToken, refreshToken: successor, userId: session.userId };
    },

    /** Ends the session named by the access token or by the refresh token, whichever is given. */
    /** Ends the session and those of the refresh tokens (a superuser's parked own one included). */
    async logout(sessionId: string | null, refreshTokens: (string | undefined)[]): Promise<void> {
      const now = clock.now();
      if (sessionId) await repository.revokeSession(sessionId, 'logout', now);
      for (const refreshToken of refreshTokens) {
        if (!refreshToken) continue;
        const stored = await repository.findRefreshToken(hashToken(refreshToken));
        if (stored) await repository.revokeSession(stored.sessionId, 'logout', now);
      }
    },

    /** Registration creates the user and a pending trial account they own (D9). */
    async register(input: RegisterInput, ip: string): Promise<{ user: UserRow; tokens: IssuedTokens }> {
      await users.assertEmailFree(input.email, null);
      if (await deps.addressHeld?.(input.email)) throw conflict(WIZARD_MESSAGES.emailHeld);
      const undoTrial = await deps.admitTrial?.(ip, input.email);
      try {
        return await registerTrial(input, ip);
      } catch (error) {
        await undoTrial?.();
        throw error;
      }
    },

    /** Always answers the same; only a known, active address gets a message (D15). */
    async forgotPassword(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user?.isActive) return;
      const token = await issueUserToken(user, 'reset_password');
      await deps.outbox.enqueueEmail(resetPasswordEmail(user.email, user.firstName, passwordUrl(token)));
    },

    /**
     * Invitation links for new users (contact logins): each leads to the reset page, where the
     * user chooses a first password. One statement for all of them.
     */
    async invitationLinks<T extends { id: number }>(invited: T[]): Promise<{ user: T; url: string }[]> {
      const expiresAt = new Date(clock.now().getTime() + TOKEN_LIFETIME_MS.invite);
      const issued = invited.map((user) => ({ user, token: randomToken() }));
      await repository.addUserTokens(
        issued.map(({ user, token }) => ({
          tokenHash: hashToken(token),
          userId: user.id,
          purpose: 'invite',
          expiresAt,
        })),
      );
      return issued.map(({ user, token }) => ({ user, url: passwordUrl(token, 'invite') }));
    },

    /**
     * Sets a new password from a valid reset or invitation link and signs out every session of
     * the user. An invitation went to the address, so following it also verifies the address.
     */
    async resetPassword(token: string, password: string, ip: string): Promise<void> {
      const now = clock.now();
      const taken = await repository.consumeUserToken(hashToken(token), PASSWORD_PURPOSES, now);
      if (!taken) throw badRequest(ERROR_CODES.resetPasswordBadToken);
      const { userId } = taken;
      await users.setPassword(userId, await hashPassword(password));
      if (taken.purpose === 'invite') await users.markVerified(userId);
      await repository.revokeSessionsOfUser(userId, 'password reset', now);
      await audit.record({ action: 'password_reset', actorUserId: userId, subjectUserId: userId, ip });
    },

    /**
     * Signs the user out everywhere but `keepSessionId` (the browser that confirmed a new sign-in
     * e-mail, when it is the user's): their refresh tokens stop working and, since every request
     * checks its session, so do their access tokens.
     */
    async endOtherSessions(userId: number, keepSessionId: string | null, reason: string): Promise<void> {
      await repository.revokeSessionsOfUser(userId, reason, clock.now(), keepSessionId);
    },

    /** A new session of a user who just signed up (the wizard signs in the browser that paid). */
    signInNewUser: (userId: number) => startSession(userId),

    /** Queues the verification e-mail with a fresh link (the outbox of this service's database). */
    sendVerification,

    async requestVerification(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user?.isActive || user.isVerified) return;
      await sendVerification(user);
    },

    async verify(token: string): Promise<UserRow> {
      const taken = await repository.consumeUserToken(hashToken(token), ['verify_email'], clock.now());
      const user = taken ? await users.findById(taken.userId) : undefined;
      if (!user) throw badRequest(ERROR_CODES.verifyUserBadToken);
      if (user.isVerified) throw badRequest(ERROR_CODES.verifyUserAlreadyVerified);
      return (await users.markVerified(user.id)) ?? user;
    },

    /** A session of `userId` that names the superuser acting as them (switch user, D11). */
    startActingSession(userId: number, acting: { actorUserId: number; parentSessionId: string }) {
      return startSession(userId, acting);
    },

    async endSession(sessionId: string, reason: string): Promise<void> {
      await repository.revokeSession(sessionId, reason, clock.now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
