import { addressLines, OPERATOR } from '@tours/domain/operator';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRegionStore } from '../../lib/region.ts';
import { SiteFooter } from './site-footer.tsx';

describe('SiteFooter', () => {
  it('shows the company and the regional address split into lines', () => {
    useRegionStore.setState({ region: 'NZ' });
    render(<SiteFooter />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getAllByText(OPERATOR.companyName, { exact: true })[0]).toBeTruthy();
    const address = footer.querySelector('address')!;
    const lines = [...address.querySelectorAll('.site-footer__address-line')].map((line) => line.textContent);
    expect(lines).toEqual(addressLines(OPERATOR.regions.NZ.address));
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.some((line) => line?.includes(','))).toBe(false);
  });

  it('shows the current year with the company name', () => {
    vi.useFakeTimers({ now: new Date('2031-02-03T10:00:00Z') });
    render(<SiteFooter />);
    expect(screen.getByText(`© 2031 ${OPERATOR.companyName}`)).toBeTruthy();
  });

  it('names every social link, card brand and trade body', () => {
    render(<SiteFooter />);
    for (const network of OPERATOR.social) {
      expect(screen.getByRole('link', { name: network.name }).getAttribute('href')).toBe(network.href);
    }
    const cards = within(screen.getByRole('list', { name: 'Card brands we accept' })).getAllByRole('img');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Visa', 'Mastercard', 'American Express']);
    const bodies = within(screen.getByRole('list', { name: 'Travel trade bodies we belong to' })).getAllByRole('img');
    expect(bodies).toHaveLength(3);
    expect(bodies.map((body) => body.getAttribute('aria-label'))).toEqual([
      expect.stringContaining('ABTA'),
      expect.stringContaining('ATOL'),
      expect.stringContaining('AITO'),
    ]);
  });
});
