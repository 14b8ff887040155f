import { endStaffSession, getStaffMe } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { staffSessionOf } from '../../plugins/staff-auth.ts';
import { recordAudit } from '../audit/index.ts';
import { presentStaffMe } from './present.ts';
import { deleteStaffSession } from './sessions.ts';

/** The signed-in member's own calls: who they are, and signing out. */
export async function staffMeRoutes(app: FastifyInstance) {
  registerEndpoint(app, getStaffMe, async (request) => ({ data: presentStaffMe(staffSessionOf(request)) }));

  registerEndpoint(app, endStaffSession, async (request) => {
    const session = staffSessionOf(request);
    await app.db.transaction(async (tx) => {
      await deleteStaffSession(tx, session.sessionId);
      await recordAudit(tx, {
        actor: `staff:${session.member.id}`,
        action: 'staff.signed-out',
        entityType: 'staff_member',
        entityId: session.member.id,
        staffMemberId: session.member.id,
        requestId: request.id,
      });
    });
    return { data: { signed_out: true as const } };
  });
}
