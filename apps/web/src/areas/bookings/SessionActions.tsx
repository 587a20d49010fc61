import {
  allowedActions,
  type BookingSessionDetail,
  COMMENT_REQUIRED,
  fourEyesRefusal,
  type UserAction,
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
  TextField,
  Tooltip,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AbilityName } from '../../abilities/ability';
import { bookingApi, useBookingMutation } from '../../api/bookings';
import { errorMessages } from '../../api/errors';
import { bookingTexts as t } from '../../i18n/bookings';
import { de } from '../../i18n/de';
import { appStore, useAbility, useAppState } from '../../store/store';

/** Which ability a user action needs (the server checks the same permissions). */
const NEEDS: Record<UserAction, AbilityName> = {
  close: 'closeBiSessionsGenerateReports',
  submit: 'closeBiSessionsGenerateReports',
  reject: 'approveBiSessions',
  approve: 'approveBiSessions',
  'revert-to-closed': 'closeBiSessionsGenerateReports',
  correct: 'closeBiSessionsGenerateReports',
  cancel: 'closeBiSessionsGenerateReports',
  archive: 'closeBiSessionsGenerateReports',
  'retrigger-failed-jobs': 'closeBiSessionsGenerateReports',
  generate_report: 'closeBiSessionsGenerateReports',
};
/** Offered with a comment field (required for reject and cancel). */
const WITH_COMMENT: readonly UserAction[] = ['submit', 'reject', 'revert-to-closed', 'cancel'];

type Runnable = Exclude<UserAction, 'correct' | 'retrigger-failed-jobs' | 'generate_report'>;

/** Export actions (report, re-trigger) have their place in the export section (ExportSection). */
const EXPORT_SECTION: readonly UserAction[] = ['generate_report', 'retrigger-failed-jobs'];

function run(action: Runnable, id: number, comment: string) {
  const c = comment.trim() || null;
  switch (action) {
    case 'close':
      return bookingApi.close(id);
    case 'submit':
      return bookingApi.submit(id, c);
    case 'reject':
      return bookingApi.reject(id, c ?? '');
    case 'approve':
      return bookingApi.approve(id);
    case 'revert-to-closed':
      return bookingApi.revertToClosed(id, c);
    case 'cancel':
      return bookingApi.cancel(id, c ?? '');
    case 'archive':
      return bookingApi.archive(id);
  }
}

/**
 * The actions the state machine allows now and the user may take; each asks for
 * confirmation (with a comment where the action has one). Approve is disabled with the
 * four-eyes reason for the submitter and whoever last changed a booking.
 */
export function SessionActions({ session }: { session: BookingSessionDetail }) {
  const ability = useAbility();
  const me = useAppState((s) => s.user?.id ?? null);
  const navigate = useNavigate();
  const [open, setOpen] = useState<Runnable | null>(null);
  const actions = allowedActions(session).filter(
    (a): a is Runnable => a !== 'correct' && !EXPORT_SECTION.includes(a) && ability.can(NEEDS[a], 'all'),
  );
  if (!actions.length) return null;
  const refusal = fourEyesRefusal({
    approverId: me,
    submittedBy: session.submitted_by?.id ?? null,
    lastChangedBy: session.changed_by_ids,
  });
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label={de.common.actions}>
      {actions.map((a) => {
        const blocked = a === 'approve' && refusal !== null;
        const button = (
          <Button
            key={a}
            variant={a === 'approve' || a === 'submit' || a === 'close' ? 'contained' : 'outlined'}
            color={a === 'cancel' || a === 'reject' ? 'error' : 'primary'}
            disabled={blocked}
            onClick={() => setOpen(a)}
            data-testid={`action-${a}`}
          >
            {t.actions[a]}
          </Button>
        );
        return blocked ? (
          <Tooltip key={a} title={refusal}>
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        );
      })}
      {open ? (
        <ActionDialog
          action={open}
          sessionId={session.id}
          onClose={() => setOpen(null)}
          onCreated={(id) => navigate(`/buchungen/${id}`)}
        />
      ) : null}
    </Box>
  );
}

function ActionDialog({
  action,
  sessionId,
  onClose,
  onCreated,
}: {
  action: Runnable;
  sessionId: number;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const mutation = useBookingMutation(() => run(action, sessionId, comment));
  const texts = t.confirm[action]!;
  const required = COMMENT_REQUIRED.includes(action);
  const destructive = action === 'cancel' || action === 'reject';
  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-label={texts.title}
    >
      <DialogTitle>{texts.title}</DialogTitle>
      <DialogContent>
        {texts.text ? <DialogContentText sx={{ mb: 2 }}>{texts.text}</DialogContentText> : null}
        {WITH_COMMENT.includes(action) ? (
          <TextField
            label={t.comment}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            required={required}
            multiline
            minRows={2}
            fullWidth
            autoFocus
            error={required && errors.length > 0 && !comment.trim()}
            slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'action-comment' } }}
          />
        ) : null}
        {errors.length ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errors.join(' ')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending} autoFocus={!WITH_COMMENT.includes(action)}>
          {de.common.cancel}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          loading={mutation.isPending}
          data-testid="action-confirm"
          onClick={() => {
            if (required && !comment.trim()) {
              setErrors([t.commentRequired]);
              return;
            }
            mutation.mutate(undefined, {
              onSuccess: (r) => {
                appStore.showSnackbar(
                  r.created_session_id
                    ? t.created(r.created_session_id)
                    : t.done(t.actions[action] ?? action),
                );
                onClose();
                if (r.created_session_id) onCreated(r.created_session_id);
              },
              onError: (e) => setErrors(errorMessages(e)),
            });
          }}
        >
          {t.actions[action]}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
