import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArchiveIcon from '@mui/icons-material/Archive';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BuildIcon from '@mui/icons-material/Build';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EuroIcon from '@mui/icons-material/Euro';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PieChartIcon from '@mui/icons-material/PieChart';
import type { ReactNode } from 'react';
import type { AbilityName } from '../../abilities/ability';
import { GUARDS } from '../../app/guards';
import { de } from '../../i18n/de';

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** Same rule as the route guard; empty = open to everyone with "read all data". */
  anyOf: readonly AbilityName[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: de.nav.dashboard, icon: <DashboardIcon />, anyOf: [] },
  { to: '/zahlungsdaten', label: de.nav.paymentData, icon: <EuroIcon />, anyOf: [] },
  { to: '/stammdaten', label: de.nav.masterData, icon: <AccountBalanceIcon />, anyOf: [] },
  { to: '/buchungen', label: de.nav.bookings, icon: <MenuBookIcon />, anyOf: GUARDS.bookings },
  { to: '/archiv', label: de.nav.archive, icon: <ArchiveIcon />, anyOf: [] },
  { to: '/gewst-zerlegung', label: de.nav.zerlegung, icon: <PieChartIcon />, anyOf: GUARDS.zerlegung },
  { to: '/reporting', label: de.nav.reporting, icon: <AssessmentIcon />, anyOf: GUARDS.reporting },
  { to: '/service', label: de.nav.service, icon: <BuildIcon />, anyOf: GUARDS.service },
  { to: '/admin', label: de.nav.admin, icon: <AdminPanelSettingsIcon />, anyOf: GUARDS.admin },
];
