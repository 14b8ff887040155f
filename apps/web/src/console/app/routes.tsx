import { Route, Routes } from 'react-router';
import { AddAgencyPage } from '../features/agencies/add-agency-page.tsx';
import { AgenciesPage } from '../features/agencies/agencies-page.tsx';
import { AgencyPage } from '../features/agencies/agency-page.tsx';
import { BookingPage } from '../features/bookings/booking/booking-page.tsx';
import { BookingsPage } from '../features/bookings/search/bookings-page.tsx';
import { DeparturePage } from '../features/departures/departure-page.tsx';
import { DeparturesPage } from '../features/departures/departures-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { AddPromotionPage } from '../features/promotions/add-promotion-page.tsx';
import { PromotionPage } from '../features/promotions/promotion-page.tsx';
import { PromotionsPage } from '../features/promotions/promotions-page.tsx';
import { CallbackPage } from '../features/sign-in/callback-page.tsx';
import { AssertPasskeyPage, RegisterPasskeyPage } from '../features/sign-in/passkey-pages.tsx';
import { NewPasskeyOfferPage, RecoveryCodePage, RecoveryCodesPage } from '../features/sign-in/recovery-pages.tsx';
import { NotStaffPage, SignedOutPage, SignInPage } from '../features/sign-in/sign-in-pages.tsx';
import { AddMemberPage } from '../features/staff/add-member-page.tsx';
import { MemberPage } from '../features/staff/member-page.tsx';
import { StaffListPage } from '../features/staff/staff-list-page.tsx';
import { CatalogueDeparturePage } from '../features/tours/departure-page.tsx';
import { NewTourPage } from '../features/tours/new-tour-page.tsx';
import { SeasonPage } from '../features/tours/season-page.tsx';
import { TourPage } from '../features/tours/tour-page.tsx';
import { ToursListPage } from '../features/tours/tours-list-page.tsx';
import { ConsoleLayout } from './layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RequirePermission, RequireSession } from './require-session.tsx';

/** Every page of the console, under /admin (the router's basename). */
export function ConsoleRoutes() {
  return (
    <Routes>
      <Route path="sign-in" element={<SignInPage />} />
      <Route path="signed-in" element={<CallbackPage />} />
      <Route path="sign-in/passkey/new" element={<RegisterPasskeyPage />} />
      <Route path="sign-in/passkey" element={<AssertPasskeyPage />} />
      <Route path="sign-in/recovery-codes" element={<RecoveryCodesPage />} />
      <Route path="sign-in/recovery" element={<RecoveryCodePage />} />
      <Route path="sign-in/new-passkey" element={<NewPasskeyOfferPage />} />
      <Route path="not-staff" element={<NotStaffPage />} />
      <Route path="signed-out" element={<SignedOutPage />} />
      <Route
        element={
          <RequireSession>
            <ConsoleLayout />
          </RequireSession>
        }
      >
        <Route index element={<HomePage />} />
        <Route path="bookings" element={<RequirePermission permission="bookings.read"><BookingsPage /></RequirePermission>} />
        <Route path="bookings/:booking" element={<RequirePermission permission="bookings.read"><BookingPage /></RequirePermission>} />
        <Route path="departures" element={<RequirePermission permission="departures.read"><DeparturesPage /></RequirePermission>} />
        <Route path="departures/:departure" element={<RequirePermission permission="departures.read"><DeparturePage /></RequirePermission>} />
        <Route path="tours" element={<RequirePermission permission="catalogue.edit"><ToursListPage /></RequirePermission>} />
        <Route path="tours/new" element={<RequirePermission permission="catalogue.edit"><NewTourPage /></RequirePermission>} />
        <Route path="tours/season" element={<RequirePermission permission="catalogue.edit"><SeasonPage /></RequirePermission>} />
        <Route path="tours/:tour" element={<RequirePermission permission="catalogue.edit"><TourPage /></RequirePermission>} />
        <Route path="tours/:tour/departures/:departure" element={<RequirePermission permission="catalogue.edit"><CatalogueDeparturePage /></RequirePermission>} />
        <Route path="promotions" element={<RequirePermission permission="catalogue.edit"><PromotionsPage /></RequirePermission>} />
        <Route path="promotions/new" element={<RequirePermission permission="catalogue.edit"><AddPromotionPage /></RequirePermission>} />
        <Route path="promotions/:promotion" element={<RequirePermission permission="catalogue.edit"><PromotionPage /></RequirePermission>} />
        <Route path="agencies" element={<RequirePermission permission="catalogue.edit"><AgenciesPage /></RequirePermission>} />
        <Route path="agencies/new" element={<RequirePermission permission="catalogue.edit"><AddAgencyPage /></RequirePermission>} />
        <Route path="agencies/:agency" element={<RequirePermission permission="catalogue.edit"><AgencyPage /></RequirePermission>} />
        <Route path="staff" element={<RequirePermission permission="staff.manage"><StaffListPage /></RequirePermission>} />
        <Route path="staff/new" element={<RequirePermission permission="staff.manage"><AddMemberPage /></RequirePermission>} />
        <Route path="staff/:member" element={<RequirePermission permission="staff.manage"><MemberPage /></RequirePermission>} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
