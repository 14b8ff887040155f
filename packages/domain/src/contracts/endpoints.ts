import * as account from './account.ts';
import * as agents from './agents.ts';
import * as booking from './booking.ts';
import * as catalogue from './catalogue.ts';
import * as documents from './documents.ts';
import * as identity from './identity.ts';
import * as options from './options.ts';
import * as payments from './payments.ts';
import * as postcodes from './postcodes.ts';
import * as selections from './selections.ts';
import * as settlement from './settlement.ts';
import * as staffAgencies from './staff/agencies.ts';
import * as staffBookingPage from './staff/booking-page.ts';
import * as staffBookings from './staff/bookings.ts';
import * as staffBookingCare from './staff/booking-care.ts';
import * as staffCancellation from './staff/cancellation.ts';
import * as staffDepartures from './staff/departures.ts';
import * as catalogueTours from './staff/catalogue-tours.ts';
import * as catalogueDepartures from './staff/catalogue-departures.ts';
import * as catalogueInventory from './staff/catalogue-inventory.ts';
import * as staffMembers from './staff/members.ts';
import * as staffMoney from './staff/money.ts';
import * as staffPromotions from './staff/promotions.ts';
import * as staffSession from './staff/session.ts';
import * as staffTourPictures from './staff/tour-pictures.ts';

/** The calls of the customer site, the account area and the travel agents' booking flow. */
export const SITE_ENDPOINTS = {
  findTour: catalogue.findTour,
  listCatalogue: catalogue.listCatalogue,
  getTourDetail: catalogue.getTourDetail,
  getTourDeparture: catalogue.getTourDeparture,
  listMarketingSources: catalogue.listMarketingSources,
  health: catalogue.health,
  lookupPostcode: postcodes.lookupPostcode,
  getIdentityConfig: identity.getIdentityConfig,

  createBooking: booking.createBooking,
  updatePassengers: booking.updatePassengers,
  getBookingTour: booking.getBookingTour,
  confirmBooking: booking.confirmBooking,
  getBookingSettlement: settlement.getBookingSettlement,
  getPaymentDetails: booking.getPaymentDetails,
  applyPromotion: booking.applyPromotion,
  removePromotion: booking.removePromotion,
  submitSelections: selections.submitSelections,
  submitSelection: selections.submitSelection,
  listFlightOptions: options.listFlightOptions,
  listAccommodationOptions: options.listAccommodationOptions,
  listExtraOptions: options.listExtraOptions,
  listTourComponents: options.listTourComponents,
  listPromotions: options.listPromotions,
  createPaymentToken: payments.createPaymentToken,

  listAgents: agents.listAgents,
  getAgent: agents.getAgent,
  listAgentStaff: agents.listAgentStaff,
  verifyAgentStaff: agents.verifyAgentStaff,
  registerAgent: agents.registerAgent,
  registerAgentStaff: agents.registerAgentStaff,
  confirmAgentBooking: agents.confirmAgentBooking,

  listAccountBookings: account.listAccountBookings,
  getAccountBooking: account.getAccountBooking,
  getProfile: account.getProfile,
  updatePassenger: account.updatePassenger,
  updateCorrespondence: account.updateCorrespondence,
  listDocuments: documents.listDocuments,
  downloadDocument: documents.downloadDocument,
  listPayments: payments.listPayments,
  submitPaymentReceipt: payments.submitPaymentReceipt,
  createAccountPaymentToken: payments.createAccountPaymentToken,
} as const;

