import { permissionsOf, type StaffMe, type StaffSession } from '@tours/domain';
import type { IssuedStaffSession, StaffSessionView } from './sessions.ts';

/** GET /staff/me's answer: the member, their permissions from the domain's table, and when the session ends. */
export function presentStaffMe(session: StaffSessionView): StaffMe {
  return {
    member: { id: session.member.id, email: session.member.email, name: session.member.name, roles: session.member.roles },
    permissions: permissionsOf(session.member.roles),
    session: { mfa_method: session.mfaMethod, expires_at: session.expiresAt.toISOString(), idle_expires_at: session.idleExpiresAt.toISOString() },
  };
}

/** A new session as the sign-in steps answer it: GET /staff/me's view with the token the console keeps. */
export const presentStaffSession = (session: IssuedStaffSession): StaffSession => ({ ...presentStaffMe(session), token: session.token });
