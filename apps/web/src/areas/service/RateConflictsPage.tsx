import { CONFLICT_KIND_LABELS, municipalityDisplayName } from '@gewst/domain';
import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { conflictsQuery } from '../../api/masterData';
import { DataTable, useTableParams } from '../../components/DataTable';
import { masterDataTexts as t } from '../../i18n/masterData';
import { useCurrentCompany } from '../../store/store';

const TABLE = { perPage: 25, perPageOptions: [25] } as const;

export default function RateConflictsPage() {
  const company = useCurrentCompany();
  const table = useTableParams(TABLE);
  const conflicts = useQuery({
    ...conflictsQuery(company?.id ?? 0, table.params.page),
    enabled: company != null,
  });
  if (!company) return <Alert severity="info">{t.noCompany}</Alert>;
  const c = t.conflictColumns;
  return (
    <DataTable
      label={t.conflictsTitle}
      query={conflicts}
      rowKey={(r) => `${r.master_data_id}-${r.year}-${r.kind}-${r.other_master_data_id ?? ''}`}
      params={table.params}
      onParamsChange={table.update}
      empty={{ title: t.noConflicts }}
      columns={[
        {
          id: 'establishment',
          header: c.establishment,
          cell: (r) => <RouterLink to={`/stammdaten/${r.master_data_id}`}>{r.designation}</RouterLink>,
        },
        {
          id: 'municipality',
          header: c.municipality,
          cell: (r) => `${municipalityDisplayName(r.municipality_name)} (${r.ags})`,
        },
        { id: 'year', header: c.year, cell: (r) => r.year },
        { id: 'hebesatz', header: c.hebesatz, align: 'right', cell: (r) => `${r.hebesatz} %` },
        {
          id: 'source',
          header: c.source,
          cell: (r) => (
            <>
              {CONFLICT_KIND_LABELS[r.kind]}
              {r.other_master_data_id ? (
                <>
                  {': '}
                  <RouterLink to={`/stammdaten/${r.other_master_data_id}`}>{r.other_designation}</RouterLink>
                </>
              ) : null}
            </>
          ),
        },
        { id: 'other', header: c.other, align: 'right', cell: (r) => `${r.other_hebesatz} %` },
        {
          id: 'difference',
          header: c.difference,
          align: 'right',
          cell: (r) => `${r.difference > 0 ? '+' : ''}${r.difference} Pkt.`,
        },
      ]}
    />
  );
}
