import { describe, expect, it } from 'vitest';
import { ApiError, errorMessages, extractErrorPayload, splitFieldErrors } from './errors';

describe('extractErrorPayload (seed §8)', () => {
  it('prefers errors, then error, then the whole body', () => {
    const errors = { name: ['Bitte einen Namen angeben.'] };
    expect(extractErrorPayload({ error: 'Ungültig', code: 'VALIDATION', errors })).toBe(errors);
    expect(extractErrorPayload({ error: 'Nicht gefunden', code: 'NOT_FOUND' })).toBe('Nicht gefunden');
    expect(extractErrorPayload({ message: 'x' })).toEqual({ message: 'x' });
    expect(extractErrorPayload('Bad Gateway')).toBe('Bad Gateway');
    expect(extractErrorPayload(null)).toBeNull();
  });
});

describe('ApiError', () => {
  it('carries status, code and payload', () => {
    const err = new ApiError(409, { error: 'Sitzung ist bereits geschlossen.', code: 'INVALID_STATE' });
    expect(err).toBeInstanceOf(Error);
    expect(err.status).toBe(409);
    expect(err.code).toBe('INVALID_STATE');
    expect(err.payload).toBe('Sitzung ist bereits geschlossen.');
    expect(err.message).toBe('Sitzung ist bereits geschlossen.');
    expect(err.fieldErrors).toBeNull();
  });

  it('exposes validation errors by field', () => {
    const err = new ApiError(400, {
      error: 'Eingaben prüfen',
      code: 'VALIDATION',
      errors: { main_color: ['Hex-Farbe angeben.'], name: ['Name fehlt.'] },
    });
    expect(err.fieldErrors).toEqual({ main_color: ['Hex-Farbe angeben.'], name: ['Name fehlt.'] });
    expect(err.serverMessage).toBe('Eingaben prüfen');
    expect(err.message).toBe('Hex-Farbe angeben.; Name fehlt.');
  });
});

describe('errorMessages', () => {
  it('lists field messages, the server text, or a generic German text', () => {
    expect(
      errorMessages(new ApiError(400, { error: 'x', code: 'V', errors: { a: ['A1', 'A2'], b: ['B'] } })),
    ).toEqual(['A1', 'A2', 'B']);
    expect(errorMessages(new ApiError(403, { error: 'Keine Berechtigung.', code: 'FORBIDDEN' }))).toEqual([
      'Keine Berechtigung.',
    ]);
    expect(errorMessages(new ApiError(500, { unexpected: true }))).toEqual([
      'Unerwartete Antwort des Servers (Status 500).',
    ]);
    expect(errorMessages(new ApiError(0, null))[0]).toMatch(/nicht erreichbar/);
    expect(errorMessages(new TypeError('boom'))).toEqual(['Ein unbekannter Fehler ist aufgetreten.']);
  });
});

describe('splitFieldErrors', () => {
  it('assigns known fields and keeps the rest', () => {
    const err = new ApiError(400, {
      error: 'x',
      code: 'VALIDATION',
      errors: { name: ['Name fehlt.'], 'permissions.0': ['Unbekanntes Recht.'], other: ['Sonstiges.'] },
    });
    expect(splitFieldErrors(err, ['name', 'permissions'] as const)).toEqual({
      byField: { name: 'Name fehlt.', permissions: 'Unbekanntes Recht.' },
      rest: ['Sonstiges.'],
    });
  });
  it('returns all messages as rest for non-validation errors', () => {
    const err = new ApiError(409, { error: 'Name bereits vergeben.', code: 'CONFLICT' });
    expect(splitFieldErrors(err, ['name'] as const)).toEqual({
      byField: {},
      rest: ['Name bereits vergeben.'],
    });
  });
});
