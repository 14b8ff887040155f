import { zodResolver } from '@hookform/resolvers/zod';
import {
  OTHER_MARKETING_SUBSOURCE_ID,
  participantsFormSchema,
  type ParticipantDraft,
  type ParticipantsForm,
} from '@tours/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { SourceDraft } from '../../store/passenger-store.ts';

/** What the step 1 form holds: the passenger store's drafts, as typed. */
export interface ParticipantsFormValues {
  participants: ParticipantDraft[];
  source: SourceDraft;
}

/**
 * The one domain schema checks the step (epic-stack: the same schema checks
 * POST /bookings). The form holds drafts whose unchosen title is '', which the
 * schema refuses with 'Title is required'; that is the only reason for the cast.
 */
export const participantsResolver = zodResolver(participantsFormSchema) as unknown as Resolver<
  ParticipantsFormValues,
  unknown,
  ParticipantsForm
>;

export const isOtherSource = (subsourceId: string | number | undefined): boolean =>
  Number(subsourceId) === OTHER_MARKETING_SUBSOURCE_ID;

/**
 * What step 1 hands on: text of fields the visitor could not see is not sent
 * (special requests of an online talk, the 'Other' text of another choice).
 */
export function sendable(values: ParticipantsForm, onlineTalk: boolean): ParticipantsForm {
  return {
    participants: values.participants.map((participant) =>
      participant.is_lead && !onlineTalk ? participant : { ...participant, special_requests: '' },
    ),
    source: isOtherSource(values.source.subsource_id) ? values.source : { ...values.source, subsource_description: '' },
  };
}

/** Dot paths of every message in react-hook-form's error tree, e.g. 'participants.0.address.city'. */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'root' || value === null || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { message?: unknown }).message === 'string') paths.push(path);
    paths.push(...errorPaths(value as FieldErrors, path));
  }
  return paths;
}

/** Focuses the first field, in page order, that carries a message; returns false when none could take focus. */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors): boolean {
  if (!form) return false;
  const invalid = new Set(errorPaths(errors));
  const target = [...form.querySelectorAll<HTMLElement>('[name]')].find((element) => invalid.has(element.getAttribute('name') ?? ''));
  target?.focus();
  return target !== undefined;
}
