import type { UserListItem } from '@gewst/domain';
import BusinessIcon from '@mui/icons-material/Business';
import { Box, Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usersQuery } from '../../../api/users';
import { DataTable, useTableParams } from '../../../components/DataTable';
import { ChipList, EditDeleteActions, RowAction } from '../../../components/RowActions';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/format';
import { useAppState } from '../../../store/store';
import { EditUserCompaniesDialog } from './EditUserCompaniesDialog';
import { EditUserRolesDialog } from './EditUserRolesDialog';

const TABLE = { perPage: 50, perPageOptions: [50, 100, 200], orderBy: 'username' } as const;

export function UsersSection() {
  const users = useQuery(usersQuery());
  const table = useTableParams(TABLE, 'benutzer_');
  const [editing, setEditing] = useState<UserListItem | null>(null);
  const [editingCompanies, setEditingCompanies] = useState<UserListItem | null>(null);
  const companies = useAppState((s) => s.companies);
  const companyName = (id: number) => companies.find((c) => c.id === id)?.name ?? `#${id}`;

  return (
    <>
      <DataTable
        label={de.users.tabUsers}
        query={users}
        rowKey={(u) => u.id}
        params={table.params}
        onParamsChange={table.update}
        perPageOptions={table.perPageOptions}
        empty={{ title: de.users.empty }}
        columns={[
          {
            id: 'username',
            header: de.users.username,
            cell: (u) => u.username,
            sortValue: (u) => u.username,
            sx: { fontWeight: 500 },
          },
          {
            id: 'name',
            header: de.users.name,
            cell: (u) => u.name ?? de.common.none,
            sortValue: (u) => u.name,
          },
          {
            id: 'roles',
            header: de.users.roles,
            cell: (u) => (
              <ChipList labels={u.roles.map((r) => ({ key: r.id, label: r.name }))} empty={de.common.none} />
            ),
          },
          {
            id: 'companies',
            header: de.users.companies,
            cell: (u) => (
              <Box data-testid="user-companies">
                {u.company_ids === null ? (
                  de.users.allCompanies
                ) : u.company_ids.length === 0 ? (
                  <Chip size="small" color="warning" label={de.users.noCompanies} />
                ) : (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {u.company_ids.map((id) => (
                      <Chip key={id} size="small" variant="outlined" label={companyName(id)} />
                    ))}
                  </Box>
                )}
              </Box>
            ),
          },
          {
            id: 'last_login_at',
            header: de.users.lastLogin,
            cell: (u) => (u.last_login_at ? formatDateTime(u.last_login_at) : de.users.neverSignedIn),
            sortValue: (u) => u.last_login_at,
          },
          {
            id: 'actions',
            header: de.common.actions,
            align: 'right',
            nowrap: true,
            cell: (u) => (
              <>
                <RowAction
                  title={de.users.companies}
                  label={de.users.editCompanies(u.username)}
                  icon={<BusinessIcon />}
                  onClick={() => setEditingCompanies(u)}
                />
                <EditDeleteActions editLabel={de.users.editRoles(u.username)} onEdit={() => setEditing(u)} />
              </>
            ),
          },
        ]}
      />
      {editing ? <EditUserRolesDialog user={editing} onClose={() => setEditing(null)} /> : null}
      {editingCompanies ? (
        <EditUserCompaniesDialog user={editingCompanies} onClose={() => setEditingCompanies(null)} />
      ) : null}
    </>
  );
}
