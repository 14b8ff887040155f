import { OPERATOR } from '@tours/domain/operator';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { viennaDetail } from '../../test/fixtures.ts';
import { jsonResponse, mockRoutes } from '../../test/fetch-mock.ts';
import { renderRoute } from '../../test/render.tsx';

const section = (name: string) => screen.getByRole('region', { name });

describe('Tour page', () => {
  it('shows the hero picture, summary, itinerary, inclusions, hotels and lecturers with accessible headings', async () => {
    mockRoutes({ '/api/tours/VIE24': () => jsonResponse({ data: viennaDetail }) });
    renderRoute('/tours/VIE24');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vienna: Mozart and the Habsburgs' })).toBeTruthy();
    expect(document.title).toContain('Vienna: Mozart and the Habsburgs');
    expect(screen.getByText('£1,850')).toBeTruthy();

    const hero = screen.getByRole('img', { name: 'Drawing of Vienna at dusk.' });
    expect(hero.getAttribute('loading')).toBe('eager');
    expect(hero.getAttribute('fetchpriority')).toBe('high');
    const second = screen.getByRole('img', { name: 'Drawing of a gilded concert hall.' });
    expect(second.getAttribute('loading')).toBe('lazy');

    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'About this tour',
      'Itinerary',
      'What is included',
      'Hotel',
      'Your lecturer',
      'Dates and prices',
    ]);
    expect(within(section('About this tour')).getByText(viennaDetail.summary)).toBeTruthy();
    const days = within(section('Itinerary')).getAllByRole('listitem');
    expect(days.map((day) => within(day).getByRole('heading', { level: 3 }).textContent)).toEqual(['Day 1 London to Vienna', 'Day 2 The Hofburg']);
    expect(within(section('What is included')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(viennaDetail.included);
    expect(within(section('Hotel')).getByRole('heading', { name: 'Hotel Königshof' })).toBeTruthy();
    expect(within(section('Your lecturer')).getByText('Music historian.')).toBeTruthy();
  });

  it('lists every departure with price, places, rooms, Book links in the chosen currency, and an enquiry when on request', async () => {
    mockRoutes({ '/api/tours/VIE24': () => jsonResponse({ data: viennaDetail }) });
    const { router } = renderRoute('/tours/VIE24?currency=USD');
    await screen.findByRole('heading', { level: 1, name: 'Vienna: Mozart and the Habsburgs' });
    const [march, june] = within(section('Dates and prices')).getAllByRole('listitem');

    expect(march!.textContent).toContain('04 Mar 2027 – 08 Mar 2027');
    expect(within(march!).getByText('6 places left')).toBeTruthy();
    expect(within(march!).getByText('Single: 2 rooms left · Double: sold out')).toBeTruthy();
    expect(within(march!).getByText(/Under 5 weeks away: booked as an optional booking/)).toBeTruthy();
    expect(within(march!).getByText('$2,350pp')).toBeTruthy();
    const book = within(march!).getByRole('link', { name: /^Book Vienna: Mozart and the Habsburgs, departing 04 Mar 2027/ });
    expect(book.getAttribute('href')).toBe('/book?tour=VIE24&departure=2027-03-04&currency=USD');

    expect(within(june!).getByText('This tour is on request')).toBeTruthy();
    const enquire = within(june!).getByRole('link', { name: /^Enquire Vienna: Mozart and the Habsburgs, departing 10 Jun 2027/ });
    const href = decodeURIComponent(enquire.getAttribute('href')!);
    expect(href.startsWith(OPERATOR.enquiryUrl)).toBe(true);
    expect(href).toContain('Vienna: Mozart and the Habsburgs (VIE24)');
    expect(within(june!).queryByRole('link', { name: /^Book/ })).toBeNull();

    await userEvent.click(within(section('Dates and prices')).getByRole('radio', { name: '£ GBP' }));
    expect(router.state.location.search).toBe('');
    expect(within(march!).getByText('£1,850pp')).toBeTruthy();
    expect(within(june!).getByText('£1,990pp')).toBeTruthy();
  });

  it('says when a tour does not exist, with a way back to the list', async () => {
    mockRoutes({});
    renderRoute('/tours/NOPE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tour not found' })).toBeTruthy();
    expect(screen.getByText('We have no tour with the code NOPE.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all our tours' }).getAttribute('href')).toBe('/tours');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
