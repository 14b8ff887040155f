import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOUR_PICTURE_MESSAGES, type StaffTourPicture, type StaffTourPictures } from '@tours/domain/contracts/staff/tour-pictures';
import { permissionsOf } from '@tours/domain/staff/permissions';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderInRouter } from '../../../../test/render.tsx';
import { useStaffSession } from '../../../lib/staff-session.ts';
import { TourPicturesSection } from './tour-pictures-section.tsx';

const picture = (id: number, position: number, alt: string, uploaded = true): StaffTourPicture => ({
  id,
  position,
  file_stem: `mhw-vie.${id}`,
  version: 1,
  etag: `"tour-picture-${id}-v1"`,
  uploaded,
  picture: {
    alt,
    width: 1440,
    height: 960,
    variants: (uploaded ? (['avif', 'webp', 'jpeg'] as const) : (['avif', 'webp'] as const)).flatMap((format) =>
      [480, 960, 1440].map((width) => ({ format, width, url: `/api/media/tours/mhw-vie.${id}-${width}.${format}` })),
    ),
  },
});
const list = (items: StaffTourPicture[], etag = '"tour-pictures-1-a"'): StaffTourPictures => ({ tour: { id: 1, code: 'MHW-VIE', name: 'Vienna' }, items, etag });
const STARTING = list([picture(11, 0, 'The Hofburg at dusk', false), picture(12, 1, 'The golden hall of the Musikverein')]);

/** An XMLHttpRequest that records what is sent and answers as told: jsdom's sends nothing anywhere. */
/**
 * XMLHttpRequest, as the upload uses it: it reports half the file sent, then
 * holds the answer until the test calls `finish` (a timer could let both land
 * in one render on a loaded machine, and the progress never show).
 */
class FakeUpload {
  static sent: { url: string; headers: Record<string, string>; form: FormData }[] = [];
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  static finish: () => void = () => {};
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return name === 'ETag' ? '"tour-pictures-1-b"' : null;
  }
  abort() {}
  send(form: FormData) {
    FakeUpload.sent.push({ url: this.url, headers: this.headers, form });
    this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
    FakeUpload.finish = () => {
      this.upload.onload?.();
      this.status = FakeUpload.answer.status;
      this.responseText = JSON.stringify(FakeUpload.answer.body);
      this.onload?.();
    };
  }
}

describe('a tour’s pictures in the console', () => {
  beforeEach(() => {
    useStaffSession.setState({
      ended: false,
      session: {
        token: 'staff-session-token',
        me: {
          member: { id: 7, email: 'catalogue@meridian-tours.example', name: 'Cat Alogue', roles: ['catalogue'] },
          permissions: permissionsOf(['catalogue']),
          session: { mfa_method: 'passkey', expires_at: '2030-01-01T12:00:00.000Z', idle_expires_at: '2030-01-01T00:30:00.000Z' },
        },
      },
    });
    FakeUpload.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
  });

  it('lists each picture with its thumbnail, the first as the main one, and moves one up with a reason and the list’s ETag', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (init?.method === 'PUT') return jsonResponse({ data: list([{ ...STARTING.items[1]!, position: 0 }, { ...STARTING.items[0]!, position: 1 }], '"tour-pictures-1-b"') });
      return jsonResponse({ data: STARTING });
    });
    renderInRouter(<TourPicturesSection tourCode="MHW-VIE" />, '/tours/MHW-VIE/pictures');
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Main picture')).toBeTruthy();
    expect(within(items[0]!).getByRole('img', { name: 'The Hofburg at dusk' }).getAttribute('src')).toBe('/api/media/tours/mhw-vie.11-480.webp');
    expect(within(items[1]!).getByRole('img', { name: 'The golden hall of the Musikverein' }).getAttribute('src')).toBe('/api/media/tours/mhw-vie.12-480.jpeg');
    expect(screen.getByRole('button', { name: 'Move main picture up' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Move picture 2 up' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'The hall sells the tour');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move up' }));
    expect(await screen.findByText('The picture is moved up.')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([, request]) => request?.method === 'PUT')!;
    expect(JSON.parse(String(init!.body))).toEqual({ order: [12, 11], reason: 'The hall sells the tour' });
    expect((init!.headers as Record<string, string>)['If-Match']).toBe('"tour-pictures-1-a"');
    await waitFor(() => expect(within(screen.getAllByRole('listitem')[0]!).getByText('The golden hall of the Musikverein')).toBeTruthy());
  });

  it('offers to reload when someone else changed the pictures meanwhile', async () => {
    let reads = 0;
    mockFetch((_url, init) => {
      if (init?.method === 'POST') return jsonResponse({ error: { code: 'PRECONDITION_FAILED', message: TOUR_PICTURE_MESSAGES.stalePicture } }, 412);
      reads += 1;
      return jsonResponse({ data: STARTING });
    });
    renderInRouter(<TourPicturesSection tourCode="MHW-VIE" />, '/tours/MHW-VIE/pictures');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove picture 2' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Out of date');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove the picture' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TOUR_PICTURE_MESSAGES.stalePicture);
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload the pictures' }));
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('uploads a file with its description and reason, showing the progress, and shows the server’s refusal by the file', async () => {
    mockFetch(() => jsonResponse({ data: STARTING }));
    renderInRouter(<TourPicturesSection tourCode="mhw-vie" />, '/tours/mhw-vie/pictures');
    const submit = await screen.findByRole('button', { name: 'Upload the picture' });
    await userEvent.click(submit);
    expect(await screen.findByText(TOUR_PICTURE_MESSAGES.fileRequired)).toBeTruthy();
    expect(screen.getByText(TOUR_PICTURE_MESSAGES.altRequired)).toBeTruthy();
    expect(FakeUpload.sent).toHaveLength(0);

    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'hall.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText(/^Picture file/), file);
    await userEvent.type(screen.getByLabelText(/What the picture shows/), 'The Spanish Riding School');
    await userEvent.type(screen.getByLabelText(/^Reason/), 'Photographs from the recce');
    FakeUpload.answer = { status: 201, body: { data: list([...STARTING.items, picture(13, 2, 'The Spanish Riding School')], '"tour-pictures-1-b"') } };
    await userEvent.click(submit);
    expect(await screen.findByText('Uploading: 50%')).toBeTruthy();
    act(() => FakeUpload.finish());
    expect(await screen.findByText('The picture is added at the end. Move it up to make it the main picture.')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    const [sent] = FakeUpload.sent;
    expect(sent!.url).toBe('/api/staff/tours/mhw-vie/pictures');
    expect(sent!.headers.Authorization).toBe('Bearer staff-session-token');
    expect(sent!.form.get('alt')).toBe('The Spanish Riding School');
    expect(sent!.form.get('reason')).toBe('Photographs from the recce');
    expect((sent!.form.get('file') as File).name).toBe('hall.jpg');

    FakeUpload.answer = { status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'The request is not valid.', fields: { file: TOUR_PICTURE_MESSAGES.tooNarrow } } } };
    await userEvent.upload(screen.getByLabelText(/^Picture file/), file);
    await userEvent.type(screen.getByLabelText(/What the picture shows/), 'A narrow one');
    await userEvent.click(submit);
    expect(await screen.findByText('Uploading: 50%')).toBeTruthy();
    act(() => FakeUpload.finish());
    expect(await screen.findByText(TOUR_PICTURE_MESSAGES.tooNarrow)).toBeTruthy();
  });
});
