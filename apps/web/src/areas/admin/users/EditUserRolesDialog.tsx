import type { UserListItem } from '@gewst/domain';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  LinearProgress,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessages } from '../../../api/errors';
import { rolesQuery } from '../../../api/roles';
import { useAssignRoles } from '../../../api/users';
import { QueryError } from '../../../components/QueryState';
import { de } from '../../../i18n/de';
import { appStore } from '../../../store/store';

/** Checkboxes of all roles; saves PUT /users/{id}/roles { role_ids }. */
export function EditUserRolesDialog({ user, onClose }: { user: UserListItem; onClose: () => void }) {
  const titleId = useId();
  const roles = useQuery(rolesQuery());
  const assign = useAssignRoles();
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set(user.roles.map((r) => r.id)));

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await assign.mutateAsync({ userId: user.id, roleIds: [...selected].sort((a, b) => a - b) });
      appStore.showSnackbar(de.users.rolesSaved(user.username));
      onClose();
    } catch (error) {
      appStore.showSnackbar(errorMessages(error), 'error');
    }
  };

  return (
    <Dialog
      open
      onClose={assign.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={submit}>
        <DialogTitle id={titleId}>{de.users.editRolesTitle(user.username)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{de.users.editRolesHint}</DialogContentText>
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={assign.isPending}>
            {de.common.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={assign.isPending} disabled={!roles.isSuccess}>
            {de.common.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
