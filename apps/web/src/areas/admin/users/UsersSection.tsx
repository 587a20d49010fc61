import type { UserListItem } from '@gewst/domain';
import BusinessIcon from '@mui/icons-material/Business';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
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
import { usersQuery } from '../../../api/users';
import { EmptyState } from '../../../components/EmptyState';
import { QueryError } from '../../../components/QueryState';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/format';
import { EditUserCompaniesDialog } from './EditUserCompaniesDialog';
import { EditUserRolesDialog } from './EditUserRolesDialog';
import { useAppState } from '../../../store/store';

export function UsersSection() {
  const users = useQuery(usersQuery());
  const [editing, setEditing] = useState<UserListItem | null>(null);
  const [editingCompanies, setEditingCompanies] = useState<UserListItem | null>(null);
  const companies = useAppState((s) => s.companies);
  const companyName = (id: number) => companies.find((c) => c.id === id)?.name ?? `#${id}`;
  const rows = users.data ?? [];

  return (
    <>
      {users.isError ? <QueryError error={users.error} onRetry={() => users.refetch()} /> : null}
      {users.isPending ? <LinearProgress aria-label={de.common.loading} /> : null}
      {users.isSuccess && rows.length === 0 ? <EmptyState title={de.users.empty} /> : null}
      {rows.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={de.users.tabUsers}>
            <TableHead>
              <TableRow>
                <TableCell>{de.users.username}</TableCell>
                <TableCell>{de.users.name}</TableCell>
                <TableCell>{de.users.roles}</TableCell>
                <TableCell>{de.users.companies}</TableCell>
                <TableCell>{de.users.lastLogin}</TableCell>
                <TableCell align="right">{de.common.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((user) => (
                <TableRow key={user.id} hover>
                  <TableCell sx={{ fontWeight: 500 }}>{user.username}</TableCell>
                  <TableCell>{user.name ?? de.common.none}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                      {user.roles.length > 0
                        ? user.roles.map((role) => <Chip key={role.id} size="small" label={role.name} />)
                        : de.common.none}
                    </Box>
                  </TableCell>
                  <TableCell data-testid="user-companies">
                    {user.company_ids === null ? (
                      de.users.allCompanies
                    ) : user.company_ids.length === 0 ? (
                      <Chip size="small" color="warning" label={de.users.noCompanies} />
                    ) : (
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                        {user.company_ids.map((id) => (
                          <Chip key={id} size="small" variant="outlined" label={companyName(id)} />
                        ))}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell>
                    {user.last_login_at ? formatDateTime(user.last_login_at) : de.users.neverSignedIn}
                  </TableCell>
                  <TableCell align="right">
                    <Tooltip title={de.users.companies}>
                      <IconButton
                        aria-label={de.users.editCompanies(user.username)}
                        onClick={() => setEditingCompanies(user)}
                      >
                        <BusinessIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={de.common.edit}>
                      <IconButton
                        aria-label={de.users.editRoles(user.username)}
                        onClick={() => setEditing(user)}
                      >
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {editing ? <EditUserRolesDialog user={editing} onClose={() => setEditing(null)} /> : null}
      {editingCompanies ? (
        <EditUserCompaniesDialog user={editingCompanies} onClose={() => setEditingCompanies(null)} />
      ) : null}
    </>
  );
}
