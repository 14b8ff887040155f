import { formatAmount, formatLongDate, toProviderAmount, type CurrencyCode, type DepartureDocument } from '@tours/domain';
import { DEPARTURE_DOCUMENT_TITLES } from '@tours/domain';
import { CSV_BOM, csvRecord, csvText, csvValue } from '../../lib/csv.ts';
import type { TableDocumentInput } from '../documents/index.ts';
import { flightLabel, outstandingOf, passengerName } from './present.ts';
import type { DepartureRecordSet, PassengerRecord, SettledBooking } from './read.ts';

/**
 * The ground team's documents of a departure, each written once as sections
 * of rows, then as CSV (one line per row, the section named in the first
 * column when there are several) or as a PDF (a heading and a table each).
 * Amounts are the bookings' own (the staff list's and booking page's): in
 * the CSV exact in major units beside their currency, in the PDF formatted.
 */

interface Cell {
  header: string;
  width: number;
  align?: 'left' | 'right';
  /** A number the system wrote itself (kept as it is in the CSV), not people's text. */
  value?: boolean;
  /** Left out of the PDF, where the other columns say it ('(lead)' after the name). */
  csvOnly?: boolean;
}

interface Section {
  key: string;
  heading: string;
  details?: [string, string][];
  rows: { cells: string[]; bold?: boolean; total?: boolean }[];
}

export interface DepartureTable {
  document: DepartureDocument;
  /** The first CSV column's name when there are sections ('Hotel', 'Flight', 'Agency'); none for one list. */
  sectionColumn: string | null;
  columns: Cell[];
  sections: Section[];
  empty: string;
}

const telephone = (passenger: PassengerRecord) => [passenger.telephone_mobile, passenger.telephone_home].filter(Boolean).join(' / ');

function bookingsById(record: DepartureRecordSet) {
  return new Map(record.bookings.map((booking) => [booking.id, booking]));
}

function passengerManifest(record: DepartureRecordSet): DepartureTable {
  const byId = bookingsById(record);
  return {
    document: 'passenger-manifest',
    sectionColumn: null,
    columns: [
      { header: 'Booking', width: 0.12 },
      { header: 'Passenger', width: 0.15 },
      { header: 'Lead', width: 0, csvOnly: true },
      { header: 'E-mail', width: 0.17 },
      { header: 'Telephone', width: 0.12 },
      { header: 'Agent', width: 0.07 },
      { header: 'Special requests', width: 0.13 },
      { header: 'Arrival time', width: 0.11 },
      { header: 'Joining point', width: 0.13 },
    ],
    sections: [
      {
        key: '',
        heading: 'Passengers',
        rows: record.passengers.map((passenger) => ({
          cells: [
            byId.get(passenger.booking_id)?.reference ?? String(passenger.booking_id),
            passengerName(passenger),
            passenger.is_lead ? 'Yes' : '',
            passenger.email ?? '',
            telephone(passenger),
            byId.get(passenger.booking_id)?.agent_code ?? '',
            passenger.special_requests ?? '',
            passenger.arrival_time ?? '',
            passenger.joining_information?.joining_text ?? '',
          ],
        })),
      },
    ],
    empty: 'No settled booking travels on this departure yet.',
  };
}

