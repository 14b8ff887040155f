import type { SiteEndpointName } from "@tours/domain";
import type { FastifyInstance } from "fastify";
import {
  cardPaymentRequest,
  openAccountPayment,
  payOnForm,
} from "./account-fixtures.ts";
import { DEMO } from "./account-passengers-fixtures.ts";
import { MISSING_ID, type World } from "./access-matrix-fixtures.ts";
import { lead, optionIds } from "./booking-fixtures.ts";
import { openPayment, payToken, tokenRequest } from "./payment-fixtures.ts";

/**
 * The access matrix's call for every endpoint of the registry, on the
 * victim's resources, with the owner's kind of credential and success status
 * (access-matrix.test.ts). A Record over SiteEndpointName: an endpoint added to
 * the registry does not typecheck here until it is classified. The staff
 * console's calls (STAFF_ENDPOINTS) have their own matrix, by role:
 * staff-role-matrix.test.ts.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export interface Call {
  method: Method;
  url: string;
  payload?: object;
}
export type Target = "public" | "account" | "flow" | "agentFlow" | "dayTrip";
export interface Case {
  /** Whose credential is the owner's: nobody's (public), the victim's sign-in, or one of the victim's flow bookings. */
  target: Target;
  /** The call on the victim's resources. */
  call: (w: World) => Call | Promise<Call>;
  /** The same call naming resources nobody has: another customer's or booking's answer must be byte-identical to it. */
  missing?: (w: World) => Call | Promise<Call>;
  /** Ids of the victim's the call sends that an error may echo back (the caller's own input, not a leak): compared as the missing id. */
  echoes?: (w: World) => number[];
  /** The owner's success status. */
  ok: number;
  /** Runs before the call (the victim pays, so there is a payment to attack). */
  prepare?: (w: World) => Promise<void>;
  /** Public calls that read an optional sign-in must refuse a token that proves nothing. */
  readsSignIn?: boolean;
  /** Settles the booking: runs after every other call. */
  last?: boolean;
}

const sicilyDate = () =>
  new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
export const accountPath = (
  w: World,
  booking = w.victim.booking(DEMO.vienna),
) => `/api/account/bookings/${booking}`;
const firstPassenger = async (
  app: FastifyInstance,
  w: World,
  bookingId: number,
) => {
  const response = await app.inject({
    method: "GET",
    url: accountPath(w, bookingId),
    headers: w.victim.headers,
  });
  return response.json().data.passengers[0].id as number;
};

