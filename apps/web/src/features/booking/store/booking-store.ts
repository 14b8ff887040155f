import {
  allocateMandatoryFlights,
  allocateRooms,
  allocationsSchema,
  BOOKING_TOKEN_TIMEOUT_SECONDS,
  bookingTourSchema,
  chooseFlight,
  emptyAllocations,
  laterStep,
  OWN_ARRANGEMENTS,
  removePassengerFrom,
  addPassenger,
  participantAddressSchema,
  PURCHASE_TIMEOUT_SECONDS,
  sessionExpiry,
  sessionStatus,
  STEP_IDS,
  togglePassenger,
  type BookingTour,
  type CreatedBooking,
  type UpdatedPassengers,
  type Direction,
  type FlightChoice,
  type FlightOptionGroup,
  type RoomTypeChoice,
  type SessionStatus,
  type StepId,
  UNCONFIRMED_TIMEOUT_SECONDS,
} from '@tours/domain';
import { z } from 'zod/mini';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistOptions, registerPersistedStore, STORAGE_KEYS } from '../../../lib/storage.ts';
import { clearBookingUrl } from '../../../lib/saved-booking-url.ts';
import { bookingQuerySchema, sameBookingQuery, type BookingQuery } from '../booking-query.ts';
import { activeBookingSchema } from './active-booking.ts';
import { usePassengerStore } from './passenger-store.ts';

/**
 * The booking flow state (spec section 3, Booking flow state), kept in
 * session storage (spec section 4, Persistence) so a reload at any step
 * resumes there, while a new tab starts afresh.
 */

/** A booked passenger as the later steps name them. */
const flowPassengerSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  title: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  is_lead: z.boolean(),
});
export type FlowPassenger = z.output<typeof flowPassengerSchema>;

/** The lead passenger's e-mail and address as the booking was made with them: the payer of the card form (spec section 7). */
const leadContactSchema = z.object({ email: z.string().check(z.minLength(1)), address: participantAddressSchema });
export type LeadContact = z.output<typeof leadContactSchema>;

const flightChoiceSchema = z.union([z.number().check(z.int(), z.positive()), z.literal(OWN_ARRANGEMENTS)]);

const bookingSummarySchema = z.object({
  /** The booking's tour as GET /bookings/tour answers it; its id keys the option calls. */
  mainProduct: z.nullable(bookingTourSchema),
  /** The room type chosen at 3a for every hotel. */
  roomChoice: z.nullable(z.string()),
  /** Each passenger's flight choice at 2a, by passenger id. */
  flightChoice: z.record(z.string().check(z.regex(/^\d+$/)), flightChoiceSchema),
});
export type BookingSummaryState = z.output<typeof bookingSummarySchema>;

/**
 * The last booking this tab saw through to its confirmation. It outlives the
 * booking's 90 s after purchase (spec section 4) and every restart, so that
 * the browser's Back into that booking's steps shows it was bought instead of
 * opening them again for a second booking with the same travellers (issue 25).
 */
const finishedBookingSchema = z.object({
  origin: bookingQuerySchema,
  bookingId: z.number().check(z.int(), z.positive()),
  reference: z.nullable(z.string()),
  email: z.nullable(z.string()),
});
export type FinishedBooking = z.output<typeof finishedBookingSchema>;

/**
 * The booking flow state (spec section 3, Booking flow state), one shape:
 * every persisted key with its own schema, so a stale or tampered key falls
 * back to its default alone; the types below are read from it.
 */
export const bookingStateSchema = z.object({
  /** The query the booking was started from; another query restarts it. */
  origin: z.nullable(bookingQuerySchema),
  step: z.enum(STEP_IDS),
  direction: z.enum(['forward', 'back']),
  /** The furthest step reached on this booking: Back, Forward and Change go no further (canVisitStep). */
  furthest: z.enum(STEP_IDS),
  /** False shows the availability-error screen. */
  availability: z.boolean(),
  unconfirmed: z.boolean(),
  /** Seconds the booking token lives (spec section 4, Session timeouts). */
  tokenTimeout: z.number().check(z.int(), z.positive()),
  activeBooking: z.nullable(activeBookingSchema),
  passengers: z.array(flowPassengerSchema),
  leadContact: z.nullable(leadContactSchema),
  summary: bookingSummarySchema,
  /** The selections as the visitor makes them; sent whole at the end of step 3. */
  allocations: allocationsSchema,
  finished: z.nullable(finishedBookingSchema),
});

