import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: number;
  sessionId: string;
  /** The superuser acting as this user, when masquerading (D11). */
  actorUserId: number | null;
}

const ISSUER = 'pluvio';

/** Signs and checks the short-lived access tokens (HS256 with the installation's secret). */
export function createTokenSigner(secret: string, lifetimeMinutes: number) {
  const key = new TextEncoder().encode(secret);
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
      return jwt.sign(key);
    },
    async verify(token: string, now: Date): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: now,
        });
        const userId = Number(payload.sub);
        const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
        if (!Number.isInteger(userId) || !sessionId) return null;
        const act = payload.act as { sub?: string } | undefined;
        return { userId, sessionId, actorUserId: act?.sub ? Number(act.sub) : null };
      } catch {
        return null;
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
