import { type Company, LEGAL_FORM_LABELS, resolveMainColor } from '@gewst/domain';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { companiesQuery, useDeleteCompany } from '../../../api/companies';
import { DataTable, useTableParams } from '../../../components/DataTable';
import { EditDeleteActions } from '../../../components/RowActions';
import { useSearchFilter } from '../../../components/useSearchFilter';
import { useConfirmDelete } from '../../../components/useConfirmDelete';
import { de } from '../../../i18n/de';
import { useCan } from '../../../store/store';
import { CompanyDialog } from './CompanyDialog';

const TABLE = { perPage: 25, perPageOptions: [25, 50, 100], orderBy: 'name', orderDirection: 'asc' } as const;

/** The list's text filter: name, tax number, tax office or AGS contain the text (any case). */
const matches = (c: Company, text: string) => {
  const needle = text.toLocaleLowerCase('de');
  return [c.name, c.steuernummer, c.finanzamt, c.ags_geschaeftsleitung].some((v) =>
    v?.toLocaleLowerCase('de').includes(needle),
  );
};

function ColorCell({ value }: { value: string | null }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        aria-hidden
        sx={{
          width: 18,
          height: 18,
          borderRadius: 0.5,
          bgcolor: resolveMainColor(value),
          border: 1,
          borderColor: 'divider',
        }}
      />
      <code>{value ?? de.common.none}</code>
    </Box>
  );
}

export default function CompaniesPage() {
  const companies = useQuery(companiesQuery());
  const canCreateDelete = useCan('createDeleteCompanies');
  const canChange = useCan('changeCompanies');
  const remove = useDeleteCompany();
  const [editing, setEditing] = useState<Company | 'new' | null>(null);
  const deletion = useConfirmDelete<Company>(remove, {
    title: de.companies.deleteTitle,
    text: (c) => de.companies.deleteText(c.name),
    deleted: (c) => de.companies.deleted(c.name),
  });

  const table = useTableParams(TABLE);
  const search = useSearchFilter('suche');
  const showActions = canChange || canCreateDelete;

  return (
    <>
      {canCreateDelete ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {de.companies.add}
          </Button>
        </Box>
      ) : null}
      <DataTable
        label={de.screens.adminCompanies}
        query={companies}
        rowKey={(c) => c.id}
        params={table.params}
        onParamsChange={table.update}
        perPageOptions={table.perPageOptions}
        empty={{ title: search.applied ? de.companies.noMatch : de.companies.empty }}
        filter={search.applied ? (c) => matches(c, search.applied) : undefined}
        toolbar={
          <TextField
            type="search"
            size="small"
            label={de.companies.search}
            value={search.value}
            onChange={(e) => search.onChange(e.target.value)}
            sx={{ width: { xs: '100%', sm: 360 } }}
          />
        }
        rowProps={() => ({ 'data-testid': 'company-row' })}
        columns={[
          {
            id: 'name',
            header: de.companies.name,
            cell: (c) => c.name,
            sortValue: (c) => c.name,
            sx: { fontWeight: 500 },
          },
          {
            id: 'main_color',
            header: de.companies.mainColor,
            cell: (c) => <ColorCell value={c.main_color} />,
          },
          {
            id: 'legal_form',
            header: de.companies.legalForm,
            cell: (c) => LEGAL_FORM_LABELS[c.legal_form],
            sortValue: (c) => LEGAL_FORM_LABELS[c.legal_form],
          },
          {
            id: 'steuernummer',
            header: de.companies.steuernummer,
            cell: (c) => c.steuernummer ?? de.common.none,
            sortValue: (c) => c.steuernummer,
          },
          {
            id: 'finanzamt',
            header: de.companies.finanzamt,
            cell: (c) => c.finanzamt ?? de.common.none,
            sortValue: (c) => c.finanzamt,
          },
          {
            id: 'ags',
            header: de.companies.ags,
            cell: (c) => c.ags_geschaeftsleitung ?? de.common.none,
            sortValue: (c) => c.ags_geschaeftsleitung,
          },
          {
            id: 'chart_of_accounts',
            header: de.companies.chartOfAccounts,
            cell: (c) => c.chart_of_accounts,
            sortValue: (c) => c.chart_of_accounts,
          },
          showActions && {
            id: 'actions',
            header: de.common.actions,
            align: 'right',
            nowrap: true,
            cell: (company) => (
              <EditDeleteActions
                editLabel={de.companies.edit(company.name)}
                onEdit={canChange ? () => setEditing(company) : undefined}
                deleteLabel={de.companies.delete(company.name)}
                onDelete={canCreateDelete ? () => deletion.ask(company) : undefined}
              />
            ),
          },
        ]}
      />
      {editing ? (
        <CompanyDialog company={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deletion.dialog}
    </>
  );
}
