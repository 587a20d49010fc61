import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  type DocumentDetail,
  type DocumentType,
  type DocumentVersion,
  ORIGINAL_DELETED_TEXT,
} from '@gewst/domain';
import ArchiveIcon from '@mui/icons-material/Archive';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import RefreshIcon from '@mui/icons-material/Refresh';
import SaveIcon from '@mui/icons-material/Save';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Divider,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useBlocker, useNavigate } from 'react-router';
import { api } from '../../api/client';
import {
  apiRelative,
  documentFileQuery,
  documentQuery,
  extractText,
  useDeleteDocument,
  useReprocessDocument,
  useSaveVersion,
  useUnconfirmDocument,
  useUpdateDocument,
} from '../../api/documents';
import { ApiError, errorMessages } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { QueryError } from '../../components/QueryState';
import { documentTexts as t } from '../../i18n/documents';
import { formatDateTime } from '../../lib/format';
import { appStore, useCan } from '../../store/store';
import { ChecksList } from './ChecksList';
import { ConfirmDocumentDialog } from './ConfirmDocumentDialog';
import { DocumentStatusChip } from './DocumentStatusChip';
import { type FieldEdit, FieldList, fieldLabel } from './FieldList';
import { FollowUpForm } from './FollowUpForm';
import type { PickedCell } from './ListFieldEditor';
import { ReprocessDialog, UnconfirmDialog } from './ReviewDialogs';
import { fieldKind, valueFromPickedText } from './fieldValues';
import { MasterDataAssignment } from './MasterDataAssignment';
import type { PdfHighlight, PdfViewerHandle } from './pdf/PdfViewer';
import { useDocumentLock } from './useDocumentLock';

// pdf.js is loaded only with this screen, and even here only once the document is known.
const PdfViewer = lazy(() => import('./pdf/PdfViewer'));

/** The address already carries ?path=…; download=true is appended to it. */
const withDownload = (address: string) => `${address}${address.includes('?') ? '&' : '?'}download=true`;

const showError = (error: unknown) => appStore.showSnackbar(errorMessages(error), 'error');

export default function ExtractedDataPage({ id }: { id: string }) {
  const docId = Number(id);
  const valid = Number.isInteger(docId) && docId > 0;
  const detail = useQuery({ ...documentQuery(docId), enabled: valid });

  if (!valid || (detail.error instanceof ApiError && detail.error.status === 404)) {
    return (
      <EmptyState title={t.review.notFound}>
        <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />}>
          {t.review.back}
        </Button>
      </EmptyState>
    );
  }
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <PageLoader />;
  return <DocumentReview doc={detail.data} />;
}

