import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { SectionTabs } from '../../components/SectionTabs';
import { de } from '../../i18n/de';

const TABS = [
  { path: 'importe', label: de.screens.serviceImports },
  { path: 'zahlungsjahre', label: de.screens.servicePaymentYears },
  { path: 'stammdaten', label: de.screens.serviceMasterData },
  { path: 'stand-der-bearbeitung', label: de.screens.serviceProcessingStatus },
  { path: 'version', label: de.screens.serviceVersion },
  { path: 'hebesatzkonflikte', label: de.screens.serviceRateConflicts },
] as const;

export default function ServiceLayout() {
  return (
    <>
      <PageHeader title={de.service.title} />
      <SectionTabs base="/service" tabs={TABS} label={de.service.title} />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
