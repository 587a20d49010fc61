import {
  ACCOUNT_PURPOSE_SHORT,
  type Booking,
  type BookingChange,
  type BookingSessionDetail,
  PAYMENT_LINE_KIND_LABELS,
  type PaymentLineKind,
} from '@gewst/domain';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Alert, Box, IconButton, Link, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { bookingApi, useBookingMutation } from '../../api/bookings';
import { errorMessages } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { bookingTexts } from '../../i18n/bookings';
import { de } from '../../i18n/de';
import { formatDate, formatMoney } from '../../lib/format';
import { appStore } from '../../store/store';
import { parseAmountInput } from './amountInput';

const t = bookingTexts.view;
export const BOOKING_PAGE_SIZES = [50, 100, 200] as const;

const accountLabel = (konto: string, purpose: Booking['purpose']) =>
  purpose ? `${konto} ${ACCOUNT_PURPOSE_SHORT[purpose]}` : konto;
const kindLabel = (kind: Booking['kind']) =>
  kind === 'aufloesung' ? 'Auflösung Rückstellung' : PAYMENT_LINE_KIND_LABELS[kind as PaymentLineKind];

interface Draft {
  amount: string;
  konto: string;
  gegenkonto: string;
  text: string;
  kost1: string;
  kost2: string;
}

/**
 * The session's bookings, paged on the server: accounts with their purpose, S/H, amount,
 * Belegfeld 1, KOST1/KOST2, links to the notice and the payment data. Editable in the row while
 * the session may be corrected (closed: in place; exported: a korrektur session).
 */
