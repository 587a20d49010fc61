import { CONFLICT_KIND_LABELS } from '@gewst/domain';
import {
  Alert,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { conflictsQuery } from '../../api/masterData';
import { QueryError } from '../../components/QueryState';
import { masterDataTexts as t } from '../../i18n/masterData';
import { useCurrentCompany } from '../../store/store';

export default function RateConflictsPage() {
  const company = useCurrentCompany();
  const [page, setPage] = useState(0);
  const conflicts = useQuery({ ...conflictsQuery(company?.id ?? 0, page + 1), enabled: company != null });
  if (!company) return <Alert severity="info">{t.noCompany}</Alert>;
  const rows = conflicts.data?.data ?? [];
  const c = t.conflictColumns;
  return (
    <>
      {conflicts.isError ? (
        <QueryError error={conflicts.error} onRetry={() => void conflicts.refetch()} />
      ) : null}
      <Paper variant="outlined">
        {conflicts.isFetching ? <LinearProgress /> : null}
        <TableContainer>
          <Table size="small" aria-label={t.conflictsTitle}>
            <TableHead>
              <TableRow>
                <TableCell>{c.establishment}</TableCell>
                <TableCell>{c.municipality}</TableCell>
                <TableCell>{c.year}</TableCell>
                <TableCell align="right">{c.hebesatz}</TableCell>
                <TableCell>{c.source}</TableCell>
                <TableCell align="right">{c.other}</TableCell>
                <TableCell align="right">{c.difference}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={`${r.master_data_id}-${r.year}-${r.kind}-${r.other_master_data_id ?? ''}`}>
                  <TableCell>
                    <RouterLink to={`/stammdaten/${r.master_data_id}`}>{r.designation}</RouterLink>
                  </TableCell>
                  <TableCell>
                    {r.municipality_name} ({r.ags})
                  </TableCell>
                  <TableCell>{r.year}</TableCell>
                  <TableCell align="right">{r.hebesatz} %</TableCell>
                  <TableCell>
                    {CONFLICT_KIND_LABELS[r.kind]}
                    {r.other_master_data_id ? (
                      <>
                        {': '}
                        <RouterLink to={`/stammdaten/${r.other_master_data_id}`}>
                          {r.other_designation}
                        </RouterLink>
                      </>
                    ) : null}
                  </TableCell>
                  <TableCell align="right">{r.other_hebesatz} %</TableCell>
                  <TableCell align="right">
                    {r.difference > 0 ? '+' : ''}
                    {r.difference} Pkt.
                  </TableCell>
                </TableRow>
              ))}
              {rows.length === 0 && !conflicts.isFetching ? (
                <TableRow>
                  <TableCell colSpan={7}>{t.noConflicts}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={conflicts.data?.meta.total ?? 0}
          page={page}
          onPageChange={(_e, p) => setPage(p)}
          rowsPerPage={conflicts.data?.meta.per_page ?? 25}
          rowsPerPageOptions={[]}
        />
      </Paper>
    </>
  );
}
