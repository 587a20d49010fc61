import type { BiLogEntry } from '@gewst/domain';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Skeleton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { biLogQuery, bookingApi, prepaymentPreviewQuery, useBookingMutation } from '../../api/bookings';
import { errorMessages } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { QueryError } from '../../components/QueryState';
import { bookingTexts } from '../../i18n/bookings';
import { de } from '../../i18n/de';
import { formatDateTime, formatMoney } from '../../lib/format';
import { appStore } from '../../store/store';
import { SessionStatusChip } from './SessionStatusChip';

const t = bookingTexts.prepayments;
const now = new Date();
const thisYear = now.getFullYear();
const YEARS = [thisYear + 1, thisYear, thisYear - 1, thisYear - 2];

/** "Vorauszahlungen erstellen": year and quarter, a preview of count and sum, the BI log with its delete action. */
export function PrepaymentsDialog({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const navigate = useNavigate();
  const [year, setYear] = useState(thisYear);
  const [quartal, setQuartal] = useState(Math.floor(now.getMonth() / 3) + 1);
  const [errors, setErrors] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<BiLogEntry | null>(null);
  const preview = useQuery(prepaymentPreviewQuery(companyId, year, quartal));
  const log = useQuery(biLogQuery(companyId));
  const create = useBookingMutation(() => bookingApi.createPrepayments(companyId, year, quartal));
  const remove = useBookingMutation((id: number) => bookingApi.deleteBiLog(id));
  const p = preview.data;
  const blocked = !p || p.count === 0 || p.existing !== null;

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-label={t.title}
    >
      <DialogTitle>{t.title}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1, mb: 2 }}>
          <TextField
            select
            label={t.year}
            value={year}
            onChange={(e) => setYear(Number(e.target.value))}
            size="small"
            sx={{ minWidth: 120 }}
          >
            {YEARS.map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t.quarter}
            value={quartal}
            onChange={(e) => setQuartal(Number(e.target.value))}
            size="small"
            sx={{ minWidth: 140 }}
          >
            {[1, 2, 3, 4].map((q) => (
              <MenuItem key={q} value={q}>
                {t.quarterLabel(q)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {preview.isError ? <QueryError error={preview.error} onRetry={() => void preview.refetch()} /> : null}
        <Box aria-live="polite" data-testid="prepayment-preview" sx={{ mb: 2 }}>
          {!p ? (
            <Skeleton width={320} />
          ) : p.existing ? (
            <Alert severity="info">
              {t.exists(p.existing.session_id)}{' '}
              <RouterLink to={`/buchungen/${p.existing.session_id}`} onClick={onClose}>
                {bookingTexts.columns.id} {p.existing.session_id}
              </RouterLink>
            </Alert>
          ) : p.count === 0 ? (
            <Alert severity="info">{t.nothing}</Alert>
          ) : (
            <Typography>{t.preview(p.count, formatMoney(p.sum))}</Typography>
          )}
        </Box>
        {errors.length ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errors.join(' ')}
          </Alert>
        ) : null}

        <Typography variant="subtitle1" component="h2" gutterBottom>
          {t.log}
        </Typography>
        <DataTable
          label={t.log}
          query={log}
          rowKey={(e) => e.id}
          empty={{ title: t.logEmpty }}
          columns={[
            {
              id: 'period',
              header: t.logColumns.period,
              cell: (e) => bookingTexts.quarter(e.quartal, e.year),
            },
            {
              id: 'session',
              header: t.logColumns.session,
              cell: (e) => (
                <RouterLink to={`/buchungen/${e.session_id}`} onClick={onClose}>
                  {e.session_id}
                </RouterLink>
              ),
            },
            {
              id: 'status',
              header: t.logColumns.status,
              cell: (e) => <SessionStatusChip status={e.session_status} />,
            },
            { id: 'count', header: t.logColumns.count, align: 'right', cell: (e) => e.count },
            { id: 'sum', header: t.logColumns.sum, align: 'right', cell: (e) => formatMoney(e.sum) },
            {
              id: 'created',
              header: t.logColumns.created,
              cell: (e) => bookingTexts.byOn(e.created_by?.name, formatDateTime(e.created_at)),
            },
            {
              id: 'actions',
              header: null,
              headerLabel: de.common.actions,
              sx: { py: 0 },
              cell: (e) => (
                <Tooltip title={e.deletable ? t.delete : t.notDeletable}>
                  <span>
                    <IconButton
                      aria-label={`${t.delete} ${bookingTexts.quarter(e.quartal, e.year)}`}
                      disabled={!e.deletable}
                      onClick={() => setDeleting(e)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              ),
            },
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          {de.common.close}
        </Button>
        <Button
          variant="contained"
          disabled={blocked}
          loading={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: (r) => {
                appStore.showSnackbar(t.created(r.session.id, r.session.booking_count));
                onClose();
                navigate(`/buchungen/${r.session.id}`);
              },
              onError: (e) => setErrors(errorMessages(e)),
            })
          }
        >
          {t.create}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={deleting !== null}
        title={t.deleteTitle}
        text={deleting ? t.deleteText(deleting.session_id, deleting.quartal, deleting.year) : ''}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              appStore.showSnackbar(t.deleted);
              setDeleting(null);
            },
            onError: (e) => {
              appStore.showSnackbar(errorMessages(e), 'error');
              setDeleting(null);
            },
          })
        }
      />
    </Dialog>
  );
}
