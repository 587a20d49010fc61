/**
 * The booking session workflow (PRODUCT.md, "Statuses"): one state machine, used by the
 * server to check every transition in one place and by the web app to offer only the
 * actions allowed now. Pure: the server adds the data-dependent rules (four-eyes) and
 * runs each transition in a transaction with a row lock.
 */

export const SESSION_TYPES = ['bescheid', 'vorauszahlung', 'korrektur', 'storno'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];
export const SESSION_TYPE_LABELS: Record<SessionType, string> = {
  bescheid: 'Bescheide',
  vorauszahlung: 'Vorauszahlungen',
  korrektur: 'Korrekturen',
  storno: 'Stornos',
};

export const SESSION_STATUSES = [
  'offen',
  'geschlossen',
  'eingereicht',
  'freigegeben',
  'exportiert',
  'export_fehlgeschlagen',
  'storniert',
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const SESSION_STATUS_LABELS: Record<SessionStatus, string> = {
  offen: 'offen',
  geschlossen: 'geschlossen',
  eingereicht: 'eingereicht',
  freigegeben: 'freigegeben',
  exportiert: 'exportiert',
  export_fehlgeschlagen: 'Export fehlgeschlagen',
  storniert: 'storniert',
};

/** What a user can ask for (the seed's calls), in the order the screen offers them. */
export const USER_ACTIONS = [
  'close',
  'submit',
  'reject',
  'approve',
  'revert-to-closed',
  'correct',
  'cancel',
  'archive',
  'retrigger-failed-jobs',
  'generate_report',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/**
 * What the system does: bookings added by generation (`add`), the export job's result,
 * the completion of a storno (its reversal was exported) and the deletion of a prepayment
 * session through its BI log entry.
 */
export const SYSTEM_ACTIONS = [
  'add',
  'export-succeeded',
  'export-failed',
  'storno-completed',
  'delete-prepayments',
] as const;
export type SystemAction = (typeof SYSTEM_ACTIONS)[number];
export type SessionAction = UserAction | SystemAction;
export const SESSION_ACTIONS: readonly SessionAction[] = [...USER_ACTIONS, ...SYSTEM_ACTIONS];

export const SESSION_ACTION_LABELS: Record<SessionAction, string> = {
  close: 'Schließen',
  submit: 'Einreichen',
  reject: 'Zurückweisen',
  approve: 'Freigeben',
  'revert-to-closed': 'Zurück auf „geschlossen“',
  correct: 'Korrigieren',
  cancel: 'Stornieren',
  archive: 'Archivieren',
  'retrigger-failed-jobs': 'Export erneut anstoßen',
  generate_report: 'Buchungsprotokoll erzeugen',
  add: 'Buchungen hinzufügen',
  'export-succeeded': 'Export abgeschlossen',
  'export-failed': 'Export fehlgeschlagen',
  'storno-completed': 'Storno exportiert',
  'delete-prepayments': 'Vorauszahlungsstapel löschen',
};

/** What the session looks like to the workflow. */
export interface SessionState {
  status: SessionStatus;
  type: SessionType;
  archived: boolean;
  /** A storno session for this one exists and has not been exported yet. */
  storno_pending?: boolean;
}

/**
 * `to`: the status afterwards. `effect` names what else happens: `in-place` (bookings are
 * edited), `korrektur-session` / `storno-session` (a new session is created), `archive`
 * (the archived flag is set), `none`.
 */
export type TransitionEffect =
  'none' | 'in-place' | 'korrektur-session' | 'storno-session' | 'archive' | 'delete';

export type TransitionResult =
  | { allowed: true; to: SessionStatus; effect: TransitionEffect }
  | { allowed: false; code: string; message: string };

interface Rule {
  from: readonly SessionStatus[];
  /** null: the status stays as it is. */
  to: SessionStatus | null;
  effect?: TransitionEffect;
  /** Allowed on an archived session (read-only actions). */
  onArchived?: boolean;
}

const RULES: Record<SessionAction, Rule> = {
  close: { from: ['offen'], to: 'geschlossen' },
  submit: { from: ['geschlossen'], to: 'eingereicht' },
  reject: { from: ['eingereicht'], to: 'geschlossen' },
  approve: { from: ['eingereicht'], to: 'freigegeben' },
  'revert-to-closed': { from: ['eingereicht', 'freigegeben', 'export_fehlgeschlagen'], to: 'geschlossen' },
  correct: { from: ['geschlossen', 'exportiert'], to: null },
  cancel: { from: ['exportiert'], to: null, effect: 'storno-session' },
  archive: { from: ['exportiert', 'storniert'], to: null, effect: 'archive' },
  'retrigger-failed-jobs': { from: ['export_fehlgeschlagen'], to: 'freigegeben' },
  generate_report: {
    from: ['geschlossen', 'eingereicht', 'freigegeben', 'exportiert', 'export_fehlgeschlagen', 'storniert'],
    to: null,
    onArchived: true,
  },
  add: { from: ['offen'], to: null },
  'export-succeeded': { from: ['freigegeben'], to: 'exportiert' },
  'export-failed': { from: ['freigegeben'], to: 'export_fehlgeschlagen' },
  'storno-completed': { from: ['exportiert'], to: 'storniert' },
  'delete-prepayments': {
    from: ['offen', 'geschlossen', 'eingereicht', 'freigegeben', 'export_fehlgeschlagen'],
    to: null,
    effect: 'delete',
  },
};

const quote = (s: string) => `„${s}“`;
const list = (xs: readonly SessionStatus[]) => {
  const labels = xs.map((s) => quote(SESSION_STATUS_LABELS[s]));
  return labels.length <= 1
    ? (labels[0] ?? '')
    : `${labels.slice(0, -1).join(', ')} oder ${labels[labels.length - 1]}`;
};

const refuse = (code: string, message: string): TransitionResult => ({ allowed: false, code, message });

/** Whether `action` may run on `session` now, and what it leads to. */
export function transition(session: SessionState, action: SessionAction): TransitionResult {
  const rule = RULES[action];
  const label = quote(SESSION_ACTION_LABELS[action]);
  if (session.archived && !rule.onArchived)
    return refuse('SESSION_ARCHIVED', `Der Stapel ist archiviert; ${label} ist nicht mehr möglich.`);
  if (!rule.from.includes(session.status)) {
    const now = quote(SESSION_STATUS_LABELS[session.status]);
    return refuse(
      'SESSION_TRANSITION_NOT_ALLOWED',
      `Der Stapel ist ${now}; ${label} ist nur im Status ${list(rule.from)} möglich.`,
    );
  }
  if (
    session.type === 'storno' &&
    (action === 'cancel' || (action === 'correct' && session.status !== 'geschlossen'))
  )
    return refuse(
      'SESSION_TRANSITION_NOT_ALLOWED',
      `Ein exportierter Storno-Stapel kann nicht ${action === 'cancel' ? 'storniert' : 'korrigiert'} werden.`,
    );
  if (session.storno_pending && (action === 'cancel' || action === 'correct' || action === 'archive'))
    return refuse(
      'SESSION_STORNO_PENDING',
      `Für diesen Stapel ist bereits ein Storno angelegt, das noch nicht exportiert ist; ${label} ist erst danach möglich.`,
    );
  if (session.type !== 'vorauszahlung' && action === 'delete-prepayments')
    return refuse(
      'SESSION_NOT_PREPAYMENT',
      'Nur Vorauszahlungsstapel werden über ihren Protokolleintrag gelöscht.',
    );
  let effect: TransitionEffect = rule.effect ?? 'none';
  if (action === 'correct') effect = session.status === 'exportiert' ? 'korrektur-session' : 'in-place';
  return { allowed: true, to: rule.to ?? session.status, effect };
}

/** The user actions allowed now (for the screen), in USER_ACTIONS order. */
export function allowedActions(session: SessionState): UserAction[] {
  return USER_ACTIONS.filter((a) => transition(session, a).allowed);
}

/** Actions that need a comment; `reject` and `cancel` refuse an empty one. */
export const COMMENT_REQUIRED: readonly UserAction[] = ['reject', 'cancel'];

/**
 * Four-eyes rule (checked by the server inside the approval's transaction): the approver
 * is neither the person who submitted the session nor the last person who changed one of
 * its bookings (created or corrected it). Returns the German reason for a 403, or null.
 */
export function fourEyesRefusal(input: {
  approverId: number | null;
  submittedBy: number | null;
  /** The last user who changed each booking of the session (creator when never corrected). */
  lastChangedBy: readonly (number | null)[];
}): string | null {
  const { approverId } = input;
  if (approverId === null) return 'Die Freigabe braucht einen angemeldeten Benutzer.';
  if (input.submittedBy === approverId)
    return 'Sie haben diesen Stapel eingereicht; die Freigabe muss eine andere Person erteilen (Vier-Augen-Prinzip).';
  if (input.lastChangedBy.includes(approverId))
    return 'Sie haben Buchungen dieses Stapels angelegt oder zuletzt geändert; die Freigabe muss eine andere Person erteilen (Vier-Augen-Prinzip).';
  return null;
}
