import type { DefaultInterestPeriodEntry } from '@gewst/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defaultInterestPeriodsQuery, useDeleteDefaultInterestPeriod } from '../../../api/interest';
import { DataTable, useTableParams } from '../../../components/DataTable';
import { EditDeleteActions } from '../../../components/RowActions';
import { SectionHeader } from '../../../components/SectionHeader';
import { useConfirmDelete } from '../../../components/useConfirmDelete';
import { de } from '../../../i18n/de';
import { deInterest } from '../../../i18n/interest';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../store/store';
import { InterestPeriodDialog } from './InterestPeriodDialog';

const t = deInterest.periods;
const TABLE = {
  perPage: 25,
  perPageOptions: [25, 50, 100],
  orderBy: 'year',
  orderDirection: 'desc',
} as const;

export default function InterestPeriodsPage() {
  const periods = useQuery(defaultInterestPeriodsQuery());
  const table = useTableParams(TABLE);
  const canChange = useCan('changeCustomizingData');
  const remove = useDeleteDefaultInterestPeriod();
  const [editing, setEditing] = useState<DefaultInterestPeriodEntry | 'new' | null>(null);
  const deletion = useConfirmDelete<DefaultInterestPeriodEntry>(remove, {
    title: t.deleteTitle,
    text: (p) => t.deleteText(p.year),
    deleted: () => t.deleted,
  });

  return (
    <>
      <SectionHeader
        title={t.title}
        hint={t.hint}
        addLabel={t.add}
        onAdd={canChange ? () => setEditing('new') : undefined}
      />
      <DataTable
        label={t.title}
        query={periods}
        rowKey={(p) => p.id}
        params={table.params}
        onParamsChange={table.update}
        perPageOptions={table.perPageOptions}
        empty={{ title: t.empty }}
        columns={[
          { id: 'year', header: t.year, cell: (p) => p.year, sortValue: (p) => p.year },
          {
            id: 'starts_at',
            header: t.startsAt,
            cell: (p) => formatDate(p.starts_at),
            sortValue: (p) => p.starts_at,
          },
          canChange && {
            id: 'actions',
            header: de.common.actions,
            align: 'right',
            nowrap: true,
            cell: (p) => (
              <EditDeleteActions
                editLabel={t.edit(p.year)}
                onEdit={() => setEditing(p)}
                deleteLabel={t.delete(p.year)}
                onDelete={() => deletion.ask(p)}
              />
            ),
          },
        ]}
      />
      {editing ? (
        <InterestPeriodDialog period={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deletion.dialog}
    </>
  );
}