function DocumentReview({ doc }: { doc: DocumentDetail }) {
  const navigate = useNavigate();
  const canEdit = useCan('addPaymentData');
  const { state: lock, takeOver } = useDocumentLock(doc.id, canEdit && !doc.deleted);
  const editable = canEdit && lock.kind === 'mine' && !doc.deleted;
  const processing = doc.status === 'neu' || doc.status === 'in_verarbeitung';
  const confirmed = doc.status === 'geprueft' || doc.status === 'gebucht';
  // A confirmed document is read-only; "Bestätigung zurücknehmen" makes it editable again.
  const fieldsEditable = editable && !processing && !confirmed;

  // After the retention period the original may be gone (the data stays): nothing to load.
  const file = useQuery({ ...documentFileQuery(doc.pdf), enabled: !doc.original_deleted_at });
  const viewer = useRef<PdfViewerHandle>(null);
  const [highlight, setHighlight] = useState<PdfHighlight | null>(null);
  const [picking, setPicking] = useState<string | null>(null);
  const [editing, setEditing] = useState<FieldEdit | null>(null);
  const [busyField, setBusyField] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [askReprocess, setAskReprocess] = useState(false);
  const [askUnconfirm, setAskUnconfirm] = useState(false);
  const [pickedCell, setPickedCell] = useState<PickedCell | null>(null);
  const corrections = Object.values(doc.fields).filter((f) => f.source === 'user').length;

  const update = useUpdateDocument(doc.id);
  const reprocess = useReprocessDocument(doc.id);
  const remove = useDeleteDocument(doc.id);
  const saveVersion = useSaveVersion(doc.id);
  const unconfirm = useUnconfirmDocument(doc.id);

  // Unsaved annotations: ask before leaving the screen or the page.
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current && dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // The lock went away while editing: stop any pick or edit.
  const wasMine = useRef(false);
  useEffect(() => {
    if (lock.kind === 'mine') wasMine.current = true;
    else if (wasMine.current && (lock.kind === 'other' || lock.kind === 'failed')) {
      wasMine.current = false;
      setPicking(null);
      setEditing(null);
      appStore.showSnackbar(t.review.lockLost, 'warning');
    }
  }, [lock.kind]);

  async function saveField(name: string, value: string | number | null, source?: FieldEdit['source']) {
    setBusyField(name);
    try {
      await update.mutateAsync({ fields: { [name]: { value, ...(source ?? {}) } } });
      setEditing(null);
      appStore.showSnackbar(
        source ? t.review.picked(fieldLabel(name)) : t.review.fieldSaved(fieldLabel(name)),
      );
      return true;
    } catch (error) {
      showError(error);
      return false;
    } finally {
      setBusyField(null);
    }
  }

  async function saveList(name: string, rows: Record<string, string | number | null>[]) {
    setBusyField(name);
    try {
      await update.mutateAsync({
        fields: { [name]: { value: rows.length ? (rows as never) : null } },
      });
      setEditing(null);
      setPicking(null);
      appStore.showSnackbar(t.review.listSaved(fieldLabel(name)));
      return true;
    } catch (error) {
      showError(error);
      return false;
    } finally {
      setBusyField(null);
    }
  }

  async function onPick(page: number, rect: [number, number, number, number]) {
    const name = picking;
    setPicking(null);
    if (!name) return;
    if (name.includes('.')) {
      // A cell of a list field: its editor reads the text as the column's kind.
      try {
        const [x, y, width, height] = rect;
        const { text } = await extractText({ document_id: doc.id, page, x, y, width, height });
        if (text.trim() === '') appStore.showSnackbar(t.review.pickEmpty, 'warning');
        else setPickedCell({ target: name, text });
      } catch (error) {
        showError(error);
      }
      return;
    }
    setBusyField(name);
    try {
      const [x, y, width, height] = rect;
      const { text } = await extractText({ document_id: doc.id, page, x, y, width, height });
      const parsed = valueFromPickedText(fieldKind(name), text);
      setBusyField(null);
      if (parsed.ok && parsed.value != null) {
        await saveField(name, parsed.value, { page, rect });
      } else if (text.trim() === '') {
        appStore.showSnackbar(t.review.pickEmpty, 'warning');
      } else {
        // Not readable as this kind of value: let the user correct it, keeping where it came from.
        setEditing({ name, text: text.replace(/\s+/g, ' ').trim(), source: { page, rect } });
      }
    } catch (error) {
      setBusyField(null);
      showError(error);
    }
  }

  const run = async (action: () => Promise<unknown>, message: string) => {
    try {
      await action();
      appStore.showSnackbar(message);
    } catch (error) {
      showError(error);
    }
  };

  async function saveAnnotations() {
    const handle = viewer.current;
    if (!handle) return;
    try {
      const bytes = await handle.save();
      await saveVersion.mutateAsync(bytes);
      setDirty(false);
      appStore.showSnackbar(t.review.annotationsSaved);
    } catch (error) {
      showError(error);
    }
  }

  async function deleteDocument() {
    try {
      await remove.mutateAsync();
      setConfirmDelete(false);
      leaving.current = true;
      appStore.showSnackbar(t.review.deleted);
      navigate('/');
    } catch (error) {
      showError(error);
    }
  }

  const highlightField = (name: string | null) => {
    const f = name ? doc.fields[name] : undefined;
    setHighlight(f?.page != null && f.rect ? { page: f.page, rect: f.rect } : null);
  };

  // Readers do not take the lock; they still see who is working on the document.
  const holder =
    lock.kind === 'other'
      ? lock.lock.locked_by
      : lock.kind === 'off' && !doc.lock.mine
        ? doc.lock.locked_by
        : null;
  const lockedBy = holder ? holder.name || holder.username : null;
  const viewerReady = !canEdit || lock.kind !== 'pending';

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Tooltip title={t.review.back}>
          <IconButton component={RouterLink} to="/" aria-label={t.review.back}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Typography component="h1" variant="h6" sx={{ flexGrow: 1, minWidth: 0, wordBreak: 'break-all' }}>
          {t.review.title(doc.filename)}
        </Typography>
        <DocumentStatusChip status={doc.status} error={doc.error} progress={doc.progress} />
        {lockedBy != null ? (
          <Alert
            severity="warning"
            icon={<LockIcon fontSize="small" />}
            sx={{ py: 0 }}
            data-testid="lock-banner"
          >
            {t.review.lockedBy(lockedBy)}
          </Alert>
        ) : null}
      </Box>

      {lockedBy != null ? (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {t.review.lockedReadOnly}
        </Alert>
      ) : null}
      {!canEdit ? (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {t.review.readOnly}
        </Alert>
      ) : null}
      {lock.kind === 'free' ? (
        <Alert
          severity="success"
          icon={<LockOpenIcon fontSize="small" />}
          sx={{ mb: 1.5 }}
          data-testid="lock-free"
          action={
            <Button color="inherit" size="small" onClick={takeOver}>
              {t.review.takeOver}
            </Button>
          }
        >
          {t.review.lockFree}
        </Alert>
      ) : null}
      {lock.kind === 'failed' ? (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {t.review.lockLost}
        </Alert>
      ) : null}

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(380px, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Paper
          variant="outlined"
          sx={{
            position: { lg: 'sticky' },
            top: { lg: 80 },
            height: { xs: '70vh', lg: 'calc(100vh - 160px)' },
            overflow: 'hidden',
          }}
        >
          {doc.original_deleted_at ? (
            <Alert severity="info" sx={{ m: 2 }} data-testid="original-deleted">
              {ORIGINAL_DELETED_TEXT} ({formatDateTime(doc.original_deleted_at)}). Die erkannten Daten,
              Zahlungsdaten und Buchungen bleiben erhalten.
            </Alert>
          ) : file.isError ? (
            <Alert severity="error" sx={{ m: 2 }}>
              {t.review.pdfLoadFailed} {errorMessages(file.error).join('; ')}
            </Alert>
          ) : file.data && viewerReady ? (
            <Suspense fallback={<PageLoader />}>
              <PdfViewer
                key={doc.pdf}
                data={file.data}
                readOnly={!editable}
                highlight={highlight}
                picking={picking != null}
                onPick={(page, rect) => void onPick(page, rect)}
                onPickCancel={() => setPicking(null)}
                onDirtyChange={setDirty}
                onError={(message) => appStore.showSnackbar(message, 'error')}
                controllerRef={viewer}
              />
            </Suspense>
          ) : (
            <PageLoader />
          )}
        </Paper>

        <Stack spacing={2}>
          {editable ? (
            <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {confirmed ? (
                <Button
                  variant="outlined"
                  color="warning"
                  startIcon={<LockOpenIcon />}
                  disabled={doc.status !== 'geprueft'}
                  onClick={() => setAskUnconfirm(true)}
                >
                  {t.review.unconfirm}
                </Button>
              ) : (
                <Tooltip title={doc.master_data_id == null ? t.review.confirmNeedsMasterData : ''}>
                  <span>
                    <Button
                      variant="contained"
                      startIcon={<TaskAltIcon />}
                      disabled={doc.status !== 'zu_pruefen' || doc.master_data_id == null}
                      onClick={() => setConfirming(true)}
                    >
                      {t.review.confirm}
                    </Button>
                  </span>
                </Tooltip>
              )}
              <Button
                variant="outlined"
                startIcon={<SaveIcon />}
                disabled={!dirty}
                loading={saveVersion.isPending}
                onClick={() => void saveAnnotations()}
              >
                {t.review.saveAnnotations}
              </Button>
              <Button
                startIcon={doc.archived ? <UnarchiveIcon /> : <ArchiveIcon />}
                disabled={update.isPending}
                onClick={() =>
                  void run(
                    () => update.mutateAsync({ archived: !doc.archived }),
                    doc.archived ? t.review.unarchived : t.review.archived,
                  )
                }
              >
                {doc.archived ? t.review.unarchive : t.review.archive}
              </Button>
              {confirmed ? null : (
                <Button
                  startIcon={<RefreshIcon />}
                  disabled={processing}
                  loading={reprocess.isPending}
                  onClick={() => setAskReprocess(true)}
                >
                  {t.review.reprocess}
                </Button>
              )}
              <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirmDelete(true)}>
                {t.review.delete}
              </Button>
            </Paper>
          ) : null}

          {confirmed ? (
            <Alert severity="success" data-testid="confirmed-banner">
              {doc.confirmed_by
                ? `${t.review.confirmedBy(
                    doc.confirmed_by.name || doc.confirmed_by.username,
                    formatDateTime(doc.confirmed_at),
                  )}. `
                : ''}
              {t.review.confirmedReadOnly}
            </Alert>
          ) : null}
          {doc.status === 'zu_pruefen' && editable ? (
            <Typography variant="caption" color="text.secondary">
              {t.review.confirmHint}
            </Typography>
          ) : null}
          {processing ? (
            <Alert severity="info" icon={<CircularProgress size={18} />}>
              {t.review.processing}
            </Alert>
          ) : null}
          {doc.status === 'fehler' && doc.error ? (
            <Alert severity="error">{t.review.processingError(doc.error)}</Alert>
          ) : null}

          <Section title={t.review.fields}>
            <TextField
              select
              size="small"
              label={t.review.type}
              value={doc.type ?? ''}
              disabled={!fieldsEditable || update.isPending}
              onChange={(e) => {
                const type = e.target.value as DocumentType;
                setEditing(null);
                setPicking(null);
                void run(() => update.mutateAsync({ type }), t.review.typeReread(DOCUMENT_TYPE_LABELS[type]));
              }}
              sx={{ mb: 1, minWidth: 260 }}
              helperText={
                doc.type_by_user
                  ? t.review.typeByUser
                  : fieldsEditable
                    ? `${doc.type_confidence != null ? `${t.review.confidence(Math.round(doc.type_confidence * 100))} · ` : ''}${t.review.typeHelp}`
                    : doc.type_confidence != null
                      ? t.review.confidence(Math.round(doc.type_confidence * 100))
                      : undefined
              }
            >
              {doc.type ? null : (
                <MenuItem value="" disabled>
                  {t.inbox.unclassified}
                </MenuItem>
              )}
              {DOCUMENT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {DOCUMENT_TYPE_LABELS[type]}
                </MenuItem>
              ))}
            </TextField>
            {picking ? (
              <Alert
                severity="info"
                sx={{ mb: 1 }}
                action={
                  <Button color="inherit" size="small" onClick={() => setPicking(null)}>
                    {t.review.cancelEdit}
                  </Button>
                }
              >
                {t.review.picking(fieldLabel(picking))}
              </Alert>
            ) : null}
            {update.isPending && busyField ? <LinearProgress sx={{ mb: 1 }} /> : null}
            <FieldList
              doc={doc}
              editable={fieldsEditable}
              picking={picking}
              editing={editing}
              busyField={busyField}
              onEdit={(edit) => {
                setPicking(null);
                setEditing(edit);
              }}
              onSave={saveField}
              onPick={(name) => {
                setEditing(null);
                setPicking(name);
              }}
              onHighlight={setHighlight}
              pickedCell={pickedCell}
              onPickCell={setPicking}
              onSaveList={saveList}
            />
          </Section>

          <Section title={t.review.checks}>
            <ChecksList checks={doc.checks} onHoverField={highlightField} />
          </Section>

          <Section title={t.review.masterData}>
            <MasterDataAssignment
              doc={doc}
              editable={fieldsEditable}
              busy={update.isPending}
              onAssign={(masterDataId) =>
                void run(() => update.mutateAsync({ master_data_id: masterDataId }), t.review.masterDataSaved)
              }
            />
          </Section>

          <Section title={t.review.followUp}>
            <FollowUpForm
              doc={doc}
              editable={editable}
              busy={update.isPending}
              onSave={async (value) => {
                try {
                  await update.mutateAsync(value);
                  appStore.showSnackbar(value.dueDate ? t.review.dueSaved : t.review.dueCleared);
                  return true;
                } catch (error) {
                  showError(error);
                  return false;
                }
              }}
            />
          </Section>

          <Section title={t.review.versions}>
            <List dense disablePadding>
              {doc.versions.map((v) => (
                <VersionRow key={v.id} version={v} filename={doc.filename} />
              ))}
            </List>
            {doc.uploaded_by ? (
              <Typography variant="caption" color="text.secondary">
                {t.review.uploadedBy(
                  doc.uploaded_by.name || doc.uploaded_by.username,
                  formatDateTime(doc.created_at),
                )}
              </Typography>
            ) : null}
          </Section>
        </Stack>
      </Box>

      <ConfirmDocumentDialog documentId={doc.id} open={confirming} onClose={() => setConfirming(false)} />
      <ReprocessDialog
        open={askReprocess}
        corrections={corrections}
        busy={reprocess.isPending}
        onClose={() => setAskReprocess(false)}
        onConfirm={(keep) =>
          void run(async () => {
            await reprocess.mutateAsync(keep ? null : { keep_corrections: false });
            setAskReprocess(false);
          }, t.review.reprocessed)
        }
      />
      <UnconfirmDialog
        open={askUnconfirm}
        busy={unconfirm.isPending}
        onClose={() => setAskUnconfirm(false)}
        onConfirm={(reason) =>
          void run(async () => {
            await unconfirm.mutateAsync({ reason });
            setAskUnconfirm(false);
          }, t.review.unconfirmed)
        }
      />
      <ConfirmDialog
        open={confirmDelete}
        title={t.review.deleteTitle}
        text={t.review.deleteConfirm(doc.filename)}
        busy={remove.isPending}
        onConfirm={() => void deleteDocument()}
        onClose={() => setConfirmDelete(false)}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t.review.unsavedTitle}
        text={t.review.unsaved}
        confirmLabel={t.review.leave}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      <Divider sx={{ mb: 1.5 }} />
      {children}
    </Paper>
  );
}

function VersionRow({ version, filename }: { version: DocumentVersion; filename: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await api.get<Blob>(withDownload(apiRelative(version.pdf)), undefined, {
        responseType: 'blob',
      });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download =
        version.version === 1 ? filename : filename.replace(/(\.pdf)?$/i, `-v${version.version}.pdf`);
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ListItem
      disableGutters
      secondaryAction={
        <Tooltip title={t.review.download}>
          <IconButton
            edge="end"
            aria-label={`${t.review.download}: ${t.review.versionLabel(version.version, version.kind)}`}
            onClick={() => void download()}
            loading={busy}
          >
            <DownloadIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      }
      data-testid="version"
    >
      <ListItemText
        primary={t.review.versionLabel(version.version, version.kind)}
        secondary={[
          formatDateTime(version.created_at),
          version.created_by?.name || version.created_by?.username,
        ]
          .filter(Boolean)
          .join(' · ')}
      />
    </ListItem>
  );
}
