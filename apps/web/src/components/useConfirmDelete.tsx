import { type ReactNode, useState } from 'react';
import { errorMessages } from '../api/errors';
import { appStore } from '../store/store';
import { ConfirmDialog } from './ConfirmDialog';

interface DeleteMutation {
  mutateAsync(id: number): Promise<unknown>;
  isPending: boolean;
}

interface DeleteTexts<T> {
  title: string;
  text(item: T): string;
  deleted(item: T): string;
}

/**
 * Asks before deleting one item of a list, then reports the outcome in the snackbar.
 * `ask(item)` opens the dialog; render `dialog` once in the page.
 */
export function useConfirmDelete<T extends { id: number }>(
  remove: DeleteMutation,
  texts: DeleteTexts<T>,
): { ask(item: T): void; dialog: ReactNode } {
  const [deleting, setDeleting] = useState<T | null>(null);

  const confirm = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      appStore.showSnackbar(texts.deleted(deleting));
    } catch (error) {
      appStore.showSnackbar(errorMessages(error), 'error');
    } finally {
      setDeleting(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={deleting != null}
      title={texts.title}
      text={deleting ? texts.text(deleting) : ''}
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={() => setDeleting(null)}
    />
  );
  return { ask: setDeleting, dialog };
}
