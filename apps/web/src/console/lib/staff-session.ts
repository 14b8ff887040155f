import { staffMeSchema, type StaffMe, type StaffSession } from '@tours/domain/contracts/staff/session';
import { z } from 'zod/mini';
import { create } from 'zustand';
import { readJson, removeItem, writeJson } from '../../lib/storage.ts';
import { CONSOLE_STORAGE_KEYS } from './storage-keys.ts';

/**
 * The signed-in staff member, for the tab (session storage): the session's
 * token, which every staff call sends, and what GET /api/staff/me says
 * about it. A stored value that does not parse is no session at all.
 */
const storedSessionSchema = z.object({ token: z.string().check(z.minLength(1)), me: staffMeSchema });
export type StoredStaffSession = z.infer<typeof storedSessionSchema>;

function restore(): StoredStaffSession | null {
  const parsed = storedSessionSchema.safeParse(readJson(CONSOLE_STORAGE_KEYS.session));
  return parsed.success ? parsed.data : null;
}

interface StaffSessionState {
  session: StoredStaffSession | null;
  /** The session was ended by the API (a staff call answered 401), not by the member: the sign-in page says so. */
  ended: boolean;
  signedIn: (session: StaffSession) => void;
  /** GET /staff/me answered afresh (roles changed by an administrator, say). */
  refreshed: (me: StaffMe) => void;
  clear: () => void;
  /** The API found the session ended (idle, 12 hours, signed out elsewhere, deactivated). */
  expire: () => void;
}

export const useStaffSession = create<StaffSessionState>()((set, get) => ({
  session: restore(),
  ended: false,
  signedIn: ({ token, ...me }) => {
    const session = { token, me };
    writeJson(CONSOLE_STORAGE_KEYS.session, session);
    set({ session, ended: false });
  },
  refreshed: (me) => {
    const current = get().session;
    if (!current) return;
    const session = { token: current.token, me };
    writeJson(CONSOLE_STORAGE_KEYS.session, session);
    set({ session });
  },
  clear: () => {
    removeItem(CONSOLE_STORAGE_KEYS.session);
    set({ session: null, ended: false });
  },
  expire: () => {
    removeItem(CONSOLE_STORAGE_KEYS.session);
    set({ session: null, ended: true });
  },
}));

export const currentStaffToken = (): string | null => useStaffSession.getState().session?.token ?? null;

/** The signed-in member's view; the layout renders only with a session, so pages may rely on it. */
export function useStaffMe(): StaffMe {
  const me = useStaffSession((state) => state.session?.me);
  if (!me) throw new Error('A console page rendered without a staff session');
  return me;
}
