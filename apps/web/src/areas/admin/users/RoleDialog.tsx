import { type Permission, type Role, type RoleInput, roleInputSchema } from '@gewst/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  LinearProgress,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { permissionsQuery, useSaveRole } from '../../../api/roles';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormTextField } from '../../../components/form/FormTextField';
import { showServerErrors } from '../../../components/form/serverErrors';
import { QueryError } from '../../../components/QueryState';
import { de } from '../../../i18n/de';
import { appStore } from '../../../store/store';

type RoleOutput = z.output<typeof roleInputSchema>;
const FIELDS: readonly Path<RoleInput>[] = ['name', 'description', 'permissions'];

/** Create or edit a role: name, description and its permissions (from GET /permissions). */
export function RoleDialog({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const permissionsLabelId = useId();
  const permissions = useQuery(permissionsQuery());
  const save = useSaveRole();
  const { control, handleSubmit, setError } = useForm<RoleInput, unknown, RoleOutput>({
    resolver: zodResolver(roleInputSchema),
    defaultValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      permissions: role?.permissions.map((p) => p.name) ?? [],
    },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: role?.id ?? null, input });
      appStore.showSnackbar(role ? de.roles.updated(input.name) : de.roles.created(input.name));
      onClose();
    } catch (error) {
      showServerErrors(error, FIELDS, setError);
    }
  });

  return (
    <FormDialog
      title={role ? de.roles.editTitle(role.name) : de.roles.createTitle}
      onSubmit={onSubmit}
      onClose={onClose}
      busy={save.isPending}
      maxWidth="sm"
    >
      <FormTextField control={control} name="name" label={de.roles.name} required autoFocus fullWidth />
      <FormTextField control={control} name="description" label={de.roles.description} fullWidth />
      <Controller
        control={control}
        name="permissions"
        render={({ field, fieldState }) => {
          const value = new Set<Permission>(field.value);
          const toggle = (name: Permission) => {
            const next = new Set(value);
            if (next.has(name)) next.delete(name);
            else next.add(name);
            // Keep the catalogue order of the server's permission list.
            field.onChange((permissions.data ?? []).map((p) => p.name).filter((n) => next.has(n)));
          };
          return (
            <FormControl component="fieldset" error={fieldState.error != null}>
              <FormLabel component="legend" id={permissionsLabelId}>
                {de.roles.permissions}
              </FormLabel>
              {permissions.isPending ? <LinearProgress aria-label={de.common.loading} /> : null}
              {permissions.isError ? (
                <QueryError error={permissions.error} onRetry={() => permissions.refetch()} />
              ) : null}
              <FormGroup aria-labelledby={permissionsLabelId}>
                {permissions.data?.map((permission, index) => (
                  <FormControlLabel
                    key={permission.id}
                    control={
                      <Checkbox
                        checked={value.has(permission.name)}
                        onChange={() => toggle(permission.name)}
                        slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }}
                      />
                    }
                    label={permission.label}
                  />
                ))}
              </FormGroup>
              {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
            </FormControl>
          );
        }}
      />
    </FormDialog>
  );
}
