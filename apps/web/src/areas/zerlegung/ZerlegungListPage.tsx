import AddIcon from '@mui/icons-material/Add';
import { Button, Link, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { zerlegungenQuery } from '../../api/zerlegung';
import { DataTable, useTableParams } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { useSearchFilter } from '../../components/useSearchFilter';
import { de } from '../../i18n/de';
import { deZerlegung } from '../../i18n/zerlegung';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCurrentCompany } from '../../store/store';

const t = deZerlegung.list;
const TABLE = {
  perPage: 25,
  perPageOptions: [25, 50, 100],
  orderBy: 'year',
  orderDirection: 'desc',
} as const;

/** Saved Zerlegungen of the current company, optionally for one year. */
export default function ZerlegungListPage() {
  const company = useCurrentCompany();
  const navigate = useNavigate();
  const table = useTableParams(TABLE);
  const year = useSearchFilter('jahr');
  const yearFilter = /^\d{4}$/.test(year.applied) ? Number(year.applied) : undefined;
  const list = useQuery({
    ...zerlegungenQuery({ company_id: company?.id, year: yearFilter }),
    enabled: company != null,
  });

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
      {company == null ? (
        <EmptyState title={t.noCompany} />
      ) : (
        <DataTable
          label={de.screens.zerlegungList}
          query={list}
          rowKey={(z) => z.id}
          params={table.params}
          onParamsChange={table.update}
          perPageOptions={table.perPageOptions}
          empty={{ title: t.empty }}
          onRowClick={(z) => navigate(`/gewst-zerlegung/${z.id}`)}
          toolbar={
            <TextField
              label={t.year}
              value={year.value}
              onChange={(e) => year.onChange(e.target.value)}
              placeholder={t.allYears}
              size="small"
              sx={{ width: 160 }}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
            />
          }
          columns={[
            {
              id: 'year',
              header: t.year,
              sortValue: (z) => z.year,
              cell: (z) => (
                <Link component={RouterLink} to={`/gewst-zerlegung/${z.id}`} aria-label={t.open(z.year)}>
                  {z.year}
                </Link>
              ),
            },
            {
              id: 'schluessel',
              header: t.schluessel,
              sortValue: (z) => deZerlegung.schluessel[z.schluessel],
              cell: (z) => deZerlegung.schluessel[z.schluessel],
            },
            {
              id: 'messbetrag',
              header: t.messbetrag,
              align: 'right',
              cell: (z) => formatMoney(z.messbetrag),
            },
            {
              id: 'gemeinden',
              header: t.gemeinden,
              align: 'right',
              sortValue: (z) => z.gemeinden,
              cell: (z) => z.gemeinden,
            },
            {
              id: 'steuer',
              header: t.steuer,
              align: 'right',
              cell: (z) => (z.summe_steuer == null ? de.common.none : formatMoney(z.summe_steuer)),
            },
            {
              id: 'version',
              header: t.version,
              align: 'right',
              sortValue: (z) => z.version,
              cell: (z) => z.version,
            },
            {
              id: 'updated_at',
              header: t.updated,
              sortValue: (z) => z.updated_at,
              cell: (z) => `${formatDateTime(z.updated_at)}${z.updated_by ? ` (${z.updated_by})` : ''}`,
            },
          ]}
        />
      )}
    </>
  );
}
