import {
  departureDocumentFileName,
  downloadAgencyStatement,
  downloadFlightManifest,
  downloadPassengerManifest,
  downloadRoomingList,
  getStaffDeparture,
  listStaffDepartures,
  type DepartureDocument,
  type DepartureDocumentFormat,
} from '@tours/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSV_CONTENT_TYPE } from '../../lib/csv.ts';
import { notFound } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { staffSessionOf } from '../../plugins/staff-auth.ts';
import { recordAudit } from '../audit/index.ts';
import { PDF_CONTENT_TYPE, renderTableDocument } from '../documents/index.ts';
import { departureCsv, departurePdfInput, departureTable } from './documents.ts';
import { presentDepartureDetail } from './present.ts';
import { listDepartures, readDeparture } from './read.ts';

export const NO_SUCH_DEPARTURE = 'No departure has this id.';

/**
 * The staff console's departures (issue 28): the list, a departure's page,
 * and the ground team's documents as CSV or PDF (permission departures.read;
 * the flight manifest, with passports' API data, passports.read, and each
 * download of it is audited). Every answer is no-store (the staff guard).
 */
export async function staffDepartureRoutes(app: FastifyInstance) {
  registerEndpoint(app, listStaffDepartures, async (request) => {
    const search = request.query;
    const { items, total } = await listDepartures(app.db, search, app.clock.databaseNow());
    return { data: { items, total, page: search.page, page_size: search.page_size } };
  });

  registerEndpoint(app, getStaffDeparture, async (request) => {
    const record = await readDeparture(app.db, request.params.departure, app.clock.databaseNow());
    if (!record) throw notFound(NO_SUCH_DEPARTURE);
    return { data: presentDepartureDetail(record) };
  });

  async function sendDocument(
    request: FastifyRequest,
    reply: FastifyReply,
    departureId: number,
    document: DepartureDocument,
    format: DepartureDocumentFormat,
  ) {
    const record = await readDeparture(app.db, departureId, app.clock.databaseNow());
    if (!record) throw notFound(NO_SUCH_DEPARTURE);
    const table = departureTable(record, document, format);
    if (document === 'flight-manifest') {
      // Passports' API data are personal data shown to few: each download, who took whose, is logged.
      const session = staffSessionOf(request);
      await recordAudit(app.db, {
        actor: `staff:${session.member.id}`,
        action: 'departure.flight_manifest.downloaded',
        entityType: 'departure',
        entityId: departureId,
        requestId: request.id,
        staffMemberId: session.member.id,
        detail: { format, passengerIds: [...new Set(record.placements.filter((placement) => record.options.some((option) => option.id === placement.option_id && option.kind === 'flight')).map((placement) => placement.passenger_id))] },
      });
    }
    const fileName = departureDocumentFileName(document, record.departure.tour.code, record.departure.start_date, format);
    reply.header('content-disposition', `attachment; filename="${fileName}"`).header('x-robots-tag', 'noindex, nofollow');
    if (format === 'csv') return reply.type(CSV_CONTENT_TYPE).send(departureCsv(table));
    return reply.type(PDF_CONTENT_TYPE).send(await renderTableDocument(departurePdfInput(record, table, app.clock.now())));
  }

  registerEndpoint(app, downloadPassengerManifest, (request, reply) => sendDocument(request, reply, request.params.departure, 'passenger-manifest', request.query.format));
  registerEndpoint(app, downloadRoomingList, (request, reply) => sendDocument(request, reply, request.params.departure, 'rooming-list', request.query.format));
  registerEndpoint(app, downloadFlightManifest, (request, reply) => sendDocument(request, reply, request.params.departure, 'flight-manifest', request.query.format));
  registerEndpoint(app, downloadAgencyStatement, (request, reply) => sendDocument(request, reply, request.params.departure, 'agency-statement', request.query.format));
}
