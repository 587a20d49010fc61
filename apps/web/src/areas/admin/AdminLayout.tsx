import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { canAny } from '../../abilities/ability';
import { GUARDS } from '../../app/guards';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { SectionTabs } from '../../components/SectionTabs';
import { de } from '../../i18n/de';
import { useAbility } from '../../store/store';

const TABS = [
  { path: 'benutzer', label: de.screens.adminUsers },
  { path: 'firmen', label: de.screens.adminCompanies },
  { path: 'einstellungen', label: de.screens.adminSettings },
  { path: 'dokumente', label: de.screens.adminDocuments },
  { path: 'logs', label: de.screens.adminLogs },
  { path: 'backup', label: de.screens.adminBackup },
  { path: 'zinssatz', label: de.screens.adminInterestRates, anyOf: GUARDS.adminCustomizing },
  { path: 'zins-zeitraeume', label: de.screens.adminInterestPeriods, anyOf: GUARDS.adminCustomizing },
] as const;

export default function AdminLayout() {
  const ability = useAbility();
  const tabs = TABS.filter((tab) => !('anyOf' in tab) || canAny(ability, tab.anyOf));
  return (
    <>
      <PageHeader title={de.admin.title} />
      <SectionTabs base="/admin" tabs={tabs} label={de.admin.sections} />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
