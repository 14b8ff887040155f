import { createHash, randomBytes } from 'node:crypto';
import { ATTENTION_REASONS, COMPONENT_TYPE_OF_KIND, DEPOSIT_PERCENT, depositFor, type CurrencyCode, type PaymentPurpose } from '@tours/domain';
import type { Database } from '../client.ts';
import {
  allocations,
  bookingComponents,
  bookingPassengers,
  bookings,
  customers,
  documents,
  payments,
  type ComponentType,
  type OptionKind,
} from '../schema/index.ts';
import { outboxMessages } from '../../modules/mail/schema.ts';
import { payPayments, payTokens } from '../../modules/payment-provider/schema.ts';
import type { BookingSeed, PaymentShare } from './data/types.ts';
import { addDays, instantOn } from './dates.ts';
import { departureKey, type SeededCatalogue, type SeededDeparture, type SeededOption } from './insert-catalogue.ts';

interface Line {
  type: ComponentType;
  name: string;
  option?: SeededOption;
  unitPrice: number;
}

/** The priced lines a booking's selections make, one unit per passenger. */
function linesFor(seed: BookingSeed, departure: SeededDeparture): Line[] {
  const { currency, selections } = seed;
  const find = (kind: OptionKind, key: string, occupancy?: number) => {
    const matches = departure.options.filter((o) => o.kind === kind && o.key === key && (occupancy === undefined || o.occupancyFrom === occupancy));
    if (matches.length === 0) throw new Error(`Seed booking ${seed.reference}: no ${kind} option '${key}'`);
    return matches;
  };
  const chosen = [
    ...selections.flights.flatMap((key) => find('flight', key)),
    ...(selections.roomType ? find('room', selections.roomType) : []),
    ...selections.extras.flatMap((key) => find('extra', key)),
    ...(selections.additionalNight ? find('additional_night', 'Additional night', seed.passengers.length) : []),
  ];
  return [
    { type: 'Tour' as const, name: departure.tourName, unitPrice: departure.price[currency] },
    ...chosen.map((option) => ({ type: COMPONENT_TYPE_OF_KIND[option.kind], name: option.componentName, option, unitPrice: option.price[currency] })),
  ];
}

/** The amount of a seeded payment, given what the payments before it had paid. */
function paymentAmount(share: PaymentShare, total: number, paidBefore: number): number {
  if (typeof share === 'object') return share.oneOff;
  return share === 'deposit' ? depositFor(total) : share === 'balance' ? total - paidBefore : total;
}

const purposeOf = (share: PaymentShare): PaymentPurpose => (typeof share === 'object' ? 'one-off' : share);

export interface SeedBookingOptions {
  /**
   * Whether the bookings take their places (sold allocations). The test-only
   * copies of the demo customer do not: a browser test's fixture must never
   * sell out the departures its worker's booking tests book.
   */
  takesPlaces?: boolean;
}

export interface SeededBooking {
  id: number;
  reference: string;
  status: BookingSeed['status'];
}

export async function seedCustomerWithBookings(
  db: Database,
  customer: typeof customers.$inferInsert,
  bookingSeeds: BookingSeed[],
  catalogue: SeededCatalogue,
  today: string,
  options: SeedBookingOptions = {},
): Promise<SeededBooking[]> {
  const [customerRow] = await db.insert(customers).values(customer).returning({ id: customers.id });
  const seeded: SeededBooking[] = [];
  for (const seed of bookingSeeds) {
    const departure = catalogue.get(departureKey(seed.tourCode, seed.departureStartsInDays));
    if (!departure) throw new Error(`Seed booking ${seed.reference}: no departure ${seed.tourCode} in ${seed.departureStartsInDays} days`);
    const id = await seedBooking(db, seed, customerRow!.id, departure, today, options.takesPlaces ?? true);
    seeded.push({ id, reference: seed.reference, status: seed.status });
  }
  return seeded;
}

