/** The staff console's bookings: its routes, and the job that keeps the bookings CSV's read model current. */
export { exportLinesPlugin } from './export-lines.ts';
export { staffBookingRoutes } from './routes.ts';
