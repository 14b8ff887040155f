import {
  addressLines,
  agencySettlesBalanceText,
  balanceDueSentence,
  balanceSettler,
  calendarDaysBetween,
  DETAILS_REQUIRED_DAYS,
  formatAmount,
  formatLongDate,
  OPERATOR,
  PRICED_LINE_GROUP_LABELS,
  regionContact,
  settledThroughAgency,
  type CurrencyCode,
  type PricedLine,
  type PricedLineKind,
} from '@tours/domain';

/**
 * What the confirmation e-mail says, worded once: the HTML part and the
 * plain-text part are both drawn from this, so they can never disagree on a
 * figure or a date.
 */

export interface ConfirmationFacts {
  reference: string;
  /** 'Optional' under five weeks away: staff confirm it after their checks. */
  status: 'Confirmed' | 'Optional';
  leadName: string;
  /** The address the e-mail goes to, which is also the one to sign in with. */
  email: string;
  tourName: string;
  startDate: string;
  endDate: string;
  /** 'YYYY-MM-DD' the balance falls due (balanceDueDate, BALANCE_DUE_DAYS before departure). */
  balanceDueDate: string;
  passengers: string[];
  /** The booking's lines priced by the domain (priceLines): they add up to `total`. */
  lines: PricedLine[];
  currency: CurrencyCode;
  total: number;
  /** Sum of the booking's succeeded payments. */
  paid: number;
  /** The site's origin, no trailing slash: links and the logo point there. */
  siteUrl: string;
  /** The operator's calendar date of the confirmation ('YYYY-MM-DD'). */
  confirmedOn: string;
  /** The travel agency that made the booking, which settles its balance (balanceSettler); null when the customer booked it. */
  agency: string | null;
}

export interface ContentLine {
  name: string;
  /** '2 × £1,950.00' where more than one unit was bought, else null. */
  detail: string | null;
  amount: string;
}

/** Lines of one kind under the heading the review and the summary panel give them ('Flights', 'Additional nights'). */
export interface ContentGroup {
  heading: string;
  lines: ContentLine[];
}

export interface ContentStep {
  title: string;
  text: string;
}

export interface ConfirmationContent {
  subject: string;
  /** The inbox preview line. */
  preview: string;
  /** The e-mail's one h1, as step 5 of the booking flow heads its page. */
  heading: string;
  greeting: string;
  intro: string;
  /** Said first when the booking is optional. */
  optionalNotice: string | null;
  reference: string;
  tourName: string;
  datesLabel: 'Date' | 'Dates';
  dates: string;
  passengersLabel: 'Passenger' | 'Passengers';
  passengers: string[];
  groups: ContentGroup[];
  total: string;
  paid: string;
  balance: string;
  balanceDue: boolean;
  nextSteps: ContentStep[];
  accountUrl: string;
  accountText: string;
  contact: string;
  logoUrl: string;
  company: { name: string; tagline: string; addressLines: string[]; phone: string; tel: string; website: string };
}

/** An optional booking is received, not yet confirmed: staff confirm it after their availability checks. */
export const confirmationSubject = (reference: string, status: ConfirmationFacts['status'] = 'Confirmed') =>
  status === 'Optional' ? `Your optional booking ${reference} has been received` : `Your booking ${reference} is confirmed`;

/** Served by the web app from apps/web/public: a PNG, since mail clients show SVG badly or not at all. */
export const EMAIL_LOGO_PATH = '/email-logo.png';

/** Every amount in the e-mail is exact, with pence: it is the record of what was charged and what is owed. */
export const exactAmount = (value: number, currency: CurrencyCode) => formatAmount(value, currency, { pence: 'always' });

/** '3 May 2027 to 11 May 2027', or one date for a day trip. */
export function formatDates(startDate: string, endDate: string): string {
  return startDate === endDate || !endDate ? formatLongDate(startDate) : `${formatLongDate(startDate)} to ${formatLongDate(endDate)}`;
}

/** The date traveller details are due: DETAILS_REQUIRED_DAYS before departure, counted in calendar days. */
export function detailsDueDate(startDate: string): string {
  const due = new Date(Date.parse(`${startDate}T00:00:00Z`) - DETAILS_REQUIRED_DAYS * 86_400_000);
  return due.toISOString().slice(0, 10);
}

function lineContent(line: PricedLine, currency: CurrencyCode): ContentLine {
  const money = (value: number) => exactAmount(value, currency);
  // A line at no cost reads 'Included', as in the account's table of components (spec section 2).
  const included = line.amount === 0 && line.kind !== 'promotion';
  return {
    name: line.label,
    detail: line.quantity > 1 && !included ? `${line.quantity} × ${money(line.unit_price)}` : null,
    amount: included ? 'Included' : money(line.amount),
  };
}

/** Consecutive lines of a kind under one heading; priceLines has already put them in the review's order. */
function groupLines(lines: readonly PricedLine[], currency: CurrencyCode): ContentGroup[] {
  const groups: { kind: PricedLineKind; group: ContentGroup }[] = [];
  for (const line of lines) {
    let last = groups.at(-1);
    if (!last || last.kind !== line.kind) {
      last = { kind: line.kind, group: { heading: PRICED_LINE_GROUP_LABELS[line.kind], lines: [] } };
      groups.push(last);
    }
    last.group.lines.push(lineContent(line, currency));
  }
  return groups.map((entry) => entry.group);
}

