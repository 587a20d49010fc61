import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ENTITY_LABELS, auditActionLabel, isoDateSchema } from '@gewst/domain';
import { describe, expect, it } from 'vitest';

/** Every non-test source file of the domain package (its messages reach the German UI). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

describe('German formats in messages (issue 11, point 8)', () => {
  it('no message asks for JJJJ-MM-TT or shows an amount like 1095.00', () => {
    const offenders = sources(join(import.meta.dirname, '../../../packages/domain/src')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /JJJJ-MM-TT|z\. B\. "?-?\d+\.\d{1,2}\b(?!\.)/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
    expect(isoDateSchema.safeParse('1.1.2017').error?.issues[0]?.message).toBe(
      'Bitte ein gültiges Datum angeben, z. B. 31.12.2025.',
    );
  });
});

describe('Admin → Logs speaks German (issue 11, point 8)', () => {
  it('every action and entity code the server writes has a German name', () => {
    const src = sources(join(import.meta.dirname, '../src')).map((file) => readFileSync(file, 'utf8'));
    const codes = (pattern: RegExp) => [
      ...new Set(src.flatMap((text) => [...text.matchAll(pattern)].map((m) => m[1]!))),
    ];
    const actions = codes(/(?:action: |audit\(actor, |change\(db, actor, id, )'([a-z_-]+)'/g).filter(
      (a) => !['error', 'unchanged'].includes(a), // master-data import preview rows, not audit actions
    );
    expect(actions.length).toBeGreaterThan(30);
    expect(actions.filter((a) => auditActionLabel(a) === a)).toEqual([]);
    const entities = codes(/entity: '([a-z_]+)'/g);
    expect(entities.filter((e) => !AUDIT_ENTITY_LABELS[e])).toEqual([]);
    expect(auditActionLabel('booking-session-approve')).toBe('Buchungssitzung: Freigeben');
    expect(auditActionLabel('payment-year-close')).toBe('Zahlungsjahr abgeschlossen');
  });
});
