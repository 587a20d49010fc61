import AddIcon from '@mui/icons-material/Add';
import {
  Button,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { zerlegungenQuery } from '../../api/zerlegung';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryState';
import { de } from '../../i18n/de';
import { deZerlegung } from '../../i18n/zerlegung';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCurrentCompany } from '../../store/store';

const t = deZerlegung.list;

/** Saved Zerlegungen of the current company, optionally for one year. */
export default function ZerlegungListPage() {
  const company = useCurrentCompany();
  const navigate = useNavigate();
  const [year, setYear] = useState('');
  const yearFilter = /^\d{4}$/.test(year) ? Number(year) : undefined;
  const list = useQuery({
    ...zerlegungenQuery({ company_id: company?.id, year: yearFilter }),
    enabled: company != null,
  });
  const rows = list.data ?? [];

  return (
    <>
      <PageHeader
        title={de.screens.zerlegungList}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => navigate('/gewst-zerlegung/neu')}
          >
            {t.add}
          </Button>
        }
      />
      <TextField
        label={t.year}
        value={year}
        onChange={(e) => setYear(e.target.value)}
        placeholder={t.allYears}
        size="small"
        sx={{ mb: 2, width: 160 }}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
      />
      {company == null ? <EmptyState title={t.noCompany} /> : null}
      {list.isError ? <QueryError error={list.error} onRetry={() => list.refetch()} /> : null}
      {company && list.isPending ? <LinearProgress aria-label={de.common.loading} /> : null}
      {list.isSuccess && rows.length === 0 ? <EmptyState title={t.empty} /> : null}
      {rows.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={de.screens.zerlegungList}>
            <TableHead>
              <TableRow>
                <TableCell>{t.year}</TableCell>
                <TableCell>{t.schluessel}</TableCell>
                <TableCell align="right">{t.messbetrag}</TableCell>
                <TableCell align="right">{t.gemeinden}</TableCell>
                <TableCell align="right">{t.steuer}</TableCell>
                <TableCell align="right">{t.version}</TableCell>
                <TableCell>{t.updated}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((z) => (
                <TableRow key={z.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/gewst-zerlegung/${z.id}`} aria-label={t.open(z.year)}>
                      {z.year}
                    </Link>
                  </TableCell>
                  <TableCell>{deZerlegung.schluessel[z.schluessel]}</TableCell>
                  <TableCell align="right">{formatMoney(z.messbetrag)}</TableCell>
                  <TableCell align="right">{z.gemeinden}</TableCell>
                  <TableCell align="right">
                    {z.summe_steuer == null ? '–' : formatMoney(z.summe_steuer)}
                  </TableCell>
                  <TableCell align="right">{z.version}</TableCell>
                  <TableCell>
                    {formatDateTime(z.updated_at)}
                    {z.updated_by ? ` (${z.updated_by})` : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </>
  );
}
