import { type Company, LEGAL_FORM_LABELS, resolveMainColor } from '@gewst/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  IconButton,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { companiesQuery, useDeleteCompany } from '../../../api/companies';
import { useConfirmDelete } from '../../../components/useConfirmDelete';
import { EmptyState } from '../../../components/EmptyState';
import { QueryError } from '../../../components/QueryState';
import { de } from '../../../i18n/de';
import { useCan } from '../../../store/store';
import { CompanyDialog } from './CompanyDialog';

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

  const rows = companies.data ?? [];
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
      {companies.isError ? <QueryError error={companies.error} onRetry={() => companies.refetch()} /> : null}
      {companies.isPending ? <LinearProgress aria-label={de.common.loading} /> : null}
      {companies.isSuccess && rows.length === 0 ? <EmptyState title={de.companies.empty} /> : null}
      {rows.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={de.screens.adminCompanies}>
            <TableHead>
              <TableRow>
                <TableCell>{de.companies.name}</TableCell>
                <TableCell>{de.companies.mainColor}</TableCell>
                <TableCell>{de.companies.legalForm}</TableCell>
                <TableCell>{de.companies.steuernummer}</TableCell>
                <TableCell>{de.companies.finanzamt}</TableCell>
                <TableCell>{de.companies.ags}</TableCell>
                <TableCell>{de.companies.chartOfAccounts}</TableCell>
                {showActions ? <TableCell align="right">{de.common.actions}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((company) => {
                const color = resolveMainColor(company.main_color);
                return (
                  <TableRow key={company.id} hover>
                    <TableCell sx={{ fontWeight: 500 }}>{company.name}</TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <Box
                          aria-hidden
                          sx={{
                            width: 18,
                            height: 18,
                            borderRadius: 0.5,
                            bgcolor: color,
                            border: 1,
                            borderColor: 'divider',
                          }}
                        />
                        <code>{company.main_color ?? de.common.none}</code>
                      </Box>
                    </TableCell>
                    <TableCell>{LEGAL_FORM_LABELS[company.legal_form]}</TableCell>
                    <TableCell>{company.steuernummer ?? de.common.none}</TableCell>
                    <TableCell>{company.finanzamt ?? de.common.none}</TableCell>
                    <TableCell>{company.ags_geschaeftsleitung ?? de.common.none}</TableCell>
                    <TableCell>{company.chart_of_accounts}</TableCell>
                    {showActions ? (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {canChange ? (
                          <Tooltip title={de.common.edit}>
                            <IconButton
                              aria-label={de.companies.edit(company.name)}
                              onClick={() => setEditing(company)}
                            >
                              <EditIcon />
                            </IconButton>
                          </Tooltip>
                        ) : null}
                        {canCreateDelete ? (
                          <Tooltip title={de.common.delete}>
                            <IconButton
                              aria-label={de.companies.delete(company.name)}
                              onClick={() => deletion.ask(company)}
                            >
                              <DeleteIcon />
                            </IconButton>
                          </Tooltip>
                        ) : null}
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {editing ? (
        <CompanyDialog company={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deletion.dialog}
    </>
  );
}
