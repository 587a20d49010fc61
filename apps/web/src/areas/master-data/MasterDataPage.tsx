import { municipalityDisplayName } from '@gewst/domain';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Chip, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { masterDataListQuery } from '../../api/masterData';
import { DataTable, useTableParams } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { useSearchFilter } from '../../components/useSearchFilter';
import { masterDataTexts as t } from '../../i18n/masterData';
import { useCan, useCurrentCompany } from '../../store/store';
import { BUNDESLAENDER, formatDate } from './format';

const TABLE = {
  perPage: 25,
  perPageOptions: [25, 50, 100],
  orderBy: 'designation',
  orderDirection: 'asc',
  sortable: ['designation', 'municipality', 'city', 'valid_from'],
} as const;

const ACTIVE_VALUES = ['', 'true', 'false'] as const;

export default function MasterDataPage() {
  const company = useCurrentCompany();
  const canChange = useCan('changeMasterdata');
  const navigate = useNavigate();
  const table = useTableParams(TABLE);
  const [search, setSearch] = useSearchParams();
  const text = useSearchFilter('suche');
  const activeParam = search.get('aktiv') ?? '';
  const active = (ACTIVE_VALUES as readonly string[]).includes(activeParam) ? activeParam : '';
  const bundeslandParam = search.get('bundesland') ?? '';
  const bundesland = (BUNDESLAENDER as readonly string[]).includes(bundeslandParam) ? bundeslandParam : '';
  const setFilter = (key: string, value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const params = {
    search: text.applied || undefined,
    active: active || undefined,
    bundesland: bundesland || undefined,
    ...table.params,
  };
  const list = useQuery({ ...masterDataListQuery(company?.id ?? 0, params), enabled: company != null });

  if (!company) return <Alert severity="info">{t.noCompany}</Alert>;

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
      <DataTable
        label={t.listTitle}
        query={list}
        rowKey={(row) => row.id}
        params={table.params}
        onParamsChange={table.update}
        perPageOptions={table.perPageOptions}
        empty={{ title: t.empty }}
        onRowClick={(row) => navigate(`/stammdaten/${row.id}`)}
        toolbar={
          <Box role="search" aria-label={t.listTitle} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              label={t.search}
              value={text.value}
              onChange={(e) => text.onChange(e.target.value)}
              size="small"
              sx={{ flex: '1 1 320px' }}
              type="search"
            />
            <TextField
              select
              label={t.filterActive}
              value={active}
              onChange={(e) => setFilter('aktiv', e.target.value)}
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
              onChange={(e) => setFilter('bundesland', e.target.value)}
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
        }
        columns={[
          {
            id: 'designation',
            header: t.columns.designation,
            sortable: true,
            cell: (row) => (
              <>
                <RouterLink to={`/stammdaten/${row.id}`}>{row.designation}</RouterLink>
                {row.geschaeftsleitung ? <Chip size="small" label={t.gl} sx={{ ml: 1 }} /> : null}
              </>
            ),
          },
          {
            id: 'municipality',
            header: t.columns.municipality,
            sortable: true,
            cell: (row) => (
              <>
                {municipalityDisplayName(row.municipality_name)}{' '}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  ({row.ags})
                </Box>
              </>
            ),
          },
          { id: 'city', header: t.columns.city, sortable: true, cell: (row) => row.city },
          {
            id: 'kassenzeichen',
            header: t.columns.kassenzeichen,
            cell: (row) => row.kassenzeichen.join(', '),
          },
          {
            id: 'hebesatz',
            header: t.columns.hebesatz,
            align: 'right',
            cell: (row) => (row.hebesatz != null ? `${row.hebesatz} % (${row.hebesatz_year})` : ''),
          },
          {
            id: 'valid_from',
            header: t.columns.validFrom,
            sortable: true,
            cell: (row) => formatDate(row.valid_from),
          },
          { id: 'status', header: t.columns.status, cell: (row) => (row.active ? t.active : t.inactive) },
        ]}
      />
    </>
  );
}
