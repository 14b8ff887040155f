import {
  addressSchema,
  agentSchema,
  agentStaffSchema,
  agentVerificationSchema,
  customerSchema,
  type AddressRecord,
  type Agent,
  type AgentStaff,
  type AgentVerification,
  type Customer,
} from '@tours/domain/contracts/session-records';
import { z } from 'zod/mini';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistOptions, registerPersistedStore, STORAGE_KEYS } from '../storage.ts';

/**
 * The account session (spec section 3), in session storage (section 4,
 * Persistence). It lives in the shared layer because the header, Home, the
 * booking flow and the account area all read it and features may not import
 * each other. The OpenID Connect user itself (tokens included) is kept by
 * oidc-client-ts (./user-manager.ts); this store holds what the pages need.
 */

/** Who signed in, from the ID token: enough to greet and to log out, no tokens. */
export const sessionUserSchema = z.object({
  sub: z.string(),
  email: z.nullable(z.string()),
  /** Epoch seconds when the access token expires. */
  expiresAt: z.nullable(z.number()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const overlaySchema = z.object({ status: z.boolean(), type: z.string() });

/** Where a sign-in may return to: our own paths only, so a tampered value cannot send anyone away. */
export const returnPathSchema = z.string().check(z.regex(/^\/(?!\/)/));

export const accountSessionSchema = z.object({
  user: z.nullable(sessionUserSchema),
  customer: z.nullable(customerSchema),
  customerAddress: z.nullable(addressSchema),
  isAuth: z.boolean(),
  accessToken: z.nullable(z.string().check(z.minLength(1))),
  agent: z.nullable(agentSchema),
  agentStaff: z.nullable(agentStaffSchema),
  /**
   * The proof the modal's Verify answered (contract verifyAgentStaff): the
   * booking flow sends its token when it registers the agent and the staff
   * member on a booking.
   */
  agentVerification: z.nullable(agentVerificationSchema),
  bookingTab: z.number().check(z.int(), z.minimum(0)),
  /** The booking the Booked Item page shows, so its remembered tab belongs to it (spec section 2, Booked Item). */
  activeBookingId: z.nullable(z.number().check(z.int())),
  overlay: overlaySchema,
  bookingURL: z.nullable(z.string().check(z.minLength(1))),
  locationWhenAuthenticating: returnPathSchema,
  authenticating: z.boolean(),
});
export type AccountSessionData = z.infer<typeof accountSessionSchema>;

export const OVERLAY_AUTHENTICATING = 'authenticating';

export const INITIAL_ACCOUNT_SESSION: AccountSessionData = {
  user: null,
  customer: null,
  customerAddress: null,
  isAuth: false,
  accessToken: null,
  agent: null,
  agentStaff: null,
  agentVerification: null,
  bookingTab: 0,
  activeBookingId: null,
  overlay: { status: false, type: '' },
  bookingURL: null,
  locationWhenAuthenticating: '/',
  authenticating: false,
};

interface AccountSessionActions {
  /** The sign-in redirect is about to start; `returnTo` is where the visitor goes back afterwards. */
  beginAuthentication: (returnTo?: string) => void;
  /** The overlay is clicked away (say, after coming back from the provider with the Back button). */
  clearOverlay: () => void;
  signedIn: (user: SessionUser, accessToken: string, customer: Customer, address: AddressRecord | null) => void;
  /** A silent renewal brought a fresh access token. */
  renewed: (accessToken: string, expiresAt: number | null) => void;
  /** Remember where to come back to after signing in (a deep link reached without a session). */
  rememberLocation: (path: string) => void;
  setBookingUrl: (url: string | null) => void;
  setBookingTab: (tab: number) => void;
  /** The Booked Item page opens `id`: another booking than the last one starts on its first tab. */
  viewBooking: (id: number) => void;
  /** The travel agent modal verified an agent and staff member (or, with nulls, forgot them). */
  setAgent: (agent: Agent | null, agentStaff: AgentStaff | null, agentVerification: AgentVerification | null) => void;
  /**
   * Back to the initial values (spec section 4, Logout), except the saved
   * booking URL: the logout question promises 'click on the continue booking'
   * afterwards, which Home offers from it (lib/storage.ts KEPT_AT_LOGOUT).
   */
  reset: () => void;
}

export type AccountSessionState = AccountSessionData & AccountSessionActions;

const safeReturnPath = (path: string | undefined): string => {
  const parsed = returnPathSchema.safeParse(path);
  return parsed.success ? parsed.data : '/';
};

export const useAccountSession = create<AccountSessionState>()(
  persist(
    (set, get) => ({
      ...INITIAL_ACCOUNT_SESSION,
      beginAuthentication: (returnTo) =>
        set({
          authenticating: true,
          overlay: { status: true, type: OVERLAY_AUTHENTICATING },
          locationWhenAuthenticating: returnTo === undefined ? get().locationWhenAuthenticating : safeReturnPath(returnTo),
        }),
      clearOverlay: () => set({ overlay: { status: false, type: '' }, authenticating: false }),
      signedIn: (user, accessToken, customer, address) =>
        set({
          user,
          accessToken,
          customer,
          customerAddress: address,
          isAuth: true,
          authenticating: false,
          overlay: { status: false, type: '' },
        }),
      renewed: (accessToken, expiresAt) => {
        const user = get().user;
        set({ accessToken, user: user ? { ...user, expiresAt } : user });
      },
      rememberLocation: (path) => set({ locationWhenAuthenticating: safeReturnPath(path) }),
      setBookingUrl: (url) => set({ bookingURL: url }),
      setBookingTab: (tab) => set({ bookingTab: Math.max(0, Math.trunc(tab)) }),
      viewBooking: (id) => {
        if (get().activeBookingId !== id) set({ activeBookingId: id, bookingTab: 0 });
      },
      setAgent: (agent, agentStaff, agentVerification) => set({ agent, agentStaff, agentVerification }),
      reset: () => set({ ...INITIAL_ACCOUNT_SESSION, bookingURL: get().bookingURL }),
    }),
    persistOptions<AccountSessionState, typeof accountSessionSchema>(STORAGE_KEYS.accountSession, accountSessionSchema),
  ),
);
registerPersistedStore(STORAGE_KEYS.accountSession, () => useAccountSession.getState().reset());

/** Signed in means a token and the customer it belongs to (what the header and the account area go by). */
export function isSignedIn(state: AccountSessionData = useAccountSession.getState()): boolean {
  return state.isAuth && state.accessToken !== null;
}

/** The customer's access token for API calls, when one exists (spec section 7). */
export function currentAccessToken(): string | null {
  const state = useAccountSession.getState();
  return state.isAuth ? state.accessToken : null;
}
