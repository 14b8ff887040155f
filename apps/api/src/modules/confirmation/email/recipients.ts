import { formatPersonName, OPERATOR, addressLines, regionContact } from '@tours/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { agentsReadModel } from '../../agents/index.ts';
import { bookingsReadModel } from '../../bookings/index.ts';
import { EMAIL_LOGO_PATH } from './content.ts';
import type { EmailCompany } from './layout.tsx';

const { bookings, bookingPassengers } = bookingsReadModel;
const { agentStaff } = agentsReadModel;

export interface BookingRecipients {
  /** The lead passenger's address; null when there is none to write to. */
  to: string | null;
  /** The travel agent staff member who made the booking, openly copied (as on the confirmation e-mail). */
  cc: string | null;
  leadName: string;
  /** Every passenger's full name, in booking order. */
  passengers: string[];
}

/** Who a booking's e-mails go to, in two reads: the lead passenger, copied to the agent's staff member of an agent's booking. */
export async function recipientsOf(db: Database, bookingId: number): Promise<BookingRecipients> {
  const [passengers, [booking]] = await Promise.all([
    db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId)).orderBy(asc(bookingPassengers.position)),
    db.select({ agentStaffEmail: agentStaff.email }).from(bookings).leftJoin(agentStaff, eq(agentStaff.id, bookings.agentStaffId)).where(eq(bookings.id, bookingId)),
  ]);
  const fullName = (p: (typeof passengers)[number]) => formatPersonName({ title: p.title, forename: p.givenName, surname: p.familyName });
  const lead = passengers.find((passenger) => passenger.isLead) ?? passengers[0];
  const to = lead?.email?.trim() || null;
  const agent = booking?.agentStaffEmail ?? null;
  return { to, cc: agent && agent !== to?.toLowerCase() ? agent : null, leadName: lead ? fullName(lead) : '', passengers: passengers.map(fullName) };
}

/** The operator as every e-mail's header and footer show it, linking to the site at `siteUrl`. */
export function emailCompany(siteUrl: string): { company: EmailCompany; logoUrl: string; contact: (reference: string) => string } {
  const office = regionContact('DEFAULT');
  return {
    company: { name: OPERATOR.companyName, tagline: OPERATOR.tagline, addressLines: addressLines(office.address), phone: office.phone, tel: office.tel, website: siteUrl },
    logoUrl: `${siteUrl}${EMAIL_LOGO_PATH}`,
    contact: (reference) => `If you have any questions, please call our relationship team on ${OPERATOR.relationshipTeamPhone} quoting ${reference}.`,
  };
}
