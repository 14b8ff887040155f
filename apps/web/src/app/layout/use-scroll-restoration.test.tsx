import { fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../test/render.tsx';
import { useScrollRestoration } from './use-scroll-restoration.ts';

function Page() {
  useScrollRestoration();
  return null;
}

const scrolledTo = (y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
};

describe('scroll restoration (what the data router did)', () => {
  it('starts a new page at its top, leaves a change of the query alone, and returns to the place on Back and Forward', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderInRouter(<Page />, '/tours');
    expect(scrollTo).not.toHaveBeenCalled();

    scrolledTo(640);
    await router.navigate('/tours?currency=USD');
    expect(scrollTo).not.toHaveBeenCalled();

    scrolledTo(700);
    await router.navigate('/tours/MHW-VIE');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrolledTo(300);
    await router.navigate(-1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 700);

    await router.navigate(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
    expect(window.history.scrollRestoration).toBe('manual');
  });
});
