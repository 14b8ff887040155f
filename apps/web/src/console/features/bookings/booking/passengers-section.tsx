import type { StaffBookingDetail, StaffPassenger } from '@tours/domain/contracts/staff/booking-page';
import { countryName } from '@tours/domain/countries';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { useStaffMe } from '../../../lib/staff-session.ts';
import { EditPassengerDialog } from '../actions/edit-passenger.tsx';
import { day } from '../format.ts';
import { addressLines } from './address.ts';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Passport details as the API gives them: in full to members who may read passports, otherwise only whether they were given. */
function Passport({ passport }: { passport: StaffPassenger['passport'] }) {
  if (!passport.provided) return <>Not given yet</>;
  if (passport.masked || !passport.details) return <>Given (your role does not show passport details)</>;
  const details = passport.details;
  return (
    <>
      {details.document_type} {details.document_number}, {countryName(details.nationality)}; issued {day(details.issue_date)} at {details.place_of_issue}, expires {day(details.expiry_date)}; born{' '}
      {day(details.date_of_birth)} in {details.place_of_birth}; lives in {countryName(details.country_of_residence)}
    </>
  );
}

function Insurance({ insurance }: { insurance: StaffPassenger['insurance'] }) {
  if (!insurance) return <>Not given yet</>;
  const parts = [
    insurance.company_name,
    insurance.policy_number ? `policy ${insurance.policy_number}` : null,
    insurance.company_number ? `company telephone ${insurance.company_number}` : null,
    insurance.start_date || insurance.expiry_date ? `${day(insurance.start_date)} to ${day(insurance.expiry_date)}` : null,
    insurance.description,
    insurance.next_of_kin ? `next of kin ${insurance.next_of_kin}${insurance.next_of_kin_relationship ? ` (${insurance.next_of_kin_relationship})` : ''}` : null,
    insurance.emergency_number ? `emergency ${insurance.emergency_number}` : null,
  ].filter(Boolean);
  return <>{parts.join('; ')}</>;
}

function PassengerCard({ passenger, canEdit, onEdit }: { passenger: StaffPassenger; canEdit: boolean; onEdit: () => void }) {
  const name = `${passenger.title} ${passenger.given_name} ${passenger.family_name}`.trim();
  const headingId = `passenger-${passenger.id}`;
  return (
    <article className="console-passenger" aria-labelledby={headingId}>
      <div className="console-passenger__head">
        <h3 id={headingId}>
          {passenger.position}. {name}
          {passenger.is_lead ? <span className="console-tag">Lead</span> : null}
          {passenger.details_complete ? null : <span className="console-tag console-tag--warning">Details missing</span>}
        </h3>
        {canEdit ? (
          <Button variant="secondary" onClick={onEdit}>
            Edit details<span className="visually-hidden"> of {name}</span>
          </Button>
        ) : null}
      </div>
      <dl className="console-facts">
        <dt>Type</dt>
        <dd>{passenger.type}</dd>
        {passenger.date_of_birth ? (
          <>
            <dt>Date of birth</dt>
            <dd>{day(passenger.date_of_birth)}</dd>
          </>
        ) : null}
        <dt>Contact</dt>
        <dd>{[passenger.email, passenger.telephone_home, passenger.telephone_mobile].filter(Boolean).join(' · ') || 'None given'}</dd>
        {passenger.address ? (
          <>
            <dt>Address</dt>
            <dd>{addressLines(passenger.address).join(', ')}</dd>
          </>
        ) : null}
        {passenger.is_lead ? (
          <>
            <dt>No e-mails / no post</dt>
            <dd>
              {yesNo(passenger.do_not_email)} / {yesNo(passenger.do_not_mail)}
            </dd>
          </>
        ) : null}
        {passenger.special_requests ? (
          <>
            <dt>Special requests</dt>
            <dd className="console-pre">{passenger.special_requests}</dd>
          </>
        ) : null}
        <dt>Passport</dt>
        <dd>
          <Passport passport={passenger.passport} />
        </dd>
        <dt>Insurance</dt>
        <dd>
          <Insurance insurance={passenger.insurance} />
        </dd>
        <dt>Night before</dt>
        <dd className="console-pre">{passenger.joining_information || 'Not given yet'}</dd>
        <dt>Joining the group</dt>
        <dd className="console-pre">{passenger.arrival_time || 'Not given yet'}</dd>
      </dl>
    </article>
  );
}

/** Who travels, with every detail the API gives this member; operations may edit them on the customer's behalf. */
export function PassengersSection({ detail, onDone }: { detail: StaffBookingDetail; onDone: (message: string) => void }) {
  const { permissions } = useStaffMe();
  const [editing, setEditing] = useState<StaffPassenger | null>(null);
  // A booking still being booked online (a Quote) is the customer's to fill in; the API refuses staff edits to it.
  const canEdit = permissions.includes('passengers.edit') && detail.booking.status !== 'Quote';
  return (
    <section aria-labelledby="passengers" className="console-panel">
      <h2 id="passengers">Passengers</h2>
      {detail.passengers.length === 0 ? <p className="console-hint">No passengers yet.</p> : null}
      <div className="console-passengers">
        {detail.passengers.map((passenger) => (
          <PassengerCard key={passenger.id} passenger={passenger} canEdit={canEdit} onEdit={() => setEditing(passenger)} />
        ))}
      </div>
      {editing ? (
        <EditPassengerDialog
          bookingId={detail.booking.id}
          tourEndDate={detail.booking.departure.end_date}
          passenger={editing}
          onClose={() => setEditing(null)}
          onDone={(message) => {
            setEditing(null);
            onDone(message);
          }}
        />
      ) : null}
    </section>
  );
}
