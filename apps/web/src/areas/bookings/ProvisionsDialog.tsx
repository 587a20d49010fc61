import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { bookingApi, provisionsQuery, useBookingMutation } from '../../api/bookings';
import { errorMessages } from '../../api/errors';
import { DataTable } from '../../components/DataTable';
import { bookingTexts } from '../../i18n/bookings';
import { de } from '../../i18n/de';
import { formatDateTime, formatMoney } from '../../lib/format';
import { appStore } from '../../store/store';
import { parseAmountInput } from './amountInput';

const t = bookingTexts.provisions;

/** Provisions per year of the company: manual entry (audit-logged on the server), use and rest. */
export function ProvisionsDialog({
  companyId,
  canEdit,
  onClose,
}: {
  companyId: number;
  canEdit: boolean;
  onClose: () => void;
}) {
  const list = useQuery(provisionsQuery(companyId));
  const [year, setYear] = useState(String(new Date().getFullYear() - 1));
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const save = useBookingMutation(() => {
    const parsed = parseAmountInput(amount);
    if (parsed === null) throw new Error(bookingTexts.view.amount);
    return bookingApi.setProvision(companyId, Number(year), parsed, note.trim() || null);
  });
  const remove = useBookingMutation((y: number) => bookingApi.deleteProvision(companyId, y));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-label={t.title}>
      <DialogTitle>{t.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t.hint}</DialogContentText>
        <DataTable
          label={t.title}
          query={list}
          rowKey={(p) => p.id}
          empty={{ title: t.empty }}
          sx={{ mb: 2 }}
          onRowClick={
            canEdit
              ? (p) => {
                  setYear(String(p.year));
                  setAmount(p.amount);
                  setNote(p.note ?? '');
                }
              : undefined
          }
          columns={[
            { id: 'year', header: t.year, cell: (p) => p.year },
            { id: 'amount', header: t.amount, align: 'right', cell: (p) => formatMoney(p.amount) },
            { id: 'used', header: t.used, align: 'right', cell: (p) => formatMoney(p.used) },
            { id: 'remaining', header: t.remaining, align: 'right', cell: (p) => formatMoney(p.remaining) },
            { id: 'note', header: t.note, cell: (p) => p.note },
            {
              id: 'updated',
              header: bookingTexts.view.createdBy,
              cell: (p) => bookingTexts.byOn(p.updated_by?.name, formatDateTime(p.updated_at)),
            },
            canEdit && {
              id: 'actions',
              header: null,
              headerLabel: de.common.actions,
              sx: { py: 0 },
              cell: (p) => (
                <IconButton
                  aria-label={`${t.delete} ${p.year}`}
                  disabled={p.used !== '0.00' || remove.isPending}
                  onClick={() =>
                    remove.mutate(p.year, {
                      onSuccess: () => appStore.showSnackbar(t.deleted),
                      onError: (err) => appStore.showSnackbar(errorMessages(err), 'error'),
                    })
                  }
                >
                  <DeleteIcon />
                </IconButton>
              ),
            },
          ]}
        />
        {canEdit ? (
          <Box
            component="form"
            sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
            onSubmit={(e) => {
              e.preventDefault();
              setErrors([]);
              save.mutate(undefined, {
                onSuccess: () => {
                  appStore.showSnackbar(t.saved);
                  setAmount('');
                  setNote('');
                },
                onError: (err) => setErrors(errorMessages(err)),
              });
            }}
          >
            <TextField
              label={t.year}
              value={year}
              onChange={(e) => setYear(e.target.value.replace(/\D/g, '').slice(0, 4))}
              size="small"
              sx={{ width: 100 }}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label={t.amount}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              size="small"
              placeholder="12.000,00"
              sx={{ width: 160 }}
            />
            <TextField
              label={t.note}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              size="small"
              sx={{ flex: '1 1 200px' }}
            />
            <Button type="submit" variant="contained" loading={save.isPending} disabled={!amount || !year}>
              {t.save}
            </Button>
          </Box>
        ) : null}
        {errors.length ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errors.join(' ')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{de.common.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