function roomingList(record: DepartureRecordSet): DepartureTable {
  const byId = bookingsById(record);
  const passengerById = new Map(record.passengers.map((passenger) => [passenger.id, passenger]));
  const optionById = new Map(record.options.map((option) => [option.id, option]));
  // Additional nights: each passenger's, from the options they hold (an option covers durationFrom nights, one at least).
  // Additional nights are after the tour: at their own hotel when they name one, otherwise at the tour's last hotel.
  const lastHotel = record.options
    .filter((option) => option.kind === 'room' && option.accommodation_id !== null)
    .reduce<{ id: number | null; position: number }>((last, option) => ((option.hotel_position ?? 0) >= last.position ? { id: option.accommodation_id, position: option.hotel_position ?? 0 } : last), { id: null, position: -Infinity }).id;
  const extraNights = new Map<string, number>();
  for (const placement of record.placements) {
    const option = optionById.get(placement.option_id);
    if (option?.kind !== 'additional_night') continue;
    const key = `${placement.passenger_id}:${option.accommodation_id ?? lastHotel}`;
    extraNights.set(key, (extraNights.get(key) ?? 0) + Math.max(1, option.duration_from));
  }
  const nightsAdded = (passengerId: number, hotelId: number | null) => extraNights.get(`${passengerId}:${hotelId}`) ?? 0;
  const sections = new Map<string, Section>();
  for (const option of record.options.filter((row) => row.kind === 'room')) {
    const key = option.hotel ?? 'Hotel';
    if (!sections.has(key)) sections.set(key, { key, heading: key, details: [['Nights on the tour', String(option.hotel_nights ?? 0)]], rows: [] });
  }
  // One room a booking holds of a room type: its occupants are the booking's passengers placed in that option.
  const rooms = new Map<string, { bookingId: number; optionId: number; passengerIds: number[] }>();
  for (const placement of record.placements) {
    if (optionById.get(placement.option_id)?.kind !== 'room') continue;
    const key = `${placement.booking_id}:${placement.option_id}`;
    const room = rooms.get(key) ?? { bookingId: placement.booking_id, optionId: placement.option_id, passengerIds: [] };
    room.passengerIds.push(placement.passenger_id);
    rooms.set(key, room);
  }
  // The passengers of a booking placed in a room type share its rooms in the booking's order, as many to a room as it takes (two singles are two rooms).
  const eachRoom = [...rooms.values()].flatMap((room) => {
    const size = Math.max(1, optionById.get(room.optionId)!.occupancy_to);
    return Array.from({ length: Math.ceil(room.passengerIds.length / size) }, (_, i) => ({ ...room, passengerIds: room.passengerIds.slice(i * size, (i + 1) * size) }));
  });
  for (const room of eachRoom) {
    const option = optionById.get(room.optionId)!;
    const section = sections.get(option.hotel ?? 'Hotel')!;
    const additional = Math.max(0, ...room.passengerIds.map((id) => nightsAdded(id, option.accommodation_id)));
    const nights = option.hotel_nights ?? 0;
    section.rows.push({
      cells: [
        option.room_type ?? option.name,
        room.passengerIds.map((id) => (passengerById.has(id) ? passengerName(passengerById.get(id)!) : '')).join('; '),
        byId.get(room.bookingId)?.reference ?? String(room.bookingId),
        String(nights),
        String(additional),
        String(nights + additional),
      ],
    });
  }
  return {
    document: 'rooming-list',
    sectionColumn: 'Hotel',
    columns: [
      { header: 'Room type', width: 0.13 },
      { header: 'Occupants', width: 0.4 },
      { header: 'Booking', width: 0.15 },
      { header: 'Tour nights', width: 0.1, align: 'right', value: true },
      { header: 'Additional nights', width: 0.12, align: 'right', value: true },
      { header: 'Nights', width: 0.1, align: 'right', value: true },
    ],
    sections: [...sections.values()],
    empty: 'This departure has no hotel.',
  };
}

