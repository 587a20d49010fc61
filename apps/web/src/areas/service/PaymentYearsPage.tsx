import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessages } from '../../api/errors';
import { paymentApi, paymentYearsQuery, usePaymentMutation } from '../../api/payments';
import { DataTable } from '../../components/DataTable';
import { paymentDataTexts } from '../../i18n/paymentData';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { appStore, useCan } from '../../store/store';

const t = paymentDataTexts.years;
interface OpenLine {
  id: number;
  designation: string;
  kind: string;
  betrag: string;
  faellig_am: string | null;
}

export default function PaymentYearsPage() {
  const canChange = useCan('changeCustomizingData');
  const years = useQuery(paymentYearsQuery());
  const [pending, setPending] = useState<{ year: number; lines: OpenLine[] } | null>(null);
  const [extra, setExtra] = useState('');
  const change = usePaymentMutation((v: { year: number; closed: boolean; confirm: boolean }) =>
    paymentApi.setYear(v.year, v.closed, v.confirm),
  );
  const run = (year: number, closed: boolean, confirm = false) =>
    change.mutate(
      { year, closed, confirm },
      {
        onSuccess: () => {
          setPending(null);
          appStore.showSnackbar(paymentDataTexts.saved);
        },
        onError: (e) => {
          const body =
            e instanceof ApiError
              ? (e.body as { code?: string; open_lines?: OpenLine[] } | undefined)
              : undefined;
          if (body?.code === 'PAYMENT_YEAR_HAS_OPEN_LINES')
            setPending({ year, lines: body.open_lines ?? [] });
          else appStore.showSnackbar(errorMessages(e), 'error');
        },
      },
    );

  const rows = [...(years.data ?? [])];
  const extraYear = Number(extra);
  if (
    Number.isInteger(extraYear) &&
    extraYear >= 1990 &&
    extraYear <= 2100 &&
    !rows.some((r) => r.year === extraYear)
  )
    rows.unshift({ year: extraYear, closed: false, closed_at: null, closed_by: null, open_lines: 0 });

  return (
    <Box>
      <Typography variant="h6" gutterBottom>
        {t.title}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t.intro}
      </Alert>
      {canChange ? (
        <TextField
          size="small"
          label={t.addYear}
          value={extra}
          onChange={(e) => setExtra(e.target.value.replace(/\D/g, '').slice(0, 4))}
          sx={{ mb: 2, width: 120 }}
        />
      ) : null}
      <DataTable
        label={t.title}
        query={{ ...years, data: years.data ? rows : undefined }}
        rowKey={(y) => y.year}
        empty={{ title: t.empty }}
        columns={[
          { id: 'year', header: t.year, cell: (y) => y.year },
          {
            id: 'status',
            header: t.status,
            cell: (y) => (
              <Chip
                size="small"
                label={y.closed ? t.closed : t.open}
                color={y.closed ? 'default' : 'success'}
              />
            ),
          },
          { id: 'open_lines', header: t.openLines, align: 'right', cell: (y) => y.open_lines },
          {
            id: 'closed_by',
            header: t.closedBy,
            cell: (y) => (y.closed ? `${formatDateTime(y.closed_at)} ${y.closed_by?.name ?? ''}` : ''),
          },
          canChange && {
            id: 'action',
            header: '',
            cell: (y) => (
              <Button size="small" disabled={change.isPending} onClick={() => run(y.year, !y.closed)}>
                {y.closed ? t.openAction : t.closeAction}
              </Button>
            ),
          },
        ]}
      />
      <Dialog open={pending !== null} onClose={() => setPending(null)} fullWidth maxWidth="sm">
        <DialogTitle>{pending ? t.confirmTitle(pending.year) : ''}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t.confirmText}</DialogContentText>
          <List dense>
            {pending?.lines.slice(0, 50).map((l) => (
              <ListItem key={l.id}>
                {l.designation}: {l.kind} {formatMoney(l.betrag)}{' '}
                {l.faellig_am ? `fällig ${formatDate(l.faellig_am)}` : ''}
              </ListItem>
            ))}
            {pending && pending.lines.length > 50 ? (
              <ListItem>… {pending.lines.length - 50} weitere</ListItem>
            ) : null}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>{paymentDataTexts.close}</Button>
          <Button
            variant="contained"
            color="warning"
            disabled={change.isPending}
            onClick={() => pending && run(pending.year, true, true)}
          >
            {t.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
