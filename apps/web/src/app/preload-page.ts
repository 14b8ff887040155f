import { lookUpTourEarly } from '../features/booking/api/tour-lookup.ts';
import { pageFor, preloadPage } from './page-modules.ts';

/*
 * Imported by main.tsx before React: ES modules evaluate in import order, so
 * the page's chunk is requested while React and the shell are still being
 * evaluated (about 200 ms on a mid-range phone) instead of after them; and
 * /book's departure lookup, which its first step waits for, with it.
 */
/** Settles when the first page's chunk has arrived: main.tsx renders then, so the page, not 'Loading the page…', is what first shows. */
export const firstPageLoaded = preloadPage(window.location.pathname);
if (pageFor(window.location.pathname) === 'book') lookUpTourEarly(window.location.search);
