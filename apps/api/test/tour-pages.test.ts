import { CURRENCIES, roomsSoldOut, type CatalogueTour, type TourDeparture, type TourDetail } from '@tours/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tourContent, tourInclusions, tourItineraryDays, tourPictures, tours } from '../src/db/schema/index.ts';
import { addDays } from '../src/db/seed/dates.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { TOUR_PICTURE_FILES } from '../src/db/seed/data/tour-picture-files.ts';
import { TOUR_CONTENT } from '../src/db/seed/data/tour-content.ts';
import { TOURS } from '../src/db/seed/data/tours.ts';
import { createBooking, optionIds, submit } from './booking-fixtures.ts';
import { build, expectApiError, today } from './helper.ts';

const dayOf = (startsInDays: number) => addDays(today(), startsInDays);

describe('tour pages through HTTP', () => {
  const server = build();

  async function list(query = ''): Promise<{ items: CatalogueTour[]; months: string[] }> {
    const response = await server.app.inject({ method: 'GET', url: `/api/tours${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }
  async function detail(code: string): Promise<TourDetail> {
    const response = await server.app.inject({ method: 'GET', url: `/api/tours/${code}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }
  async function departure(code: string, date: string): Promise<TourDeparture> {
    const response = await server.app.inject({ method: 'GET', url: `/api/tours/${code}/departures/${date}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  describe('GET /api/tours', () => {
    it('sorts tours by their next departure, with its kind, main picture and lead price in each currency', async () => {
      const { items, months } = await list();
      expect(items).toHaveLength(TOURS.length);
      const next = items.map((tour) => tour.next_departure?.start_date ?? '9999');
      expect(next).toEqual([...next].sort());
      // The lecture afternoon in 2 days leads, then the online talk in 10 and the Greenwich day trip in 14.
      expect(items.slice(0, 3).map((tour) => [tour.code, tour.kind])).toEqual([
        ['LA-ROM', 'tour'],
        ['OT-BAC', 'online_talk'],
        ['LD-GRE', 'day_trip'],
      ]);
      const vienna = items.find((tour) => tour.code === 'MHW-VIE')!;
      expect(vienna.kind).toBe('tour');
      expect(vienna.next_departure).toEqual(vienna.departures[0]);
      expect(vienna.lead_prices).toEqual(CURRENCIES.map((currency) => ({ currency, value: Math.min(...TOURS[0]!.departures.map((d) => d.price[currency])) })));
      expect(vienna.picture).toMatchObject({ alt: TOUR_CONTENT['MHW-VIE']!.pictures[0]!.alt, width: 1440, height: 960 });
      expect(vienna.picture!.variants.map((variant) => `${variant.format}@${variant.width}`)).toEqual([
        'avif@480',
        'avif@960',
        'avif@1440',
        'webp@480',
        'webp@960',
        'webp@1440',
      ]);
      const expectedMonths = new Set(TOURS.flatMap((tour) => tour.departures.filter((d) => d.startsInDays > 0).map((d) => dayOf(d.startsInDays).slice(0, 7))));
      expect(months).toEqual([...expectedMonths].sort());
    });

    it('filters by kind', async () => {
      expect((await list('?kind=day_trip')).items.map((tour) => tour.code)).toEqual(['LD-GRE']);
      expect((await list('?kind=online_talk')).items.map((tour) => tour.code)).toEqual(['OT-BAC']);
      const tours = (await list('?kind=tour')).items.map((tour) => tour.code);
      expect(tours.sort()).toEqual(TOURS.map((tour) => tour.code).filter((code) => !['LD-GRE', 'OT-BAC'].includes(code)).sort());
    });

    it('filters by month, listing only the departures in it', async () => {
      const month = dayOf(42).slice(0, 7);
      const { items } = await list(`?month=${month}`);
      expect(items.map((tour) => tour.code)).toContain('LD-GRE');
      for (const tour of items) {
        expect(tour.departures.length).toBeGreaterThan(0);
        for (const d of tour.departures) expect(d.start_date.slice(0, 7)).toBe(month);
      }
      const expected = TOURS.filter((tour) => tour.departures.some((d) => d.startsInDays > 0 && dayOf(d.startsInDays).startsWith(month)));
      expect(items.map((tour) => tour.code).sort()).toEqual(expected.map((tour) => tour.code).sort());
    });

    it('filters by price per person in the chosen currency', async () => {
      const { items } = await list('?currency=USD&price_max=20000');
      expect(items.map((tour) => tour.code).sort()).toEqual(['LA-ROM', 'LD-GRE', 'OT-BAC']);
      for (const tour of items) for (const d of tour.departures) expect(d.prices.find((p) => p.currency === 'USD')!.value).toBeLessThanOrEqual(20000);
      const dear = await list('?currency=GBP&price_min=400000');
      expect(dear.items.map((tour) => tour.code)).toEqual(['MF-BAY']);
      expect(dear.items[0]!.lead_prices.find((p) => p.currency === 'GBP')!.value).toBe(425000);
    });

    it('searches names, descriptions and speakers, whatever the case or accents', async () => {
      expect((await list('?q=HABSBURGS')).items.map((tour) => tour.code)).toEqual(['MHW-VIE']);
      expect((await list('?q=festspielhaus')).items.map((tour) => tour.code)).toEqual(['MF-BAY']);
      expect((await list('?q=Ellerby')).items.map((tour) => tour.code)).toEqual(['OT-BAC']);
      expect((await list('?q=caravaggio%E2%80%99s')).items.map((tour) => tour.code)).toEqual(['LA-ROM']);
      expect((await list('?q=nothing%20like%20this')).items).toEqual([]);
      expect((await list('?q=london&kind=day_trip')).items.map((tour) => tour.code)).toEqual([]);
    });

    it('answers 400 with a message per field for bad filters', async () => {
      const fields = async (query: string) => {
        const response = await server.app.inject({ method: 'GET', url: `/api/tours?${query}` });
        expectApiError(response, 400, 'VALIDATION_FAILED');
        return response.json().error.fields as Record<string, string>;
      };
      expect(await fields('month=2027-13')).toEqual({ month: 'Use a month in the format YYYY-MM' });
      expect(await fields('kind=cruise')).toEqual({ kind: 'Choose tour, day_trip or online_talk' });
      expect(await fields('price_min=-1')).toEqual({ price_min: 'Use an amount of 0 or more' });
      expect(await fields('price_min=50000&price_max=100')).toEqual({ price_max: 'The highest price must not be below the lowest' });
      expect(Object.keys(await fields('currency=EUR'))).toEqual(['currency']);
      expect(Object.keys(await fields(`q=${'a'.repeat(101)}`))).toEqual(['q']);
    });
  });

  describe('GET /api/tours/:code', () => {
    it('shows the tour page: summary, itinerary, inclusions, hotels, speakers and pictures', async () => {
      const vienna = await detail('mhw-vie');
      const content = TOUR_CONTENT['MHW-VIE']!;
      expect(vienna).toMatchObject({ code: 'MHW-VIE', kind: 'tour', summary: content.summary, included: content.included });
      expect(vienna.itinerary).toEqual(content.itinerary.map((day, index) => ({ day: index + 1, ...day })));
      expect(vienna.hotels.map((hotel) => hotel.name)).toEqual(['Hotel Königshof', 'Gästehaus Mönchsberg']);
      expect(vienna.speakers[0]).toMatchObject({ title: 'Dr', surname: 'Marsh', biography: expect.stringContaining('Music historian') });
      expect(vienna.pictures.map((picture) => picture.alt)).toEqual(content.pictures.map((picture) => picture.alt));
    });

    it('lists every future departure with price in each currency, places, booking mode and room types', async () => {
      const vienna = await detail('MHW-VIE');
      expect(vienna.departures.map((d) => d.start_date)).toEqual([dayOf(20), dayOf(90), dayOf(200)]);
      expect(vienna.departures.map((d) => d.booking_mode)).toEqual(['optional', 'confirmable', 'confirmable']);
      expect(vienna.departures[2]!.prices).toEqual(CURRENCIES.map((currency) => ({ currency, value: TOURS[0]!.departures[2]!.price[currency] })));
      expect(vienna.departures[2]!.places_left).toBe(24);
      expect(vienna.departures[2]!.room_types.map((room) => room.type)).toEqual(['Single', 'Double', 'Twin']);

      const bayreuth = await detail('MF-BAY');
      const [closed, full] = bayreuth.departures;
      expect(closed).toMatchObject({ start_date: dayOf(60), available_to_book: false });
      expect(full).toMatchObject({ start_date: dayOf(150), available_to_book: true });
      expect(roomsSoldOut(full!)).toBe(true);

      const greenwich = await detail('LD-GRE');
      expect(greenwich.kind).toBe('day_trip');
      expect(greenwich.hotels).toEqual([]);
      expect(greenwich.departures.every((d) => d.room_types.length === 0)).toBe(true);
      // A lecture afternoon within 72 hours is on request.
      expect((await detail('LA-ROM')).departures[0]).toMatchObject({ start_date: dayOf(2), available_to_book: false, booking_mode: 'closed' });
    });

    it('answers 404 for an unknown tour', async () => {
      expectApiError(await server.app.inject({ method: 'GET', url: '/api/tours/NOPE-1' }), 404, 'NOT_FOUND');
      // The static lookup keeps its own path.
      expectApiError(await server.app.inject({ method: 'GET', url: '/api/tours/find' }), 400, 'VALIDATION_FAILED');
    });
  });

  describe('GET /api/tours/:code/departures/:date', () => {
    it('counts places and rooms a booking holds', async () => {
      const date = dayOf(80);
      const before = await departure('PG-FLO', date);
      const single = (d: TourDeparture) => d.room_types.find((room) => room.type === 'Single')!.rooms_left;
      expect(before).toMatchObject({ start_date: date, available_to_book: true, booking_mode: 'confirmable', places_left: 12 });
      expect(single(before)).toBe(4);

      const booking = await createBooking(server.app, { code: 'PG-FLO', startsInDays: 80 });
      const ids = await optionIds(server.app, booking);
      const held = await submit(server.app, booking, {
        accommodation: [{ component_id: ids.room('Palazzo Rucellai Suites', 'Single'), passenger_ids: booking.passengerIds }],
      });
      expect(held.statusCode, held.body).toBe(200);
      const afterRoom = await departure('PG-FLO', date);
      expect(afterRoom.places_left).toBe(11);
      expect(single(afterRoom)).toBe(3);
      // The tour page reads the same inventory.
      const page = await detail('PG-FLO');
      expect(page.departures[0]).toEqual(afterRoom);
    });

    it('answers 400 for a date that does not exist and 404 for no departure', async () => {
      const bad = await server.app.inject({ method: 'GET', url: '/api/tours/MHW-VIE/departures/2027-02-30' });
      expectApiError(bad, 400, 'VALIDATION_FAILED');
      expect(bad.json().error.fields).toHaveProperty('date');
      expectApiError(await server.app.inject({ method: 'GET', url: `/api/tours/MHW-VIE/departures/${dayOf(21)}` }), 404, 'NOT_FOUND');
    });
  });

  describe('GET /api/media/tours/*', () => {
    it('serves every seeded picture in AVIF and WebP with its content type and immutable caching', async () => {
      const { items } = await list();
      const pictures = (await Promise.all(items.map((tour) => detail(tour.code)))).flatMap((tour) => tour.pictures);
      expect(pictures).toHaveLength(Object.values(TOUR_CONTENT).reduce((sum, content) => sum + content.pictures.length, 0));
      for (const variant of pictures.flatMap((picture) => picture.variants)) {
        const response = await server.app.inject({ method: 'GET', url: variant.url });
        expect(response.statusCode, variant.url).toBe(200);
        expect(response.headers['content-type']).toBe(`image/${variant.format}`);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.rawPayload.length).toBeGreaterThan(500);
        expect(response.rawPayload.length).toBeLessThan(120_000);
      }
    });

    it('serves nothing else from the folder', async () => {
      for (const url of ['/api/media/tours/NOTICE.md', '/api/media/tours/', '/api/media/tours/..%2F..%2Fpackage.json', '/api/media/tours/missing-480.avif']) {
        const response = await server.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
    });
  });

  describe('the demo seed', () => {
    it('gives a database seeded before tour pages their content once, and points it at redrawn pictures', async () => {
      const { db } = server.app;
      const [vienna] = await db.select().from(tours).where(eq(tours.code, 'MHW-VIE'));
      const count = async () => ({
        content: (await db.select().from(tourContent)).length,
        days: (await db.select().from(tourItineraryDays)).length,
        inclusions: (await db.select().from(tourInclusions)).length,
        pictures: (await db.select().from(tourPictures)).length,
      });
      const seeded = await count();
      expect(seeded.content).toBe(TOURS.length);

      // As an older database has it: no content for the tour, and a picture of a drawing since replaced.
      await db.delete(tourContent).where(eq(tourContent.tourId, vienna!.id));
      await db.delete(tourItineraryDays).where(eq(tourItineraryDays.tourId, vienna!.id));
      await db.delete(tourInclusions).where(eq(tourInclusions.tourId, vienna!.id));
      await db.delete(tourPictures).where(eq(tourPictures.tourId, vienna!.id));
      const [sicily] = await db.select().from(tours).where(eq(tours.code, 'TSG-SIC'));
      await db.update(tourPictures).set({ fileStem: 'tsg-sic-temple.0000000000' }).where(eq(tourPictures.tourId, sicily!.id));

      await expect(seedDemoData(db, today())).resolves.toMatchObject({ applied: false });
      expect(await count()).toEqual(seeded);
      expect((await detail('MHW-VIE')).itinerary).toHaveLength(TOUR_CONTENT['MHW-VIE']!.itinerary.length);
      const stems = (await db.select().from(tourPictures).where(eq(tourPictures.tourId, sicily!.id))).map((row) => row.fileStem).sort();
      expect(stems).toEqual([TOUR_PICTURE_FILES['tsg-sic-mosaic'].fileStem, TOUR_PICTURE_FILES['tsg-sic-temple'].fileStem].sort());

      await seedDemoData(db, today());
      expect(await count()).toEqual(seeded);
    });
  });
});