async function seedBooking(db: Database, seed: BookingSeed, customerId: number, departure: SeededDeparture, today: string, takesPlaces: boolean): Promise<number> {
  const currency: CurrencyCode = seed.currency;
  // A Quote and an Unconfirmed booking were never confirmed; the day still dates their creation.
  const confirmedDate = seed.status === 'Quote' || seed.status === 'Unconfirmed' ? null : instantOn(addDays(today, -seed.confirmedDaysAgo), '11:20');
  const [booking] = await db
    .insert(bookings)
    .values({
      // Neither has its reference yet: a booking gets it when it is settled (the confirmation core), as staff confirming an Unconfirmed one does.
      reference: seed.status === 'Quote' || seed.status === 'Unconfirmed' ? null : seed.reference,
      status: seed.status,
      ...(seed.attention ? { needsAttention: true, attentionCode: seed.attention, attentionReason: ATTENTION_REASONS[seed.attention] } : {}),
      quoteReason: seed.quoteReason ?? null,
      currency,
      departureId: departure.id,
      // The demo's departures keep the operator's deposit, which the seeded payments took (depositFor).
      depositPercent: DEPOSIT_PERCENT,
      customerId,
      marketingSourceId: seed.marketing.sourceId,
      marketingSubsourceId: seed.marketing.subsourceId,
      confirmedDate,
      createdAt: instantOn(addDays(today, -seed.confirmedDaysAgo), '10:50'),
    })
    .returning({ id: bookings.id });
  const bookingId = booking!.id;

  const passengerRows = await db
    .insert(bookingPassengers)
    .values(
      seed.passengers.map((p, index) => ({
        bookingId,
        position: index + 1,
        isLead: index === 0,
        title: p.title,
        givenName: p.givenName,
        familyName: p.familyName,
        email: p.email,
        telephoneHome: p.telephoneHome,
        telephoneMobile: p.telephoneMobile,
        dateOfBirth: p.dateOfBirth,
        address: p.address,
        specialRequests: p.specialRequests,
        apis: p.apis,
        insurance: p.insurance,
        joiningInformation: p.joiningText ? { joining_text: p.joiningText } : undefined,
        arrivalTime: p.arrivalTime,
      })),
    )
    .returning({ id: bookingPassengers.id });

  const lines = linesFor(seed, departure);
  const quantity = passengerRows.length;
  const componentRows = await db
    .insert(bookingComponents)
    .values(
      lines.map((line) => ({
        bookingId,
        componentType: line.type,
        name: line.name,
        optionId: line.option?.id,
        unitPrice: line.unitPrice,
        quantity,
        price: line.unitPrice * quantity,
        currency,
      })),
    )
    .returning({ id: bookingComponents.id });

  // Cancelled bookings gave their places back.
  // So did a Quote the site could not complete: it holds nothing.
  // So did a paid but Unconfirmed booking: its holds lapsed before its payment came back and the sweeper released them,
  // as the site leaves them; staff confirm it by taking them again (allocationsToSell reads released rows as lapsed).
  const state = seed.status === 'Cancelled' || seed.status === 'Quote' || seed.status === 'Unconfirmed' || !takesPlaces ? ('released' as const) : ('sold' as const);
  await db.insert(allocations).values(
    lines.flatMap((line, index) =>
      passengerRows.map((passenger) => ({
        bookingId,
        departureId: departure.id,
        optionId: line.option?.id,
        componentId: componentRows[index]!.id,
        passengerId: passenger.id,
        quantity: 1,
        state,
      })),
    ),
  );

  const total = lines.reduce((sum, line) => sum + line.unitPrice * quantity, 0);
  if (seed.payments.length > 0) {
    let paidBefore = 0;
    const rows = seed.payments.map((payment, index) => {
      const amount = paymentAmount(payment.share, total, paidBefore);
      const paidIn = payment.currency ?? currency;
      if (payment.status === 'succeeded' && paidIn === currency) paidBefore += amount;
      const createdAt = instantOn(addDays(today, -payment.daysAgo), '11:15');
      return {
        bookingId,
        currency: paidIn,
        bookingCurrency: currency,
        amount,
        status: payment.status,
        gatewayStatus: payment.gatewayStatus,
        provider: 'sandbox',
        providerPaymentId: `sandbox_${seed.reference}_${index + 1}`,
        paymentMethodId: `pm_sandbox_visa_4242`,
        reference: `${seed.reference}-P${index + 1}`,
        purpose: purposeOf(payment.share),
        // Settled as the settlement path settles: the first payment confirmed the booking, the later ones reduced its balance.
        settlesBooking: index === 0,
        appliedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      };
    });
    if (paidBefore > total) throw new Error(`Seed booking ${seed.reference}: its payments come to more than its total`);
    await db.insert(payments).values(rows);
    await recordAtSandboxProvider(db, rows);
  }
  if (seed.failedMail) {
    const sentAt = instantOn(addDays(today, -seed.confirmedDaysAgo), '11:25');
    await db.insert(outboxMessages).values({
      toAddress: seed.failedMail.to,
      subject: seed.failedMail.subject,
      bodyText: seed.failedMail.subject,
      status: 'failed',
      attempts: 5,
      lastError: seed.failedMail.error,
      bookingId,
      createdAt: sentAt,
      availableAt: sentAt,
    });
  }
  if (seed.documents.length > 0) {
    // Rows only: the PDFs are drawn from the booking when downloaded (modules/documents).
    await db.insert(documents).values(seed.documents.map((template) => ({ bookingId, template })));
  }
  return bookingId;
}

/**
 * The demo's card payments as the sandbox provider keeps them (its own
 * tables, as a real provider keeps its own records): a paid, closed card form
 * and its successful payment under the id our payment row names. Without
 * them the provider would answer "no such payment" when staff refund a demo
 * booking. Nothing is notified: the payments were settled long ago.
 */
async function recordAtSandboxProvider(
  db: Database,
  rows: { bookingId: number; amount: number; currency: CurrencyCode; status: string; provider: string; providerPaymentId: string; createdAt: Date }[],
): Promise<void> {
  for (const row of rows) {
    if (row.provider !== 'sandbox' || row.status !== 'succeeded') continue;
    const [token] = await db
      .insert(payTokens)
      .values({
        // The digest of a token nobody holds: the closed form can never be opened.
        tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
        requestId: `preq_${row.providerPaymentId}`,
        amount: row.amount,
        currency: row.currency,
        crmKey: String(row.bookingId),
        instanceKey: 'seed',
        primaryColour: '#1a1a1a',
        width: '100%',
        account: { first_name: '', last_name: '', email: '', address_lines: [], country: 'GB' },
        // No page may frame a form that closed long ago: no origin, not a guessed one.
        allowedOrigin: '',
        expiresAt: row.createdAt,
        createdAt: row.createdAt,
      })
      .returning({ id: payTokens.id });
    await db.insert(payPayments).values({
      id: row.providerPaymentId,
      tokenId: token!.id,
      status: 'succeeded',
      amount: row.amount,
      currency: row.currency,
      crmKey: String(row.bookingId),
      cardBrand: 'Visa',
      cardLast4: '4242',
      createdAt: row.createdAt,
    });
  }
}
