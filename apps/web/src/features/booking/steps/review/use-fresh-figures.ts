import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchPaymentDetails, paymentDetailsKey } from '../../api/payment-api.ts';
import type { ActiveBooking } from '../../store/active-booking.ts';
import { usePaymentStore } from '../../store/payment-store.ts';

export interface FreshFigures {
  /** 'ready' once the server's figures have replaced the remembered ones on this visit to review. */
  status: 'loading' | 'ready' | 'error';
  refresh: () => void;
}

/**
 * The server's current total, deposit and promotion at review (spec section
 * 4: the amounts are the server's). What this tab remembered may be out of
 * date: the selections or the promotion changed in another tab, or the page
 * reloaded after 'Expired request' because the price changed. They are asked
 * for on every arrival and when the visitor comes back to the tab, and no
 * payment is opened before the answer has replaced them. Not asked while a
 * payment awaits its confirmation: that payment's amount is what counts then.
 */
export function useFreshFigures(booking: ActiveBooking, enabled: boolean): FreshFigures {
  const query = useQuery({
    queryKey: paymentDetailsKey(booking.id),
    queryFn: async ({ signal }) => {
      const figures = await fetchPaymentDetails(booking, signal);
      // A check overtaken by a change made on this page (a promotion applied) is dropped, not written over it.
      if (!signal.aborted) usePaymentStore.getState().figuresRefreshed(figures);
      return figures;
    },
    enabled,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: true,
  });
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const status = query.isFetchedAfterMount && query.data !== undefined ? 'ready' : query.isError ? 'error' : 'loading';
  return { status, refresh };
}
