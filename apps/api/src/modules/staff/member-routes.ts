import { addStaffMember, getStaffMember, listStaffMembers, resetStaffPasskeys, staffMemberEtag, updateStaffMember } from '@tours/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/http-error.ts';
import { ifMatchOf } from '../../lib/if-match.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { staffSessionOf } from '../../plugins/staff-auth.ts';
import * as management from './management.ts';
import { listStaffMembers as readStaffMembers, presentStaffMember, staffMemberById, type StaffMemberRecord } from './members.ts';

/** A member's answer carries its ETag, which the next change sends back as If-Match. */
function answerMember(reply: FastifyReply, member: StaffMemberRecord) {
  reply.header('etag', staffMemberEtag(member));
  return { data: presentStaffMember(member) };
}

/** Staff members, for administrators (permission staff.manage): management.ts holds the rules. */
export async function staffMemberRoutes(app: FastifyInstance) {
  const context = (request: FastifyRequest) => ({ now: app.clock.databaseNow(), requestId: request.id });

  registerEndpoint(app, listStaffMembers, async () => ({ data: { items: (await readStaffMembers(app.db)).map(presentStaffMember) } }));

  registerEndpoint(app, getStaffMember, async (request, reply) => {
    const member = await staffMemberById(app.db, request.params.member);
    if (!member) throw notFound('No staff member has this id.');
    return answerMember(reply, member);
  });

  registerEndpoint(
    app,
    addStaffMember,
    async (request, reply) => answerMember(reply, await management.addStaffMember(app.db, staffSessionOf(request).member, request.body, context(request))),
    { status: 201 },
  );

  registerEndpoint(app, updateStaffMember, async (request, reply) => {
    const ifMatch = ifMatchOf(request);
    const { reason, ...changes } = request.body;
    const member = await management.changeStaffMember(app.db, staffSessionOf(request).member, request.params.member, ifMatch, { ...changes, reason }, context(request));
    return answerMember(reply, member);
  });

  registerEndpoint(app, resetStaffPasskeys, async (request, reply) => {
    const ifMatch = ifMatchOf(request);
    const member = await management.resetStaffPasskeys(app.db, staffSessionOf(request).member, request.params.member, ifMatch, request.body.reason, context(request));
    return answerMember(reply, member);
  });
}
