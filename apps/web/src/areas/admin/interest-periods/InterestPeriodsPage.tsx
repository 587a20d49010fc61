import type { DefaultInterestPeriodEntry } from '@gewst/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  IconButton,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defaultInterestPeriodsQuery, useDeleteDefaultInterestPeriod } from '../../../api/interest';
import { useConfirmDelete } from '../../../components/useConfirmDelete';
import { EmptyState } from '../../../components/EmptyState';
import { QueryError } from '../../../components/QueryState';
import { de } from '../../../i18n/de';
import { deInterest } from '../../../i18n/interest';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../store/store';
import { InterestPeriodDialog } from './InterestPeriodDialog';

const t = deInterest.periods;

export default function InterestPeriodsPage() {
  const periods = useQuery(defaultInterestPeriodsQuery());
  const canChange = useCan('changeCustomizingData');
  const remove = useDeleteDefaultInterestPeriod();
  const [editing, setEditing] = useState<DefaultInterestPeriodEntry | 'new' | null>(null);
  const deletion = useConfirmDelete<DefaultInterestPeriodEntry>(remove, {
    title: t.deleteTitle,
    text: (p) => t.deleteText(p.year),
    deleted: () => t.deleted,
  });
  const rows = periods.data ?? [];

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          {t.title}
        </Typography>
        {canChange ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t.add}
          </Button>
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t.hint}
      </Typography>
      {periods.isError ? <QueryError error={periods.error} onRetry={() => periods.refetch()} /> : null}
      {periods.isPending ? <LinearProgress aria-label={de.common.loading} /> : null}
      {periods.isSuccess && rows.length === 0 ? <EmptyState title={t.empty} /> : null}
      {rows.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t.title}>
            <TableHead>
              <TableRow>
                <TableCell>{t.year}</TableCell>
                <TableCell>{t.startsAt}</TableCell>
                {canChange ? <TableCell align="right">{de.common.actions}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((period) => (
                <TableRow key={period.id} hover>
                  <TableCell>{period.year}</TableCell>
                  <TableCell>{formatDate(period.starts_at)}</TableCell>
                  {canChange ? (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={de.common.edit}>
                        <IconButton aria-label={t.edit(period.year)} onClick={() => setEditing(period)}>
                          <EditIcon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={de.common.delete}>
                        <IconButton aria-label={t.delete(period.year)} onClick={() => deletion.ask(period)}>
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {editing ? (
        <InterestPeriodDialog period={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deletion.dialog}
    </>
  );
}
