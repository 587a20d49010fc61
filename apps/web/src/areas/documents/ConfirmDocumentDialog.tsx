import {
  type ConfirmationPreview,
  PAYMENT_LINE_KIND_LABELS,
  PAYMENT_LINE_STATUS_LABELS,
} from '@gewst/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { confirmationQuery, useConfirmDocument } from '../../api/documents';
import { ApiError, errorMessages } from '../../api/errors';
import { PageLoader } from '../../components/PageLoader';
import { de } from '../../i18n/de';
import { documentTexts } from '../../i18n/documents';
import { formatDate, formatMoney } from '../../lib/format';
import { appStore } from '../../store/store';

const t = documentTexts.confirm;
const MIN_REASON = 5;

interface Props {
  documentId: number;
  open: boolean;
  onClose: () => void;
}

/**
 * "Prüfung abschließen" asks first: what will be created (lines, amounts, due dates), what
 * it supersedes, our Abrechnung beside the printed one, and — when they disagree — a reason
 * to confirm anyway (audit-logged on the server).
 */
export function ConfirmDocumentDialog({ documentId, open, onClose }: Props) {
  const id = useId();
  const base = useQuery({ ...confirmationQuery(documentId, false), enabled: open });
  const blocking = base.data?.checks.filter((c) => c.blocking) ?? [];
  // With blocking checks, the lines shown are those an override would create.
  const overridden = useQuery({
    ...confirmationQuery(documentId, true),
    enabled: open && blocking.length > 0,
  });
  const preview = blocking.length ? overridden.data : base.data;
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const confirm = useConfirmDocument(documentId);
  const reasonError =
    blocking.length > 0 && reason.trim().length < MIN_REASON ? t.reasonTooShort(MIN_REASON) : null;

  const close = () => {
    if (confirm.isPending) return;
    setReason('');
    setTouched(false);
    confirm.reset();
    onClose();
  };
  const submit = async () => {
    setTouched(true);
    if (reasonError) return;
    try {
      await confirm.mutateAsync(blocking.length ? { override_reason: reason.trim() } : null);
      appStore.showSnackbar(documentTexts.review.confirmed);
      close();
    } catch (error) {
      // A changed situation (e.g. lines added meanwhile): show the current preview.
      if (error instanceof ApiError && error.status === 422) void base.refetch();
    }
  };
  const loading = base.isPending || (blocking.length > 0 && overridden.isPending);
  const failed = base.error ?? overridden.error;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} maxWidth="md" fullWidth>
      <DialogTitle id={`${id}-title`}>{t.title}</DialogTitle>
      <DialogContent dividers>
        {failed ? (
          <Alert severity="error">{errorMessages(failed).join(' ')}</Alert>
        ) : loading || !preview ? (
          <PageLoader />
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            {blocking.map((c) => (
              <Alert key={c.code} severity="error" data-testid="confirm-blocking">
                {c.message}
              </Alert>
            ))}
            {preview.closed_years.length ? (
              <Alert severity="error">{t.closedYears(preview.closed_years.join(', '))}</Alert>
            ) : null}
            {preview.abrechnung ? <AbrechnungTable value={preview.abrechnung} /> : null}
            <PlannedLines preview={preview} />
            {preview.checks
              .filter((c) => !c.blocking)
              .map((c) => (
                <Alert
                  key={`${c.code}-${c.message}`}
                  severity={c.severity === 'error' ? 'warning' : c.severity}
                >
                  {c.message}
                </Alert>
              ))}
            {blocking.length ? (
              <TextField
                label={t.reason}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                onBlur={() => setTouched(true)}
                required
                multiline
                minRows={2}
                error={touched && reasonError != null}
                helperText={touched && reasonError ? reasonError : t.reasonHelp}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            ) : null}
            {confirm.error ? <Alert severity="error">{errorMessages(confirm.error).join(' ')}</Alert> : null}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={confirm.isPending} autoFocus>
          {de.common.cancel}
        </Button>
        <Button
          variant="contained"
          color={blocking.length ? 'warning' : 'primary'}
          onClick={() => void submit()}
          loading={confirm.isPending}
          disabled={loading || failed != null || (preview?.closed_years.length ?? 0) > 0}
        >
          {blocking.length ? t.confirmAnyway : t.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AbrechnungTable({ value }: { value: NonNullable<ConfirmationPreview['abrechnung']> }) {
  const rows: [string, string | null, boolean?][] = [
    [t.steuer, value.festgesetzte_steuer],
    [t.printedBisher, value.printed_bisher],
    [t.sollOurs, value.soll_ours],
    ...(value.credited_from_notice !== '0.00'
      ? ([[t.credited, value.credited_from_notice]] as [string, string][])
      : []),
    [t.printed, value.printed, true],
    [t.ours, value.ours, true],
  ];
  return (
    <Box>
      <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
        {t.abrechnung(value.year)}
      </Typography>
      <Table size="small" aria-label={t.abrechnung(value.year)} data-testid="confirm-abrechnung">
        <TableBody>
          {rows.map(([label, amount, strong]) => (
            <TableRow key={label}>
              <TableCell sx={{ fontWeight: strong ? 600 : undefined }}>{label}</TableCell>
              <TableCell align="right" sx={{ fontWeight: strong ? 600 : undefined, whiteSpace: 'nowrap' }}>
                {amount == null ? t.notPrinted : formatMoney(amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function PlannedLines({ preview }: { preview: ConfirmationPreview }) {
  if (preview.add.length === 0 && preview.supersede.length === 0)
    return <Typography color="text.secondary">{t.noLines}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
        {t.lines}
      </Typography>
      <Table size="small" aria-label={t.lines} data-testid="confirm-lines">
        <TableHead>
          <TableRow>
            <TableCell>{t.columns.year}</TableCell>
            <TableCell>{t.columns.kind}</TableCell>
            <TableCell align="right">{t.columns.amount}</TableCell>
            <TableCell>{t.columns.due}</TableCell>
            <TableCell>{t.columns.status}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.add.map((l, i) => (
            <TableRow key={`add-${i}`} data-testid="confirm-line">
              <TableCell>{l.year}</TableCell>
              <TableCell>
                {PAYMENT_LINE_KIND_LABELS[l.kind]}
                {l.quartal ? ` Q${l.quartal}` : ''}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(l.betrag)}
              </TableCell>
              <TableCell>{l.faellig_am ? formatDate(l.faellig_am) : '–'}</TableCell>
              <TableCell>{PAYMENT_LINE_STATUS_LABELS[l.status]}</TableCell>
            </TableRow>
          ))}
          {preview.supersede.map((l) => (
            <TableRow key={`sup-${l.id}`} sx={{ '& td': { color: 'text.secondary' } }}>
              <TableCell>{l.year}</TableCell>
              <TableCell>
                {PAYMENT_LINE_KIND_LABELS[l.kind]}
                {l.quartal ? ` Q${l.quartal}` : ''}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', textDecoration: 'line-through' }}>
                {formatMoney(l.betrag)}
              </TableCell>
              <TableCell>{l.faellig_am ? formatDate(l.faellig_am) : '–'}</TableCell>
              <TableCell>{t.superseded}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
