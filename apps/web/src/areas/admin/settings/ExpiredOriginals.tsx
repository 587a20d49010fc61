import {
  DELETE_ORIGINALS_CONFIRMATION,
  DOCUMENT_STATUS_LABELS,
  type DocumentStatus,
  type ExpiredDocument,
  RETENTION_BLOCKS,
} from '@gewst/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessages } from '../../../api/errors';
import { expiredDocumentsQuery, useDeleteOriginals } from '../../../api/retention';
import { type DataColumn, DataTable, useTableParams } from '../../../components/DataTable';
import { de } from '../../../i18n/de';
import { formatDate } from '../../../lib/format';
import { appStore, useCurrentCompany } from '../../../store/store';

const TABLE = { perPage: 25, perPageOptions: [25, 50, 100] } as const;
const t = {
  heading: (company: string, years: number) => `Abgelaufene Aufbewahrungsfrist (${years} Jahre) – ${company}`,
  noCompany: 'Bitte oben eine Firma wählen.',
  label: 'Dokumente mit abgelaufener Aufbewahrungsfrist',
  empty: 'Keine Dokumente mit abgelaufener Aufbewahrungsfrist.',
  emptyText: 'Bei keinem Dokument dieser Firma ist die Frist abgelaufen.',
  file: 'Datei',
  status: 'Status',
  anchor: 'Fristbeginn (Jahr)',
  until: 'Aufzubewahren bis',
  state: 'Löschbar?',
  removed: 'gelöscht (Papierkorb)',
  deletable: 'ja',
  deleteButton: (n: number) => `Originale der ${n} löschbaren Dokumente dieser Seite löschen`,
  dialogTitle: 'Originale endgültig löschen?',
  dialogText: (n: number) =>
    `Die Original-Dateien (Upload und annotierte Fassungen) von ${n} Dokument(en) werden endgültig aus der Ablage gelöscht. Erkannte Daten, Zahlungsdaten und Buchungen bleiben erhalten; das Dokument zeigt „Original nach Ablauf der Aufbewahrungsfrist gelöscht“. Sicherungen, die die Dateien enthalten, bleiben unverändert. Die Löschung wird protokolliert.`,
  typeLabel: `Zur Bestätigung „${DELETE_ORIGINALS_CONFIRMATION}“ eingeben`,
  confirm: 'Originale löschen',
  done: (n: number, files: number) =>
    `Originale von ${n} Dokument(en) gelöscht (${files} Datei(en) entfernt).`,
};

/** The expired documents of the current company, one page, and the confirmed deletion of their originals. */
export function ExpiredOriginals() {
  const company = useCurrentCompany();
  const table = useTableParams(TABLE, 'aufbewahrung_');
  const list = useQuery({
    ...expiredDocumentsQuery(company?.id ?? 0, table.params.page, table.params.per_page),
    enabled: !!company,
  });
  const [open, setOpen] = useState(false);
  if (!company) return <Alert severity="info">{t.noCompany}</Alert>;
  const deletable = (list.data?.data ?? []).filter((d) => d.blocked === null);

  const columns: DataColumn<ExpiredDocument>[] = [
    {
      id: 'filename',
      header: t.file,
      cell: (d) => (
        <Link component={RouterLink} to={`/dokumente/${d.id}`}>
          {d.filename}
        </Link>
      ),
      ellipsis: (d) => d.filename,
    },
    {
      id: 'status',
      header: t.status,
      cell: (d) => {
        const status = DOCUMENT_STATUS_LABELS[d.status as DocumentStatus] ?? d.status;
        return d.deleted_at ? `${status}, ${t.removed}` : status;
      },
    },
    { id: 'anchor_year', header: t.anchor, cell: (d) => d.anchor_year, align: 'right' },
    { id: 'retained_until', header: t.until, cell: (d) => formatDate(d.retained_until), nowrap: true },
    { id: 'blocked', header: t.state, cell: (d) => (d.blocked ? RETENTION_BLOCKS[d.blocked] : t.deletable) },
  ];

  return (
    <Stack spacing={1} sx={{ mt: 3 }} data-testid="expired-originals">
      <Typography variant="subtitle1" component="h3">
        {t.heading(company.name, list.data?.years ?? 0)}
      </Typography>
      <DataTable
        label={t.label}
        columns={columns}
        query={list}
        rowKey={(d) => d.id}
        params={table.params}
        onParamsChange={table.update}
        perPageOptions={table.perPageOptions}
        empty={{ title: t.empty, text: t.emptyText }}
        rowProps={(d) => ({ 'data-testid': `expired-${d.id}` })}
      />
      <div>
        <Button color="error" variant="outlined" disabled={!deletable.length} onClick={() => setOpen(true)}>
          {t.deleteButton(deletable.length)}
        </Button>
      </div>
      {open ? (
        <DeleteOriginalsDialog companyId={company.id} documents={deletable} onClose={() => setOpen(false)} />
      ) : null}
    </Stack>
  );
}

/** Typed confirmation (the server checks the word too); 409 answers name the blocking documents. */
function DeleteOriginalsDialog(props: {
  companyId: number;
  documents: ExpiredDocument[];
  onClose: () => void;
}) {
  const { companyId, documents, onClose } = props;
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useDeleteOriginals();
  const matches = typed.trim() === DELETE_ORIGINALS_CONFIRMATION;
  const run = () => {
    if (!matches) return;
    remove.mutate(
      { company_id: companyId, document_ids: documents.map((d) => d.id), confirmation: typed.trim() },
      {
        onSuccess: (r) => {
          appStore.showSnackbar(t.done(r.deleted, r.files_removed));
          onClose();
        },
        onError: (e) => setFailure(errorMessages(e).join(' ')),
      },
    );
  };
  return (
    <Dialog open fullWidth maxWidth="sm" onClose={remove.isPending ? undefined : onClose}>
      <DialogTitle>{t.dialogTitle}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t.dialogText(documents.length)}</Typography>
        {failure ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        ) : null}
        <TextField
          autoFocus
          fullWidth
          autoComplete="off"
          label={t.typeLabel}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && run()}
        />
      </DialogContent>
      <DialogActions>
        <Button disabled={remove.isPending} onClick={onClose}>
          {de.common.cancel}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={!matches}
          loading={remove.isPending}
          onClick={run}
        >
          {t.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