function flightManifest(record: DepartureRecordSet): DepartureTable {
  const byId = bookingsById(record);
  const passengerById = new Map(record.passengers.map((passenger) => [passenger.id, passenger]));
  const sections = record.options
    .filter((option) => option.kind === 'flight')
    .map((option): Section => {
      const seated = record.placements.filter((placement) => placement.option_id === option.id);
      return {
        key: flightLabel(option),
        heading: option.name,
        details: [
          ['Airline', option.airline_name ?? ''],
          ['Departs', option.departure_ms === null ? '' : new Date(option.departure_ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC'],
          ['Passengers', String(seated.length)],
        ],
        rows: seated.map((placement) => {
          const passenger = passengerById.get(placement.passenger_id);
          const apis = passenger?.apis ?? null;
          return {
            cells: [
              passenger ? passengerName(passenger) : '',
              byId.get(placement.booking_id)?.reference ?? String(placement.booking_id),
              apis?.date_of_birth ?? passenger?.date_of_birth ?? '',
              apis ? apis.document_type : 'Not given',
              apis?.document_number ?? '',
              apis?.nationality ?? '',
              apis?.issue_date ?? '',
              apis?.expiry_date ?? '',
              apis?.place_of_birth ?? '',
              apis?.country_of_residence ?? '',
            ],
          };
        }),
      };
    });
  return {
    document: 'flight-manifest',
    sectionColumn: 'Flight',
    columns: [
      { header: 'Passenger', width: 0.15 },
      { header: 'Booking', width: 0.11 },
      { header: 'Date of birth', width: 0.1 },
      { header: 'Document', width: 0.09 },
      { header: 'Number', width: 0.1 },
      { header: 'Nationality', width: 0.09 },
      { header: 'Issued', width: 0.09 },
      { header: 'Expires', width: 0.09 },
      { header: 'Place of birth', width: 0.09 },
      { header: 'Residence', width: 0.09 },
    ],
    sections,
    empty: 'This departure has no flight.',
  };
}

function agencyStatement(record: DepartureRecordSet, pdf: boolean): DepartureTable {
  const leadOf = new Map(record.passengers.filter((passenger) => passenger.is_lead).map((passenger) => [passenger.booking_id, passenger]));
  const countOf = new Map<number, number>();
  for (const passenger of record.passengers) countOf.set(passenger.booking_id, (countOf.get(passenger.booking_id) ?? 0) + 1);
  const amount = (value: number, currency: CurrencyCode) => (pdf ? formatAmount(value, currency, { pence: 'always' }) : toProviderAmount(value));
  const byAgency = new Map<string, SettledBooking[]>();
  for (const booking of record.bookings) {
    if (booking.agent_code === null) continue;
    byAgency.set(booking.agent_code, [...(byAgency.get(booking.agent_code) ?? []), booking]);
  }
  const sections = [...byAgency.entries()].map(([code, bookings]): Section => {
    const totals = new Map<CurrencyCode, { total: number; paid: number; outstanding: number }>();
    for (const booking of bookings) {
      const line = totals.get(booking.currency) ?? { total: 0, paid: 0, outstanding: 0 };
      line.total += booking.total;
      line.paid += booking.paid;
      line.outstanding += outstandingOf(booking);
      totals.set(booking.currency, line);
    }
    return {
      key: code,
      heading: `${bookings[0]!.agent_name ?? code} (${code})`,
      rows: [
        ...bookings.map((booking) => {
          const lead = leadOf.get(booking.id);
          return {
            cells: [
              booking.reference,
              booking.status,
              lead ? passengerName(lead) : '',
              String(countOf.get(booking.id) ?? 0),
              booking.currency,
              amount(booking.total, booking.currency),
              amount(booking.paid, booking.currency),
              amount(outstandingOf(booking), booking.currency),
            ],
          };
        }),
        ...[...totals.entries()].map(([currency, line]) => ({
          bold: true,
          total: true,
          cells: ['Total', '', '', String(bookings.filter((booking) => booking.currency === currency).length), currency, amount(line.total, currency), amount(line.paid, currency), amount(line.outstanding, currency)],
        })),
      ],
    };
  });
  return {
    document: 'agency-statement',
    sectionColumn: 'Agency',
    columns: [
      { header: 'Booking', width: 0.13 },
      { header: 'Status', width: 0.1 },
      { header: 'Lead passenger', width: 0.19 },
      { header: 'Passengers', width: 0.1, align: 'right', value: true },
      { header: 'Currency', width: 0.08 },
      { header: 'Total', width: 0.14, align: 'right', value: true },
      { header: 'Paid', width: 0.13, align: 'right', value: true },
      { header: 'Outstanding', width: 0.13, align: 'right', value: true },
    ],
    sections,
    empty: 'No agency has a settled booking on this departure.',
  };
}

export function departureTable(record: DepartureRecordSet, document: DepartureDocument, format: 'csv' | 'pdf'): DepartureTable {
  switch (document) {
    case 'passenger-manifest':
      return passengerManifest(record);
    case 'rooming-list':
      return roomingList(record);
    case 'flight-manifest':
      return flightManifest(record);
    case 'agency-statement':
      return agencyStatement(record, format === 'pdf');
  }
}

/** The table as CSV: a header line, then one line per row (the section first when there are several). */
export function departureCsv(table: DepartureTable): string {
  const header = [...(table.sectionColumn ? [table.sectionColumn] : []), ...table.columns.map((column) => column.header)];
  let text = CSV_BOM + csvRecord(header.map(csvText));
  for (const section of table.sections) {
    for (const row of section.rows) {
      const cells = row.cells.map((cell, i) => (table.columns[i]?.value ? csvValue(cell) : csvText(cell)));
      text += csvRecord([...(table.sectionColumn ? [csvText(section.key)] : []), ...cells]);
    }
  }
  return text;
}

/** A row's cells in the PDF: the CSV-only columns left out; the passenger manifest's lead named after their name. */
function pdfCells(table: DepartureTable, cells: string[]): string[] {
  const kept = cells.filter((_, i) => !table.columns[i]?.csvOnly);
  if (table.document === 'passenger-manifest' && cells[2] === 'Yes') kept[1] = `${kept[1]} (lead)`;
  return kept;
}

/** The table as the PDF module draws it. */
export function departurePdfInput(record: DepartureRecordSet, table: DepartureTable, now: Date): TableDocumentInput {
  const { departure } = record;
  return {
    heading: DEPARTURE_DOCUMENT_TITLES[table.document],
    referenceLabel: 'Departure',
    reference: `${departure.tour.code} ${departure.start_date}`,
    now,
    intro: [
      ['Tour', `${departure.tour.name} (${departure.tour.code})`],
      ['Dates', `${formatLongDate(departure.start_date)} to ${formatLongDate(departure.end_date)}`],
      ['Settled bookings', String(record.bookings.length)],
      ['Passengers', String(record.passengers.length)],
    ],
    sections: table.sections.map((section) => ({
      heading: section.heading,
      ...(section.details ? { details: section.details } : {}),
      columns: table.columns.filter((column) => !column.csvOnly).map(({ header, width, align }) => ({ header, width, ...(align ? { align } : {}) })),
      rows: section.rows.map((row) => ({ cells: pdfCells(table, row.cells), ...(row.bold ? { bold: true } : {}) })),
    })),
    empty: table.empty,
  };
}
