import type { Role } from '@gewst/domain';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { rolesQuery, useDeleteRole } from '../../../api/roles';
import { DataTable, useTableParams } from '../../../components/DataTable';
import { ChipList, EditDeleteActions } from '../../../components/RowActions';
import { useConfirmDelete } from '../../../components/useConfirmDelete';
import { de } from '../../../i18n/de';
import { RoleDialog } from './RoleDialog';

const TABLE = { perPage: 50, perPageOptions: [50, 100, 200], orderBy: 'name' } as const;

export function RolesSection() {
  const roles = useQuery(rolesQuery());
  const table = useTableParams(TABLE, 'rollen_');
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const deletion = useConfirmDelete<Role>(remove, {
    title: de.roles.deleteTitle,
    text: (r) => de.roles.deleteText(r.name),
    deleted: (r) => de.roles.deleted(r.name),
  });

  return (
    <>
      <DataTable
        label={de.users.tabRoles}
        query={roles}
        rowKey={(r) => r.id}
        params={table.params}
        onParamsChange={table.update}
        perPageOptions={table.perPageOptions}
        empty={{ title: de.roles.empty }}
        toolbar={
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {de.roles.add}
            </Button>
          </Box>
        }
        columns={[
          {
            id: 'name',
            header: de.roles.name,
            cell: (r) => r.name,
            sortValue: (r) => r.name,
            sx: { fontWeight: 500 },
          },
          {
            id: 'description',
            header: de.roles.description,
            cell: (r) => r.description ?? de.common.none,
            sortValue: (r) => r.description,
          },
          {
            id: 'permissions',
            header: de.roles.permissions,
            cell: (r) => (
              <ChipList
                labels={r.permissions.map((p) => ({ key: p.id, label: p.label }))}
                empty={de.roles.noPermissions}
              />
            ),
          },
          {
            id: 'actions',
            header: de.common.actions,
            align: 'right',
            nowrap: true,
            cell: (r) => (
              <EditDeleteActions
                editLabel={de.roles.edit(r.name)}
                onEdit={() => setEditing(r)}
                deleteLabel={de.roles.delete(r.name)}
                onDelete={() => deletion.ask(r)}
              />
            ),
          },
        ]}
      />
      {editing ? (
        <RoleDialog role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deletion.dialog}
    </>
  );
}
