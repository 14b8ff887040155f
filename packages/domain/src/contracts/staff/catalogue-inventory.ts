import { z } from 'zod/mini';
import { CATALOGUE_MESSAGES } from '../../catalogue/management.ts';
import { idSchema, normaliseLineBreaks, readableText } from '../../input-values.ts';
import { staffReasonSchema } from '../../staff/reason.ts';
import { dataEnvelope, defineEndpoint, isoDateSchema } from '../common.ts';
import { catalogueDepartureParamsSchema, managedDepartureSchema } from './catalogue-departures.ts';
import { optionChangeBodySchema } from './catalogue-options.ts';
import { reasonBodySchema, tourCodeSchema } from './catalogue-tours.ts';

/**
 * A departure's options (rooms, flights, extras, additional nights), the
 * low-stock list of the console's home, and a season's departures as CSV
 * (issue 27). Options change under the departure's ETag: a change to any of
 * them is a change to the departure another person may be editing.
 */

export const catalogueOptionParamsSchema = z.object({
  departure: idSchema,
  option: idSchema,
});

export const addDepartureOption = defineEndpoint({
  method: 'POST',
  path: '/staff/catalogue/departures/:departure/options',
  params: catalogueDepartureParamsSchema,
  body: optionChangeBodySchema,
  response: dataEnvelope(managedDepartureSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary:
    "Adds a room (creating the hotel's stay), a flight (in a new or existing group of that name), an extra or an additional night; If-Match is the departure's ETag",
});

export const updateDepartureOption = defineEndpoint({
  method: 'PUT',
  path: '/staff/catalogue/departures/:departure/options/:option',
  params: catalogueOptionParamsSchema,
  body: optionChangeBodySchema,
  response: dataEnvelope(managedDepartureSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: `Changes an option (not its kind); its stock never below what is sold and held (409); a price applies to new holds only. ${CATALOGUE_MESSAGES.optionKindFixed}`,
});

export const deleteDepartureOption = defineEndpoint({
  method: 'POST',
  path: '/staff/catalogue/departures/:departure/options/:option/delete',
  params: catalogueOptionParamsSchema,
  body: reasonBodySchema,
  response: dataEnvelope(managedDepartureSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: 'Deletes an option that was never booked (409 otherwise: close it); If-Match is the departure’s ETag',
});

export const lowStockItemSchema = z.object({
  departure_id: z.number(),
  tour_id: z.number(),
  tour_code: z.string(),
  tour_name: z.string(),
  start_date: isoDateSchema,
  /** 'places', or the option's kind. */
  kind: z.enum(['places', 'flight', 'room', 'extra', 'additional_night']),
  /** 'Places', or the option's name (a room's with its hotel). */
  name: z.string(),
  stock: z.number(),
  left: z.number(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

export const getLowStock = defineEndpoint({
  method: 'GET',
  path: '/staff/catalogue/low-stock',
  response: dataEnvelope(
    z.object({
      threshold: z.number(),
      items: z.array(lowStockItemSchema),
      total: z.number(),
    }),
  ),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary:
    'Open departures yet to start whose places, or any open option, have at most the LOW_STOCK_THRESHOLD setting left: the soonest first, at most 50 (total counts all)',
});

export const seasonExportQuerySchema = z.object({ from: z.optional(isoDateSchema), to: z.optional(isoDateSchema), tour: z.optional(tourCodeSchema) }).check(
  z.refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: CATALOGUE_MESSAGES.datesOrdered,
  }),
);

export const exportSeason = defineEndpoint({
  method: 'GET',
  path: '/staff/catalogue/departures.csv',
  query: seasonExportQuerySchema,
  response: z.string(),
  responseType: 'text',
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: 'Departures starting between from and to (all when absent) with places and prices, as the import reads them (domain season-csv.ts)',
});

export const seasonImportBodySchema = z.object({
  // Line breaks as any spreadsheet writes them (CRLF, CR) read as LF; otherwise readable text only, like every other field.
  csv: z.string().check(z.overwrite(normaliseLineBreaks), z.maxLength(2_000_000, 'Import a file of at most 2 MB'), readableText(true)),
  /** Check every line and report, writing nothing. */
  dry_run: z.boolean(),
  reason: staffReasonSchema,
});

export const seasonImportErrorSchema = z.object({
  line: z.number(),
  column: z.string(),
  message: z.string(),
});
export type SeasonImportError = z.infer<typeof seasonImportErrorSchema>;

export const seasonImportReportSchema = z.object({
  dry_run: z.boolean(),
  /** Written: a run that is not a dry run and found no error. Nothing is written when any line has an error. */
  applied: z.boolean(),
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  errors: z.array(seasonImportErrorSchema),
});
export type SeasonImportReport = z.infer<typeof seasonImportReportSchema>;

export const importSeason = defineEndpoint({
  method: 'POST',
  path: '/staff/catalogue/departures/import',
  body: seasonImportBodySchema,
  response: dataEnvelope(seasonImportReportSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary:
    'Creates and updates departures from CSV, matched by tour code and start date; every line is checked first (each error with its line and column) and nothing is written unless all pass; dry_run only reports',
});
