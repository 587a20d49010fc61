import type { Role } from '@gewst/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Chip,
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
import { rolesQuery, useDeleteRole } from '../../../api/roles';
import { useConfirmDelete } from '../../../components/useConfirmDelete';
import { EmptyState } from '../../../components/EmptyState';
import { QueryError } from '../../../components/QueryState';
import { de } from '../../../i18n/de';
import { RoleDialog } from './RoleDialog';

export function RolesSection() {
  const roles = useQuery(rolesQuery());
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const deletion = useConfirmDelete<Role>(remove, {
    title: de.roles.deleteTitle,
    text: (r) => de.roles.deleteText(r.name),
    deleted: (r) => de.roles.deleted(r.name),
  });
  const rows = roles.data ?? [];

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {de.roles.add}
        </Button>
      </Box>
      {roles.isError ? <QueryError error={roles.error} onRetry={() => roles.refetch()} /> : null}
      {roles.isPending ? <LinearProgress aria-label={de.common.loading} /> : null}
      {roles.isSuccess && rows.length === 0 ? <EmptyState title={de.roles.empty} /> : null}
      {rows.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={de.users.tabRoles}>
            <TableHead>
              <TableRow>
                <TableCell>{de.roles.name}</TableCell>
                <TableCell>{de.roles.description}</TableCell>
                <TableCell>{de.roles.permissions}</TableCell>
                <TableCell align="right">{de.common.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((role) => (
                <TableRow key={role.id} hover>
                  <TableCell sx={{ fontWeight: 500 }}>{role.name}</TableCell>
                  <TableCell>{role.description ?? de.common.none}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                      {role.permissions.length > 0
                        ? role.permissions.map((p) => <Chip key={p.id} size="small" label={p.label} />)
                        : de.roles.noPermissions}
                    </Box>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={de.common.edit}>
                      <IconButton aria-label={de.roles.edit(role.name)} onClick={() => setEditing(role)}>
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={de.common.delete}>
                      <IconButton aria-label={de.roles.delete(role.name)} onClick={() => deletion.ask(role)}>
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {editing ? (
        <RoleDialog role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deletion.dialog}
    </>
  );
}
