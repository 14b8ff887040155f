import { describe, expect, it } from 'vitest';
import { documentTitle, visibleDocuments } from './documents.ts';

describe('documentTitle', () => {
  it('names the known templates', () => {
    expect(documentTitle('CustomerInvoice')).toBe('Booking confirmation');
    expect(documentTitle('BalanceReminder3')).toBe('Invoice');
    expect(documentTitle('ATOLPackage')).toBe('ATOL certificate');
  });

  it("shows other templates by name, and 'Document' when there is none", () => {
    expect(documentTitle('Itinerary')).toBe('Itinerary');
    expect(documentTitle(null)).toBe('Document');
    expect(documentTitle(undefined)).toBe('Document');
    expect(documentTitle('  ')).toBe('Document');
  });
});

describe('visibleDocuments', () => {
  it('hides Additional11', () => {
    const documents = [
      { id: 1, template: 'CustomerInvoice', url: '/a' },
      { id: 2, template: 'Additional11', url: '/b' },
      { id: 3, template: null, url: '/c' },
    ];
    expect(visibleDocuments(documents).map((d) => d.id)).toEqual([1, 3]);
  });
});
