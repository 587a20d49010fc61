import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type Params, type RouteObject, useParams } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { RequireAbility } from '../components/RequireAbility';
import { RouteError } from '../components/RouteError';
import { GUARDS } from './guards';
import { SessionGate } from './SessionGate';

// Every screen is loaded on demand (seed §2).
const AuthCallbackPage = lazy(() => import('../auth/AuthCallbackPage'));
const DashboardPage = lazy(() => import('../areas/dashboard/DashboardPage'));
const ExtractedDataPage = lazy(() => import('../areas/documents/ExtractedDataPage'));
const PaymentDataPage = lazy(() => import('../areas/payment-data/PaymentDataPage'));
const PaymentDataViewPage = lazy(() => import('../areas/payment-data/PaymentDataViewPage'));
const MasterDataPage = lazy(() => import('../areas/master-data/MasterDataPage'));
const MasterDataViewPage = lazy(() => import('../areas/master-data/MasterDataViewPage'));
const ReportingPage = lazy(() => import('../areas/reporting/ReportingPage'));
const ServiceLayout = lazy(() => import('../areas/service/ServiceLayout'));
const ServiceIndexPage = lazy(() => import('../areas/service/ServiceIndexPage'));
const ImportsPage = lazy(() => import('../areas/service/ImportsPage'));
const PaymentYearsPage = lazy(() => import('../areas/service/PaymentYearsPage'));
const MasterDataTransferPage = lazy(() => import('../areas/service/MasterDataTransferPage'));
const ProcessingStatusPage = lazy(() => import('../areas/service/ProcessingStatusPage'));
const VersionPage = lazy(() => import('../areas/service/VersionPage'));
const RateConflictsPage = lazy(() => import('../areas/service/RateConflictsPage'));
const AdminLayout = lazy(() => import('../areas/admin/AdminLayout'));
const UsersPage = lazy(() => import('../areas/admin/users/UsersPage'));
const CompaniesPage = lazy(() => import('../areas/admin/companies/CompaniesPage'));
const SettingsPage = lazy(() => import('../areas/admin/settings/SettingsPage'));
const UploadAuditPage = lazy(() => import('../areas/admin/documents/UploadAuditPage'));
const LogsPage = lazy(() => import('../areas/admin/logs/LogsPage'));
const BackupPage = lazy(() => import('../areas/admin/backup/BackupPage'));
const InterestRatesPage = lazy(() => import('../areas/admin/interest-rates/InterestRatesPage'));
const InterestPeriodsPage = lazy(() => import('../areas/admin/interest-periods/InterestPeriodsPage'));
const BookingsOverviewPage = lazy(() => import('../areas/bookings/BookingsOverviewPage'));
const BookingsViewPage = lazy(() => import('../areas/bookings/BookingsViewPage'));
const ArchivePage = lazy(() => import('../areas/archive/ArchivePage'));
const ZerlegungListPage = lazy(() => import('../areas/zerlegung/ZerlegungListPage'));
const ZerlegungViewPage = lazy(() => import('../areas/zerlegung/ZerlegungViewPage'));
const NoAccessPage = lazy(() => import('../areas/system/NoAccessPage'));
const NotFoundPage = lazy(() => import('../areas/system/NotFoundPage'));

/** Passes route params to a screen as props (the seed's "id is passed as a prop"). */
export function WithParams({ render }: { render: (params: Readonly<Params<string>>) => ReactNode }) {
  return render(useParams());
}

