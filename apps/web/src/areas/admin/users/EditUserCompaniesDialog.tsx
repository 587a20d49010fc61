import type { UserListItem } from '@gewst/domain';
import {
  Alert,
  Checkbox,
  DialogContentText,
  FormControlLabel,
  FormGroup,
  Radio,
  RadioGroup,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { errorMessages } from '../../../api/errors';
import { useSetUserCompanies } from '../../../api/users';
import { FormDialog } from '../../../components/form/FormDialog';
import { useToggleSet } from '../../../hooks/useToggleSet';
import { de } from '../../../i18n/de';
import { appStore, useAppState } from '../../../store/store';

/** All companies or a chosen list; saves PUT /users/{id}/companies { company_ids }. */
export function EditUserCompaniesDialog({ user, onClose }: { user: UserListItem; onClose: () => void }) {
  const companies = useAppState((s) => s.companies);
  const save = useSetUserCompanies();
  const [all, setAll] = useState(user.company_ids === null);
  const { selected, toggle, sorted } = useToggleSet(() => user.company_ids ?? []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({ userId: user.id, companyIds: all ? null : sorted() });
      appStore.showSnackbar(de.users.companiesSaved(user.username));
      onClose();
    } catch (error) {
      appStore.showSnackbar(errorMessages(error), 'error');
    }
  };

  return (
    <FormDialog
      title={de.users.editCompaniesTitle(user.username)}
      onSubmit={submit}
      onClose={onClose}
      busy={save.isPending}
      maxWidth="sm"
    >
      <DialogContentText>{de.users.editCompaniesHint}</DialogContentText>
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
              control={<Checkbox checked={selected.has(company.id)} onChange={() => toggle(company.id)} />}
              label={company.name}
            />
          ))}
        </FormGroup>
      )}
      {!all && selected.size === 0 ? <Alert severity="warning">{de.users.emptyListWarning}</Alert> : null}
    </FormDialog>
  );
}