/**
 * How the last change of step enters the browser's history: a step the
 * visitor moved to gets an entry of its own; a step passed automatically (found
 * empty on arrival), a correction or a restart takes the place of the current
 * one, so Back and Forward skip what does not apply.
 */
export type HistoryEntry = 'push' | 'replace';

export type BookingFlowData = z.output<typeof bookingStateSchema> & {
  /** Never persisted: only the change that just happened has one. */
  historyEntry: HistoryEntry;
  /** The step loader: true while a call the step waits on runs. Never persisted: a reload ends every call. */
  stepLoading: boolean;
};

interface BookingActions {
  /**
   * A fresh booking for the query: everything of any earlier booking goes,
   * except the record of the last one finished, unless this is a new booking
   * of that very departure.
   */
  restart: (origin: BookingQuery | null) => void;
  /** Everything goes, the finished booking's record too (logout, the end of an agent session). */
  clear: () => void;
  goToStep: (step: StepId, direction: Direction, entry?: HistoryEntry) => void;
  setStepLoading: (loading: boolean) => void;
  setAvailability: (available: boolean) => void;
  bookingCreated: (created: CreatedBooking, now?: number) => void;
  /** Step 1 again with as many participants: the same booking, its passengers' details as the server now has them. */
  passengersUpdated: (updated: UpdatedPassengers['booking']) => void;
  /**
   * Step 1 again with another number of participants: the server made a new
   * booking in place of the old one. Its selections belonged to the old
   * passengers and party size, so they go, and the flow's furthest step with them.
   */
  bookingReplaced: (created: CreatedBooking, now?: number) => void;
  setMainProduct: (tour: BookingTour) => void;
  allocateMandatoryFlights: (groups: readonly FlightOptionGroup[]) => void;
  chooseFlight: (groups: readonly FlightOptionGroup[], passengerId: number, choice: FlightChoice) => void;
  toggleExtra: (componentId: number, passengerId: number, on: boolean) => void;
  chooseRoom: (choice: RoomTypeChoice) => void;
  /** One of the listed additional nights for a passenger, or null to opt out. */
  chooseAdditionalNight: (nightIds: readonly number[], passengerId: number, nightId: number | null) => void;
  /** Confirmed (with the post-payment reference): step 5, and the session lives 90 s more (spec section 4, Session timeouts). */
  purchaseCompleted: (now?: number, reference?: string | null) => void;
  /** Paid but not confirmed: the unconfirmed screen, and the session lives 90 s more. */
  bookingUnconfirmed: (now?: number) => void;
}

export type BookingState = BookingFlowData & BookingActions;

export const initialBookingData = (origin: BookingQuery | null = null): BookingFlowData => ({
  origin,
  step: '1',
  direction: 'forward',
  furthest: '1',
  historyEntry: 'replace',
  stepLoading: false,
  availability: true,
  unconfirmed: false,
  tokenTimeout: BOOKING_TOKEN_TIMEOUT_SECONDS,
  activeBooking: null,
  passengers: [],
  leadContact: null,
  summary: { mainProduct: null, roomChoice: null, flightChoice: {} },
  allocations: emptyAllocations(),
  finished: null,
});

/** A change of step, as the state update every move makes: the furthest step reached moves with it. */
export const movedTo =
  (step: StepId, direction: Direction, historyEntry: HistoryEntry = 'push') =>
  (state: Pick<BookingFlowData, 'furthest'>): Pick<BookingFlowData, 'step' | 'direction' | 'historyEntry' | 'furthest'> => ({
    step,
    direction,
    historyEntry,
    furthest: laterStep(state.furthest, step),
  });

