import { STAFF_MESSAGES, TOUR_PICTURE_LIMITS, TOUR_PICTURE_MESSAGES, type StaffTourPictures } from '@tours/domain';
import { and, asc, desc, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { auditLog, storedFiles, tourPictures } from '../src/db/schema/index.ts';
import * as resize from '../src/modules/catalogue/pictures/resize.ts';
import { PICTURE_UPLOAD_BODY_LIMIT_BYTES } from '../src/modules/catalogue/pictures/routes.ts';
import { createFileSystemStorage, FileStorageError, type FileStorage } from '../src/modules/file-storage/index.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { build, expectApiError, today } from './helper.ts';
import { staffSession, type StaffCaller } from './staff-fixtures.ts';
import { multipartBody, testPicture, type UploadParts } from './tour-picture-fixtures.ts';

/**
 * Issue 27: staff upload a tour's pictures. The bytes decide what a file is;
 * size and dimensions are limited; each upload becomes AVIF, WebP and JPEG
 * files at the pages' widths, kept in the file storage (the database here)
 * and served immutable beside the demo's; every change is audited and
 * checked against the version the member read.
 */
describe('tour pictures uploaded by staff', () => {
  const server = build();
  const app = () => server.app;
  const REASON = 'New photographs from the recce';
  const TOUR = 'MHW-VIE';

  const upload = (caller: StaffCaller, parts: UploadParts, tour = TOUR) => {
    const { payload, headers } = multipartBody({ reason: REASON, ...parts });
    return app().inject({ method: 'POST', url: `/api/staff/tours/${tour}/pictures`, headers: { ...caller.headers, ...headers }, payload });
  };
  const list = async (caller: StaffCaller, tour = TOUR) => {
    const response = await app().inject({ method: 'GET', url: `/api/staff/tours/${tour}/pictures`, headers: caller.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as StaffTourPictures;
  };
  const withIfMatch = (caller: StaffCaller, ifMatch?: string) => ({ ...caller.headers, ...(ifMatch ? { 'if-match': ifMatch } : {}) });
  const lastAudit = async (action: string) =>
    (await app().db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];
  const publicTour = async (code = TOUR) => (await app().inject({ method: 'GET', url: `/api/tours/${code}` })).json().data;
  const fieldOf = (response: { json(): { error: { fields?: Record<string, string> } } }) => response.json().error.fields;

  it('makes an upload into AVIF, WebP and JPEG at the pages’ widths, stores and serves them, and shows it on the tour page', async () => {
    const catalogue = await staffSession(app(), ['catalogue']);
    const before = await list(catalogue);
    const response = await upload(catalogue, { alt: '  The Musikverein’s golden hall  ', file: await testPicture(1600, 1000) });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = response.json() as { data: StaffTourPictures };
    expect(response.headers.etag).toBe(data.etag);
    expect(data.items).toHaveLength(before.items.length + 1);
    const added = data.items.at(-1)!;
    expect(added).toMatchObject({ position: before.items.length, uploaded: true, version: 1 });
    expect(added.file_stem).toMatch(/^mhw-vie\.[0-9a-f]{12}$/);
    expect(added.picture).toMatchObject({ alt: 'The Musikverein’s golden hall', width: 1440, height: 900 });
    expect(added.picture.variants.map((variant) => `${variant.format}-${variant.width}`)).toEqual([
      'avif-480', 'avif-960', 'avif-1440', 'webp-480', 'webp-960', 'webp-1440', 'jpeg-480', 'jpeg-960', 'jpeg-1440',
    ]);

    // Served from the file storage, immutable, each in its format and width, with no metadata left.
    for (const variant of added.picture.variants) {
      expect(variant.url).toBe(`/api/media/tours/${added.file_stem}-${variant.width}.${variant.format}`);
      const served = await app().inject({ method: 'GET', url: variant.url });
      expect(served.statusCode, variant.url).toBe(200);
      expect(served.headers['content-type']).toBe(`image/${variant.format}`);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.width).toBe(variant.width);
      expect(metadata.format).toBe(variant.format === 'avif' ? 'heif' : variant.format);
      expect(metadata.exif).toBeUndefined();
    }
    const stored = await app().db.select({ key: storedFiles.key }).from(storedFiles).where(like(storedFiles.key, `tour-pictures/${added.file_stem}-%`));
    expect(stored).toHaveLength(9);
    const [row] = await app().db.select().from(tourPictures).where(eq(tourPictures.id, added.id));
    expect(row).toMatchObject({ uploaded: true, formats: ['avif', 'webp', 'jpeg'], widths: [480, 960, 1440], alt: 'The Musikverein’s golden hall' });

    // The visitors' tour page lists it, last.
    const page = await publicTour();
    expect(page.pictures.at(-1)).toEqual(added.picture);

    expect(await lastAudit('catalogue.tour-picture-added')).toMatchObject({
      actor: `staff:${catalogue.member.id}`,
      staffMemberId: catalogue.member.id,
      entityType: 'tour_picture',
      entityId: String(added.id),
      reason: REASON,
      before: null,
      after: { tour: TOUR, position: added.position, alt: 'The Musikverein’s golden hall', fileStem: added.file_stem, width: 1440, height: 900 },
    });

    // The same picture again is the same files: refused rather than shown twice, and before any resizing.
    const resizing = vi.spyOn(resize, 'preparePicture');
    const again = await upload(catalogue, { alt: 'Twice', file: await testPicture(1600, 1000) });
    expectApiError(again, 400, 'VALIDATION_FAILED');
    expect(fieldOf(again)).toEqual({ file: TOUR_PICTURE_MESSAGES.duplicate });
    expect(resizing).not.toHaveBeenCalled();
    resizing.mockRestore();
    expect((await list(catalogue)).items).toHaveLength(data.items.length);
  });

  it('keeps a narrower picture at its own width, never enlarged', async () => {
    const admin = await staffSession(app(), ['admin']);
    const response = await upload(admin, { alt: 'A narrow view of the Ring', file: await testPicture(1250, 700, 'webp') }, 'TSG-SIC');
    expect(response.statusCode, response.body).toBe(201);
    const added = (response.json().data as StaffTourPictures).items.at(-1)!;
    expect(added.picture).toMatchObject({ width: 1250, height: 700 });
    expect([...new Set(added.picture.variants.map((variant) => variant.width))]).toEqual([480, 960, 1250]);
  });

  it('judges a file by its bytes: a PNG called .jpg is a picture, text called image/jpeg is not', async () => {
    const catalogue = await staffSession(app(), ['catalogue']);
    const png = await upload(catalogue, { alt: 'Schönbrunn from the Gloriette', file: await testPicture(1300, 800, 'png', 7), filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(png.statusCode, png.body).toBe(201);
    const avif = await upload(catalogue, { alt: 'The Prater wheel', file: await testPicture(1300, 800, 'avif', 21), filename: 'wheel.avif', contentType: 'image/avif' });
    expect(avif.statusCode, avif.body).toBe(201);

    const count = (await list(catalogue)).items.length;
    const refusals: [UploadParts, Record<string, string>][] = [
      [{ alt: 'Text', file: Buffer.from('This is not a picture at all, whatever it says.'), filename: 'photo.jpg', contentType: 'image/jpeg' }, { file: TOUR_PICTURE_MESSAGES.fileType }],
      [{ alt: 'GIF', file: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), filename: 'a.gif', contentType: 'image/gif' }, { file: TOUR_PICTURE_MESSAGES.fileType }],
      [{ alt: 'SVG', file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), filename: 'a.svg', contentType: 'image/svg+xml' }, { file: TOUR_PICTURE_MESSAGES.fileType }],
      // A JPEG's first bytes on nothing a decoder can read.
      [{ alt: 'Broken', file: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]) }, { file: TOUR_PICTURE_MESSAGES.unreadable }],
      [{ alt: 'Too big', file: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(TOUR_PICTURE_LIMITS.maxBytes - 3)]) }, { file: TOUR_PICTURE_MESSAGES.fileTooLarge }],
      [{ alt: 'Too narrow', file: await testPicture(1000, 800) }, { file: TOUR_PICTURE_MESSAGES.tooNarrow }],
      [{ alt: 'Too short', file: await testPicture(1600, 300) }, { file: TOUR_PICTURE_MESSAGES.tooShort }],
      [{ alt: 'Too wide', file: await testPicture(8200, 1300) }, { file: TOUR_PICTURE_MESSAGES.tooBig }],
      [{ alt: 'Too many pixels', file: await testPicture(8000, 6000) }, { file: TOUR_PICTURE_MESSAGES.tooManyPixels }],
      [{ alt: '   ', file: await testPicture(1300, 800, 'jpeg', 3) }, { alt: TOUR_PICTURE_MESSAGES.altRequired }],
      [{ alt: 'No file' }, { file: TOUR_PICTURE_MESSAGES.fileRequired }],
    ];
    for (const [parts, fields] of refusals) {
      const response = await upload(catalogue, parts);
      expectApiError(response, 400, 'VALIDATION_FAILED');
      expect(fieldOf(response), parts.alt).toEqual(fields);
    }
    // A body far over the limit is refused before it is read at all.
    const huge = await upload(catalogue, { alt: 'Huge', file: Buffer.alloc(TOUR_PICTURE_LIMITS.maxBytes + 200_000, 0xff) });
    expectApiError(huge, 413, 'PAYLOAD_TOO_LARGE');
    expect(huge.json().error.message).toBe(`The request body is too large: this call takes at most ${PICTURE_UPLOAD_BODY_LIMIT_BYTES / 1024} KB.`);
    expect((await list(catalogue)).items).toHaveLength(count);

    const unknown = await upload(catalogue, { alt: 'Nowhere', file: await testPicture(1300, 800) }, 'NO-SUCH');
    expectApiError(unknown, 404, 'NOT_FOUND');
  });

  it('changes a description, reorders and removes with If-Match, each audited; a stale version is refused with 412', async () => {
    const catalogue = await staffSession(app(), ['catalogue']);
    const other = await staffSession(app(), ['admin']);
    const uploaded = await upload(catalogue, { alt: 'Belvedere gardens', file: await testPicture(1500, 900, 'jpeg', 50) }, 'TSG-SIC');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    let pictures = uploaded.json().data as StaffTourPictures;
    const mine = pictures.items.at(-1)!;
    const url = `/api/staff/tours/tsg-sic/pictures/${mine.id}`;

    // Description: If-Match required, then the picture's own ETag.
    const describe = (ifMatch: string | undefined, alt: string, caller = catalogue) =>
      app().inject({ method: 'PATCH', url, headers: withIfMatch(caller, ifMatch), payload: { alt, reason: REASON } });
    expectApiError(await describe(undefined, 'Upper Belvedere'), 428, 'PRECONDITION_REQUIRED');
    const first = await describe(mine.etag, 'Upper Belvedere', other);
    expect(first.statusCode, first.body).toBe(200);
    const stale = await describe(mine.etag, 'Lower Belvedere');
    expectApiError(stale, 412, 'PRECONDITION_FAILED');
    expect(stale.json().error.message).toBe(TOUR_PICTURE_MESSAGES.stalePicture);
    pictures = first.json().data;
    expect(pictures.items.at(-1)!.picture.alt).toBe('Upper Belvedere');
    expect(await lastAudit('catalogue.tour-picture-described')).toMatchObject({
      staffMemberId: other.member.id,
      entityId: String(mine.id),
      reason: REASON,
      before: { alt: 'Belvedere gardens' },
      after: { alt: 'Upper Belvedere' },
    });
    const badAlt = await describe(pictures.items.at(-1)!.etag, '');
    expectApiError(badAlt, 400, 'VALIDATION_FAILED');
    expect(fieldOf(badAlt)).toEqual({ alt: TOUR_PICTURE_MESSAGES.altRequired });

    // Order: the list's ETag; the uploaded picture becomes the main one.
    const order = [mine.id, ...pictures.items.filter((item) => item.id !== mine.id).map((item) => item.id)];
    const reorder = (ifMatch: string | undefined, ids: number[]) =>
      app().inject({ method: 'PUT', url: '/api/staff/tours/TSG-SIC/pictures/order', headers: withIfMatch(catalogue, ifMatch), payload: { order: ids, reason: REASON } });
    expectApiError(await reorder(uploaded.json().data.etag, order), 412, 'PRECONDITION_FAILED');
    const partial = await reorder(pictures.etag, order.slice(1));
    expectApiError(partial, 400, 'VALIDATION_FAILED');
    expect(fieldOf(partial)).toEqual({ order: TOUR_PICTURE_MESSAGES.orderIncomplete });
    const moved = await reorder(pictures.etag, order);
    expect(moved.statusCode, moved.body).toBe(200);
    pictures = moved.json().data;
    expect(pictures.items.map((item) => item.id)).toEqual(order);
    expect(pictures.items.map((item) => item.position)).toEqual(order.map((_, index) => index));
    expect(moved.headers.etag).toBe(pictures.etag);
    expect(await lastAudit('catalogue.tour-pictures-reordered')).toMatchObject({ entityType: 'tour', reason: REASON, before: { order: [...order.slice(1), mine.id] }, after: { order } });
    // The main picture: the tour page's first, and the catalogue card's.
    expect((await publicTour('TSG-SIC')).pictures[0].variants[0].url).toContain(mine.file_stem);
    const card = (await app().inject({ method: 'GET', url: '/api/tours' })).json().data.items.find((item: { code: string }) => item.code === 'TSG-SIC');
    expect(card.picture.variants.find((variant: { format: string }) => variant.format === 'jpeg').url).toContain(mine.file_stem);

    // Removal: the picture's ETag and a reason; its files go with it, the others close up.
    const remove = (ifMatch: string | undefined, payload: object = { reason: REASON }) =>
      app().inject({ method: 'POST', url: `${url}/delete`, headers: withIfMatch(catalogue, ifMatch), payload });
    expectApiError(await remove(mine.etag), 412, 'PRECONDITION_FAILED');
    const noReason = await remove(pictures.items[0]!.etag, {});
    expectApiError(noReason, 400, 'VALIDATION_FAILED');
    const removed = await remove(pictures.items[0]!.etag);
    expect(removed.statusCode, removed.body).toBe(200);
    pictures = removed.json().data;
    expect(pictures.items.map((item) => item.id)).toEqual(order.slice(1));
    expect(pictures.items.map((item) => item.position)).toEqual(order.slice(1).map((_, index) => index));
    expect((await app().inject({ method: 'GET', url: `/api/media/tours/${mine.file_stem}-480.jpeg` })).statusCode).toBe(404);
    expect(await app().db.select().from(storedFiles).where(like(storedFiles.key, `tour-pictures/${mine.file_stem}-%`))).toEqual([]);
    expect(await lastAudit('catalogue.tour-picture-removed')).toMatchObject({ entityId: String(mine.id), reason: REASON, before: { alt: 'Upper Belvedere', fileStem: mine.file_stem }, after: null });
    expect((await publicTour('TSG-SIC')).pictures.map((picture: { variants: { url: string }[] }) => picture.variants[0]!.url).join()).not.toContain(mine.file_stem);
  });

  it('is for catalogue staff and administrators only', async () => {
    const operations = await staffSession(app(), ['operations']);
    const refused = await upload(operations, { alt: 'Not mine to add', file: await testPicture(1300, 800, 'jpeg', 90) });
    expectApiError(refused, 403, 'FORBIDDEN');
    expect(refused.json().error.message).toBe(STAFF_MESSAGES.forbidden);
    const anonymous = await app().inject({ method: 'GET', url: `/api/staff/tours/${TOUR}/pictures` });
    expectApiError(anonymous, 401, 'UNAUTHORIZED');
    // Refused as the request arrives, before its body is read: even one over the limit is a 401 or a 403, not a 413.
    const huge = multipartBody({ alt: 'Huge', reason: REASON, file: Buffer.alloc(TOUR_PICTURE_LIMITS.maxBytes + 200_000, 0xff) });
    const url = `/api/staff/tours/${TOUR}/pictures`;
    expectApiError(await app().inject({ method: 'POST', url, headers: huge.headers, payload: huge.payload }), 401, 'UNAUTHORIZED');
    expectApiError(await app().inject({ method: 'POST', url, headers: { ...operations.headers, ...huge.headers }, payload: huge.payload }), 403, 'FORBIDDEN');
  });

  it('keeps what staff made of the demo tours’ pictures when the demo seed runs again at start-up', async () => {
    const all = () => app().db.select().from(tourPictures).orderBy(asc(tourPictures.tourId), asc(tourPictures.position));
    const before = await all();
    expect(before.some((row) => row.uploaded)).toBe(true);
    await expect(seedDemoData(app().db, today())).resolves.toMatchObject({ applied: false });
    expect(await all()).toEqual(before);
  });

  it('still serves the demo’s rendered pictures, and nothing for a name no picture has', async () => {
    const catalogue = await staffSession(app(), ['catalogue']);
    const demo = (await list(catalogue)).items.find((item) => !item.uploaded)!;
    const served = await app().inject({ method: 'GET', url: demo.picture.variants[0]!.url });
    expect(served.statusCode).toBe(200);
    for (const url of ['/api/media/tours/mhw-vie.000000000000-480.jpeg', '/api/media/tours/NOTICE.md', '/api/media/tours/..%2Fsecret-480.jpeg', '/api/media/tours/']) {
      expect((await app().inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const [audit] = await app().db.select().from(auditLog).where(and(eq(auditLog.action, 'catalogue.tour-picture-added'))).limit(1);
    expect(audit).toBeDefined();
  });
});

describe('tour pictures in a folder, and a file storage that fails', () => {
  const folder = mkdtempSync(join(tmpdir(), 'tours-pictures-'));
  const inFolder = createFileSystemStorage(folder);
  let failing = false;
  const storage: FileStorage = {
    provider: 'filesystem',
    put: (key, bytes, type) => (failing ? Promise.reject(new FileStorageError('The disk is gone')) : inFolder.put(key, bytes, type)),
    get: (key) => (failing ? Promise.reject(new FileStorageError('The disk is gone')) : inFolder.get(key)),
    delete: (key) => inFolder.delete(key),
  };
  const server = build({ fileStorage: storage });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('keeps the files in the folder and serves them from there; a store that fails is a 503 and adds no picture', async () => {
    const catalogue = await staffSession(server.app, ['catalogue']);
    const send = async (shade: number) => {
      const { payload, headers } = multipartBody({ alt: 'The Hofburg library', reason: 'New photographs', file: await testPicture(1300, 800, 'jpeg', shade) });
      return server.app.inject({ method: 'POST', url: '/api/staff/tours/MHW-VIE/pictures', headers: { ...catalogue.headers, ...headers }, payload });
    };
    const response = await send(120);
    expect(response.statusCode, response.body).toBe(201);
    const added = (response.json().data as StaffTourPictures).items.at(-1)!;
    expect(readdirSync(join(folder, 'tour-pictures')).filter((name) => !name.endsWith('.content-type'))).toHaveLength(9);
    const served = await server.app.inject({ method: 'GET', url: `/api/media/tours/${added.file_stem}-1300.jpeg` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    failing = true;
    try {
      expectApiError(await send(121), 503, 'SERVICE_FAILURE');
      expectApiError(await server.app.inject({ method: 'GET', url: `/api/media/tours/${added.file_stem}-480.webp` }), 503, 'SERVICE_FAILURE');
    } finally {
      failing = false;
    }
    const rows = await server.app.db.select().from(tourPictures).where(eq(tourPictures.uploaded, true));
    expect(rows.map((row) => row.fileStem)).toEqual([added.file_stem]);
  });
});
