import { Stack } from '@mui/material';
import { AccountMappingSection } from './AccountMappingSection';

/** Admin → Einstellungen: one section per topic; the account mapping of the bookings comes first. */
export default function SettingsPage() {
  return (
    <Stack spacing={2}>
      <AccountMappingSection />
    </Stack>
  );
}
