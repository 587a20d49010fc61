import {
  CONFLICT_KIND_LABELS,
  municipalityDisplayName,
  type RateConflict,
  type RateConflictDecision,
} from '@gewst/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError, errorMessages } from '../../api/errors';
import { conflictsQuery, useResolveConflict } from '../../api/masterData';
import { DataTable, useTableParams } from '../../components/DataTable';
import { de } from '../../i18n/de';
import { masterDataTexts as t } from '../../i18n/masterData';
import { appStore, useCan, useCurrentCompany } from '../../store/store';
import { decisionText, isResolvable, NOTE_MAX, noteError, resolutionBody } from './rateConflicts';

const TABLE = { perPage: 25, perPageOptions: [25] } as const;

type Resolvable = RateConflict & { document_id: number };

export default function RateConflictsPage() {
  const company = useCurrentCompany();
  const table = useTableParams(TABLE);
  const canResolve = useCan('changeMasterdata');
  const [pending, setPending] = useState<{ conflict: Resolvable; decision: RateConflictDecision } | null>(
    null,
  );
  const conflicts = useQuery({
    ...conflictsQuery(company?.id ?? 0, table.params.page),
    enabled: company != null,
  });
  if (!company) return <Alert severity="info">{t.noCompany}</Alert>;
  const c = t.conflictColumns;
  return (
    <Stack spacing={2}>
      <Alert severity="info">{t.conflictsHint}</Alert>
      <DataTable
        label={t.conflictsTitle}
        query={conflicts}
        rowKey={(r) =>
          `${r.master_data_id}-${r.year}-${r.kind}-${r.other_master_data_id ?? ''}-${r.document_id ?? ''}`
        }
        params={table.params}
        onParamsChange={table.update}
        empty={{ title: t.noConflicts }}
        columns={[
          {
            id: 'establishment',
            header: c.establishment,
            cell: (r) => <RouterLink to={`/stammdaten/${r.master_data_id}`}>{r.designation}</RouterLink>,
          },
          {
            id: 'municipality',
            header: c.municipality,
            cell: (r) => `${municipalityDisplayName(r.municipality_name)} (${r.ags})`,
          },
          { id: 'year', header: c.year, cell: (r) => r.year },
          { id: 'hebesatz', header: c.hebesatz, align: 'right', cell: (r) => `${r.hebesatz} %` },
          {
            id: 'source',
            header: c.source,
            cell: (r) => (
              <>
                {CONFLICT_KIND_LABELS[r.kind]}
                {r.other_master_data_id ? (
                  <>
                    {': '}
                    <RouterLink to={`/stammdaten/${r.other_master_data_id}`}>
                      {r.other_designation}
                    </RouterLink>
                  </>
                ) : null}
                {r.document_id ? (
                  <>
                    {': '}
                    <RouterLink to={`/dokumente/${r.document_id}`}>
                      {r.document_filename ?? `${t.conflictNotice} ${r.document_id}`}
                    </RouterLink>
                  </>
                ) : null}
              </>
            ),
          },
          { id: 'other', header: c.other, align: 'right', cell: (r) => `${r.other_hebesatz} %` },
          {
            id: 'difference',
            header: c.difference,
            align: 'right',
            cell: (r) => `${r.difference > 0 ? '+' : ''}${r.difference} Pkt.`,
          },
          canResolve && {
            id: 'actions',
            header: de.common.actions,
            cell: (r) =>
              isResolvable(r) ? (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={t.conflictAdoptLabel(r.designation, r.year)}
                    onClick={() => setPending({ conflict: r, decision: 'adopt' })}
                  >
                    {t.conflictAdopt}
                  </Button>
                  <Button
                    size="small"
                    aria-label={t.conflictKeepLabel(r.designation, r.year)}
                    onClick={() => setPending({ conflict: r, decision: 'keep' })}
                  >
                    {t.conflictKeep}
                  </Button>
                </Box>
              ) : null,
          },
        ]}
      />
      {pending ? (
        <ResolveDialog
          key={`${pending.conflict.document_id}-${pending.decision}`}
          companyId={company.id}
          conflict={pending.conflict}
          decision={pending.decision}
          onClose={() => setPending(null)}
        />
      ) : null}
    </Stack>
  );
}

/** Confirms a decision; "Unseren Satz behalten" asks for the reason. */
function ResolveDialog(props: {
  companyId: number;
  conflict: Resolvable;
  decision: RateConflictDecision;
  onClose: () => void;
}) {
  const { conflict, decision } = props;
  const id = useId();
  const resolve = useResolveConflict(props.companyId);
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const error = noteError(decision, note);
  const busy = resolve.isPending;
  const submit = () => {
    setSubmitted(true);
    if (error) return;
    resolve.mutate(resolutionBody(conflict, decision, note), {
      onSuccess: (res) => {
        appStore.showSnackbar(
          res.decision === 'adopt'
            ? t.conflictAdopted(res.year, res.hebesatz, res.master_data_ids.length)
            : t.conflictKept(res.year, res.hebesatz),
        );
        props.onClose();
      },
      onError: (e) => {
        appStore.showSnackbar(errorMessages(e).join(' '), 'error');
        // 409: the conflict is gone or its figures changed; the list is read afresh, so the
        // decision has to be taken again on the current figures.
        if (e instanceof ApiError && e.status === 409) props.onClose();
      },
    });
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : props.onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>
        {decision === 'adopt' ? t.conflictAdoptTitle : t.conflictKeepTitle}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ mb: decision === 'keep' ? 2 : 0 }}>
          {decisionText(conflict, decision)}
        </DialogContentText>
        {decision === 'keep' ? (
          <TextField
            label={t.conflictNote}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            fullWidth
            multiline
            minRows={2}
            required
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
            error={submitted && error != null}
            helperText={submitted && error ? error : t.conflictNoteHelp}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy} autoFocus>
          {de.common.cancel}
        </Button>
        <Button variant="contained" loading={busy} onClick={submit}>
          {decision === 'adopt' ? t.conflictAdopt : t.conflictKeep}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
