import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: number;
  sessionId: string;
  /** The superuser acting as this user, when masquerading (D11). */
  actorUserId: number | null;
}

const ISSUER = 'pluvio';
/** Verified tokens remembered (each until it expires); more are verified again. */
const REMEMBERED_TOKENS = 10_000;

/**
 * Signs and checks the short-lived access tokens (HS256 with the installation's secret). The
 * WebCrypto key is imported once, and a token already verified is not verified again before it
 * expires: its signature and claims cannot change.
 */
export function createTokenSigner(secret: string, lifetimeMinutes: number) {
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  async function check(
    token: string,
    now: Date,
  ): Promise<{ claims: AccessClaims; expiresAtMs: number } | null> {
    try {
      const { payload } = await jwtVerify(token, await key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: now,
      });
      const userId = Number(payload.sub);
      const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
      if (!Number.isInteger(userId) || !sessionId || typeof payload.exp !== 'number') return null;
      const act = payload.act as { sub?: string } | undefined;
      const claims = { userId, sessionId, actorUserId: act?.sub ? Number(act.sub) : null };
      return { claims, expiresAtMs: payload.exp * 1000 };
    } catch {
      return null;
    }
  }

  return {
    lifetimeSeconds: lifetimeMinutes * 60,
    async sign(claims: AccessClaims, now: Date): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const jwt = new SignJWT({
        sid: claims.sessionId,
        ...(claims.actorUserId ? { act: { sub: String(claims.actorUserId) } } : {}),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetimeMinutes * 60);
      return jwt.sign(await key);
    },
    async verify(token: string, now: Date): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known && known.expiresAtMs > now.getTime()) return known.claims;
      const checked = await check(token, now);
      if (!checked) return null;
      if (verified.size >= REMEMBERED_TOKENS) verified.clear();
      verified.set(token, checked);
      return checked.claims;
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