export function BookingsTable({
  session,
  editable,
  fetching,
  onPage,
  onPerPage,
}: {
  session: BookingSessionDetail;
  editable: boolean;
  fetching: boolean;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ id: number; draft: Draft } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, setPending] = useState<BookingChange | null>(null);
  const correct = useBookingMutation((change: BookingChange) =>
    bookingApi.correct(session.id, [change], null),
  );
  const c = t.columns;

  const save = (b: Booking, d: Draft) => {
    const amount = parseAmountInput(d.amount);
    if (amount === null) {
      setErrors([t.invalidAmount(d.amount)]);
      return;
    }
    const change: BookingChange = { booking_id: b.id };
    if (amount !== b.amount) change.amount = amount;
    if (d.konto.trim() !== b.konto) change.konto = d.konto.trim();
    if (d.gegenkonto.trim() !== b.gegenkonto) change.gegenkonto = d.gegenkonto.trim();
    if (d.text.trim() !== b.text) change.text = d.text.trim();
    if ((d.kost1.trim() || null) !== b.kost1) change.kost1 = d.kost1.trim() || null;
    if ((d.kost2.trim() || null) !== b.kost2) change.kost2 = d.kost2.trim() || null;
    if (Object.keys(change).length === 1) {
      appStore.showSnackbar(t.noChange, 'info');
      setEditing(null);
      return;
    }
    // On an exported session the correction creates a new session: ask first.
    if (session.status === 'exportiert') setPending(change);
    else submit(change);
  };

  const submit = (change: BookingChange) =>
    correct.mutate(change, {
      onSuccess: (r) => {
        setPending(null);
        setEditing(null);
        setErrors([]);
        if (r.created_session_id) {
          appStore.showSnackbar(t.correctedExported(r.created_session_id));
          navigate(`/buchungen/${r.created_session_id}`);
        } else appStore.showSnackbar(t.corrected);
      },
      onError: (e) => {
        setPending(null);
        setErrors(errorMessages(e));
      },
    });

  /** A field of the row being edited: Enter saves, Escape cancels. */
  const field = (b: Booking, key: keyof Draft, label: string, width: number) =>
    editing ? (
      <TextField
        size="small"
        value={editing.draft[key]}
        onChange={(e) => setEditing({ ...editing, draft: { ...editing.draft, [key]: e.target.value } })}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setEditing(null);
          if (e.key === 'Enter' && !correct.isPending) {
            e.preventDefault();
            save(b, editing.draft);
          }
        }}
        slotProps={{ htmlInput: { 'aria-label': label, maxLength: key === 'text' ? 60 : 36 } }}
        sx={{ minWidth: width }}
      />
    ) : null;

  const { meta } = session.bookings;
  return (
    <>
      {errors.length ? (
        <Alert severity="error" onClose={() => setErrors([])} sx={{ mb: 1 }}>
          {errors.join(' ')}
        </Alert>
      ) : null}
      <DataTable
        label={t.bookings}
        query={{
          data: session.bookings,
          isPending: false,
          isFetching: fetching,
          isError: false,
          error: null,
          refetch: () => undefined,
        }}
        rowKey={(b) => b.id}
        params={{ page: meta.page, per_page: meta.per_page }}
        onParamsChange={(patch) => {
          if (patch.per_page !== undefined && patch.per_page !== meta.per_page) onPerPage(patch.per_page);
          else if (patch.page !== undefined) onPage(patch.page);
        }}
        perPageOptions={BOOKING_PAGE_SIZES}
        empty={{ title: t.empty }}
        rowProps={(b) => ({ 'data-testid': `booking-${b.id}` })}
        columns={[
          { id: 'date', header: c.date, cell: (b) => formatDate(b.date) },
          {
            id: 'text',
            header: c.text,
            cell: (b) =>
              editing?.id === b.id ? (
                field(b, 'text', t.text, 260)
              ) : (
                <>
                  <span>{b.text}</span>
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {[
                      kindLabel(b.kind),
                      b.master_data?.designation,
                      b.reversal_of ? t.reversal(b.reversal_of) : null,
                      b.reversed_by ? t.reversedBy(b.reversed_by) : null,
                      b.corrected_from ? t.correctedFrom(b.corrected_from) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </>
              ),
          },
          {
            id: 'konto',
            header: c.konto,
            cell: (b) =>
              editing?.id === b.id ? field(b, 'konto', t.konto, 90) : accountLabel(b.konto, b.purpose),
          },
          {
            id: 'gegenkonto',
            header: c.gegenkonto,
            cell: (b) =>
              editing?.id === b.id
                ? field(b, 'gegenkonto', t.gegenkonto, 90)
                : accountLabel(b.gegenkonto, b.counter_purpose),
          },
          { id: 'sh', header: c.sh, cell: (b) => b.sh },
          {
            id: 'amount',
            header: c.amount,
            align: 'right',
            nowrap: true,
            cell: (b) => (editing?.id === b.id ? field(b, 'amount', t.amount, 110) : formatMoney(b.amount)),
          },
          { id: 'belegfeld', header: c.belegfeld, cell: (b) => b.belegfeld1 },
          {
            id: 'kost1',
            header: c.kost1,
            cell: (b) => (editing?.id === b.id ? field(b, 'kost1', t.kost1, 90) : b.kost1),
          },
          {
            id: 'kost2',
            header: c.kost2,
            cell: (b) => (editing?.id === b.id ? field(b, 'kost2', t.kost2, 90) : b.kost2),
          },
          {
            id: 'links',
            header: c.links,
            nowrap: true,
            cell: (b) => (
              <Box sx={{ display: 'flex', gap: 1 }}>
                {b.document ? (
                  <Link component={RouterLink} to={`/dokumente/${b.document.id}`} title={b.document.filename}>
                    {t.pdf}
                  </Link>
                ) : null}
                {b.master_data ? (
                  <Link component={RouterLink} to={`/zahlungsdaten/${b.master_data.id}/${b.tax_year}`}>
                    {t.paymentData}
                  </Link>
                ) : null}
              </Box>
            ),
          },
          editable && {
            id: 'edit',
            header: null,
            headerLabel: c.edit,
            nowrap: true,
            sx: { py: 0 },
            cell: (b) =>
              editing?.id === b.id ? (
                <>
                  <IconButton
                    aria-label={t.correct}
                    loading={correct.isPending}
                    onClick={() => save(b, editing.draft)}
                  >
                    <CheckIcon />
                  </IconButton>
                  <IconButton aria-label={de.common.cancel} onClick={() => setEditing(null)}>
                    <CloseIcon />
                  </IconButton>
                </>
              ) : b.reversed_by === null ? (
                <Tooltip title={t.correctTitle(b.id)}>
                  <IconButton
                    aria-label={t.correctTitle(b.id)}
                    onClick={() =>
                      setEditing({
                        id: b.id,
                        draft: {
                          amount: formatMoney(b.amount, { symbol: false }),
                          konto: b.konto,
                          gegenkonto: b.gegenkonto,
                          text: b.text,
                          kost1: b.kost1 ?? '',
                          kost2: b.kost2 ?? '',
                        },
                      })
                    }
                  >
                    <EditIcon />
                  </IconButton>
                </Tooltip>
              ) : null,
          },
        ]}
      />
      <ConfirmDialog
        open={pending !== null}
        title={t.confirmExportedTitle}
        text={pending ? t.confirmExportedText(pending.booking_id) : ''}
        confirmLabel={t.confirmExported}
        destructive={false}
        busy={correct.isPending}
        onConfirm={() => pending && submit(pending)}
        onClose={() => setPending(null)}
      />
    </>
  );
}