export function cases(app: () => FastifyInstance): Record<SiteEndpointName, Case> {
  const tourList = (segment: string): Case => ({
    target: "flow",
    // The tour is public; another booking on the same tour reads its own options and components.
    call: (w) => ({
      method: "GET",
      url: `/api/bookings/tour/${w.flow.tourId}/${segment}`,
    }),
    ok: 200,
  });
  // The victim's payment details at the moment, for a token request the API accepts.
  const deposit = async (w: World) => {
    const response = await app().inject({
      method: "GET",
      url: "/api/bookings/payment-details",
      headers: w.flow.headers,
    });
    return response.json().data.details.deposit.value as number;
  };
  const amountText = (minor: number) => (minor / 100).toFixed(2);
  return {
    findTour: {
      target: "public",
      call: () => ({
        method: "GET",
        url: `/api/tours/find?tour=TSG-SIC&departure=${sicilyDate()}&currency=GBP`,
      }),
      ok: 200,
    },
    listCatalogue: {
      target: "public",
      call: () => ({ method: "GET", url: "/api/tours" }),
      ok: 200,
    },
    getTourDetail: {
      target: "public",
      call: () => ({ method: "GET", url: "/api/tours/TSG-SIC" }),
      ok: 200,
    },
    getTourDeparture: {
      target: "public",
      call: () => ({
        method: "GET",
        url: `/api/tours/TSG-SIC/departures/${sicilyDate()}`,
      }),
      ok: 200,
    },
    listMarketingSources: {
      target: "public",
      call: () => ({ method: "GET", url: "/api/config/marketing-sources" }),
      ok: 200,
    },
    health: {
      target: "public",
      call: () => ({ method: "GET", url: "/api/health" }),
      ok: 200,
    },
    lookupPostcode: {
      target: "public",
      call: () => ({ method: "GET", url: "/api/addresses/SW1A%202AA" }),
      ok: 200,
    },
    getIdentityConfig: {
      target: "public",
      call: () => ({ method: "GET", url: "/api/config/identity" }),
      ok: 200,
    },
    createBooking: {
      target: "public",
      readsSignIn: true,
      call: async () => {
        const found = (
          await app().inject({
            method: "GET",
            url: `/api/tours/find?tour=TSG-SIC&departure=${sicilyDate()}&currency=GBP`,
          })
        ).json().data;
        return {
          method: "POST",
          url: "/api/bookings",
          payload: {
            brand_channel: found.brand_channel,
            currency: "GBP",
            tour_code: "TSG-SIC",
            departure_date: sicilyDate(),
            departure_id: found.departure_id,
            passengers: [lead],
            source: {
              id: 63,
              subsource_id: 165,
              subsource_description: "A friend",
            },
          },
        };
      },
      ok: 201,
    },
    updatePassengers: {
      target: "flow",
      call: () => ({
        method: "PUT",
        url: "/api/bookings/passengers",
        payload: {
          passengers: [{ ...lead, family_name: "Renamed" }],
          source: {
            id: 63,
            subsource_id: 165,
            subsource_description: "A friend",
          },
        },
      }),
      ok: 200,
    },
    getBookingTour: {
      target: "flow",
      call: () => ({ method: "GET", url: "/api/bookings/tour" }),
      ok: 200,
    },
    confirmBooking: {
      target: "flow",
      last: true,
      prepare: async (w) => {
        w.payments.flow = await payToken(
          app(),
          (await openPayment(app(), w.flow, await deposit(w))).token,
        );
      },
      call: (w) => ({
        method: "POST",
        url: "/api/bookings/confirm",
        payload: { payment_id: w.payments.flow, currency: "GBP" },
      }),
      ok: 200,
    },
    getPaymentDetails: {
      target: "flow",
      call: () => ({ method: "GET", url: "/api/bookings/payment-details" }),
      ok: 200,
    },
    getBookingSettlement: {
      target: "flow",
      call: () => ({ method: "GET", url: "/api/bookings/settlement" }),
      ok: 200,
    },
    applyPromotion: {
      target: "flow",
      call: () => ({
        method: "POST",
        url: "/api/bookings/promotion",
        payload: { code: "WELCOME100" },
      }),
      ok: 200,
    },
    removePromotion: {
      target: "flow",
      call: () => ({ method: "DELETE", url: "/api/bookings/promotion" }),
      ok: 200,
    },
    submitSelections: {
      target: "flow",
      call: async (w) => {
        const ids = await optionIds(app(), w.flow);
        return {
          method: "POST",
          url: "/api/bookings/selections",
          payload: {
            allocations: {
              accommodation: [
                {
                  component_id: ids.room("Hotel Villa Aretusa", "Single"),
                  passenger_ids: w.flow.passengerIds,
                },
              ],
            },
          },
        };
      },
      missing: async (w) => {
        const ids = await optionIds(app(), w.flow);
        return {
          method: "POST",
          url: "/api/bookings/selections",
          payload: {
            allocations: {
              accommodation: [
                {
                  component_id: ids.room("Hotel Villa Aretusa", "Single"),
                  passenger_ids: [MISSING_ID],
                },
              ],
            },
          },
        };
      },
      echoes: (w) => w.flow.passengerIds,
      ok: 200,
    },
    submitSelection: {
      target: "dayTrip",
      call: (w) => ({
        method: "POST",
        url: "/api/bookings/selection",
        payload: { tour_id: w.dayTrip.tourId },
      }),
      missing: () => ({
        method: "POST",
        url: "/api/bookings/selection",
        payload: { tour_id: MISSING_ID },
      }),
      ok: 200,
    },
    listFlightOptions: tourList("flights"),
    listAccommodationOptions: tourList("accommodation"),
    listExtraOptions: tourList("extras"),
    listTourComponents: tourList("components"),
    listPromotions: tourList("promotions"),
    createPaymentToken: {
      target: "flow",
      call: async (w) => {
        const body = tokenRequest(w.flow, await deposit(w));
        return {
          method: "POST",
          url: "/api/bookings/payments/token",
          payload: {
            ...body,
            amount: amountText(await deposit(w)),
            account: { ...body.account, crm_key: String(w.flow.id) },
          },
        };
      },
      ok: 201,
    },
    listAgents: {
      target: "public",
      call: () => ({ method: "GET", url: "/api/bookings/agents" }),
      ok: 200,
    },
    getAgent: {
      target: "public",
      call: () => ({ method: "GET", url: "/api/bookings/agents/AG1001" }),
      ok: 200,
    },
    listAgentStaff: {
      target: "public",
      call: () => ({ method: "GET", url: "/api/bookings/agents/AG1001/staff" }),
      ok: 200,
    },
    verifyAgentStaff: {
      target: "public",
      call: () => ({
        method: "POST",
        url: "/api/bookings/agents/verify",
        payload: { agent_id: "AG1001", email: "jane.holt@wanderlust.example" },
      }),
      ok: 200,
    },
    registerAgent: {
      target: "agentFlow",
      call: (w) => ({
        method: "POST",
        url: "/api/bookings/agent",
        payload: {
          id: w.agent.agent.ID,
          verification: w.agent.verification.token,
        },
      }),
      ok: 200,
    },
    registerAgentStaff: {
      target: "agentFlow",
      call: (w) => ({
        method: "POST",
        url: "/api/bookings/agent-staff",
        payload: {
          id: w.agent.staff.Id,
          verification: w.agent.verification.token,
        },
      }),
      ok: 200,
    },
    confirmAgentBooking: {
      target: "agentFlow",
      last: true,
      call: () => ({
        method: "POST",
        url: "/api/bookings/agent-confirm",
        payload: { action: "confirm", agent_terms_accepted: true },
      }),
      ok: 200,
    },
    listAccountBookings: {
      target: "account",
      call: () => ({ method: "GET", url: "/api/account/bookings" }),
      ok: 200,
    },
    getAccountBooking: {
      target: "account",
      call: (w) => ({ method: "GET", url: accountPath(w) }),
      missing: () => ({
        method: "GET",
        url: `/api/account/bookings/${MISSING_ID}`,
      }),
      ok: 200,
    },
    getProfile: {
      target: "account",
      call: () => ({ method: "GET", url: "/api/account/profile" }),
      ok: 200,
    },
    updatePassenger: {
      target: "account",
      call: async (w) => ({
        method: "PATCH",
        url: `${accountPath(w)}/passengers/${await firstPassenger(app(), w, w.victim.booking(DEMO.vienna))}`,
        payload: { arrival_time: "Own arrangements" },
      }),
      missing: () => ({
        method: "PATCH",
        url: `/api/account/bookings/${MISSING_ID}/passengers/${MISSING_ID}`,
        payload: { arrival_time: "Own arrangements" },
      }),
      ok: 200,
    },
    updateCorrespondence: {
      target: "account",
      call: (w) => ({
        method: "PATCH",
        url: `${accountPath(w)}/correspondence`,
        payload: { send_to: "in_person" },
      }),
      missing: () => ({
        method: "PATCH",
        url: `/api/account/bookings/${MISSING_ID}/correspondence`,
        payload: { send_to: "in_person" },
      }),
      ok: 200,
    },
    listDocuments: {
      target: "account",
      call: (w) => ({ method: "GET", url: `${accountPath(w)}/documents` }),
      missing: () => ({
        method: "GET",
        url: `/api/account/bookings/${MISSING_ID}/documents`,
      }),
      ok: 200,
    },
    // Run by its own runner (the link, not a header, is the credential); this entry classifies it.
    downloadDocument: {
      target: "public",
      call: (w) => ({ method: "GET", url: `${accountPath(w)}/documents/0` }),
      ok: 200,
    },
    listPayments: {
      target: "account",
      call: (w) => ({ method: "GET", url: `${accountPath(w)}/payments` }),
      missing: () => ({
        method: "GET",
        url: `/api/account/bookings/${MISSING_ID}/payments`,
      }),
      ok: 200,
    },
    submitPaymentReceipt: {
      target: "account",
      prepare: async (w) => {
        w.payments.account = await payOnForm(
          app(),
          (
            await openAccountPayment(
              app(),
              w.victim.headers,
              w.victim.booking(DEMO.vienna),
              1_500,
            )
          ).token,
        );
      },
      call: (w) => ({
        method: "PUT",
        url: `${accountPath(w)}/payments/${w.payments.account}?currency=GBP`,
        payload: { payment_method_id: "pm_sandbox_visa_4242" },
      }),
      missing: (w) => ({
        method: "PUT",
        url: `/api/account/bookings/${MISSING_ID}/payments/${w.payments.account}?currency=GBP`,
        payload: { payment_method_id: "pm_sandbox_visa_4242" },
      }),
      ok: 200,
    },
    createAccountPaymentToken: {
      target: "account",
      call: (w) => ({
        method: "POST",
        url: `${accountPath(w)}/payments/token`,
        payload: cardPaymentRequest(w.victim.booking(DEMO.vienna), 1_000),
      }),
      missing: (w) => ({
        method: "POST",
        url: `/api/account/bookings/${MISSING_ID}/payments/token`,
        payload: cardPaymentRequest(w.victim.booking(DEMO.vienna), 1_000),
      }),
      ok: 201,
    },
  };
}
