import { MESSAGES } from '@pluvio/shared/messages';
import type { AuthContext } from '../../core/access';
import { forbidden, notFound } from '../../core/lib/errors';
import type { AuditService } from '../audit';
import type { AuthService, IssuedTokens } from '../auth';
import type { UsersService } from '../users';

export interface SwitchUserDeps {
  auth: Pick<AuthService, 'startActingSession' | 'endSession'>;
  users: Pick<UsersService, 'findByEmail' | 'list'>;
  audit: Pick<AuditService, 'record'>;
}

/** Switch user (D11): a superuser acts as another user in a session that names them, audited. */
export function createSwitchUserService({ auth, users, audit }: SwitchUserDeps) {
  return {
    /** The users a superuser may pick, by name. */
    list: users.list,

    async start(actor: AuthContext, email: string, ip: string): Promise<IssuedTokens> {
      if (!actor.user.isSuperuser || actor.actorUserId)
        throw forbidden('Only administrators may switch user');
      const target = await users.findByEmail(email);
      if (!target?.isActive) throw notFound('User not found');
      if (target.isSuperuser) throw forbidden(MESSAGES.cannotActAsAdministrator);
      await audit.record({
        action: 'masquerade_start',
        actorUserId: actor.user.id,
        asUserId: target.id,
        subjectUserId: target.id,
        ip,
      });
      return auth.startActingSession(target.id, {
        actorUserId: actor.user.id,
        parentSessionId: actor.sessionId,
      });
    },

    async end(current: AuthContext, ip: string): Promise<void> {
      await auth.endSession(current.sessionId, 'masquerade ended');
      await audit.record({
        action: 'masquerade_end',
        actorUserId: current.actorUserId,
        asUserId: current.user.id,
        subjectUserId: current.user.id,
        ip,
      });
    },
  };
}

export type SwitchUserService = ReturnType<typeof createSwitchUserService>;
