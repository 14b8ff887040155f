// A season of an escorted-tour operator, written into a migrated and seeded
// database for the staff console's scale bench (bench/staff-scale.mjs):
// 500 departures across the demo's tours, 20,000 bookings in the mix a real
// season has (Confirmed, Cancelled, abandoned Quotes, Optional bookings
// waiting for the operator, paid but unconfirmed, balances past due, agent
// bookings, flagged payments, passenger details missing, e-mails the relay
// gave up on...), 40,000 passengers with names and e-mail addresses,
// payments and refunds, documents, e-mails, the audit history and notes.
//
// Every row is made here, in JavaScript, from a seeded random generator (the
// same mix every run; dates are laid out around the day it runs), with ids
// reserved from the tables' own sequences,
// and written with multi-row INSERTs of about a thousand rows a statement:
// the same SQL on PGlite and on a PostgreSQL server. `run(text)` runs one
// statement and answers its rows.
import { randomUUID } from 'node:crypto';
import { ATTENTION_REASONS, DEPOSIT_PERCENT, depositFor, foldName } from '@tours/domain';

export const SEASON = { departures: 500, bookings: 20_000, passengers: 40_000 };

/** Passengers per booking, as many bookings of each size: 40,000 passengers over 20,000 bookings. */
const PARTY_SIZES = [
  [1, 5_000],
  [2, 12_000],
  [3, 1_000],
  [4, 2_000],
];

/** Statuses of the season's bookings (of 20,000); the rest are Confirmed. */
const MIX = {
  cancelled: 1_800,
  quote: 3_600,
  optionalWaiting: 600, // Optional with its reference: the operator must confirm or decline (the 'optional' queue)
  optionalOnline: 200, // Optional still being booked online, without a reference
  unconfirmed: 200, // paid, but the booking could not be confirmed (the 'unconfirmed' queue)
};
/** Confirmed bookings with a payment staff must look at (the 'payments-flagged' queue), by attention code. */
const FLAGGED = { 'other-currency': 40, overpaid: 40, 'unmatched-payment': 30, 'refund-failed': 20, 'outdated-payment': 20 };
const BALANCE_DUE_DAYS = 90;
const DAY_MS = 86_400_000;

// ---- a seeded random generator -------------------------------------------------------------------

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- SQL literals -------------------------------------------------------------------------------

