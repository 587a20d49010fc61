import {
  berlinDate,
  DOCUMENT_TYPE_LABELS,
  type DocumentType,
  PAYMENT_LINE_KIND_LABELS,
  PAYMENT_LINE_KINDS,
  PAYMENT_LINE_STATUS_LABELS,
  type PaymentLine,
  type PaymentLineKind,
} from '@gewst/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessages } from '../../api/errors';
import { paymentApi, paymentDetailQuery, usePaymentMutation } from '../../api/payments';
import { DataTable, loadedRows } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { QueryError } from '../../components/QueryState';
import { paymentDataTexts as t } from '../../i18n/paymentData';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { appStore, useCan } from '../../store/store';
import { DateField } from '../../components/form/DateField';

type Dialogs =
  | { kind: 'add' }
  | { kind: 'status'; line: PaymentLine; status: 'angewiesen' | 'bezahlt' }
  | { kind: 'correct'; line: PaymentLine }
  | { kind: 'cancel'; line: PaymentLine }
  | null;

const inactive = (l: PaymentLine) => l.superseded_by !== null || l.status === 'storniert';

/** Today as the German calendar day (between 22:00/23:00 UTC and midnight the UTC day is still yesterday). */
const todayIso = () => berlinDate(new Date());

export default function PaymentDataViewPage({ id, year }: { id: string; year: string }) {
  const mdId = Number(id);
  const y = Number(year);
  const canEdit = useCan('addPaymentData');
  const query = useQuery({
    ...paymentDetailQuery(mdId, y),
    enabled: Number.isInteger(mdId) && Number.isInteger(y),
  });
  const [dialog, setDialog] = useState<Dialogs>(null);
  const reopen = usePaymentMutation((lineId: number) => paymentApi.setStatus(lineId, 'offen', null));

  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <PageLoader />;
  const d = query.data;
  const editable = canEdit && !d.closed;
  const s = d.sums;
  const lc = t.lineColumns;

  return (
    <>
      <PageHeader
        title={t.viewTitle(d.master_data.designation, d.year)}
        actions={
          editable ? (
            <Button variant="contained" onClick={() => setDialog({ kind: 'add' })}>
              {t.add}
            </Button>
          ) : undefined
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {d.master_data.gemeinde} ({d.master_data.ags})
      </Typography>
      {d.closed ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t.closedYear}
        </Alert>
      ) : null}
      {(d.payment?.checks ?? []).map((c) => (
        <Alert key={c.code + c.message} severity={c.severity === 'info' ? 'info' : 'warning'} sx={{ mb: 1 }}>
          {c.message}
        </Alert>
      ))}

      <Box sx={{ display: 'grid', gridTemplateColumns: { md: 'repeat(3, minmax(0, 1fr))' }, gap: 2, mb: 2 }}>
        <Paper variant="outlined" sx={{ p: 2 }} aria-label={t.sums}>
          <Typography variant="subtitle1" gutterBottom>
            {t.sums}
          </Typography>
          <Table size="small">
            <TableBody>
              {(
                [
                  [t.columns.festgesetzte_steuer, formatMoney(s.festgesetzte_steuer)],
                  [t.columns.vorauszahlungen, formatMoney(s.vorauszahlungen)],
                  [t.columns.bezahlt, formatMoney(s.bezahlt)],
                  [t.columns.offen, formatMoney(s.offen)],
                  [t.columns.zinsen, formatMoney(s.zinsen)],
                  [t.columns.naechste_faelligkeit, formatDate(s.naechste_faelligkeit)],
                ] as const
              ).map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell>{label}</TableCell>
                  <TableCell align="right" data-testid={`sum-${label}`}>
                    {value}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" gutterBottom>
            {t.interest}
          </Typography>
          {d.payment?.interest ? (
            <>
              <Typography>
                {t.interestNotice}: {formatMoney(d.payment.interest.notice)}
              </Typography>
              <Typography>
                {t.interestOurs}: {formatMoney(d.payment.interest.ours)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t.interestBase(
                  formatMoney(d.payment.interest.base),
                  d.payment.interest.months,
                  formatDate(d.payment.interest.from),
                  formatDate(d.payment.interest.to),
                )}
              </Typography>
            </>
          ) : (
            <Typography color="text.secondary">{t.noInterest}</Typography>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" gutterBottom>
            {t.notices}
          </Typography>
          {d.documents.length === 0 ? <Typography color="text.secondary">{t.noNotices}</Typography> : null}
          <Stack spacing={0.5}>
            {d.documents.map((doc) => (
              <RouterLink key={doc.id} to={`/dokumente/${doc.id}`}>
                {DOCUMENT_TYPE_LABELS[doc.type as DocumentType] ?? doc.filename}
                {doc.bescheid_datum ? ` vom ${formatDate(doc.bescheid_datum)}` : ''}
              </RouterLink>
            ))}
          </Stack>
        </Paper>
      </Box>

      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t.lines}
      </Typography>
      <DataTable
        label={t.lines}
        query={loadedRows(d.payment_lines)}
        rowKey={(l) => l.id}
        empty={{ title: t.noLines }}
        rowProps={(l) => ({ 'data-testid': `line-${l.id}` })}
        rowSx={(l) => (inactive(l) ? { opacity: 0.55 } : undefined)}
        columns={[
          { id: 'created_at', header: lc.created_at, cell: (l) => formatDateTime(l.created_at) },
          { id: 'kind', header: lc.kind, cell: (l) => PAYMENT_LINE_KIND_LABELS[l.kind] },
          { id: 'quartal', header: lc.quartal, cell: (l) => l.quartal ?? '' },
          {
            id: 'betrag',
            header: lc.betrag,
            align: 'right',
            cell: (l) => (
              <Box component="span" sx={inactive(l) ? { textDecoration: 'line-through' } : undefined}>
                {formatMoney(l.betrag)}
              </Box>
            ),
          },
          { id: 'faellig_am', header: lc.faellig_am, cell: (l) => formatDate(l.faellig_am) },
          {
            id: 'status',
            header: lc.status,
            cell: (l) => (
              <>
                <Chip
                  size="small"
                  label={`${PAYMENT_LINE_STATUS_LABELS[l.status]}${l.status_date && l.status !== 'offen' ? ` ${formatDate(l.status_date)}` : ''}`}
                  color={l.status === 'bezahlt' ? 'success' : l.status === 'angewiesen' ? 'info' : 'default'}
                />
                {l.superseded_by !== null ? (
                  <Typography variant="caption" sx={{ display: 'block' }}>
                    {t.supersededBy(l.superseded_by)}
                  </Typography>
                ) : null}
              </>
            ),
          },
          {
            id: 'reason',
            header: lc.reason,
            cell: (l) => (
              <>
                {l.reason}
                {l.superseded_reason ? (
                  <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                    {l.superseded_reason}
                  </Typography>
                ) : null}
              </>
            ),
          },
          {
            id: 'source',
            header: lc.source,
            cell: (l) =>
              l.document_id ? (
                <RouterLink to={`/dokumente/${l.document_id}`}>#{l.document_id}</RouterLink>
              ) : (
                t.manual
              ),
          },
          editable && {
            id: 'actions',
            header: lc.actions,
            // the buttons wrap inside the cell, so the actions stay inside the card
            sx: { minWidth: 190, '& .MuiButton-root': { whiteSpace: 'nowrap' } },
            cell: (l) => (
              <>
                {!inactive(l) && l.status === 'offen' ? (
                  <>
                    <Button
                      size="small"
                      onClick={() => setDialog({ kind: 'status', line: l, status: 'angewiesen' })}
                    >
                      {t.markInstructed}
                    </Button>
                    <Button
                      size="small"
                      onClick={() => setDialog({ kind: 'status', line: l, status: 'bezahlt' })}
                    >
                      {t.markPaid}
                    </Button>
                    <Button size="small" onClick={() => setDialog({ kind: 'correct', line: l })}>
                      {t.correct}
                    </Button>
                  </>
                ) : null}
                {!inactive(l) && l.status === 'angewiesen' ? (
                  <Button
                    size="small"
                    onClick={() => setDialog({ kind: 'status', line: l, status: 'bezahlt' })}
                  >
                    {t.markPaid}
                  </Button>
                ) : null}
                {!inactive(l) && l.status !== 'offen' ? (
                  <Button
                    size="small"
                    onClick={() =>
                      reopen.mutate(l.id, {
                        onError: (e) => appStore.showSnackbar(errorMessages(e), 'error'),
                      })
                    }
                  >
                    {t.reopen}
                  </Button>
                ) : null}
                {!inactive(l) && l.status !== 'bezahlt' ? (
                  <Button size="small" color="error" onClick={() => setDialog({ kind: 'cancel', line: l })}>
                    {t.cancel}
                  </Button>
                ) : null}
              </>
            ),
          },
        ]}
      />
      {dialog ? <LineDialog dialog={dialog} mdId={mdId} year={y} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

function LineDialog({
  dialog,
  mdId,
  year,
  onClose,
}: {
  dialog: NonNullable<Dialogs>;
  mdId: number;
  year: number;
  onClose: () => void;
}) {
  const line = dialog.kind === 'add' ? null : dialog.line;
  const [kind, setKind] = useState<PaymentLineKind>('korrektur');
  const [quartal, setQuartal] = useState<number | ''>('');
  const [betrag, setBetrag] = useState(line?.betrag ? formatMoney(line.betrag, { symbol: false }) : '');
  const [due, setDue] = useState(line?.faellig_am ?? '');
  const [date, setDate] = useState(todayIso());
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const save = usePaymentMutation(async () => {
    const amount = betrag.trim().replace(/\./g, '').replace(',', '.');
    switch (dialog.kind) {
      case 'add':
        return paymentApi.addLine(mdId, year, {
          kind,
          quartal: quartal === '' ? null : quartal,
          betrag: /,/.test(betrag) ? amount : betrag.trim(),
          faellig_am: due || null,
          reason,
        });
      case 'status':
        return paymentApi.setStatus(dialog.line.id, dialog.status, date || null);
      case 'correct':
        return paymentApi.correct(
          dialog.line.id,
          /,/.test(betrag) ? amount : betrag.trim(),
          due || null,
          reason,
        );
      case 'cancel':
        return paymentApi.cancel(dialog.line.id, reason);
    }
  });
  const title =
    dialog.kind === 'add'
      ? t.addTitle
      : dialog.kind === 'correct'
        ? t.correctTitle
        : dialog.kind === 'cancel'
          ? t.cancelTitle
          : t.statusTitle(PAYMENT_LINE_STATUS_LABELS[dialog.status]);
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {errors.length ? <Alert severity="error">{errors.join(' ')}</Alert> : null}
          {dialog.kind === 'add' ? (
            <>
              <TextField
                select
                label={t.kind}
                value={kind}
                onChange={(e) => setKind(e.target.value as PaymentLineKind)}
              >
                {PAYMENT_LINE_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {PAYMENT_LINE_KIND_LABELS[k]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={t.quarter}
                value={quartal}
                onChange={(e) => setQuartal(e.target.value === '' ? '' : Number(e.target.value))}
              >
                <MenuItem value="">{t.none}</MenuItem>
                {[1, 2, 3, 4].map((q) => (
                  <MenuItem key={q} value={q}>
                    {q}
                  </MenuItem>
                ))}
              </TextField>
            </>
          ) : null}
          {dialog.kind === 'add' || dialog.kind === 'correct' ? (
            <>
              <TextField label={t.amount} value={betrag} onChange={(e) => setBetrag(e.target.value)} />
              <DateField label={t.due} value={due} onChange={(iso) => setDue(iso)} />
            </>
          ) : null}
          {dialog.kind === 'status' ? (
            <DateField label={t.paidOn} value={date} onChange={(iso) => setDate(iso)} />
          ) : (
            <TextField
              label={t.reason}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              multiline
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t.close}
        </Button>
        <Button
          variant="contained"
          disabled={save.isPending}
          onClick={() =>
            save.mutate(undefined, {
              onSuccess: () => {
                appStore.showSnackbar(t.saved);
                onClose();
              },
              onError: (e) => setErrors(errorMessages(e)),
            })
          }
        >
          {t.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
