import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorMessages } from '../../api/errors';
import { downloadPayments, paymentListQuery } from '../../api/payments';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryState';
import { paymentDataTexts as t } from '../../i18n/paymentData';
import { formatDate, formatMoney } from '../../lib/format';
import { appStore, useCurrentCompany } from '../../store/store';
import { MunicipalityAutocomplete, type MunicipalityValue } from '../master-data/MunicipalityAutocomplete';

type SortField =
  'designation' | 'gemeinde' | 'year' | 'festgesetzte_steuer' | 'offen' | 'naechste_faelligkeit';
const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 12 }, (_, i) => thisYear + 1 - i);

export default function PaymentDataPage() {
  const company = useCurrentCompany();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [year, setYear] = useState<number | ''>(Number(search.get('year')) || '');
  const [municipality, setMunicipality] = useState<MunicipalityValue | null>(null);
  const [onlyOpen, setOnlyOpen] = useState(search.get('only_open') === 'true');
  const [onlyWarnings, setOnlyWarnings] = useState(search.get('only_warnings') === 'true');
  const [orderBy, setOrderBy] = useState<SortField>('designation');
  const [orderDirection, setOrderDirection] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);

  const filters = {
    company_id: company?.id ?? 0,
    year: year || undefined,
    ags: municipality?.ags || undefined,
    only_open: onlyOpen || undefined,
    only_warnings: onlyWarnings || undefined,
    orderBy,
    orderDirection,
  };
  const list = useQuery({
    ...paymentListQuery({ ...filters, page: page + 1, per_page: perPage }),
    enabled: company != null,
  });

  const sort = (field: SortField) => {
    if (orderBy === field) setOrderDirection(orderDirection === 'asc' ? 'desc' : 'asc');
    else {
      setOrderBy(field);
      setOrderDirection('asc');
    }
    setPage(0);
  };
  const header = (field: SortField, label: string, align?: 'right') => (
    <TableCell sortDirection={orderBy === field ? orderDirection : false} align={align}>
      <TableSortLabel
        active={orderBy === field}
        direction={orderBy === field ? orderDirection : 'asc'}
        onClick={() => sort(field)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  if (!company) return <Alert severity="info">{t.noCompany}</Alert>;
  const rows = list.data?.data ?? [];
  const c = t.columns;

  return (
    <>
      <PageHeader
        title={`${t.listTitle} – ${company.name}`}
        actions={
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() =>
              downloadPayments(filters).catch((e) => appStore.showSnackbar(errorMessages(e), 'error'))
            }
          >
            {t.export}
          </Button>
        }
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
        <TextField
          select
          label={t.year}
          value={year}
          onChange={(e) => {
            setYear(e.target.value === '' ? '' : Number(e.target.value));
            setPage(0);
          }}
          size="small"
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">{t.allYears}</MenuItem>
          {YEARS.map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: '1 1 280px', maxWidth: 420 }}>
          <MunicipalityAutocomplete
            value={municipality}
            onChange={(v) => {
              setMunicipality(v);
              setPage(0);
            }}
          />
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={onlyOpen}
              onChange={(e) => {
                setOnlyOpen(e.target.checked);
                setPage(0);
              }}
            />
          }
          label={t.onlyOpen}
        />
        <FormControlLabel
          control={
            <Switch
              checked={onlyWarnings}
              onChange={(e) => {
                setOnlyWarnings(e.target.checked);
                setPage(0);
              }}
            />
          }
          label={t.onlyWarnings}
        />
      </Box>
      {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
      <Paper variant="outlined">
        {list.isFetching ? <LinearProgress /> : null}
        <TableContainer>
          <Table size="small" aria-label={t.listTitle}>
            <TableHead>
              <TableRow>
                {header('designation', c.designation)}
                {header('gemeinde', c.gemeinde)}
                {header('year', c.year)}
                {header('festgesetzte_steuer', c.festgesetzte_steuer, 'right')}
                <TableCell align="right">{c.vorauszahlungen}</TableCell>
                <TableCell align="right">{c.bezahlt}</TableCell>
                {header('offen', c.offen, 'right')}
                {header('naechste_faelligkeit', c.naechste_faelligkeit)}
                <TableCell align="right">{c.zinsen}</TableCell>
                <TableCell>{c.warnings}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const to = `/zahlungsdaten/${row.master_data_id}/${row.year}`;
                return (
                  <TableRow
                    key={`${row.master_data_id}-${row.year}`}
                    hover
                    sx={{ cursor: 'pointer' }}
                    onClick={() => navigate(to)}
                  >
                    <TableCell>
                      <RouterLink to={to} onClick={(e) => e.stopPropagation()}>
                        {row.designation}
                      </RouterLink>
                    </TableCell>
                    <TableCell>
                      {row.gemeinde}{' '}
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        ({row.ags})
                      </Box>
                    </TableCell>
                    <TableCell>{row.year}</TableCell>
                    <TableCell align="right">{formatMoney(row.festgesetzte_steuer)}</TableCell>
                    <TableCell align="right">{formatMoney(row.vorauszahlungen)}</TableCell>
                    <TableCell align="right">{formatMoney(row.bezahlt)}</TableCell>
                    <TableCell align="right">{formatMoney(row.offen)}</TableCell>
                    <TableCell>{formatDate(row.naechste_faelligkeit)}</TableCell>
                    <TableCell align="right">{formatMoney(row.zinsen)}</TableCell>
                    <TableCell>
                      {row.warnings > 0 ? <Chip size="small" color="warning" label={row.warnings} /> : null}
                    </TableCell>
                  </TableRow>
                );
              })}
              {rows.length === 0 && !list.isFetching ? (
                <TableRow>
                  <TableCell colSpan={10}>{t.empty}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.data?.meta.total ?? 0}
          page={page}
          onPageChange={(_e, p) => setPage(p)}
          rowsPerPage={perPage}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          rowsPerPageOptions={[25, 50, 100]}
        />
      </Paper>
    </>
  );
}
