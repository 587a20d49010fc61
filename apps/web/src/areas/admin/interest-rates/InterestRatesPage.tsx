import type { InterestRateEntry } from '@gewst/domain';
import { Box, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { interestRatesQuery, useDeleteInterestRate } from '../../../api/interest';
import { DataTable, useTableParams } from '../../../components/DataTable';
import { EditDeleteActions } from '../../../components/RowActions';
import { SectionHeader } from '../../../components/SectionHeader';
import { useConfirmDelete } from '../../../components/useConfirmDelete';
import { de } from '../../../i18n/de';
import { deInterest } from '../../../i18n/interest';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../store/store';
import { InterestCalculator } from './InterestCalculator';
import { InterestRateDialog } from './InterestRateDialog';

const t = deInterest.rates;
const TABLE = {
  perPage: 25,
  perPageOptions: [25, 50, 100],
  orderBy: 'valid_from',
  orderDirection: 'desc',
} as const;

export default function InterestRatesPage() {
  const rates = useQuery(interestRatesQuery());
  const table = useTableParams(TABLE);
  const canChange = useCan('changeCustomizingData');
  const remove = useDeleteInterestRate();
  const [editing, setEditing] = useState<InterestRateEntry | 'new' | null>(null);
  const deletion = useConfirmDelete<InterestRateEntry>(remove, {
    title: t.deleteTitle,
    text: (r) => t.deleteText(formatDate(r.valid_from)),
    deleted: () => t.deleted,
  });

  return (
    <Stack spacing={3}>
      <Box>
        <SectionHeader
          title={t.title}
          hint={t.hint}
          addLabel={t.add}
          onAdd={canChange ? () => setEditing('new') : undefined}
        />
        <DataTable
          label={t.title}
          query={rates}
          rowKey={(r) => r.id}
          params={table.params}
          onParamsChange={table.update}
          perPageOptions={table.perPageOptions}
          empty={{ title: t.empty }}
          columns={[
            {
              id: 'valid_from',
              header: t.validFrom,
              cell: (r) => formatDate(r.valid_from),
              sortValue: (r) => r.valid_from,
            },
            { id: 'rate', header: t.rate, cell: (r) => t.perMonth(r.rate), sortValue: (r) => Number(r.rate) },
            canChange && {
              id: 'actions',
              header: de.common.actions,
              align: 'right',
              nowrap: true,
              cell: (r) => (
                <EditDeleteActions
                  editLabel={t.edit(formatDate(r.valid_from))}
                  onEdit={() => setEditing(r)}
                  deleteLabel={t.delete(formatDate(r.valid_from))}
                  onDelete={() => deletion.ask(r)}
                />
              ),
            },
          ]}
        />
      </Box>
      <InterestCalculator />
      {editing ? (
        <InterestRateDialog rate={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deletion.dialog}
    </Stack>
  );
}
