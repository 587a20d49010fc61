import { useState } from 'react';
import { splitFieldErrors } from '../api/errors';
import { appStore } from '../store/store';

type FieldErrors = Partial<Record<string, string>>;

/**
 * The edit state of a setting form: the user's draft (null: show the stored value), the
 * field errors, and the callbacks for `useSetting`'s save/reset — on success the draft is
 * dropped and a snackbar says `message`; on failure the server's field errors land on
 * `fields`, and any other message goes to `restTo` (a field) or, without it, to a snackbar.
 */
export function useSettingDraft<D>(fields: readonly string[], restTo?: string) {
  const [draft, setDraft] = useState<D | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  return {
    draft,
    errors,
    setErrors,
    /** Takes the user's input and clears the errors it may have answered. */
    edit: (next: D) => {
      setDraft(next);
      setErrors({});
    },
    callbacks: (message: string) => ({
      onSuccess: () => {
        setDraft(null);
        setErrors({});
        appStore.showSnackbar(message);
      },
      onError: (e: unknown) => {
        const { byField, rest } = splitFieldErrors(e, fields);
        if (restTo) setErrors({ ...byField, [restTo]: byField[restTo] ?? rest.join(' ') });
        else {
          setErrors(byField);
          if (rest.length) appStore.showSnackbar(rest, 'error');
        }
      },
    }),
  };
}