/** A value as a SQL literal: the rows are ours, made here, and written without parameters so a statement holds a thousand of them. */
export function lit(value) {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a number: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) return `'{${value.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}'`;
  if (typeof value === 'object') return `'${JSON.stringify(value).replace(/'/g, "''")}'::jsonb`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** Writes rows (objects with the columns' names) with multi-row INSERTs of `batch` rows. */
async function insertRows(run, table, rows, batch = 1000) {
  if (rows.length === 0) return;
  // Every column any row names; a row without one writes NULL there.
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  for (let start = 0; start < rows.length; start += batch) {
    const values = rows
      .slice(start, start + batch)
      .map((row) => `(${columns.map((column) => lit(row[column])).join(',')})`)
      .join(',\n');
    await run(`insert into ${table} (${columns.map((column) => `"${column}"`).join(', ')}) values ${values}`);
  }
}

/** `count` ids from the table's own sequence, reserved at once: the first one. */
async function reserveIds(run, table, count) {
  const [row] = await run(`select setval(s, nextval(s) + ${count - 1}) - ${count - 1} as first from (select pg_get_serial_sequence('${table}', 'id') as s) q`);
  return Number(row.first);
}

// ---- names, addresses, passenger details --------------------------------------------------------

const GIVEN = {
  Mr: ['James', 'John', 'Robert', 'Michael', 'David', 'Richard', 'Thomas', 'Charles', 'Christopher', 'Daniel', 'Matthew', 'Anthony', 'Mark', 'Paul', 'Andrew', 'Peter', 'Stephen', 'Edward', 'George', 'Henry', 'William', 'Hugh', 'Rupert', 'Alistair', 'Graham', 'Nigel', 'Malcolm', 'Geoffrey', 'Colin', 'Ian', 'Keith', 'Brian', 'Roger', 'Martin', 'Simon', 'Philip', 'Jonathan', 'Nicholas', 'Timothy', 'Julian', 'François', 'José', 'Søren', 'Jürgen', 'Łukasz', 'Seán', 'Rhys', 'Dafydd', 'Ruaidhrí', 'Bjørn'],
  Mrs: ['Margaret', 'Elizabeth', 'Susan', 'Patricia', 'Linda', 'Barbara', 'Jennifer', 'Mary', 'Sarah', 'Karen', 'Helen', 'Anne', 'Catherine', 'Judith', 'Gillian', 'Alison', 'Janet', 'Valerie', 'Rosemary', 'Diana', 'Penelope', 'Fiona', 'Caroline', 'Jane', 'Elaine', 'Christine', 'Lesley', 'Sheila', 'Wendy', 'Hilary', 'Frances', 'Joanna', 'Ruth', 'Lucy', 'Harriet', 'Zoë', 'Chloé', 'Renée', 'Siobhán', 'Mairéad', 'Åsa', 'Inés', 'Marie-Claire', 'Ngozi', 'Priya', 'Aoife', 'Bethan', 'Eleri', 'Noémie', 'Ingrid'],
};
const FAMILY = [
  'Smith', 'Jones', 'Williams', 'Taylor', 'Brown', 'Davies', 'Evans', 'Wilson', 'Thomas', 'Johnson', 'Roberts', 'Robinson', 'Thompson', 'Wright', 'Walker', 'White', 'Edwards', 'Hughes', 'Green', 'Hall',
  'Lewis', 'Harris', 'Clarke', 'Patel', 'Jackson', 'Wood', 'Turner', 'Martin', 'Cooper', 'Hill', 'Ward', 'Morris', 'Moore', 'Clark', 'Lee', 'King', 'Baker', 'Harrison', 'Morgan', 'Allen',
  'James', 'Scott', 'Phillips', 'Watson', 'Davis', 'Parker', 'Price', 'Bennett', 'Young', 'Griffiths', 'Mitchell', 'Kelly', 'Cook', 'Carter', 'Richardson', 'Bailey', 'Collins', 'Bell', 'Shaw', 'Murphy',
  'Miller', 'Cox', 'Richards', 'Khan', 'Marshall', 'Anderson', 'Simpson', 'Ellis', 'Adams', 'Singh', 'Begum', 'Wilkinson', 'Foster', 'Chapman', 'Powell', 'Webb', 'Rogers', 'Gray', 'Mason', 'Ali',
  'Hunt', 'Hussain', 'Campbell', 'Matthews', 'Owen', 'Palmer', 'Holmes', 'Mills', 'Barnes', 'Knight', 'Lloyd', 'Butler', 'Russell', 'Barker', 'Fisher', 'Stevens', 'Jenkins', 'Murray', 'Dixon', 'Harvey',
  'Ashworth', 'Pemberton', 'Fairweather', 'Cholmondeley', 'Featherstonehaugh', 'Montague', 'Worthington', 'Blackwood', 'Hargreaves', 'Whitfield', 'Ravenscroft', 'Sutherland', 'Kingsley', 'Lockwood', 'Thornton', 'Beaumont', 'Cavendish', 'Fitzgerald', 'Fotheringham', 'Ellingham',
  "O'Brien", "O'Neill", "O'Sullivan", "D'Arcy", 'MacDonald', 'McAllister', 'McKenzie', 'Ó Briain', 'Ní Bhriain', 'Müller', 'Schäfer', 'Köhler', 'Weiß', 'Brontë', 'García', 'Muñoz', 'Núñez', 'Pérez', 'Gonçalves', 'Lefèvre',
  'Dubois', 'Boulanger', 'Château', 'Østergaard', 'Åkesson', 'Sørensen', 'Kowalski', 'Wiśniewska', 'Nowak', 'Dvořák', 'Novák', 'Horváth', 'Papadopoulos', 'Rossi', 'Bianchi', 'Esposito', 'Van der Berg', 'De Vries', 'Janssen', 'Okafor',
  'Adeyemi', 'Nakamura', 'Tanaka', 'Chen', 'Wong', 'Nguyen', 'Kaur', 'Sharma', 'Gupta', 'Fernández', 'Ashby', 'Marsh', 'Elgar', 'Holst', 'Purcell', 'Britten', 'Delius', 'Vaughan Williams', 'Tippett', 'Walton',
];
const MAIL_DOMAINS = [
  ['gmail.example', 30],
  ['btinternet.example', 12],
  ['outlook.example', 10],
  ['yahoo.example.co.uk', 8],
  ['hotmail.example.co.uk', 8],
  ['icloud.example', 7],
  ['aol.example', 3],
  ['talktalk.example', 4],
  ['sky.example', 4],
  ['virginmedia.example', 4],
  ['proton.example', 2],
  ['ox.ac.example', 2],
  ['nhs.example', 3],
  ['gov.example', 3],
];
const TOWNS = [
  ['Bath', 'Somerset', 'BA1'], ['Bristol', 'Avon', 'BS8'], ['Cheltenham', 'Gloucestershire', 'GL50'], ['Harrogate', 'North Yorkshire', 'HG1'], ['York', 'North Yorkshire', 'YO1'],
  ['Winchester', 'Hampshire', 'SO23'], ['Guildford', 'Surrey', 'GU1'], ['Tunbridge Wells', 'Kent', 'TN1'], ['Oxford', 'Oxfordshire', 'OX2'], ['Cambridge', 'Cambridgeshire', 'CB2'],
  ['Edinburgh', 'Midlothian', 'EH3'], ['Chester', 'Cheshire', 'CH1'], ['Ludlow', 'Shropshire', 'SY8'], ['Norwich', 'Norfolk', 'NR2'], ['Exeter', 'Devon', 'EX4'],
  ['London', 'Greater London', 'SW3'], ['London', 'Greater London', 'NW3'], ['London', 'Greater London', 'W8'], ['Cardiff', 'South Glamorgan', 'CF10'], ['Belfast', 'County Antrim', 'BT9'],
];
const STREETS = ['High Street', 'Church Lane', 'Orchard Row', 'The Crescent', 'Station Road', 'Manor Close', 'Park Avenue', 'Victoria Road', 'Queens Gardens', 'Mill Lane', 'Abbey Road', 'St John’s Terrace'];
const INSURERS = ['Cabot Mutual Travel', 'Saga Travel Insurance', 'Staysure', 'AllClear', 'Avanti', 'Holiday Extras', 'Post Office Travel'];
const RELATIONS = ['Daughter', 'Son', 'Sister', 'Brother', 'Friend', 'Niece', 'Nephew', 'Neighbour'];
const NOTES = [
  'Customer rang: asks for a ground-floor room if possible.',
  'Wheelchair assistance needed at the airport; passed to the tour manager.',
  'Celebrating a ruby wedding anniversary: flowers in the room.',
  'Agent says the balance will follow by bank transfer next week.',
  'Dietary: coeliac. Hotel informed.',
  'Asked to share a twin with another single traveller if one books.',
  'Called back about the sold-out rooms: waiting for a cancellation.',
  'Passport renewal in progress; details to follow.',
];
const MAIL_ERRORS = ['550 5.1.1 The e-mail account that you tried to reach does not exist', '552 5.2.2 Mailbox full', '554 5.7.1 Message rejected as spam', 'getaddrinfo ENOTFOUND mx.example'];

function ascii(text) {
  return foldName(text).replace(/[^a-z0-9]+/g, '');
}

// ---- the season -----------------------------------------------------------------------------------

/**
 * Writes the season. `run(text)` runs one statement and answers its rows;
 * `today` is the operator's date ('YYYY-MM-DD') and `now` the instant the
 * season is written at. Answers the counts written and samples of what the
 * bench searches for (real references, names, addresses, agents...).
 */
export async function writeSeason(run, { today, now = new Date(), seed = 26, log = () => {} }) {
  const random = mulberry32(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const chance = (p) => random() < p;
  const between = (low, high) => low + Math.floor(random() * (high - low + 1));
  const weighted = (pairs) => {
    const total = pairs.reduce((sum, [, weight]) => sum + weight, 0);
    let at = random() * total;
    for (const [value, weight] of pairs) if ((at -= weight) < 0) return value;
    return pairs.at(-1)[0];
  };
  const shuffle = (list) => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
    return list;
  };
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const dateIn = (days) => new Date(todayMs + days * DAY_MS).toISOString().slice(0, 10);
  const nowMs = now.getTime();
  const at = (ms) => new Date(Math.min(ms, nowMs - 60_000));
  const started = performance.now();
  const written = {};
  const write = async (table, rows) => {
    const before = performance.now();
    await insertRows(run, table, rows);
    written[table] = (written[table] ?? 0) + rows.length;
    log(`${table}: ${rows.length} rows in ${Math.round(performance.now() - before)} ms`);
  };

  // -- what the demo seed has: tours, their departures and options, agents, staff --
  const tours = await run(`select id, code, name from tours order by id`);
  const existing = await run(`select id, tour_id, cast(start_date as text) as start_date, end_date - start_date as nights, capacity from departures order by id`);
  const templateOptions = await run(
    `select o.*, coalesce(json_object_agg(p.currency, p.adult_price) filter (where p.currency is not null), '{}') as prices
       from departure_options o left join option_prices p on p.option_id = o.id where o.kind <> 'flight' group by o.id order by o.id`,
  );
  const templatePrices = await run(`select departure_id, currency, price_per_person from departure_prices`);
  const templateHotels = await run(`select departure_id, accommodation_id, position, nights from departure_accommodations`);
  const [finance] = await run(`select id from staff_members where 'finance' = any(roles) order by id limit 1`);
  if (!finance) throw new Error('the demo staff are not seeded');

  // -- staff: an operator's office, besides the demo's four --
  const staffRoles = [['operations'], ['operations'], ['operations'], ['operations', 'finance'], ['finance'], ['admin'], ['catalogue'], ['operations', 'catalogue']];
  const staffFirst = await reserveIds(run, 'staff_members', 40);
  const staffRows = Array.from({ length: 40 }, (_, i) => {
    const title = i % 2 ? 'Mr' : 'Mrs';
    const given = pick(GIVEN[title]);
    const family = pick(FAMILY);
    return {
      id: staffFirst + i,
      email: `${ascii(given)}.${ascii(family)}.${i}@meridian-tours.example`,
      name: `${given} ${family}`,
      roles: staffRoles[i % staffRoles.length],
      active: i % 13 !== 7,
      created_at: at(nowMs - between(30, 900) * DAY_MS),
      updated_at: at(nowMs - between(1, 29) * DAY_MS),
    };
  });
  await write('staff_members', staffRows);
  const staffIds = [finance.id, ...staffRows.filter((row) => row.active).map((row) => row.id)];
  const financeIds = [finance.id, ...staffRows.filter((row) => row.active && row.roles.includes('finance')).map((row) => row.id)];

  // -- agencies: the demo's two and 38 more, each with its staff --
  const agentRows = [];
  const agentStaffRows = [];
  const agentFirst = await reserveIds(run, 'agents', 38);
  const agentStaffFirst = await reserveIds(run, 'agent_staff', 38 * 3);
  const AGENCY_WORDS = ['Voyages', 'Horizons', 'Travel', 'Journeys', 'Cultural Tours', 'Holidays', 'Escapes', 'Travel Bureau', 'Tours & Cruises'];
  const AGENCY_NAMES = ['Albion', 'Bellevue', 'Cotswold', 'Dalesway', 'Exmoor', 'Fenland', 'Grosvenor', 'Highgate', 'Isis', 'Jubilee', 'Kestrel', 'Lakeland', 'Marlborough', 'Northumbria', 'Oakham', 'Pennine', 'Quantock', 'Regency', 'Severn'];
  for (let i = 0; i < 38; i++) {
    agentRows.push({ id: agentFirst + i, code: `AG${1003 + i}`, name: `${AGENCY_NAMES[i % AGENCY_NAMES.length]} ${AGENCY_WORDS[i % AGENCY_WORDS.length]} Ltd`, active: i % 17 !== 16 });
    for (let s = 0; s < 1 + (i % 3); s++) {
      const given = pick(GIVEN[s % 2 ? 'Mr' : 'Mrs']);
      const family = pick(FAMILY);
      agentStaffRows.push({ id: agentStaffFirst + agentStaffRows.length, agent_id: agentFirst + i, name: `${given} ${family}`, email: `${ascii(given)}.${ascii(family)}.${s}@agency${1003 + i}.example` });
    }
  }
  await write('agents', agentRows);
  await write('agent_staff', agentStaffRows);
  const demoAgents = await run(`select a.id, a.code, json_agg(s.id order by s.id) as staff from agents a join agent_staff s on s.agent_id = a.id group by a.id order by a.code`);
  // A few agencies sell most (Zipf): the demo's AG1001 first.
  const agencies = demoAgents.map((agent, rank) => ({ id: agent.id, code: agent.code, staff: agent.staff.map(Number), weight: 1 / (rank + 1) }));

  // -- departures: the season, weekly on each tour, cloned from the tour's own fullest departure --
  const optionsOf = new Map();
  for (const option of templateOptions) {
    if (!optionsOf.has(option.departure_id)) optionsOf.set(option.departure_id, []);
    optionsOf.get(option.departure_id).push(option);
  }
  const templates = new Map();
  for (const tour of tours) {
    const own = existing.filter((departure) => departure.tour_id === tour.id);
    own.sort((a, b) => (optionsOf.get(b.id)?.length ?? 0) - (optionsOf.get(a.id)?.length ?? 0));
    templates.set(tour.id, own[0]);
  }
  const taken = new Set(existing.map((departure) => `${departure.tour_id}:${departure.start_date}`));
  const needed = SEASON.departures - existing.length;
  const departureFirst = await reserveIds(run, 'departures', needed);
  const departures = [];
  for (let i = 0; i < needed; i++) {
    const tour = tours[i % tours.length];
    const template = templates.get(tour.id);
    let offset = -182 + Math.floor((i * 365) / needed);
    while (taken.has(`${tour.id}:${dateIn(offset)}`)) offset += 1;
    taken.add(`${tour.id}:${dateIn(offset)}`);
    departures.push({
      id: departureFirst + i,
      tour,
      template,
      start: dateIn(offset),
      end: dateIn(offset + Number(template.nights)),
      days: offset,
      capacity: Math.max(template.capacity, 120),
    });
  }
  await write(
    'departures',
    departures.map((d) => ({ id: d.id, tour_id: d.tour.id, start_date: d.start, end_date: d.end, capacity: d.capacity, status: d.days > 0 ? 'open' : 'on_request' })),
  );
  await write(
    'departure_prices',
    departures.flatMap((d) => templatePrices.filter((p) => p.departure_id === d.template.id).map((p) => ({ departure_id: d.id, currency: p.currency, price_per_person: p.price_per_person }))),
  );
  await write(
    'departure_accommodations',
    departures.flatMap((d) => templateHotels.filter((h) => h.departure_id === d.template.id).map((h) => ({ departure_id: d.id, accommodation_id: h.accommodation_id, position: h.position, nights: h.nights }))),
  );
  const optionCount = departures.reduce((sum, d) => sum + (optionsOf.get(d.template.id)?.length ?? 0), 0);
  let optionId = await reserveIds(run, 'departure_options', optionCount);
  const optionRows = [];
  const optionPriceRows = [];
  for (const d of departures) {
    d.options = [];
    for (const o of optionsOf.get(d.template.id) ?? []) {
      const id = optionId++;
      optionRows.push({
        id,
        departure_id: d.id,
        kind: o.kind,
        name: o.name,
        description: o.description,
        inventory: o.inventory * 4,
        occupancy_from: o.occupancy_from,
        occupancy_to: o.occupancy_to,
        duration_from: o.duration_from,
        duration_to: o.duration_to,
        accommodation_id: o.accommodation_id,
        accommodation_name: o.accommodation_name,
        room_type: o.room_type,
        position: o.position,
      });
      for (const [currency, price] of Object.entries(o.prices)) optionPriceRows.push({ option_id: id, currency, adult_price: price });
      d.options.push({ id, kind: o.kind, name: o.name, roomType: o.room_type, occupancy: o.occupancy_from, prices: o.prices });
    }
    d.prices = Object.fromEntries(templatePrices.filter((p) => p.departure_id === d.template.id).map((p) => [p.currency, p.price_per_person]));
  }
  await write('departure_options', optionRows);
  await write('option_prices', optionPriceRows);

  // -- the bookings: who, where, when, in what state --
  const sizes = shuffle(PARTY_SIZES.flatMap(([size, count]) => Array(count).fill(size)));
  const statuses = shuffle([
    ...Array(MIX.cancelled).fill('Cancelled'),
    ...Array(MIX.quote).fill('Quote'),
    ...Array(MIX.optionalWaiting).fill('OptionalWaiting'),
    ...Array(MIX.optionalOnline).fill('OptionalOnline'),
    ...Array(MIX.unconfirmed).fill('Unconfirmed'),
    ...Array(SEASON.bookings - MIX.cancelled - MIX.quote - MIX.optionalWaiting - MIX.optionalOnline - MIX.unconfirmed).fill('Confirmed'),
  ]);
  const future = departures.filter((d) => d.days > 0);
  const soon = departures.filter((d) => d.days > 0 && d.days <= 35);
  const referenceNumbers = shuffle(Array.from({ length: 500_000 }, (_, i) => 500_000 + i)).slice(0, SEASON.bookings);
  const mailDomain = () => weighted(MAIL_DOMAINS);
  const usedEmails = new Set();
  const emailFor = (given, family) => {
    const base = `${ascii(given).slice(0, chance(0.3) ? 1 : 20)}${pick(['.', '', '_', '.'])}${ascii(family)}`;
    let email = `${base}@${mailDomain()}`;
    for (let n = 2; usedEmails.has(email); n++) email = `${base}${n}@${email.split('@')[1]}`;
    usedEmails.add(email);
    return email;
  };
  const person = (title = chance(0.52) ? 'Mrs' : 'Mr', family = pick(FAMILY)) => {
    const given = pick(GIVEN[title]);
    return { title: chance(0.04) ? pick(['Dr', 'Prof', 'Rev']) : title, given, family };
  };
  const homeAddress = () => {
    const [city, state, district] = pick(TOWNS);
    return { line_1: `${between(1, 120)} ${pick(STREETS)}`, line_2: chance(0.3) ? pick(['Flat 2', 'The Old Rectory', 'Rose Cottage']) : '', city, state, postal_code: `${district} ${between(1, 9)}${pick('ABDEFGHJLNPQRSTUWXYZ'.split(''))}${pick('ABDEFGHJLNPQRSTUWXYZ'.split(''))}`, country: 'GBR' };
  };

  // Repeat customers: 9,000 accounts, each behind one to a few direct bookings.
  const customerFirst = await reserveIds(run, 'customers', 9_000);
  const customers = Array.from({ length: 9_000 }, (_, i) => {
    const who = person();
    return { id: customerFirst + i, ...who, email: emailFor(who.given, who.family), address: homeAddress(), telephone: `07700 9${String(between(0, 99_999)).padStart(5, '0')}` };
  });

  const plans = [];
  for (let i = 0; i < SEASON.bookings; i++) {
    const kind = statuses[i];
    const departure = kind === 'OptionalWaiting' && soon.length ? pick(soon) : kind === 'Unconfirmed' || kind === 'OptionalOnline' ? pick(future) : pick(departures);
    const lead = 10 + Math.floor(320 * random() ** 1.4);
    const startMs = Date.parse(`${departure.start}T09:00:00Z`);
    let createdMs = startMs - lead * DAY_MS - between(0, 86_399) * 1000;
    // Bookings for departures ahead were made between a year ago and today.
    if (createdMs > nowMs - 3_600_000) createdMs = nowMs - between(3_600, 300 * 86_400) * 1000;
    if (createdMs > startMs) createdMs = startMs - between(2, 9) * DAY_MS;
    const agent = kind !== 'Quote' && kind !== 'OptionalOnline' && chance(0.16) ? weighted(agencies.map((a) => [a, a.weight])) : null;
    const customer = !agent && kind !== 'Quote' && chance(0.55) ? pick(customers) : null;
    plans.push({ kind, departure, createdMs, size: sizes[i], agent, customer, currency: agent ? 'GBP' : weighted([['GBP', 78], ['USD', 14], ['AUD', 8]]) });
  }
  // Ids follow the order bookings were made in, as they do in service.
  plans.sort((a, b) => a.createdMs - b.createdMs);
  const bookingFirst = await reserveIds(run, 'bookings', plans.length);

  // Which Confirmed bookings carry a payment flag.
  const confirmedIndexes = shuffle(plans.map((plan, index) => (plan.kind === 'Confirmed' && !plan.agent ? index : -1)).filter((index) => index >= 0));
  let cursor = 0;
  for (const [code, count] of Object.entries(FLAGGED)) for (let n = 0; n < count; n++) plans[confirmedIndexes[cursor++]].flag = code;
  // Money taken after cancellation: the sixth payment flag, on Cancelled bookings.
  const cancelledIndexes = shuffle(plans.map((plan, index) => (plan.kind === 'Cancelled' && !plan.agent ? index : -1)).filter((index) => index >= 0));
  for (let n = 0; n < 20; n++) plans[cancelledIndexes[n]].flag = 'paid-after-settlement';

  const bookingRows = [];
  const passengerRows = [];
  const componentRows = [];
  const allocationRows = [];
  const paymentRows = [];
  const refundRows = [];
  const documentRows = [];
  const mailRows = [];
  const auditRows = [];
  const noteRows = [];
  const customerRows = new Map();
  let passengerId = await reserveIds(run, 'booking_passengers', SEASON.passengers);
  // At most four lines a booking (the tour, two rooms, an extra).
  let componentId = await reserveIds(run, 'booking_components', plans.length * 4);
  let referenceAt = 0;
  const payments = [];
  const samples = { references: [], ids: [], names: [], fullNames: [], emails: [], fullEmails: [] };

  for (const [index, plan] of plans.entries()) {
    const id = bookingFirst + index;
    const { departure, kind, currency, size } = plan;
    const created = new Date(plan.createdMs);
    const status = kind === 'OptionalWaiting' || kind === 'OptionalOnline' ? 'Optional' : kind;
    const settled = kind === 'Confirmed' || kind === 'Unconfirmed' || kind === 'OptionalWaiting' || (kind === 'Cancelled' && chance(0.85));
    const reference = settled ? `MER-${referenceNumbers[referenceAt++]}` : null;
    const confirmedAt = kind === 'Confirmed' || (kind === 'Cancelled' && reference) ? at(plan.createdMs + between(60, 1800) * 1000) : null;
    const due = departure.days - BALANCE_DUE_DAYS;

    // -- passengers: the lead (the customer, when there is one), then their party --
    const leadPerson = plan.customer ? { title: plan.customer.title, given: plan.customer.given, family: plan.customer.family } : person();
    const leadEmail = plan.customer ? plan.customer.email : emailFor(leadPerson.given, leadPerson.family);
    const address = plan.customer ? plan.customer.address : homeAddress();
    // Details: passengers of past departures gave theirs; the nearer a departure, the likelier they are complete.
    const complete = kind === 'Confirmed' && (departure.days < 0 ? chance(0.97) : departure.days <= 90 ? chance(0.62) : chance(0.18));
    const partial = !complete && kind === 'Confirmed' && chance(0.5);
    const passengers = [];
    for (let p = 0; p < size; p++) {
      const who = p === 0 ? leadPerson : person(p === 1 ? (leadPerson.title === 'Mr' ? 'Mrs' : 'Mr') : undefined, p === 1 && chance(0.7) ? leadPerson.family : pick(FAMILY));
      const email = p === 0 ? leadEmail : chance(0.35) ? emailFor(who.given, who.family) : null;
      const dob = `${between(1938, 1975)}-${String(between(1, 12)).padStart(2, '0')}-${String(between(1, 28)).padStart(2, '0')}`;
      const given = complete || (partial && p === 0);
      const row = {
        id: passengerId++,
        booking_id: id,
        position: p + 1,
        is_lead: p === 0,
        title: who.title,
        given_name: who.given,
        family_name: who.family,
        email,
        telephone_home: chance(0.5) ? `01${between(100, 999)} ${between(100000, 999999)}` : null,
        telephone_mobile: p === 0 || chance(0.5) ? `07700 9${String(between(0, 99_999)).padStart(5, '0')}` : null,
        date_of_birth: dob,
        address: p === 0 || chance(0.8) ? address : homeAddress(),
        special_requests: chance(0.08) ? pick(['Vegetarian meals, please.', 'A quiet room away from the lift.', 'Limited mobility: no long walks.', 'Gluten-free diet.']) : null,
        apis: given
          ? {
              document_type: 'Passport',
              document_number: String(between(100_000_000, 999_999_999)),
              nationality: 'GBR',
              place_of_issue: 'HM Passport Office',
              country_of_residence: 'GBR',
              issue_date: `20${between(16, 24)}-0${between(1, 9)}-1${between(0, 9)}`,
              expiry_date: `20${between(31, 34)}-0${between(1, 9)}-1${between(0, 9)}`,
              place_of_birth: pick(TOWNS)[0],
              date_of_birth: dob,
            }
          : null,
        insurance: given || (partial && chance(0.5))
          ? {
              company_name: pick(INSURERS),
              company_number: `0800 ${between(100, 999)} ${between(1000, 9999)}`,
              policy_number: `POL-${between(10000, 99999)}-${between(10, 99)}`,
              description: 'Single trip, European cover',
              start_date: dateIn(-between(10, 200)),
              expiry_date: dateIn(between(200, 500)),
              next_of_kin: `${pick(GIVEN.Mrs)} ${who.family}`,
              next_of_kin_relationship: pick(RELATIONS),
              emergency_number: `07700${between(900000, 999999)}`,
            }
          : null,
        joining_information: given ? { joining_text: pick(['Joining at London Heathrow', 'Joining at the hotel', 'Joining at St Pancras']) } : null,
        arrival_time: given ? pick(['09:30', '11:00', '14:15', '16:45']) : null,
        created_at: created,
        updated_at: created,
      };
      passengers.push(row);
      passengerRows.push(row);
    }

    // -- the priced lines: the tour, rooms for the party, sometimes an extra --
    const lines = [{ type: 'Tour', name: departure.tour.name, option: null, unit: departure.prices[currency] ?? departure.prices.GBP }];
    const rooms = departure.options.filter((o) => o.kind === 'room' && o.occupancy === (size === 1 ? 1 : 2));
    if (rooms.length) {
      const type = size === 1 ? rooms[0].roomType : chance(0.6) ? 'Double' : 'Twin';
      for (const room of rooms.filter((o) => o.roomType === type).slice(0, 2)) lines.push({ type: 'Accommodation', name: `${room.name}`, option: room, unit: room.prices[currency] ?? 0 });
    }
    const extras = departure.options.filter((o) => o.kind === 'extra');
    if (extras.length && chance(0.25)) {
      const extra = pick(extras);
      lines.push({ type: 'Extra', name: extra.name, option: extra, unit: extra.prices[currency] ?? 0 });
    }
    let total = 0;
    for (const line of lines.slice(0, 4)) {
      const row = { id: componentId++, booking_id: id, component_type: line.type, name: line.name, option_id: line.option?.id ?? null, unit_price: line.unit, quantity: size, price: line.unit * size, currency, created_at: created };
      total += row.price;
      componentRows.push(row);
      const state = status === 'Confirmed' || status === 'Unconfirmed' || kind === 'OptionalWaiting' ? 'sold' : 'released';
      for (const passenger of passengers)
        allocationRows.push({ booking_id: id, departure_id: departure.id, option_id: row.option_id, component_id: row.id, passenger_id: passenger.id, quantity: 1, state, created_at: created, updated_at: created });
    }
    const deposit = depositFor(total, DEPOSIT_PERCENT);

    // -- money: what was paid, and what went back --
    const paymentsOf = [];
    const pay = (amount, purpose, days, extra = {}) => {
      const createdAt = at(plan.createdMs + days * DAY_MS + between(0, 3_600) * 1000);
      const payment = {
        booking_id: id,
        currency,
        booking_currency: currency,
        amount,
        status: 'succeeded',
        gateway_status: 'Captured',
        provider: 'sandbox',
        purpose,
        settles_booking: paymentsOf.length === 0 && purpose !== null,
        applied_at: createdAt,
        created_at: createdAt,
        updated_at: createdAt,
        ...extra,
      };
      paymentsOf.push(payment);
      return payment;
    };
    const dueMs = todayMs + due * DAY_MS;
    if (kind === 'Confirmed' && plan.agent) {
      // The agency pays the balance by transfer when it falls due; staff record it.
      if (due <= 0 || chance(0.3))
        pay(total, 'full', Math.max(1, Math.round((Math.min(dueMs, nowMs) - plan.createdMs) / DAY_MS) - between(0, 5)), {
          provider: 'offline',
          offline_method: pick(['agency', 'bank_transfer']),
          payer_reference: `${plan.agent.code}-REM-${between(1000, 9999)}`,
          received_on: dateIn(Math.min(0, due)),
          recorded_by: pick(financeIds),
          gateway_status: 'Received',
        });
    } else if (kind === 'Confirmed') {
      const overdue = due <= 0 && departure.days >= 0 && chance(0.12);
      if (due > 0 && chance(0.55)) pay(deposit, 'deposit', 0);
      else if (overdue) pay(deposit, 'deposit', 0);
      else if (chance(0.5)) pay(total, 'full', 0);
      else {
        pay(deposit, 'deposit', 0);
        pay(total - deposit, 'balance', Math.max(1, Math.round((Math.min(dueMs, nowMs) - plan.createdMs) / DAY_MS) - between(1, 20)));
      }
      if (chance(0.03)) {
        // A card declined before the one that went through.
        paymentsOf.unshift({ ...paymentsOf[0], status: 'failed', gateway_status: 'Declined', settles_booking: false, applied_at: null });
      }
    } else if (kind === 'Unconfirmed' || kind === 'OptionalWaiting') {
      pay(kind === 'Unconfirmed' || chance(0.5) ? total : deposit, 'full', 0);
    } else if (kind === 'Cancelled' && reference) {
      const first = chance(0.3) ? pay(total, 'full', 0) : pay(deposit, 'deposit', 0);
      // The deposit is kept; what was paid above it went back.
      if (first.amount > deposit) first.refund = { amount: first.amount - deposit, status: 'succeeded' };
    } else if (kind === 'Quote' && chance(0.05)) {
      pay(deposit, 'deposit', 0, { status: 'failed', gateway_status: 'Declined', settles_booking: false, applied_at: null });
    }

    // -- what needs a person --
    let attention = null;
    let quoteReason = null;
    if (kind === 'Unconfirmed') attention = chance(0.7) ? 'places-gone' : 'confirm-failed';
    if (plan.flag) {
      attention = plan.flag;
      const anchor = paymentsOf.find((p) => p.status === 'succeeded') ?? pay(deposit, 'deposit', 0);
      if (plan.flag === 'other-currency') pay(anchor.amount, null, 2, { currency: currency === 'GBP' ? 'USD' : 'GBP', settles_booking: false, purpose: 'balance' });
      if (plan.flag === 'overpaid') pay(Math.max(100, Math.round(total * 0.1)), 'one-off', 3, { settles_booking: false });
      if (plan.flag === 'unmatched-payment') pay(Math.max(100, Math.round(total * 0.05)), null, 4, { settles_booking: false });
      if (plan.flag === 'outdated-payment') pay(Math.max(100, Math.round(total * 0.02)), 'balance', 2, { settles_booking: false });
      if (plan.flag === 'paid-after-settlement') pay(deposit, 'balance', 1, { settles_booking: false });
      if (plan.flag === 'refund-failed') anchor.refund = { amount: Math.min(anchor.amount, 5_000), status: 'failed' };
    }
    if (kind === 'Quote' || kind === 'OptionalOnline') {
      const r = random();
      if (r < (kind === 'Quote' ? 0.045 : 0.25)) quoteReason = 'rooms-sold-out';
      else if (r < (kind === 'Quote' ? 0.06 : 0.3)) quoteReason = 'places-sold-out';
    }

    const agentStaffId = plan.agent ? pick(plan.agent.staff) : null;
    const correspondence = complete || (partial && chance(0.5)) ? { send_to: chance(0.9) ? 'primary_address' : 'in_person' } : null;
    bookingRows.push({
      id,
      reference,
      status,
      currency,
      departure_id: departure.id,
      deposit_percent: DEPOSIT_PERCENT,
      customer_id: plan.customer?.id ?? null,
      agent_id: plan.agent?.id ?? null,
      agent_staff_id: agentStaffId,
      correspondence,
      confirmed_date: confirmedAt,
      needs_attention: attention !== null,
      attention_reason: attention ? ATTENTION_REASONS[attention] : null,
      attention_code: attention,
      quote_reason: quoteReason,
      created_at: created,
      updated_at: confirmedAt ?? created,
    });
    if (plan.customer) customerRows.set(plan.customer.id, plan.customer);
    for (const payment of paymentsOf) payments.push({ ...payment, bookingReference: reference ?? String(id) });

    // -- its papers, e-mails, history and notes --
    if (kind === 'Confirmed') {
      documentRows.push({ booking_id: id, template: 'CustomerInvoice', created_at: confirmedAt });
      if (departure.days < 60) documentRows.push({ booking_id: id, template: 'ATOLPackage', created_at: confirmedAt });
      if (departure.days < 30) documentRows.push({ booking_id: id, template: 'ItineraryPack', created_at: at(Date.parse(`${departure.start}T00:00:00Z`) - 30 * DAY_MS) });
    }
    if (reference) {
      const failed = chance(0.009);
      const sentAt = at(plan.createdMs + between(90, 600) * 1000);
      mailRows.push({
        to_address: leadEmail,
        cc_address: null,
        subject: `Your booking ${reference}: ${departure.tour.name}`,
        body_text: `Dear ${leadPerson.title} ${leadPerson.family},\n\nThank you for booking ${departure.tour.name}, departing ${departure.start}.\n`,
        status: failed ? 'failed' : 'sent',
        attempts: failed ? 8 : 1,
        last_error: failed ? pick(MAIL_ERRORS) : null,
        booking_id: id,
        message_key: `booking-confirmed:${id}`,
        created_at: sentAt,
        available_at: sentAt,
        sent_at: failed ? null : sentAt,
      });
    }
    const actor = plan.agent ? `agent:${plan.agent.code}:${agentStaffId}` : plan.customer ? `customer:${plan.customer.id}` : 'visitor';
    const audit = (action, ms, extra = {}) =>
      auditRows.push({ occurred_at: at(ms), actor, action, entity_type: 'booking', entity_id: String(id), booking_id: id, detail: {}, ...extra });
    audit('booking.created', plan.createdMs, { detail: { departureId: departure.id, passengers: size } });
    audit('booking.selections_submitted', plan.createdMs + 60_000);
    if (confirmedAt) audit('booking.confirmed', confirmedAt.getTime(), { actor: 'system', detail: { reference } });
    if (kind === 'Cancelled') {
      const staffMemberId = pick(financeIds);
      audit('booking.cancelled', plan.createdMs + between(2, 60) * DAY_MS, {
        actor: `staff:${staffMemberId}`,
        staff_member_id: staffMemberId,
        reason: 'Customer cancelled by telephone.',
        before: { status: reference ? 'Confirmed' : 'Quote' },
        after: { status: 'Cancelled' },
      });
    }
    if (attention) audit('booking.needs_attention', plan.createdMs + 3 * DAY_MS, { actor: 'system', detail: { code: attention } });
    if (chance(0.04))
      for (let n = 0; n < between(1, 3); n++)
        noteRows.push({ booking_id: id, staff_member_id: pick(staffIds), text: pick(NOTES), idempotency_key: randomUUID(), created_at: at(plan.createdMs + between(1, 40) * DAY_MS) });

    // -- what the bench searches for --
    if (reference && samples.references.length < 400 && chance(0.05)) samples.references.push(reference);
    if (samples.ids.length < 400 && chance(0.05)) samples.ids.push(id);
    if (samples.fullNames.length < 400 && chance(0.05)) samples.fullNames.push(`${leadPerson.given} ${leadPerson.family}`);
    if (samples.fullEmails.length < 400 && chance(0.05)) samples.fullEmails.push(leadEmail);
  }

  await write('customers', [...customerRows.values()].map((c) => ({ id: c.id, email: c.email, title: c.title, forename: c.given, surname: c.family, telephone: c.telephone, address: c.address })));
  await write('bookings', bookingRows);
  await write('booking_passengers', passengerRows);
  await write('booking_components', componentRows);
  await write('allocations', allocationRows);

  // Payments and refunds draw their ids from one sequence (a line of the payment history names either).
  const refundCount = payments.filter((p) => p.refund).length;
  let moneyId = await reserveIds(run, 'payments', payments.length + refundCount);
  const perBooking = new Map();
  for (const payment of payments) {
    const { refund, bookingReference, ...row } = payment;
    row.id = moneyId++;
    const n = (perBooking.get(row.booking_id) ?? 0) + 1;
    perBooking.set(row.booking_id, n);
    row.reference = `${bookingReference}-P${n}`;
    row.provider_payment_id = row.provider === 'offline' ? null : `sandbox_bench_${row.id}`;
    row.payment_method_id = row.provider === 'offline' ? null : 'pm_sandbox_visa_4242';
    paymentRows.push(row);
    if (refund) {
      const settledAt = at(row.created_at.getTime() + between(3, 40) * DAY_MS);
      refundRows.push({
        id: moneyId++,
        payment_id: row.id,
        booking_id: row.booking_id,
        currency: row.currency,
        amount: refund.amount,
        status: refund.status,
        provider: row.provider,
        provider_refund_id: refund.status === 'succeeded' ? `refund_bench_${row.id}` : null,
        idempotency_key: randomUUID(),
        reason: refund.status === 'succeeded' ? 'Cancelled: the deposit is kept, the rest refunded.' : 'Goodwill refund for the cancelled concert.',
        staff_member_id: pick(financeIds),
        failure_reason: refund.status === 'failed' ? 'The card has expired.' : null,
        created_at: settledAt,
        settled_at: settledAt,
      });
    }
  }
  await write('payments', paymentRows);
  await write('refunds', refundRows);
  await write('documents', documentRows);
  await write('outbox_messages', mailRows);
  await write('audit_log', auditRows);
  await write('booking_notes', noteRows);

  // Partial names and e-mails people type: a family name's first letters, a local part's.
  for (const name of samples.fullNames) {
    const family = name.split(' ').slice(1).join(' ');
    samples.names.push(family.slice(0, Math.min(family.length, 4 + (samples.names.length % 3))));
  }
  for (const email of samples.fullEmails) samples.emails.push(email.split('@')[0].slice(0, 6));
  log(`season written in ${Math.round(performance.now() - started)} ms`);
  const month = departures.filter((d) => d.days >= 30 && d.days < 61);
  return {
    written,
    samples: {
      ...samples,
      tours: tours.map((t) => t.code),
      tourIds: tours.map((t) => Number(t.id)),
      // Departures still to come, spread over the season: the pages staff open most.
      departureIds: departures.filter((d) => d.days > 0).map((d) => d.id),
      agents: agencies.slice(0, 12).map((a) => a.code),
      monthFrom: month[0]?.start ?? dateIn(30),
      monthTo: month.at(-1)?.start ?? dateIn(60),
    },
  };
}
