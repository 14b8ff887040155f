import {
  addDepartureOption,
  CATALOGUE_MESSAGES,
  createCatalogueDeparture,
  createCatalogueTour,
  deleteCatalogueDeparture,
  deleteCatalogueTour,
  deleteDepartureOption,
  departureEtag,
  exportSeason,
  getLowStock,
  importSeason,
  getCatalogueDeparture,
  getCatalogueTour,
  listCatalogueTours,
  tourEtag,
  updateCatalogueDeparture,
  updateCatalogueTour,
  updateDepartureOption,
  type ManagedDeparture,
  type ManagedTour,
} from '@tours/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/http-error.ts';
import { ifMatchOf } from '../../lib/if-match.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { staffSessionOf } from '../../plugins/staff-auth.ts';
import type { CatalogueChange } from './admin/change.ts';
import { createDeparture, deleteDeparture, updateDeparture } from './admin/departures.ts';
import { addOption, deleteOption, updateOption } from './admin/options.ts';
import { readDeparture } from './admin/read-departure.ts';
import { lowStock } from './admin/low-stock.ts';
import * as season from './admin/season-csv.ts';
import { createTour, deleteTour, listTours, readTour, updateTour } from './admin/tours.ts';
import { CSV_CONTENT_TYPE } from '../../lib/csv.ts';

/**
 * The catalogue as staff manage it (issue 27, permission catalogue.edit):
 * tours, their departures and each departure's options. Every answer of a
 * tour or a departure carries its ETag; every change names it as If-Match,
 * says why, and is audited. What visitors see changes on every replica
 * within the read cache's time to live (ADR 0014); a booking reads the
 * departure's status from the database, so a closed one is refused at once.
 */
export async function catalogueAdminRoutes(app: FastifyInstance) {
  const change = (request: FastifyRequest, reason: string): CatalogueChange => ({
    now: app.clock.databaseNow(),
    staff: { memberId: staffSessionOf(request).member.id, reason, requestId: request.id },
  });

  const answerTour = async (reply: FastifyReply, tourId: number) => {
    const tour: ManagedTour | null = await readTour(app.db, tourId, app.clock.databaseNow());
    if (!tour) throw notFound(CATALOGUE_MESSAGES.notFound);
    reply.header('etag', tourEtag(tour));
    return { data: tour };
  };
  const answerDeparture = async (reply: FastifyReply, departureId: number) => {
    const departure: ManagedDeparture | null = await readDeparture(app.db, departureId, app.clock.databaseNow());
    if (!departure) throw notFound(CATALOGUE_MESSAGES.notFound);
    reply.header('etag', departureEtag(departure));
    return { data: departure };
  };

  registerEndpoint(app, listCatalogueTours, async (request) => ({ data: { items: await listTours(app.db, request.query.q, app.clock.databaseNow()) } }));

  registerEndpoint(app, getCatalogueTour, async (request, reply) => answerTour(reply, request.params.tour));

  registerEndpoint(
    app,
    createCatalogueTour,
    async (request, reply) => {
      const { reason, ...values } = request.body;
      return answerTour(reply, await createTour(app.db, values, change(request, reason)));
    },
    { status: 201 },
  );

  registerEndpoint(app, updateCatalogueTour, async (request, reply) => {
    const ifMatch = ifMatchOf(request);
    const { reason, ...values } = request.body;
    await updateTour(app.db, request.params.tour, ifMatch, values, change(request, reason));
    return answerTour(reply, request.params.tour);
  });

  registerEndpoint(app, deleteCatalogueTour, async (request) => {
    await deleteTour(app.db, request.params.tour, ifMatchOf(request), change(request, request.body.reason));
    return { data: { id: request.params.tour, deleted: true as const } };
  });

  registerEndpoint(
    app,
    createCatalogueDeparture,
    async (request, reply) => {
      const { reason, ...values } = request.body;
      return answerDeparture(reply, await createDeparture(app.db, request.params.tour, values, change(request, reason)));
    },
    { status: 201 },
  );

  registerEndpoint(app, getCatalogueDeparture, async (request, reply) => answerDeparture(reply, request.params.departure));

  registerEndpoint(app, updateCatalogueDeparture, async (request, reply) => {
    const ifMatch = ifMatchOf(request);
    const { reason, ...values } = request.body;
    await updateDeparture(app.db, request.params.departure, ifMatch, values, change(request, reason));
    return answerDeparture(reply, request.params.departure);
  });

  registerEndpoint(app, deleteCatalogueDeparture, async (request) => {
    await deleteDeparture(app.db, request.params.departure, ifMatchOf(request), change(request, request.body.reason));
    return { data: { id: request.params.departure, deleted: true as const } };
  });

  registerEndpoint(
    app,
    addDepartureOption,
    async (request, reply) => {
      const ifMatch = ifMatchOf(request);
      const { reason, ...values } = request.body;
      await addOption(app.db, request.params.departure, ifMatch, values, change(request, reason));
      return answerDeparture(reply, request.params.departure);
    },
    { status: 201 },
  );

  registerEndpoint(app, updateDepartureOption, async (request, reply) => {
    const ifMatch = ifMatchOf(request);
    const { reason, ...values } = request.body;
    await updateOption(app.db, request.params.departure, request.params.option, ifMatch, values, change(request, reason));
    return answerDeparture(reply, request.params.departure);
  });

  registerEndpoint(app, deleteDepartureOption, async (request, reply) => {
    await deleteOption(app.db, request.params.departure, request.params.option, ifMatchOf(request), change(request, request.body.reason));
    return answerDeparture(reply, request.params.departure);
  });

  registerEndpoint(app, getLowStock, async () => {
    const threshold = app.config.catalogue.lowStockThreshold;
    return { data: { threshold, ...(await lowStock(app.db, threshold, app.clock.databaseNow())) } };
  });

  registerEndpoint(app, exportSeason, async (request, reply) => {
    const csv = await season.exportSeason(app.db, request.query);
    const name = `departures-${request.query.from ?? 'all'}-to-${request.query.to ?? 'all'}.csv`;
    reply.type(CSV_CONTENT_TYPE).header('content-disposition', `attachment; filename="${name}"`);
    return reply.send(csv);
  });

  registerEndpoint(app, importSeason, async (request) => {
    const { csv, dry_run: dryRun, reason } = request.body;
    return { data: await season.importSeason(app.db, { csv, dryRun }, change(request, reason)) };
  });
}
