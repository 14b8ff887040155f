import type { FastifyInstance } from 'fastify';
import { passengerRoutes } from './account/passenger-routes.ts';
import { accountBookingRoutes } from './account/booking-routes.ts';
import { accountPaymentRoutes } from './account/payment-routes.ts';
import { accountRoutes } from './account/routes.ts';
import { agentBookingRoutes } from './agent-bookings/routes.ts';
import { agentRoutes } from './agents/routes.ts';
import { bookingCareRoutes } from './booking-actions/care-routes.ts';
import { bookingDecisionRoutes } from './booking-actions/cancellation-routes.ts';
import { bookingMoneyRoutes } from './booking-actions/money-routes.ts';
import { bookingPaymentRoutes } from './bookings/payment-routes.ts';
import { promotionRoutes } from './bookings/promotion-routes.ts';
import { promotionUsage } from './bookings/index.ts';
import { bookingRoutes } from './bookings/routes.ts';
import { catalogueAdminRoutes } from './catalogue/admin-routes.ts';
import { agencyStaffRoutes } from './agents/staff-routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { tourPictureRoutes } from './catalogue/pictures/routes.ts';
import { confirmationRoutes } from './confirmation/routes.ts';
import { documentRoutes } from './documents/routes.ts';
import { geolocationRoutes } from './geolocation/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { identityConfigRoutes } from './identity-provider/index.ts';
import { marketingRoutes } from './marketing/routes.ts';
import { optionRoutes } from './options/routes.ts';
import { postcodeRoutes } from './postcodes/routes.ts';
import { promotionStaffRoutes } from './promotions/staff-routes.ts';
import { selectionRoutes } from './selections/routes.ts';
import { staffBookingRoutes } from './staff-bookings/index.ts';
import { staffDepartureRoutes } from './staff-departures/routes.ts';
import { staffMeRoutes } from './staff/me-routes.ts';
import { staffMemberRoutes } from './staff/member-routes.ts';
import { staffSignInRoutes } from './staff/session-routes.ts';

/**
 * Every module's routes, each registered under /api in its own encapsulated
 * context. The composition: nothing else imports a module's routes, and a
 * module's face (its index.ts) never includes them. The test routes are
 * app.ts's to add, only with TEST_FAULTS=true.
 */
export const MODULES: ((app: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  catalogueRoutes,
  marketingRoutes,
  geolocationRoutes,
  postcodeRoutes,
  identityConfigRoutes,
  bookingRoutes,
  optionRoutes,
  selectionRoutes,
  promotionRoutes,
  bookingPaymentRoutes,
  confirmationRoutes,
  agentRoutes,
  agentBookingRoutes,
  accountRoutes,
  accountBookingRoutes,
  accountPaymentRoutes,
  passengerRoutes,
  documentRoutes,
  staffSignInRoutes,
  staffMeRoutes,
  staffMemberRoutes,
  staffBookingRoutes,
  staffDepartureRoutes,
  bookingMoneyRoutes,
  bookingDecisionRoutes,
  bookingCareRoutes,
  catalogueAdminRoutes,
  tourPictureRoutes,
  // Issue 27: the bookings count a code's uses (above promotions in the modules' direction), handed in here.
  promotionStaffRoutes(promotionUsage),
  agencyStaffRoutes,
];
