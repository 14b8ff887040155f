import { DETAILS_LOCKED_MESSAGE, passengerDetailsEditable, type PassengerSection as SectionKey } from '@tours/domain/account/forms';
import type { BookingDetail } from '@tours/domain/contracts/account';
import { useState } from 'react';
import { Notice } from '../../../components/ui/notice.tsx';
import { useAccountSession } from '../../../lib/auth/account-session.ts';
import { AccordionSection } from './accordion-section.tsx';
import { CorrespondenceForm } from './correspondence-form.tsx';
import { PassengerSection } from './passenger-section.tsx';
import { sectionAnswered, sectionDefinition } from './sections.ts';
import './passenger-information.css';

/** The five sections in the spec's order; correspondence is the booking's, the others each passenger's. */
export const TAB_SECTIONS = ['apis', 'insurance', 'joining_information', 'correspondence', 'arrival_time'] as const;
export type TabSection = SectionKey | 'correspondence';

export const CORRESPONDENCE_TITLE = 'Where to send your final documents';

const sectionTitle = (key: TabSection): string => (key === 'correspondence' ? CORRESPONDENCE_TITLE : sectionDefinition(key).title);

function sectionComplete(detail: BookingDetail, key: TabSection): boolean {
  if (key === 'correspondence') return detail.booking.correspondence !== null;
  return detail.passengers.every((passenger) => sectionAnswered(passenger, key));
}

/**
 * The Passenger information tab of /account/booking/{id} (spec section 2):
 * five accordion sections, one open at a time, opening on the first that
 * still needs an answer. Each section saves on its own.
 */
export function PassengerInformationTab({ detail }: { detail: BookingDetail }) {
  const { booking, passengers } = detail;
  const customerAddress = useAccountSession((state) => state.customerAddress);
  const [open, setOpen] = useState<TabSection | null>(() => TAB_SECTIONS.find((key) => !sectionComplete(detail, key)) ?? TAB_SECTIONS[0]);
  const editable = passengerDetailsEditable(booking);

  return (
    <div className="passenger-information">
      <h2>Passenger information</h2>
      {editable ? (
        <p className="passenger-information__intro">
          Answer each section for every passenger and confirm each answer. We need these details at least 3 months (90 days) before departure.
        </p>
      ) : (
        <Notice tone="info">
          <p>{DETAILS_LOCKED_MESSAGE}</p>
        </Notice>
      )}
      <div className="accordion">
        {TAB_SECTIONS.map((key) => {
          const complete = sectionComplete(detail, key);
          return (
            <AccordionSection
              key={key}
              title={sectionTitle(key)}
              status={{ text: complete ? 'Complete' : 'Details needed', done: complete }}
              expanded={open === key}
              onToggle={() => setOpen((current) => (current === key ? null : key))}
            >
              {key === 'correspondence' ? (
                <CorrespondenceForm booking={booking} passengers={passengers} customerAddress={customerAddress} editable={editable} />
              ) : (
                <PassengerSection
                  definition={sectionDefinition(key)}
                  bookingId={booking.id}
                  tourEndDate={booking.end_date}
                  passengers={passengers}
                  editable={editable}
                />
              )}
            </AccordionSection>
          );
        })}
      </div>
    </div>
  );
}
