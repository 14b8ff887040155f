import { zodResolver } from '@hookform/resolvers/zod';
import { participantsFormSchema, type ParticipantsForm } from '@tours/domain/booking/participant-form';
import type { ParticipantDraft } from '@tours/domain/booking/passengers';
import { OTHER_MARKETING_SUBSOURCE_ID } from '@tours/domain/contracts/catalogue';
import type { Resolver } from 'react-hook-form';
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