/** The staff console's calls (docs/decisions/0018-staff-console.md): every path under /staff. */
export const STAFF_ENDPOINTS = {
  startStaffSession: staffSession.startStaffSession,
  registerStaffPasskey: staffSession.registerStaffPasskey,
  assertStaffPasskey: staffSession.assertStaffPasskey,
  useStaffRecoveryCode: staffSession.useStaffRecoveryCode,
  endStaffSession: staffSession.endStaffSession,
  getStaffMe: staffSession.getStaffMe,
  startOwnPasskey: staffSession.startOwnPasskey,
  addOwnPasskey: staffSession.addOwnPasskey,
  listStaffMembers: staffMembers.listStaffMembers,
  getStaffMember: staffMembers.getStaffMember,
  addStaffMember: staffMembers.addStaffMember,
  updateStaffMember: staffMembers.updateStaffMember,
  resetStaffPasskeys: staffMembers.resetStaffPasskeys,
  listStaffBookings: staffBookings.listStaffBookings,
  exportStaffBookings: staffBookings.exportStaffBookings,
  getStaffQueue: staffBookings.getStaffQueue,
  getStaffBooking: staffBookingPage.getStaffBooking,
  addStaffBookingNote: staffBookingPage.addStaffBookingNote,
  getStaffBookingMessage: staffBookingPage.getStaffBookingMessage,
  downloadStaffBookingDocument: staffBookingPage.downloadStaffBookingDocument,
  createStaffRefund: staffMoney.createStaffRefund,
  recordStaffPayment: staffMoney.recordStaffPayment,
  getCancellationPreview: staffCancellation.getCancellationPreview,
  cancelStaffBooking: staffCancellation.cancelStaffBooking,
  confirmOptionalBooking: staffCancellation.confirmOptionalBooking,
  declineOptionalBooking: staffCancellation.declineOptionalBooking,
  confirmUnconfirmedBooking: staffCancellation.confirmUnconfirmedBooking,
  refundUnconfirmedBooking: staffCancellation.refundUnconfirmedBooking,
  updateStaffPassenger: staffBookingCare.updateStaffPassenger,
  updateStaffCorrespondence: staffBookingCare.updateStaffCorrespondence,
  resendConfirmationEmail: staffBookingCare.resendConfirmationEmail,
  resendBookingDocument: staffBookingCare.resendBookingDocument,
  resolveBookingFlag: staffBookingCare.resolveBookingFlag,
  markQueueItemDealtWith: staffBookingCare.markQueueItemDealtWith,
  listStaffDepartures: staffDepartures.listStaffDepartures,
  getStaffDeparture: staffDepartures.getStaffDeparture,
  downloadPassengerManifest: staffDepartures.downloadPassengerManifest,
  downloadRoomingList: staffDepartures.downloadRoomingList,
  downloadFlightManifest: staffDepartures.downloadFlightManifest,
  downloadAgencyStatement: staffDepartures.downloadAgencyStatement,
  listCatalogueTours: catalogueTours.listCatalogueTours,
  getCatalogueTour: catalogueTours.getCatalogueTour,
  createCatalogueTour: catalogueTours.createCatalogueTour,
  updateCatalogueTour: catalogueTours.updateCatalogueTour,
  deleteCatalogueTour: catalogueTours.deleteCatalogueTour,
  createCatalogueDeparture: catalogueDepartures.createCatalogueDeparture,
  getCatalogueDeparture: catalogueDepartures.getCatalogueDeparture,
  updateCatalogueDeparture: catalogueDepartures.updateCatalogueDeparture,
  deleteCatalogueDeparture: catalogueDepartures.deleteCatalogueDeparture,
  addDepartureOption: catalogueInventory.addDepartureOption,
  updateDepartureOption: catalogueInventory.updateDepartureOption,
  deleteDepartureOption: catalogueInventory.deleteDepartureOption,
  getLowStock: catalogueInventory.getLowStock,
  exportSeason: catalogueInventory.exportSeason,
  importSeason: catalogueInventory.importSeason,
  listStaffTourPictures: staffTourPictures.listStaffTourPictures,
  uploadTourPicture: staffTourPictures.uploadTourPicture,
  updateTourPicture: staffTourPictures.updateTourPicture,
  reorderTourPictures: staffTourPictures.reorderTourPictures,
  deleteTourPicture: staffTourPictures.deleteTourPicture,
  // Issue 27: promotional codes and travel agencies.
  listStaffPromotions: staffPromotions.listStaffPromotions,
  getStaffPromotion: staffPromotions.getStaffPromotion,
  addStaffPromotion: staffPromotions.addStaffPromotion,
  updateStaffPromotion: staffPromotions.updateStaffPromotion,
  deleteStaffPromotion: staffPromotions.deleteStaffPromotion,
  listStaffAgencies: staffAgencies.listStaffAgencies,
  getStaffAgency: staffAgencies.getStaffAgency,
  addStaffAgency: staffAgencies.addStaffAgency,
  updateStaffAgency: staffAgencies.updateStaffAgency,
  addStaffAgencyMember: staffAgencies.addStaffAgencyMember,
  updateStaffAgencyMember: staffAgencies.updateStaffAgencyMember,
} as const;

/**
 * Every call of the product in one map: the API registers a route for each,
 * and a test checks each is unique and documents itself as OpenAPI.
 */
export const ENDPOINTS = { ...SITE_ENDPOINTS, ...STAFF_ENDPOINTS } as const;

export type EndpointName = keyof typeof ENDPOINTS;
export type SiteEndpointName = keyof typeof SITE_ENDPOINTS;
export type StaffEndpointName = keyof typeof STAFF_ENDPOINTS;