/** Seed §2: every route, each screen loaded on demand, guarded as in seed §6. */
export const routes: RouteObject[] = [
  {
    path: '/auth/callback',
    element: (
      <Suspense fallback={<PageLoader fullScreen />}>
        <AuthCallbackPage />
      </Suspense>
    ),
    errorElement: <RouteError />,
  },
  {
    path: '/',
    element: <SessionGate />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <DashboardPage /> },
      {
        path: 'dokumente/:id',
        element: <WithParams render={(p) => <ExtractedDataPage id={p.id ?? ''} />} />,
      },
      { path: 'zahlungsdaten', element: <PaymentDataPage /> },
      {
        path: 'zahlungsdaten/:id/:year',
        element: <WithParams render={(p) => <PaymentDataViewPage id={p.id ?? ''} year={p.year ?? ''} />} />,
      },
      { path: 'stammdaten', element: <MasterDataPage /> },
      {
        path: 'stammdaten/neu',
        element: (
          <RequireAbility anyOf={GUARDS.masterDataCreate}>
            <MasterDataViewPage create />
          </RequireAbility>
        ),
      },
      { path: 'stammdaten/:id', element: <WithParams render={(p) => <MasterDataViewPage id={p.id} />} /> },
      {
        path: 'reporting',
        element: (
          <RequireAbility anyOf={GUARDS.reporting}>
            <ReportingPage />
          </RequireAbility>
        ),
      },
      {
        path: 'service',
        element: (
          <RequireAbility anyOf={GUARDS.service}>
            <ServiceLayout />
          </RequireAbility>
        ),
        children: [
          { index: true, element: <ServiceIndexPage /> },
          { path: 'importe', element: <ImportsPage /> },
          { path: 'zahlungsjahre', element: <PaymentYearsPage /> },
          { path: 'stammdaten', element: <MasterDataTransferPage /> },
          {
            path: 'stand-der-bearbeitung/:year?/:type?',
            element: <WithParams render={(p) => <ProcessingStatusPage year={p.year} type={p.type} />} />,
          },
          { path: 'version', element: <VersionPage /> },
          { path: 'hebesatzkonflikte', element: <RateConflictsPage /> },
        ],
      },
      {
        path: 'admin',
        element: (
          <RequireAbility anyOf={GUARDS.admin}>
            <AdminLayout />
          </RequireAbility>
        ),
        children: [
          { index: true, element: <Navigate to="/admin/benutzer" replace /> },
          { path: 'benutzer', element: <UsersPage /> },
          { path: 'firmen', element: <CompaniesPage /> },
          { path: 'einstellungen', element: <SettingsPage /> },
          { path: 'dokumente', element: <UploadAuditPage /> },
          { path: 'logs', element: <LogsPage /> },
          {
            path: 'backup',
            element: (
              <RequireAbility anyOf={GUARDS.adminBackup}>
                <BackupPage />
              </RequireAbility>
            ),
          },
          {
            path: 'zinssatz',
            element: (
              <RequireAbility anyOf={GUARDS.adminCustomizing}>
                <InterestRatesPage />
              </RequireAbility>
            ),
          },
          {
            path: 'zins-zeitraeume',
            element: (
              <RequireAbility anyOf={GUARDS.adminCustomizing}>
                <InterestPeriodsPage />
              </RequireAbility>
            ),
          },
        ],
      },
      {
        path: 'buchungen',
        element: (
          <RequireAbility anyOf={GUARDS.bookings}>
            <BookingsOverviewPage />
          </RequireAbility>
        ),
      },
      {
        path: 'buchungen/:id',
        element: (
          <RequireAbility anyOf={GUARDS.bookings}>
            <WithParams render={(p) => <BookingsViewPage id={p.id ?? ''} />} />
          </RequireAbility>
        ),
      },
      { path: 'archiv', element: <ArchivePage /> },
      {
        path: 'gewst-zerlegung',
        element: (
          <RequireAbility anyOf={GUARDS.zerlegung}>
            <ZerlegungListPage />
          </RequireAbility>
        ),
      },
      {
        path: 'gewst-zerlegung/neu',
        element: (
          <RequireAbility anyOf={GUARDS.zerlegung}>
            <ZerlegungViewPage create />
          </RequireAbility>
        ),
      },
      {
        path: 'gewst-zerlegung/:id',
        element: (
          <RequireAbility anyOf={GUARDS.zerlegung}>
            <WithParams render={(p) => <ZerlegungViewPage id={p.id} />} />
          </RequireAbility>
        ),
      },
      { path: 'no-access', element: <NoAccessPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
