import { type MasterData, RATE_SOURCE_LABELS } from '@gewst/domain';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { ApiError, errorMessages } from '../../api/errors';
import { useResetRate, useSetRate } from '../../api/masterData';
import { DataTable, loadedRows } from '../../components/DataTable';
import { masterDataTexts as t } from '../../i18n/masterData';
import { appStore } from '../../store/store';

/** Rate history: own entries and the reference table; a change needs a note when it departs. */
export function RateTable({ record, canChange }: { record: MasterData; canChange: boolean }) {
  const [editing, setEditing] = useState<{ year: string; hebesatz: string; note: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setRate = useSetRate();
  const reset = useResetRate();

  const save = async () => {
    if (!editing) return;
    try {
      await setRate.mutateAsync({
        id: record.id,
        year: Number(editing.year),
        hebesatz: Number(editing.hebesatz),
        note: editing.note,
      });
      appStore.showSnackbar(t.rateSaved(Number(editing.year)));
      setEditing(null);
      setErrors({});
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : null;
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
      else appStore.showSnackbar(errorMessages(error), 'error');
    }
  };

  return (
    <>
      <DataTable
        label={t.sections.rates}
        query={loadedRows(record.rates)}
        rowKey={(r) => r.year}
        empty={{ title: t.noRates }}
        columns={[
          { id: 'year', header: t.rateColumns.year, cell: (r) => r.year },
          { id: 'hebesatz', header: t.rateColumns.hebesatz, align: 'right', cell: (r) => `${r.hebesatz} %` },
          {
            id: 'reference',
            header: t.rateColumns.reference,
            align: 'right',
            cell: (r) => (r.reference_hebesatz != null ? `${r.reference_hebesatz} %` : '–'),
          },
          { id: 'source', header: t.rateColumns.source, cell: (r) => RATE_SOURCE_LABELS[r.source] },
          { id: 'note', header: t.rateColumns.note, cell: (r) => r.note },
          {
            id: 'actions',
            header: '',
            align: 'right',
            cell: (r) =>
              canChange ? (
                <>
                  <Button
                    size="small"
                    onClick={() =>
                      setEditing({ year: String(r.year), hebesatz: String(r.hebesatz), note: r.note ?? '' })
                    }
                  >
                    {t.editRate}
                  </Button>
                  {r.source !== 'reference' ? (
                    <Button
                      size="small"
                      onClick={() => void reset.mutateAsync({ id: record.id, year: r.year })}
                    >
                      {t.resetRate}
                    </Button>
                  ) : null}
                </>
              ) : null,
          },
        ]}
      />
      {canChange ? (
        <Button
          size="small"
          sx={{ mt: 1 }}
          onClick={() => setEditing({ year: String(new Date().getFullYear()), hebesatz: '', note: '' })}
        >
          {t.addRate}
        </Button>
      ) : null}
      {editing ? (
        <Dialog open onClose={() => setEditing(null)} maxWidth="xs" fullWidth>
          <DialogTitle>{t.editRate}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                label={t.fields.year}
                value={editing.year}
                onChange={(e) => setEditing({ ...editing, year: e.target.value })}
                error={errors.year != null}
                helperText={errors.year}
              />
              <TextField
                label={t.fields.hebesatz}
                value={editing.hebesatz}
                onChange={(e) => setEditing({ ...editing, hebesatz: e.target.value })}
                error={errors.hebesatz != null}
                helperText={errors.hebesatz}
                autoFocus
              />
              <TextField
                label={t.fields.note}
                value={editing.note}
                onChange={(e) => setEditing({ ...editing, note: e.target.value })}
                error={errors.note != null}
                helperText={errors.note}
                multiline
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setEditing(null)}>{t.cancel}</Button>
            <Button variant="contained" onClick={() => void save()} disabled={setRate.isPending}>
              {t.save}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
