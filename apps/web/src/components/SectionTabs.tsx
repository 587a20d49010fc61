import { Tab, Tabs } from '@mui/material';
import { Link, useLocation } from 'react-router';

export interface SectionTab {
  /** Child path below the section, e.g. 'benutzer'. */
  path: string;
  label: string;
}

/** Link tabs for a section with child routes (/service/…, /admin/…). */
export function SectionTabs({
  base,
  tabs,
  label,
}: {
  base: string;
  tabs: readonly SectionTab[];
  label: string;
}) {
  const { pathname } = useLocation();
  const segment = pathname.slice(base.length + 1).split('/')[0] ?? '';
  const value = tabs.some((t) => t.path === segment) ? segment : false;
  return (
    <Tabs
      value={value}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={label}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.path} value={tab.path} label={tab.label} component={Link} to={`${base}/${tab.path}`} />
      ))}
    </Tabs>
  );
}
