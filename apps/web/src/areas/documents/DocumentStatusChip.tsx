import { DOCUMENT_STATUS_LABELS, type DocumentListItem, type DocumentStatus } from '@gewst/domain';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Chip, type ChipProps, CircularProgress, Tooltip } from '@mui/material';
import { documentTexts as t } from '../../i18n/documents';
import { ProcessingProgressLine } from './ProcessingProgressLine';

const COLOR: Record<DocumentStatus, ChipProps['color']> = {
  neu: 'default',
  in_verarbeitung: 'info',
  zu_pruefen: 'warning',
  fehler: 'error',
  geprueft: 'success',
  gebucht: 'primary',
};

/** Status of a document, with the number of failed checks and the processing error as tooltip. */
export function DocumentStatusChip({
  status,
  error,
  checkCounts,
  progress,
}: {
  status: DocumentStatus;
  error?: string | null;
  checkCounts?: DocumentListItem['check_counts'];
  /** While processing: the stage and page, or the queue position (a line under the chip). */
  progress?: DocumentListItem['progress'];
}) {
  const processing = status === 'neu' || status === 'in_verarbeitung';
  const chip = (
    <Chip
      size="small"
      color={COLOR[status]}
      label={DOCUMENT_STATUS_LABELS[status]}
      icon={processing ? <CircularProgress size={12} color="inherit" /> : undefined}
      data-testid="status-chip"
      data-status={status}
    />
  );
  const problems = (checkCounts?.error ?? 0) + (checkCounts?.warning ?? 0);
  const line = processing ? <ProcessingProgressLine progress={progress} /> : null;
  const statusChip = (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      {error ? <Tooltip title={t.review.processingError(error)}>{chip}</Tooltip> : chip}
      {checkCounts && problems > 0 ? (
        <Tooltip title={t.inbox.checksTitle(checkCounts.error, checkCounts.warning)}>
          {checkCounts.error > 0 ? (
            <ErrorOutlineIcon
              fontSize="small"
              color="error"
              aria-label={t.inbox.checksTitle(checkCounts.error, checkCounts.warning)}
            />
          ) : (
            <WarningAmberIcon
              fontSize="small"
              color="warning"
              aria-label={t.inbox.checksTitle(0, checkCounts.warning)}
            />
          )}
        </Tooltip>
      ) : null}
    </Box>
  );
  if (!line) return statusChip;
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.25 }}>
      {statusChip}
      {line}
    </Box>
  );
}
