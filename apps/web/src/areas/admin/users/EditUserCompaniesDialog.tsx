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
  Radio,
  RadioGroup,
} from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { errorMessages } from '../../../api/errors';
import { useSetUserCompanies } from '../../../api/users';
import { de } from '../../../i18n/de';
import { appStore, useAppState } from '../../../store/store';

/** All companies or a chosen list; saves PUT /users/{id}/companies { company_ids }. */
export function EditUserCompaniesDialog({ user, onClose }: { user: UserListItem; onClose: () => void }) {
  const titleId = useId();
  const companies = useAppState((s) => s.companies);
  const save = useSetUserCompanies();
  const [all, setAll] = useState(user.company_ids === null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set(user.company_ids ?? []));

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
      await save.mutateAsync({
        userId: user.id,
        companyIds: all ? null : [...selected].sort((a, b) => a - b),
      });
      appStore.showSnackbar(de.users.companiesSaved(user.username));
      onClose();
    } catch (error) {
      appStore.showSnackbar(errorMessages(error), 'error');
    }
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={submit}>
        <DialogTitle id={titleId}>{de.users.editCompaniesTitle(user.username)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{de.users.editCompaniesHint}</DialogContentText>
          <RadioGroup
            aria-label={de.users.companies}
            value={all ? 'all' : 'selected'}
            onChange={(e) => setAll(e.target.value === 'all')}
          >
            <FormControlLabel value="all" control={<Radio autoFocus={all} />} label={de.users.accessAll} />
            <FormControlLabel
              value="selected"
              control={<Radio autoFocus={!all} />}
              label={de.users.accessSelected}
            />
          </RadioGroup>
          {all ? null : (
            <FormGroup aria-label={de.users.companies} sx={{ pl: 4 }}>
              {companies.map((company) => (
                <FormControlLabel
                  key={company.id}
                  control={
                    <Checkbox checked={selected.has(company.id)} onChange={() => toggle(company.id)} />
                  }
                  label={company.name}
                />
              ))}
            </FormGroup>
          )}
          {!all && selected.size === 0 ? (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {de.users.emptyListWarning}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {de.common.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {de.common.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
