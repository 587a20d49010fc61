import type { RateImportReport } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { masterDataTexts as t } from '../../i18n/masterData';
import { isRateTableFile, parseRateYear, rateChangeLines, rateImportCounts } from './rateImport';

const report: RateImportReport = {
  year: 2026,
  rows: 5,
  created: 2,
  added: [
    { ags: '11000000', name: 'Berlin, Stadt', after: 410 },
    { ags: '02000000', name: 'Hamburg, Freie und Hansestadt', after: 470 },
  ],
  changed: [{ ags: '09162000', name: 'München, Landeshauptstadt', before: 490, after: 495 }],
  unchanged: 2,
  errors: [{ row: 7, message: 'Unbekannter Gemeindeschlüssel 99999999.' }],
};

describe('rate table import helpers', () => {
  it('accepts a year between 1990 and 2100 and explains anything else in German', () => {
    expect(parseRateYear(' 2026 ', 'fehlt')).toEqual({ year: 2026, error: null });
    expect(parseRateYear('', 'fehlt')).toEqual({ year: null, error: 'fehlt' });
    expect(parseRateYear('1980', 'fehlt').error).toBe('Das Jahr muss ab 1990 liegen.');
    expect(parseRateYear('20x6', 'fehlt').error).toBe('Das Jahr muss eine Zahl sein.');
    expect(parseRateYear('2026.5', 'fehlt').error).toBe('Das Jahr muss eine ganze Zahl sein.');
  });

  it('takes xlsx and csv files only', () => {
    expect(isRateTableFile('Hebesaetze-2026.XLSX')).toBe(true);
    expect(isRateTableFile('hebesaetze.csv')).toBe(true);
    expect(isRateTableFile('hebesaetze.xls')).toBe(false);
    expect(isRateTableFile('hebesaetze.csv.pdf')).toBe(false);
  });

  it('lists new and changed rates together by AGS, new ones without an old value', () => {
    expect(rateChangeLines(report)).toEqual([
      { ags: '02000000', name: 'Hamburg, Freie und Hansestadt', kind: 'new', before: null, after: 470 },
      { ags: '09162000', name: 'München, Landeshauptstadt', kind: 'changed', before: 490, after: 495 },
      { ags: '11000000', name: 'Berlin, Stadt', kind: 'new', before: null, after: 410 },
    ]);
  });

  it('summarises the report in one German line', () => {
    expect(t.rateImport.summary(rateImportCounts(report))).toBe(
      'Hebesätze 2026: 2 neu, 1 geändert, 2 unverändert, 1 Zeile(n) abgelehnt.',
    );
    expect(t.rateImport.confirm(2026)).toBe(
      'Hebesätze für 2026 importieren? Bestehende Werte werden überschrieben.',
    );
  });
});
