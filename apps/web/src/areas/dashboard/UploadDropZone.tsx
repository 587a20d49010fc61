import { UPLOAD_STATUS_LABELS, type UploadFileResult } from '@gewst/domain';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ErrorIcon from '@mui/icons-material/Error';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Box,
  Button,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { documentKeys } from '../../api/documents';
import { errorMessages } from '../../api/errors';
import { uploadDocuments } from '../../api/uploads';
import { documentTexts as t } from '../../i18n/documents';
import { snackbarText } from '../../store/appStore';
import { appStore } from '../../store/store';

/** Files uploaded at the same time; each file has its own request, so its own progress. */
const PARALLEL_UPLOADS = 2;

interface UploadItem {
  key: number;
  file: File;
  companyId: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  progress: number;
  result?: UploadFileResult;
  error?: string;
}

/** Drag-and-drop (or choose) PDF notices; shows per-file progress and the server's verdict. */
export function UploadDropZone({ companyId }: { companyId: number | null }) {
  const client = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [over, setOver] = useState(false);
  const nextKey = useRef(1);
  const running = useRef(0);
  const queue = useRef<UploadItem[]>([]);
  const aborts = useRef(new Set<() => void>());
  const itemsRef = useRef(items);
  itemsRef.current = items;

  useEffect(() => {
    const pending = aborts.current;
    return () => {
      for (const abort of pending) abort();
    };
  }, []);

  const patch = (key: number, change: Partial<UploadItem>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  function pump() {
    while (running.current < PARALLEL_UPLOADS && queue.current.length > 0) {
      const item = queue.current.shift()!;
      running.current += 1;
      patch(item.key, { state: 'uploading' });
      const handle = uploadDocuments(item.companyId, [item.file], (progress) =>
        patch(item.key, { progress }),
      );
      aborts.current.add(handle.abort);
      handle.promise
        .then((results) => patch(item.key, { state: 'done', progress: 1, result: results[0] }))
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          patch(item.key, { state: 'failed', error: snackbarText(errorMessages(error)) });
        })
        .finally(() => {
          aborts.current.delete(handle.abort);
          running.current -= 1;
          void client.invalidateQueries({ queryKey: documentKeys.all });
          if (queue.current.length > 0) pump();
          else if (running.current === 0) summarise();
        });
    }
  }

  function summarise() {
    // Reads the settled list after React applied the last patches.
    setTimeout(() => {
      const done = itemsRef.current.filter((i) => i.state === 'done' || i.state === 'failed');
      const count = (s: UploadFileResult['status']) => done.filter((i) => i.result?.status === s).length;
      const refused = count('refused') + done.filter((i) => i.state === 'failed').length;
      appStore.showSnackbar(
        t.upload.done(count('stored'), count('duplicate'), refused),
        refused > 0 ? 'warning' : 'success',
      );
    }, 0);
  }

  function add(files: FileList | readonly File[]) {
    if (companyId == null || files.length === 0) return;
    const added: UploadItem[] = Array.from(files).map((file) => ({
      key: nextKey.current++,
      file,
      companyId,
      state: 'waiting',
      progress: 0,
    }));
    setItems((list) => [...added, ...list]);
    queue.current.push(...added);
    pump();
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    add(e.dataTransfer.files);
  };

  const disabled = companyId == null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box
        data-testid="upload-drop-zone"
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled}
        onClick={() => !disabled && inputRef.current?.click()}
        onKeyDown={(e) => {
          if (!disabled && (e.key === 'Enter' || e.key === ' ')) {
            e.preventDefault();
            inputRef.current?.click();
          }
        }}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) {
            e.dataTransfer.dropEffect = 'copy';
            setOver(true);
          }
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => (disabled ? e.preventDefault() : onDrop(e))}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: 3,
          textAlign: 'center',
          cursor: disabled ? 'not-allowed' : 'pointer',
          outline: 'none',
          '&:focus-visible': { borderColor: 'primary.main' },
        }}
      >
        <UploadFileIcon sx={{ fontSize: 40, color: 'text.secondary' }} />
        <Typography variant="subtitle1">{disabled ? t.upload.noCompany : t.upload.drop}</Typography>
        {disabled ? null : (
          <>
            <Typography variant="body2" color="text.secondary">
              {t.upload.or}
            </Typography>
            {/* looks like a button; the whole zone is the one control (no control inside a control) */}
            <Box
              component="span"
              sx={{
                display: 'inline-block',
                mt: 1,
                px: 1.25,
                py: 0.5,
                border: 1,
                borderColor: 'primary.main',
                borderRadius: 1,
                color: 'primary.main',
                typography: 'button',
                fontSize: '0.8125rem',
              }}
            >
              {t.upload.choose}
            </Box>
            <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
              {t.upload.hint}
            </Typography>
          </>
        )}
        <input
          ref={inputRef}
          type="file"
          accept="application/pdf,.pdf"
          multiple
          hidden
          data-testid="upload-input"
          onChange={(e) => {
            if (e.target.files) add(e.target.files);
            e.target.value = '';
          }}
        />
      </Box>
      {items.length > 0 ? (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', mt: 2 }}>
            <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
              {t.upload.results}
            </Typography>
            <Button
              size="small"
              onClick={() =>
                setItems((list) => list.filter((i) => i.state === 'waiting' || i.state === 'uploading'))
              }
            >
              {t.upload.clear}
            </Button>
          </Box>
          <List dense aria-label={t.upload.results} data-testid="upload-results">
            {items.map((item) => (
              <UploadRow key={item.key} item={item} />
            ))}
          </List>
        </>
      ) : null}
    </Paper>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const status = item.result?.status;
  const icon =
    item.state === 'failed' || status === 'refused' ? (
      <ErrorIcon color="error" />
    ) : status === 'duplicate' ? (
      <ContentCopyIcon color="warning" />
    ) : status === 'stored' ? (
      <CheckCircleIcon color="success" />
    ) : (
      <UploadFileIcon color="action" />
    );
  let secondary: ReactNode;
  if (item.state === 'waiting') secondary = t.upload.waiting;
  else if (item.state === 'uploading')
    secondary = (
      <LinearProgress
        variant="determinate"
        value={Math.round(item.progress * 100)}
        aria-label={`${item.file.name} ${t.upload.uploading}`}
        sx={{ mt: 0.5 }}
      />
    );
  else if (item.state === 'failed') secondary = `${t.upload.failed}: ${item.error ?? ''}`;
  else if (item.result)
    secondary = [UPLOAD_STATUS_LABELS[item.result.status], item.result.reason].filter(Boolean).join(' – ');
  return (
    <ListItem
      data-testid="upload-item"
      data-status={item.state === 'failed' ? 'failed' : (status ?? item.state)}
      secondaryAction={
        item.result?.document_id != null ? (
          <Link component={RouterLink} to={`/dokumente/${item.result.document_id}`}>
            {t.upload.open}
          </Link>
        ) : undefined
      }
    >
      <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>
      <ListItemText
        primary={item.file.name}
        secondary={secondary}
        slotProps={{ secondary: { component: 'div' } }}
      />
    </ListItem>
  );
}
