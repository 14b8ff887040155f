import type { FastifyInstance } from 'fastify';
import { passengerRoutes } from './account/passenger-routes.ts';
import { accountBookingRoutes } from './account/booking-routes.ts';
import { accountPaymentRoutes } from './account/payment-routes.ts';
import { accountRoutes } from './account/routes.ts';
import { agentRoutes } from './agents/routes.ts';
import { bookingRoutes } from './bookings/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { confirmationRoutes } from './confirmation/routes.ts';
import { documentRoutes } from './documents/routes.ts';
import { geolocationRoutes } from './geolocation/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { identityConfigRoutes } from './identity-provider/index.ts';
import { marketingRoutes } from './marketing/routes.ts';
import { optionRoutes } from './options/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { postcodeRoutes } from './postcodes/routes.ts';
import { promotionRoutes } from './promotions/routes.ts';
import { selectionRoutes } from './selections/routes.ts';
import { testingRoutes } from './testing/faults.ts';

/** Every module's routes, each registered under /api in its own encapsulated context. */
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
  paymentRoutes,
  confirmationRoutes,
  agentRoutes,
  accountRoutes,
  accountBookingRoutes,
  accountPaymentRoutes,
  passengerRoutes,
  documentRoutes,
  // Mounts nothing unless TEST_FAULTS=true.
  testingRoutes,
];
