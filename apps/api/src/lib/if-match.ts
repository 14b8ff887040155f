import { STAFF_MESSAGES } from '@tours/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

/**
 * Optimistic concurrency for staff edits (a staff member, a tour, a
 * departure, an option, a promotional code, an agency): a record's answer
 * carries its ETag, a change sends it back as If-Match, and of two people
 * editing the same record the second save is refused with 412, never
 * applied over the first.
 */

/**
 * The ETags an If-Match names (`"a", "b"`). A change must name the version
 * it read: without one it is refused with 428 rather than applied blind, and
 * `*` names no version, so it counts as none.
 */
export function ifMatchOf(request: FastifyRequest): string[] {
  const header = request.headers['if-match'];
  const tags = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '' && tag !== '*');
  if (tags.length === 0) throw new HttpError(428, 'PRECONDITION_REQUIRED', STAFF_MESSAGES.ifMatchRequired);
  return tags;
}

/** The record's ETag is not one the caller read: someone else changed it since. `message` says what, in the console's words. */
export const preconditionFailed = (message: string) => new HttpError(412, 'PRECONDITION_FAILED', message);

/** Refuses the change unless the caller read the record's current version. */
export function assertIfMatch(ifMatch: readonly string[], currentEtag: string, staleMessage: string): void {
  if (!ifMatch.includes(currentEtag)) throw preconditionFailed(staleMessage);
}
