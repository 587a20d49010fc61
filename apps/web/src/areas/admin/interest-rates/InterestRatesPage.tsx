import type { InterestRateEntry } from '@gewst/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
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
import { interestRatesQuery, useDeleteInterestRate } from '../../../api/interest';
import { useConfirmDelete } from '../../../components/useConfirmDelete';
import { EmptyState } from '../../../components/EmptyState';
import { QueryError } from '../../../components/QueryState';
import { de } from '../../../i18n/de';
import { deInterest } from '../../../i18n/interest';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../store/store';
import { InterestCalculator } from './InterestCalculator';
import { InterestRateDialog } from './InterestRateDialog';

const t = deInterest.rates;

export default function InterestRatesPage() {
  const rates = useQuery(interestRatesQuery());
  const canChange = useCan('changeCustomizingData');
  const remove = useDeleteInterestRate();
  const [editing, setEditing] = useState<InterestRateEntry | 'new' | null>(null);
  const deletion = useConfirmDelete<InterestRateEntry>(remove, {
    title: t.deleteTitle,
    text: (r) => t.deleteText(formatDate(r.valid_from)),
    deleted: () => t.deleted,
  });
  const rows = rates.data ?? [];

  return (
    <Stack spacing={3}>
      <Box>
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
        {rates.isError ? <QueryError error={rates.error} onRetry={() => rates.refetch()} /> : null}
        {rates.isPending ? <LinearProgress aria-label={de.common.loading} /> : null}
        {rates.isSuccess && rows.length === 0 ? <EmptyState title={t.empty} /> : null}
        {rows.length > 0 ? (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t.title}>
              <TableHead>
                <TableRow>
                  <TableCell>{t.validFrom}</TableCell>
                  <TableCell>{t.rate}</TableCell>
                  {canChange ? <TableCell align="right">{de.common.actions}</TableCell> : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((rate) => (
                  <TableRow key={rate.id} hover>
                    <TableCell>{formatDate(rate.valid_from)}</TableCell>
                    <TableCell>{t.perMonth(rate.rate)}</TableCell>
                    {canChange ? (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title={de.common.edit}>
                          <IconButton
                            aria-label={t.edit(formatDate(rate.valid_from))}
                            onClick={() => setEditing(rate)}
                          >
                            <EditIcon />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={de.common.delete}>
                          <IconButton
                            aria-label={t.delete(formatDate(rate.valid_from))}
                            onClick={() => deletion.ask(rate)}
                          >
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
      </Box>
      <InterestCalculator />
      {editing ? (
        <InterestRateDialog rate={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deletion.dialog}
    </Stack>
  );
}
