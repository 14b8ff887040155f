import { getStaffMe } from '@tours/domain/contracts/staff/session';
import type { StaffPermission } from '@tours/domain/staff/permissions';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { readJson, removeItem } from '../../lib/storage.ts';
import { rememberReturnTo } from '../lib/return-to.ts';
import { onSessionEnded, staffCall } from '../lib/staff-api.ts';
import { useStaffSession } from '../lib/staff-session.ts';
import { CONSOLE_STORAGE_KEYS } from '../lib/storage-keys.ts';

/**
 * The signed-in part of the console. Without a session: to the sign-in,
 * remembering the page (a deep link), or to 'signed out' right after a
 * sign-out. With one, GET /staff/me is asked again whenever the console
 * opens, so roles an administrator changed show at once; and whenever any
 * staff call finds the session ended (401), the member goes to the sign-in
 * with the page they were on kept for afterwards.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useStaffSession((state) => state.session);
  const ended = useStaffSession((state) => state.ended);
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;

  // The page the session ended on is kept for afterwards; the render below (with no session) goes to the sign-in,
  // telling it why. Navigating here as well would race that render, which could drop the reason.
  useEffect(() => {
    onSessionEnded(() => {
      rememberReturnTo(`${window.location.pathname.replace(/^\/admin/, '') || '/'}${window.location.search}`);
      useStaffSession.getState().expire();
    });
  }, []);

  const token = session?.token;
  const me = useQuery({ queryKey: ['staff', 'me', token], queryFn: () => staffCall(getStaffMe, {}), enabled: Boolean(token), staleTime: 60_000 });
  useEffect(() => {
    if (me.data) useStaffSession.getState().refreshed(me.data.body.data);
  }, [me.data]);

  if (!session) {
    if (ended) return <Navigate to="/sign-in" replace state={{ ended: true }} />;
    if (readJson(CONSOLE_STORAGE_KEYS.signedOut) === true) {
      removeItem(CONSOLE_STORAGE_KEYS.signedOut);
      return <Navigate to="/signed-out" replace />;
    }
    rememberReturnTo(path);
    return <Navigate to="/sign-in" replace />;
  }
  return children;
}

/** A page for members whose roles hold `permission`; others are shown that their role does not allow it. */
export function RequirePermission({ permission, children }: { permission: StaffPermission; children: ReactNode }) {
  const permissions = useStaffSession((state) => state.session?.me.permissions ?? []);
  if (!permissions.includes(permission)) return <Navigate to="/" replace state={{ forbidden: true }} />;
  return children;
}
