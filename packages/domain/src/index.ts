export * from './money.ts';
export * from './brand-channels.ts';
export * from './dates.ts';
export * from './messages.ts';
export * from './rate-limit-messages.ts';
export * from './operator.ts';
export * from './countries.ts';
export * from './text.ts';
export * from './people.ts';
export * from './timing.ts';
export * from './validation.ts';

export * from './contracts/common.ts';
export * from './contracts/catalogue.ts';
export * from './contracts/options.ts';
export * from './contracts/selections.ts';
export * from './contracts/booking.ts';
export * from './contracts/settlement.ts';
export * from './contracts/agents.ts';
export * from './contracts/payment-token.ts';
export * from './contracts/payments.ts';
export * from './contracts/account.ts';
export * from './contracts/documents.ts';
export * from './contracts/identity.ts';
export * from './contracts/postcodes.ts';
export * from './postcode-addresses.ts';
export * from './contracts/staff/members.ts';
export * from './contracts/staff/session.ts';
export * from './contracts/endpoints.ts';

export * from './pricing/totals.ts';
export * from './pricing/payment-amounts.ts';
export * from './pricing/lines.ts';

export * from './booking/participant-form.ts';
export * from './booking/passengers.ts';
export * from './booking/departure-rules.ts';
export * from './booking/options.ts';
export * from './catalogue/room-availability.ts';
export * from './catalogue/enquiry.ts';
export * from './catalogue/availability-labels.ts';
export * from './booking/allocations.ts';
export * from './booking/steps.ts';
export * from './booking/session.ts';
export * from './booking/statuses.ts';
export * from './booking/payment-request.ts';

export * from './account/forms.ts';
export * from './account/bookings.ts';
export * from './account/documents.ts';
export * from './account/payment.ts';

export * from './staff/permissions.ts';
export * from './staff/reason.ts';
export * from './staff/second-factor.ts';
export * from './staff/session.ts';
export * from './staff/messages.ts';
