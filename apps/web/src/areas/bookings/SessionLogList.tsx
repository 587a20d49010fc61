import { SESSION_STATUS_LABELS, type SessionLog } from '@gewst/domain';
import EditIcon from '@mui/icons-material/EditOutlined';
import {
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { bookingApi, sessionLogsQuery, useBookingMutation } from '../../api/bookings';
import { errorMessages } from '../../api/errors';
import { QueryError } from '../../components/QueryState';
import { bookingTexts } from '../../i18n/bookings';
import { de } from '../../i18n/de';
import { formatDateTime } from '../../lib/format';
import { appStore } from '../../store/store';

const t = bookingTexts.log;

function describe(l: SessionLog): string {
  const d = (l.details ?? {}) as {
    bookings?: number;
    reversals?: unknown[];
    changes?: unknown[];
    storno_session_id?: number;
    korrektur_session_id?: number;
    error?: string;
  };
  const parts: string[] = [];
  if (l.action === 'add') parts.push(t.addDetails(d.bookings ?? 0, d.reversals?.length ?? 0));
  if (l.action === 'correct' && d.changes) parts.push(`${d.changes.length} Buchung(en)`);
  if (d.korrektur_session_id) parts.push(bookingTexts.created(d.korrektur_session_id));
  if (d.storno_session_id) parts.push(bookingTexts.created(d.storno_session_id));
  if (d.error) parts.push(d.error);
  if (l.from_status && l.to_status && l.from_status !== l.to_status)
    parts.push(`${SESSION_STATUS_LABELS[l.from_status]} → ${SESSION_STATUS_LABELS[l.to_status]}`);
  return parts.filter(Boolean).join(' · ');
}

/** The session log: every step with who and when; own comments can be edited. */
export function SessionLogList({ sessionId }: { sessionId: number }) {
  const logs = useQuery(sessionLogsQuery(sessionId));
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const save = useBookingMutation((e: { id: number; text: string }) => bookingApi.editComment(e.id, e.text));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={t.title} data-testid="session-log">
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {t.title}
      </Typography>
      {logs.isError ? <QueryError error={logs.error} onRetry={() => void logs.refetch()} /> : null}
      {logs.data && logs.data.length === 0 ? <Typography color="text.secondary">{t.empty}</Typography> : null}
      <List dense disablePadding>
        {(logs.data ?? []).map((l) => (
          <ListItem
            key={l.id}
            alignItems="flex-start"
            disableGutters
            data-testid={`log-${l.action}`}
            secondaryAction={
              l.own && l.comment !== null && editing?.id !== l.id ? (
                <Tooltip title={t.edit}>
                  <IconButton
                    edge="end"
                    aria-label={t.edit}
                    onClick={() => setEditing({ id: l.id, text: l.comment ?? '' })}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : undefined
            }
          >
            <ListItemText
              primary={`${t.actions[l.action] ?? l.action} – ${l.user?.name ?? t.system}, ${formatDateTime(l.created_at)}`}
              secondary={
                <>
                  {describe(l) ? <span>{describe(l)}</span> : null}
                  {editing?.id === l.id ? (
                    <Box
                      component="form"
                      sx={{ display: 'flex', gap: 1, mt: 1, alignItems: 'flex-start' }}
                      onSubmit={(e) => {
                        e.preventDefault();
                        save.mutate(editing, {
                          onSuccess: () => {
                            appStore.showSnackbar(t.saved);
                            setEditing(null);
                          },
                          onError: (err) => appStore.showSnackbar(errorMessages(err), 'error'),
                        });
                      }}
                    >
                      <TextField
                        size="small"
                        value={editing.text}
                        onChange={(e) => setEditing({ ...editing, text: e.target.value })}
                        multiline
                        fullWidth
                        autoFocus
                        slotProps={{ htmlInput: { 'aria-label': bookingTexts.comment, maxLength: 2000 } }}
                      />
                      <Button
                        type="submit"
                        variant="contained"
                        size="small"
                        loading={save.isPending}
                        disabled={!editing.text.trim()}
                      >
                        {t.save}
                      </Button>
                      <Button size="small" onClick={() => setEditing(null)}>
                        {de.common.cancel}
                      </Button>
                    </Box>
                  ) : l.comment ? (
                    <Typography
                      component="span"
                      sx={{ display: 'block', whiteSpace: 'pre-wrap', color: 'text.primary' }}
                    >
                      „{l.comment}“{l.comment_edited_at ? ` (${t.edited})` : ''}
                    </Typography>
                  ) : null}
                </>
              }
              slotProps={{ secondary: { component: 'div' } }}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