/**
 * An agent booking's balance is the agency's to settle: its client is told so,
 * and never offered to pay it too. Anyone else reads the domain's one wording
 * of the due date, said on the day of confirmation, as the review, the PDFs
 * and the account say it.
 */
function balanceStep(facts: ConfirmationFacts, balance: number): ContentStep {
  const settler = balanceSettler(facts);
  return settler.by === 'agency'
    ? {
        title: 'The balance',
        text: `The balance of ${exactAmount(balance, facts.currency)} is ${settledThroughAgency(settler.agencyName)}. ${agencySettlesBalanceText(settler.agencyName)}`,
      }
    : {
        title: 'The balance',
        text: `${balanceDueSentence(balance, facts.currency, facts.balanceDueDate, facts.confirmedOn, { pence: 'always' })} You can pay it at any time in your account.`,
      };
}

function nextSteps(facts: ConfirmationFacts, balance: number): ContentStep[] {
  const due = detailsDueDate(facts.startDate);
  const dueSoon = calendarDaysBetween(facts.confirmedOn, due) <= 0;
  return [
    {
      title: 'Your confirmation documents',
      text: 'Your booking confirmation is attached to this e-mail as a PDF. Your travel documents will follow within 1-3 working days. You can also download them from your account.',
    },
    {
      title: 'Traveller details',
      text: dueSoon
        ? `Please complete your personal information at least 3 months / ${DETAILS_REQUIRED_DAYS} days before departure: your departure is less than ${DETAILS_REQUIRED_DAYS} days away, so please complete it in your account now.`
        : `Please complete your personal information at least 3 months / ${DETAILS_REQUIRED_DAYS} days before departure, that is by ${formatLongDate(due)}, in your account.`,
    },
    balance > 0
      ? balanceStep(facts, balance)
      : facts.total === 0
        ? { title: 'Nothing to pay', text: 'There is nothing to pay for this booking.' }
        : { title: 'Paid in full', text: 'Your booking is paid in full: there is nothing more to pay.' },
  ];
}

/** Everything the e-mail says, from the booking's facts. */
export function confirmationContent(facts: ConfirmationFacts): ConfirmationContent {
  const money = (value: number) => exactAmount(value, facts.currency);
  const balance = Math.max(facts.total - facts.paid, 0);
  const accountUrl = `${facts.siteUrl}/account`;
  const office = regionContact('DEFAULT');
  const optional = facts.status === 'Optional';
  const settler = balanceSettler(facts);
  const byAgency = settler.by === 'agency';
  return {
    subject: confirmationSubject(facts.reference, facts.status),
    preview: `${facts.tourName}, ${formatDates(facts.startDate, facts.endDate)}. Booking reference ${facts.reference}.`,
    heading: optional ? 'Your optional booking has been received' : 'Thank you for your booking',
    greeting: `Dear ${facts.leadName},`,
    intro:
      (optional
        ? `Thank you for booking with ${OPERATOR.companyName}. We have received your optional booking ${facts.reference}.`
        : `Thank you for booking with ${OPERATOR.companyName}. Your booking ${facts.reference} is confirmed.`) +
      (byAgency ? ` Your travel agent, ${settler.agencyName}, made it for you.` : ''),
    optionalNotice: optional
      ? 'Your departure is less than five weeks away, so this is an optional booking, subject to availability checks. Our team will be in touch to confirm it.'
      : null,
    reference: facts.reference,
    tourName: facts.tourName,
    datesLabel: facts.startDate === facts.endDate ? 'Date' : 'Dates',
    dates: formatDates(facts.startDate, facts.endDate),
    passengersLabel: facts.passengers.length === 1 ? 'Passenger' : 'Passengers',
    passengers: facts.passengers,
    groups: groupLines(facts.lines, facts.currency),
    total: money(facts.total),
    paid: money(facts.paid),
    balance: byAgency && balance > 0 ? `${money(balance)}, ${settledThroughAgency(settler.agencyName)}` : money(balance),
    balanceDue: balance > 0,
    nextSteps: nextSteps(facts, balance),
    accountUrl,
    accountText: byAgency
      ? `Sign in with this e-mail address (${facts.email}) to see your booking, submit your travel information and download your documents.`
      : `Sign in with this e-mail address (${facts.email}) to see your booking, submit your travel information, pay the balance and download your documents.`,
    contact: `If you have any questions, please call our relationship team on ${OPERATOR.relationshipTeamPhone} quoting ${facts.reference}.`,
    logoUrl: `${facts.siteUrl}${EMAIL_LOGO_PATH}`,
    company: {
      name: OPERATOR.companyName,
      tagline: OPERATOR.tagline,
      addressLines: addressLines(office.address),
      phone: office.phone,
      tel: office.tel,
      website: facts.siteUrl,
    },
  };
}