export const useBookingStore = create<BookingState>()(
  persist(
    (set, get) => ({
      ...initialBookingData(),
      restart: (origin) =>
        set((state) => ({
          ...initialBookingData(origin),
          finished: state.finished && !sameBookingQuery(state.finished.origin, origin) ? state.finished : null,
        })),
      clear: () => set(initialBookingData(null)),
      goToStep: (step, direction, historyEntry = 'push') => set(movedTo(step, direction, historyEntry)),
      setStepLoading: (stepLoading) => set({ stepLoading }),
      setAvailability: (availability) => set({ availability }),
      bookingCreated: (created, now = Date.now()) =>
        set({
          activeBooking: {
            id: created.booking.id,
            token: created.token.token,
            expiresAt: sessionExpiry(now, created.token.timeout_seconds),
          },
          tokenTimeout: created.token.timeout_seconds,
          passengers: created.booking.passengers.map(flowPassenger),
          leadContact: leadContactOf(created.booking),
        }),
      passengersUpdated: (booking) =>
        set({ passengers: booking.passengers.map(flowPassenger), leadContact: leadContactOf(booking) }),
      bookingReplaced: (created, now = Date.now()) => {
        get().bookingCreated(created, now);
        set((state) => ({
          allocations: emptyAllocations(),
          summary: { ...state.summary, roomChoice: null, flightChoice: {} },
          furthest: '1',
        }));
      },
      setMainProduct: (mainProduct) => set((state) => ({ summary: { ...state.summary, mainProduct } })),
      allocateMandatoryFlights: (groups) =>
        set((state) => {
          const flights = allocateMandatoryFlights(state.allocations.flights, groups, state.passengers.map((p) => p.id));
          // Equal contents keep the same object, so subscribers do not re-render for nothing.
          return JSON.stringify(flights) === JSON.stringify(state.allocations.flights)
            ? state
            : { allocations: { ...state.allocations, flights } };
        }),
      chooseFlight: (groups, passengerId, choice) =>
        set((state) => ({
          allocations: { ...state.allocations, flights: chooseFlight(state.allocations.flights, groups, passengerId, choice) },
          summary: { ...state.summary, flightChoice: { ...state.summary.flightChoice, [passengerId]: choice } },
        })),
      toggleExtra: (componentId, passengerId, on) =>
        set((state) => ({
          allocations: { ...state.allocations, extras: togglePassenger(state.allocations.extras, componentId, passengerId, on) },
        })),
      chooseRoom: (choice) =>
        set((state) => ({
          allocations: { ...state.allocations, accommodation: allocateRooms(choice.rooms, state.passengers.map((p) => p.id)) },
          summary: { ...state.summary, roomChoice: choice.type },
        })),
      chooseAdditionalNight: (nightIds, passengerId, nightId) =>
        set((state) => {
          const cleared = removePassengerFrom(state.allocations.extras, nightIds, passengerId);
          const extras = nightId === null ? cleared : addPassenger(cleared, nightId, passengerId);
          return { allocations: { ...state.allocations, extras } };
        }),
      purchaseCompleted: (now = Date.now(), reference = null) => {
        clearBookingUrl();
        set((state) => ({
          step: '5a',
          direction: 'forward',
          unconfirmed: false,
          ...shortenedSession(state, PURCHASE_TIMEOUT_SECONDS, now),
          finished:
            state.origin && state.activeBooking
              ? { origin: state.origin, bookingId: state.activeBooking.id, reference, email: state.leadContact?.email ?? null }
              : state.finished,
        }));
        // The travellers belong to the booking just bought: the next booking starts with none, and may offer them again.
        usePassengerStore.getState().bookingFinished();
      },
      bookingUnconfirmed: (now = Date.now()) =>
        set((state) => ({ unconfirmed: true, ...shortenedSession(state, UNCONFIRMED_TIMEOUT_SECONDS, now) })),
    }),
    persistOptions<BookingState, typeof bookingStateSchema>(STORAGE_KEYS.booking, bookingStateSchema),
  ),
);
registerPersistedStore(STORAGE_KEYS.booking, () => useBookingStore.getState().clear());

const flowPassenger = ({ id, title, given_name, family_name, is_lead }: CreatedBooking['booking']['passengers'][number]): FlowPassenger => ({
  id,
  title,
  given_name,
  family_name,
  is_lead,
});

function leadContactOf(booking: CreatedBooking['booking']): LeadContact | null {
  const lead = booking.passengers.find((passenger) => passenger.is_lead) ?? booking.passengers[0];
  return lead ? { email: lead.email, address: lead.address } : null;
}

/** Once paid, the booking session ends this many seconds from now, whatever was left of the token's hour. */
function shortenedSession(state: BookingFlowData, timeoutSeconds: number, now: number): Partial<BookingFlowData> {
  if (!state.activeBooking) return { tokenTimeout: timeoutSeconds };
  return { tokenTimeout: timeoutSeconds, activeBooking: { ...state.activeBooking, expiresAt: sessionExpiry(now, timeoutSeconds) } };
}

/** 'Active Session' while a booking with a token exists and its expiry lies ahead (spec section 4, Steps). */
export function bookingSessionStatus(
  state: Pick<BookingFlowData, 'activeBooking'>,
  now: number = Date.now(),
): SessionStatus {
  const active = state.activeBooking;
  return sessionStatus(active ? { booking: { id: active.id }, token: { token: active.token } } : null, active?.expiresAt, now);
}

export const restartBooking = (origin: BookingQuery | null): void => useBookingStore.getState().restart(origin);
