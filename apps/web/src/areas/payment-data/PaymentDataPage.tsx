import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Chip, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorMessages } from '../../api/errors';
import { downloadPayments, paymentListQuery } from '../../api/payments';
import { DataTable, useTableParams } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { paymentDataTexts as t } from '../../i18n/paymentData';
import { formatDate, formatMoney } from '../../lib/format';
import { appStore, useCurrentCompany } from '../../store/store';
import { MunicipalityAutocomplete, type MunicipalityValue } from '../master-data/MunicipalityAutocomplete';

const TABLE = {
  perPage: 25,
  perPageOptions: [25, 50, 100],
  orderBy: 'designation',
  orderDirection: 'asc',
  sortable: ['designation', 'gemeinde', 'year', 'festgesetzte_steuer', 'offen', 'naechste_faelligkeit'],
} as const;
const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 12 }, (_, i) => thisYear + 1 - i);

export default function PaymentDataPage() {
  const company = useCurrentCompany();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const table = useTableParams(TABLE);
  const [year, setYear] = useState<number | ''>(Number(search.get('year')) || '');
  const [municipality, setMunicipality] = useState<MunicipalityValue | null>(null);
  const [onlyOpen, setOnlyOpen] = useState(search.get('only_open') === 'true');
  const [onlyOverdue, setOnlyOverdue] = useState(search.get('only_overdue') === 'true');
  const [onlyWarnings, setOnlyWarnings] = useState(search.get('only_warnings') === 'true');
  const { page, per_page, orderBy, orderDirection } = table.params;

  const filters = {
    company_id: company?.id ?? 0,
    year: year || undefined,
    ags: municipality?.ags || undefined,
    only_open: onlyOpen || undefined,
    only_overdue: onlyOverdue || undefined,
    only_warnings: onlyWarnings || undefined,
    orderBy,
    orderDirection,
  };
  const list = useQuery({
    ...paymentListQuery({ ...filters, page, per_page }),
    enabled: company != null,
  });
  const firstPage = () => table.update({ page: 1 });

  if (!company) return <Alert severity="info">{t.noCompany}</Alert>;
  const c = t.columns;
  const link = (row: { master_data_id: number; year: number }) =>
    `/zahlungsdaten/${row.master_data_id}/${row.year}`;

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
            firstPage();
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
              firstPage();
            }}
          />
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={onlyOpen}
              onChange={(e) => {
                setOnlyOpen(e.target.checked);
                firstPage();
              }}
            />
          }
          label={t.onlyOpen}
        />
        <FormControlLabel
          control={
            <Switch
              checked={onlyOverdue}
              onChange={(e) => {
                setOnlyOverdue(e.target.checked);
                firstPage();
              }}
            />
          }
          label={t.onlyOverdue}
        />
        <FormControlLabel
          control={
            <Switch
              checked={onlyWarnings}
              onChange={(e) => {
                setOnlyWarnings(e.target.checked);
                firstPage();
              }}
            />
          }
          label={t.onlyWarnings}
        />
      </Box>
      <DataTable
        label={t.listTitle}
        query={list}
        rowKey={(row) => `${row.master_data_id}-${row.year}`}
        params={table.params}
        onParamsChange={table.update}
        perPageOptions={table.perPageOptions}
        empty={{ title: t.empty }}
        onRowClick={(row) => navigate(link(row))}
        columns={[
          {
            id: 'designation',
            header: c.designation,
            sortable: true,
            cell: (row) => <RouterLink to={link(row)}>{row.designation}</RouterLink>,
          },
          {
            id: 'gemeinde',
            header: c.gemeinde,
            sortable: true,
            cell: (row) => (
              <>
                {row.gemeinde}{' '}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  ({row.ags})
                </Box>
              </>
            ),
          },
          { id: 'year', header: c.year, sortable: true, cell: (row) => row.year },
          {
            id: 'festgesetzte_steuer',
            header: c.festgesetzte_steuer,
            sortable: true,
            align: 'right',
            cell: (row) => formatMoney(row.festgesetzte_steuer),
          },
          {
            id: 'vorauszahlungen',
            header: c.vorauszahlungen,
            align: 'right',
            cell: (row) => formatMoney(row.vorauszahlungen),
          },
          { id: 'bezahlt', header: c.bezahlt, align: 'right', cell: (row) => formatMoney(row.bezahlt) },
          {
            id: 'offen',
            header: c.offen,
            sortable: true,
            align: 'right',
            cell: (row) => formatMoney(row.offen),
          },
          {
            id: 'naechste_faelligkeit',
            header: c.naechste_faelligkeit,
            sortable: true,
            cell: (row) => formatDate(row.naechste_faelligkeit),
          },
          { id: 'zinsen', header: c.zinsen, align: 'right', cell: (row) => formatMoney(row.zinsen) },
          {
            id: 'warnings',
            header: c.warnings,
            cell: (row) =>
              row.warnings > 0 ? <Chip size="small" color="warning" label={row.warnings} /> : null,
          },
        ]}
      />
    </>
  );
}
