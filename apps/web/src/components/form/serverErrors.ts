import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { splitFieldErrors } from '../../api/errors';
import { appStore } from '../../store/store';

/** Shows server field errors at the form's fields and everything else in the snackbar. */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  const { byField, rest } = splitFieldErrors(error, fields);
  let first = true;
  for (const field of fields) {
    const message = byField[field];
    if (message === undefined) continue;
    setError(field, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  if (rest.length > 0) appStore.showSnackbar(rest, 'error');
}
