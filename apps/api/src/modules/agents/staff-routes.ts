import {
  AGENCY_MESSAGES,
  addStaffAgency,
  addStaffAgencyMember,
  agencyEtag,
  getStaffAgency,
  listStaffAgencies,
  updateStaffAgency,
  updateStaffAgencyMember,
} from '@tours/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/http-error.ts';
import { ifMatchOf } from '../../lib/if-match.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { staffSessionOf } from '../../plugins/staff-auth.ts';
import { addAgency, addAgencyStaff, changeAgency, changeAgencyStaff } from './agency-management.ts';
import { agencyPage, presentAgency, readAgencies } from './agency-records.ts';

/**
 * Travel agencies and their staff in the staff console (permission
 * catalogue.edit): agency-management.ts holds the rules. Every answer is the
 * agency's page (the agency and its staff, each with its version), with
 * the agency's ETag.
 */
export async function agencyStaffRoutes(app: FastifyInstance) {
  const context = (request: FastifyRequest) => ({ staffMemberId: staffSessionOf(request).member.id, now: app.clock.databaseNow(), requestId: request.id });

  async function answer(reply: FastifyReply, id: number) {
    const found = await agencyPage(app.db, id);
    if (!found) throw notFound(AGENCY_MESSAGES.agencyNotFound);
    reply.header('etag', agencyEtag(found.agency));
    return { data: found.page };
  }

  registerEndpoint(app, listStaffAgencies, async () => ({ data: { items: (await readAgencies(app.db)).map(presentAgency) } }));

  registerEndpoint(app, getStaffAgency, async (request, reply) => answer(reply, request.params.agency));

  registerEndpoint(app, addStaffAgency, async (request, reply) => answer(reply, (await addAgency(app.db, request.body, context(request))).id), { status: 201 });

  registerEndpoint(app, updateStaffAgency, async (request, reply) => {
    const ifMatch = ifMatchOf(request);
    await changeAgency(app.db, request.params.agency, ifMatch, request.body, context(request));
    return answer(reply, request.params.agency);
  });

  registerEndpoint(
    app,
    addStaffAgencyMember,
    async (request, reply) => {
      await addAgencyStaff(app.db, request.params.agency, request.body, context(request));
      return answer(reply, request.params.agency);
    },
    { status: 201 },
  );

  registerEndpoint(app, updateStaffAgencyMember, async (request, reply) => {
    const ifMatch = ifMatchOf(request);
    await changeAgencyStaff(app.db, request.params.agency, request.params.staff, ifMatch, request.body, context(request));
    return answer(reply, request.params.agency);
  });
}
