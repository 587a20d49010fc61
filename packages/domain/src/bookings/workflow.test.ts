import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  fourEyesRefusal,
  SESSION_ACTIONS,
  SESSION_STATUSES,
  type SessionAction,
  type SessionStatus,
  type SessionType,
  transition,
} from './workflow';

/**
 * PRODUCT.md's table written out once more by hand, independent of the rules in
 * workflow.ts: status → action → resulting status ('=' unchanged), absent = refused.
 */
const TABLE: Record<SessionStatus, Partial<Record<SessionAction, SessionStatus | '='>>> = {
  offen: { close: 'geschlossen', add: '=', 'delete-prepayments': '=' },
  geschlossen: {
    submit: 'eingereicht',
    correct: '=',
    generate_report: '=',
    'delete-prepayments': '=',
  },
  eingereicht: {
    reject: 'geschlossen',
    approve: 'freigegeben',
    'revert-to-closed': 'geschlossen',
    generate_report: '=',
    'delete-prepayments': '=',
  },
  freigegeben: {
    'revert-to-closed': 'geschlossen',
    generate_report: '=',
    'export-succeeded': 'exportiert',
    'export-failed': 'export_fehlgeschlagen',
    'delete-prepayments': '=',
  },
  exportiert: {
    correct: '=',
    cancel: '=',
    archive: '=',
    generate_report: '=',
    'storno-completed': 'storniert',
  },
  export_fehlgeschlagen: {
    'revert-to-closed': 'geschlossen',
    'retrigger-failed-jobs': 'freigegeben',
    generate_report: '=',
    'delete-prepayments': '=',
  },
  storniert: { archive: '=', generate_report: '=' },
};

const session = (status: SessionStatus, type: SessionType = 'vorauszahlung', extra = {}) => ({
  status,
  type,
  archived: false,
  ...extra,
});

describe('session state machine: every status × every action', () => {
  for (const status of SESSION_STATUSES) {
    for (const action of SESSION_ACTIONS) {
      const expected = TABLE[status][action];
      it(`${status} × ${action} → ${expected === undefined ? 'refused' : expected}`, () => {
        const r = transition(session(status), action);
        if (expected === undefined) {
          expect(r.allowed).toBe(false);
          if (!r.allowed) {
            expect(r.code).toBe('SESSION_TRANSITION_NOT_ALLOWED');
            // A German message that names the current status and the action.
            expect(r.message).toMatch(/^Der Stapel ist „.+“; „.+“ ist nur im Status .+ möglich\.$/);
          }
        } else {
          expect(r).toMatchObject({ allowed: true, to: expected === '=' ? status : expected });
        }
      });
    }
  }
});

describe('effects and special refusals', () => {
  it('correct edits in place on a closed session, creates a korrektur session on an exported one', () => {
    expect(transition(session('geschlossen'), 'correct')).toMatchObject({ effect: 'in-place' });
    expect(transition(session('exportiert'), 'correct')).toMatchObject({ effect: 'korrektur-session' });
    expect(transition(session('exportiert'), 'cancel')).toMatchObject({ effect: 'storno-session' });
    expect(transition(session('storniert'), 'archive')).toMatchObject({ effect: 'archive' });
  });

  it('an archived session refuses everything but the report', () => {
    for (const action of SESSION_ACTIONS) {
      const r = transition({ status: 'exportiert', type: 'bescheid', archived: true }, action);
      if (action === 'generate_report') expect(r.allowed).toBe(true);
      else expect(r).toMatchObject({ allowed: false, code: 'SESSION_ARCHIVED' });
    }
  });

  it('a pending storno blocks cancel, correct and archive of the original', () => {
    const s = session('exportiert', 'bescheid', { storno_pending: true });
    for (const action of ['cancel', 'correct', 'archive'] as const)
      expect(transition(s, action)).toMatchObject({ allowed: false, code: 'SESSION_STORNO_PENDING' });
    expect(transition(s, 'storno-completed')).toMatchObject({ allowed: true, to: 'storniert' });
  });

  it('an exported storno session can be neither cancelled nor corrected; a closed one can be corrected', () => {
    expect(transition(session('exportiert', 'storno'), 'cancel').allowed).toBe(false);
    expect(transition(session('exportiert', 'storno'), 'correct').allowed).toBe(false);
    expect(transition(session('geschlossen', 'storno'), 'correct').allowed).toBe(true);
  });

  it('only prepayment sessions are deleted through their BI log entry', () => {
    expect(transition(session('offen', 'bescheid'), 'delete-prepayments')).toMatchObject({
      allowed: false,
      code: 'SESSION_NOT_PREPAYMENT',
    });
  });

  it('offers the user actions allowed now', () => {
    expect(allowedActions(session('offen'))).toEqual(['close']);
    expect(allowedActions(session('eingereicht'))).toEqual([
      'reject',
      'approve',
      'revert-to-closed',
      'generate_report',
    ]);
    expect(allowedActions(session('exportiert'))).toEqual([
      'correct',
      'cancel',
      'archive',
      'generate_report',
    ]);
  });
});

describe('four-eyes rule', () => {
  it('refuses the submitter and whoever last changed a booking, with a reason', () => {
    expect(fourEyesRefusal({ approverId: 2, submittedBy: 2, lastChangedBy: [3] })).toContain('eingereicht');
    expect(fourEyesRefusal({ approverId: 3, submittedBy: 2, lastChangedBy: [1, 3] })).toContain('geändert');
    expect(fourEyesRefusal({ approverId: 4, submittedBy: 2, lastChangedBy: [1, 3, null] })).toBeNull();
    expect(fourEyesRefusal({ approverId: null, submittedBy: 2, lastChangedBy: [] })).not.toBeNull();
  });
});
