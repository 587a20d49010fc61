import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  MenuItem,
  Paper,
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
import { useDeferredValue, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { masterDataListQuery } from '../../api/masterData';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryState';
import { masterDataTexts as t } from '../../i18n/masterData';
import { useCan, useCurrentCompany } from '../../store/store';
import { BUNDESLAENDER, formatDate } from './format';

type SortField = 'designation' | 'municipality' | 'ags' | 'city' | 'valid_from';

export default function MasterDataPage() {
  const company = useCurrentCompany();
  const canChange = useCan('changeMasterdata');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [active, setActive] = useState<'' | 'true' | 'false'>('');
  const [bundesland, setBundesland] = useState('');
  const [orderBy, setOrderBy] = useState<SortField>('designation');
  const [orderDirection, setOrderDirection] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);

  const params = {
    search: deferredSearch || undefined,
    active: active || undefined,
    bundesland: bundesland || undefined,
    orderBy,
    orderDirection,
    page: page + 1,
    per_page: perPage,
  };
  const list = useQuery({ ...masterDataListQuery(company?.id ?? 0, params), enabled: company != null });

  const sort = (field: SortField) => {
    if (orderBy === field) setOrderDirection(orderDirection === 'asc' ? 'desc' : 'asc');
    else {
      setOrderBy(field);
      setOrderDirection('asc');
    }
    setPage(0);
  };
  const header = (field: SortField, label: string) => (
    <TableCell sortDirection={orderBy === field ? orderDirection : false}>
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

  return (
    <>
      <PageHeader
        title={`${t.listTitle} – ${company.name}`}
        actions={
          canChange ? (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/stammdaten/neu">
              {t.add}
            </Button>
          ) : undefined
        }
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          label={t.search}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          size="small"
          sx={{ flex: '1 1 320px' }}
          type="search"
        />
        <TextField
          select
          label={t.filterActive}
          value={active}
          onChange={(e) => {
            setActive(e.target.value as '' | 'true' | 'false');
            setPage(0);
          }}
          size="small"
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">{t.all}</MenuItem>
          <MenuItem value="true">{t.active}</MenuItem>
          <MenuItem value="false">{t.inactive}</MenuItem>
        </TextField>
        <TextField
          select
          label={t.bundesland}
          value={bundesland}
          onChange={(e) => {
            setBundesland(e.target.value);
            setPage(0);
          }}
          size="small"
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t.all}</MenuItem>
          {BUNDESLAENDER.map((b) => (
            <MenuItem key={b} value={b}>
              {b}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
      <Paper variant="outlined">
        {list.isFetching ? <LinearProgress /> : null}
        <TableContainer>
          <Table size="small" aria-label={t.listTitle}>
            <TableHead>
              <TableRow>
                {header('designation', t.columns.designation)}
                {header('municipality', t.columns.municipality)}
                {header('city', t.columns.city)}
                <TableCell>{t.columns.kassenzeichen}</TableCell>
                <TableCell align="right">{t.columns.hebesatz}</TableCell>
                {header('valid_from', t.columns.validFrom)}
                <TableCell>{t.columns.status}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow
                  key={row.id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() => navigate(`/stammdaten/${row.id}`)}
                >
                  <TableCell>
                    <RouterLink to={`/stammdaten/${row.id}`} onClick={(e) => e.stopPropagation()}>
                      {row.designation}
                    </RouterLink>
                    {row.geschaeftsleitung ? <Chip size="small" label={t.gl} sx={{ ml: 1 }} /> : null}
                  </TableCell>
                  <TableCell>
                    {row.municipality_name}{' '}
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      ({row.ags})
                    </Box>
                  </TableCell>
                  <TableCell>{row.city}</TableCell>
                  <TableCell>{row.kassenzeichen.join(', ')}</TableCell>
                  <TableCell align="right">
                    {row.hebesatz != null ? `${row.hebesatz} % (${row.hebesatz_year})` : ''}
                  </TableCell>
                  <TableCell>{formatDate(row.valid_from)}</TableCell>
                  <TableCell>{row.active ? t.active : t.inactive}</TableCell>
                </TableRow>
              ))}
              {rows.length === 0 && !list.isFetching ? (
                <TableRow>
                  <TableCell colSpan={7}>{t.empty}</TableCell>
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
