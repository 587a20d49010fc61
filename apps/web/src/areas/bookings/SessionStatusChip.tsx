import { SESSION_STATUS_LABELS, type SessionStatus } from '@gewst/domain';
import { Chip, type ChipProps } from '@mui/material';

const COLORS: Record<SessionStatus, ChipProps['color']> = {
  offen: 'default',
  geschlossen: 'info',
  eingereicht: 'warning',
  freigegeben: 'success',
  exportiert: 'primary',
  export_fehlgeschlagen: 'error',
  storniert: 'default',
};

export function SessionStatusChip({ status, archived }: { status: SessionStatus; archived?: boolean }) {
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant={status === 'storniert' || archived ? 'outlined' : 'filled'}
      label={SESSION_STATUS_LABELS[status]}
      data-testid="session-status"
    />
  );
}
