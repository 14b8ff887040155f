import { describe, expect, it } from 'vitest';
import { DocumentsListError, formatDocumentsList, parseDocumentsList, type BookingDocument } from './documents.ts';

const documents: BookingDocument[] = [
  { id: 1, template: 'CustomerInvoice', url: '/api/account/bookings/7/documents/1?token=a.b' },
  { id: 2, template: null, url: '/api/account/bookings/7/documents/2?token=c\td' },
  { id: 3, template: 'Itinéraire "final"\nv2', url: '/x' },
];

describe('documents list format', () => {
  it("writes one tab-separated 'files' line with a JSON array", () => {
    const text = formatDocumentsList(documents.slice(0, 1));
    expect(text).toBe(`files\t${JSON.stringify(documents.slice(0, 1))}\n`);
    expect(text.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('round-trips documents, tabs, quotes and newlines included', () => {
    expect(parseDocumentsList(formatDocumentsList(documents))).toEqual(documents);
  });

  it('round-trips an empty list', () => {
    expect(formatDocumentsList([])).toBe('files\t[]\n');
    expect(parseDocumentsList(formatDocumentsList([]))).toEqual([]);
  });

  it('ignores other keys and Windows line ends', () => {
    const text = `count\t3\r\nfiles\t${JSON.stringify(documents.slice(0, 1))}\r\n`;
    expect(parseDocumentsList(text)).toEqual(documents.slice(0, 1));
  });

  it('refuses text without a files line, with broken JSON or with the wrong shape', () => {
    expect(() => parseDocumentsList('')).toThrow(DocumentsListError);
    expect(() => parseDocumentsList('[]')).toThrow("no 'files' line");
    expect(() => parseDocumentsList('files\t[{')).toThrow(/malformed JSON/);
    expect(() => parseDocumentsList('files\t{"id":1}')).toThrow(/unexpected shape/);
    expect(() => parseDocumentsList('files\t[{"id":"1","url":"/x"}]')).toThrow(DocumentsListError);
  });
});
