import { Stack, Typography } from '@mui/material';
import { AccountMappingSection } from './AccountMappingSection';
import { CalendarSettingsSection } from './CalendarSettingsSection';
import { CostCentresSection } from './CostCentresSection';
import { DocumentSettingsSection } from './DocumentSettingsSection';
import { ExportTargetsSection } from './ExportTargetsSection';
import { ImportFolderSection } from './ImportFolderSection';
import { NotificationsSection } from './NotificationsSection';
import { RetentionSection } from './RetentionSection';
import { RoundingSettingsSection } from './RoundingSettingsSection';

/**
 * Admin → Einstellungen: every setting through the settings module, grouped. Per company
 * (for the company chosen at the top): the account mapping of the bookings; then the
 * installation-wide groups.
 */
export default function SettingsPage() {
  return (
    <Stack spacing={2}>
      <Typography variant="overline" component="h2">
        Je Firma
      </Typography>
      <AccountMappingSection />
      <ExportTargetsSection />
      <CostCentresSection />
      <Typography variant="overline" component="h2">
        Für die ganze Installation
      </Typography>
      <DocumentSettingsSection />
      <ImportFolderSection />
      <RetentionSection />
      <NotificationsSection />
      <CalendarSettingsSection />
      <RoundingSettingsSection />
    </Stack>
  );
}
