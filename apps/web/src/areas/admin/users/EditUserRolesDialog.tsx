import type { UserListItem } from '@gewst/domain';
import {
  Alert,
  Checkbox,
  DialogContentText,
  FormControlLabel,
  FormGroup,
  LinearProgress,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { errorMessages } from '../../../api/errors';
import { rolesQuery } from '../../../api/roles';
import { useAssignRoles } from '../../../api/users';
import { FormDialog } from '../../../components/form/FormDialog';
import { QueryError } from '../../../components/QueryState';
import { useToggleSet } from '../../../hooks/useToggleSet';
import { de } from '../../../i18n/de';
import { appStore } from '../../../store/store';

/** Checkboxes of all roles; saves PUT /users/{id}/roles { role_ids }. */
export function EditUserRolesDialog({ user, onClose }: { user: UserListItem; onClose: () => void }) {
  const roles = useQuery(rolesQuery());
  const assign = useAssignRoles();
  const { selected, toggle, sorted } = useToggleSet(() => user.roles.map((r) => r.id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await assign.mutateAsync({ userId: user.id, roleIds: sorted() });
      appStore.showSnackbar(de.users.rolesSaved(user.username));
      onClose();
    } catch (error) {
      appStore.showSnackbar(errorMessages(error), 'error');
    }
  };

  return (
    <FormDialog
      title={de.users.editRolesTitle(user.username)}
      onSubmit={submit}
      onClose={onClose}
      busy={assign.isPending}
      submitDisabled={!roles.isSuccess}
      maxWidth="sm"
    >
      <DialogContentText>{de.users.editRolesHint}</DialogContentText>
      {roles.isPending ? <LinearProgress aria-label={de.common.loading} /> : null}
      {roles.isError ? <QueryError error={roles.error} onRetry={() => roles.refetch()} /> : null}
      {roles.data?.length === 0 ? <Alert severity="info">{de.users.noRolesDefined}</Alert> : null}
      <FormGroup aria-label={de.users.roles}>
        {roles.data?.map((role, index) => (
          <FormControlLabel
            key={role.id}
            control={
              <Checkbox
                checked={selected.has(role.id)}
                onChange={() => toggle(role.id)}
                autoFocus={index === 0}
              />
            }
            label={role.description ? `${role.name} – ${role.description}` : role.name}
          />
        ))}
      </FormGroup>
    </FormDialog>
  );
}
