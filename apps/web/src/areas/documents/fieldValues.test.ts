import { documentUpdateFieldsSchema, hebesatzProblem } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import {
  cellFromPickedText,
  confidenceLevel,
  draftRowsOf,
  emptyDraftRow,
  editableFieldValue,
  fieldKind,
  formatFieldValue,
  parseDateInput,
  parseFieldInput,
  parseMoneyInput,
  validateListRows,
  valueFromPickedText,
} from './fieldValues';

describe('field kinds', () => {
  it('knows money, dates, percent, year, lists and falls back to text', () => {
    expect(fieldKind('festgesetzte_steuer')).toBe('money');
    expect(fieldKind('faellig_am')).toBe('date');
    expect(fieldKind('hebesatz')).toBe('percent');
    expect(fieldKind('erhebungszeitraum')).toBe('year');
    expect(fieldKind('vorauszahlungen')).toBe('list');
    expect(fieldKind('kassenzeichen')).toBe('text');
  });
});

describe('display and editing', () => {
  it('shows money as 1.234,56 €, dates as 31.12.2025 and percent with a comma', () => {
    expect(formatFieldValue('money', '1234.56')).toBe('1.234,56\u00a0€');
    expect(formatFieldValue('date', '2025-12-31')).toBe('31.12.2025');
    expect(formatFieldValue('percent', 412.5)).toBe('412,5 %');
    expect(formatFieldValue('year', 2025)).toBe('2025');
    expect(formatFieldValue('text', null)).toBe('');
  });

  it('offers the German form for editing', () => {
    expect(editableFieldValue('money', '300000.00')).toBe('300.000,00');
    expect(editableFieldValue('date', '2025-02-15')).toBe('15.02.2025');
    expect(editableFieldValue('percent', 400)).toBe('400');
  });
});

describe('parsing what the user typed', () => {
  it('reads German and plain money, thousands separators included', () => {
    expect(parseMoneyInput('1.234,56')).toBe('1234.56');
    expect(parseMoneyInput('1234,5')).toBe('1234.50');
    expect(parseMoneyInput('1234.56')).toBe('1234.56');
    expect(parseMoneyInput('300.000')).toBe('300000.00');
    expect(parseMoneyInput('12.345,67 €')).toBe('12345.67');
    expect(parseMoneyInput('-250,00')).toBe('-250.00');
    expect(parseMoneyInput('1,2,3')).toBeNull();
    expect(parseMoneyInput('abc')).toBeNull();
  });

  it('reads German and ISO dates and refuses impossible ones', () => {
    expect(parseDateInput('31.12.2025')).toBe('2025-12-31');
    expect(parseDateInput('1.3.25')).toBe('2025-03-01');
    expect(parseDateInput('2025-02-28')).toBe('2025-02-28');
    expect(parseDateInput('30.02.2025')).toBeNull();
    expect(parseDateInput('2025/01/01')).toBeNull();
  });

  it('gives numbers for percent and year, null for an empty input', () => {
    expect(parseFieldInput('percent', '412 %')).toEqual({ ok: true, value: 412 });
    expect(parseFieldInput('year', '2024')).toEqual({ ok: true, value: 2024 });
    expect(parseFieldInput('year', '24')).toEqual({ ok: false });
    expect(parseFieldInput('money', '  ')).toEqual({ ok: true, value: null });
    expect(parseFieldInput('text', ' AZ  123 ')).toEqual({ ok: true, value: 'AZ 123' });
  });

  it('shows an IBAN in groups of four, for display and for editing', () => {
    expect(fieldKind('iban')).toBe('iban');
    expect(formatFieldValue('iban', 'DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(editableFieldValue('iban', 'DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('refuses a negative or fractional Hebesatz with the domain rule the server applies', () => {
    expect(parseFieldInput('percent', '-400')).toEqual({ ok: false, message: hebesatzProblem(-400) });
    expect(hebesatzProblem(-400)).toBe('Der Hebesatz darf nicht negativ sein.');
    expect(parseFieldInput('percent', '412,5 %')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/ganze Zahl/),
    });
    expect(hebesatzProblem(400)).toBeNull();
  });

  it('produces bodies the server accepts', () => {
    const parsed = parseFieldInput('money', '2.021,60');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const body = { fields: { festgesetzte_steuer: { value: parsed.value, page: 1, rect: [10, 20, 30, 8] } } };
    expect(documentUpdateFieldsSchema.safeParse(body).success).toBe(true);
  });
});

describe('values from a picked rectangle', () => {
  it('takes the amount even when the label and currency were caught', () => {
    expect(valueFromPickedText('money', 'Festgesetzte Steuer 12.345,67 €')).toEqual({
      ok: true,
      value: '12345.67',
    });
    expect(valueFromPickedText('date', 'fällig am 15.02.2026')).toEqual({ ok: true, value: '2026-02-15' });
    expect(valueFromPickedText('percent', 'Hebesatz 410 v. H.')).toEqual({ ok: true, value: 410 });
    expect(valueFromPickedText('year', 'Erhebungszeitraum 2024')).toEqual({ ok: true, value: 2024 });
    expect(valueFromPickedText('text', '  Kassenzeichen\n 123-456 ')).toEqual({
      ok: true,
      value: 'Kassenzeichen 123-456',
    });
  });

  it('reports nothing usable for an empty or unrelated area', () => {
    expect(valueFromPickedText('money', '')).toEqual({ ok: false });
    expect(valueFromPickedText('date', 'Sehr geehrte Damen und Herren')).toEqual({ ok: false });
  });
});

describe('confidence marks', () => {
  it('colours by confidence', () => {
    expect(confidenceLevel(0.95)).toBe('high');
    expect(confidenceLevel(0.62)).toBe('medium');
    expect(confidenceLevel(0.3)).toBe('low');
  });
});

describe('list fields as rows', () => {
  it('turns stored rows into editable text and back, with a sum', () => {
    const rows = draftRowsOf('vorauszahlungen', [
      { jahr: 2024, quartal: 1, betrag: '1250.50', faellig_am: '2024-02-15' },
    ]);
    expect(rows).toEqual([{ jahr: '2024', quartal: '1', betrag: '1.250,50', faellig_am: '15.02.2024' }]);
    rows.push({ ...emptyDraftRow('vorauszahlungen', rows[0]), betrag: '1.250,50', faellig_am: '15.5.2024' });
    expect(rows[1]).toMatchObject({ jahr: '2024', quartal: '2' });
    const v = validateListRows('vorauszahlungen', rows);
    expect(v.errors).toEqual({});
    expect(v.sum).toBe('2501.00');
    expect(v.value).toEqual([
      { jahr: 2024, quartal: 1, betrag: '1250.50', faellig_am: '2024-02-15' },
      { jahr: 2024, quartal: 2, betrag: '1250.50', faellig_am: '2024-05-15' },
    ]);
    // The server accepts exactly what the editor sends.
    expect(
      documentUpdateFieldsSchema.safeParse({ fields: { vorauszahlungen: { value: v.value } } }).success,
    ).toBe(true);
  });

  it('refuses a repeated quarter, an impossible date, an unreadable amount and a short AGS, per cell', () => {
    const v = validateListRows('vorauszahlungen', [
      { jahr: '2024', quartal: '1', betrag: '100', faellig_am: '15.02.2024' },
      { jahr: '2024', quartal: '1', betrag: 'zwölf', faellig_am: '31.02.2024' },
    ]);
    expect(v.value).toBeNull();
    expect(Object.keys(v.errors).sort()).toEqual(['1.betrag', '1.faellig_am', '1.quartal']);
    expect(v.sum).toBeNull();
    const z = validateListRows('zerlegungsanteile', [
      { gemeinde: '', ags: '0916', anteil: '1.000,00' },
      { gemeinde: 'Irgendwo', ags: '', anteil: '500' },
    ]);
    expect(Object.keys(z.errors).sort()).toEqual(['0.ags', '0.gemeinde']);
    expect(z.sum).toBe('1500.00');
  });

  it('reads a picked cell as its column: amount, date, quarter, AGS', () => {
    expect(cellFromPickedText('money', 'Betrag 1.250,50 EUR')).toBe('1.250,50');
    expect(cellFromPickedText('date', 'fällig am 15.2.2024')).toBe('15.02.2024');
    expect(cellFromPickedText('quartal', '2. Quartal')).toBe('2');
    expect(cellFromPickedText('ags', 'AGS 09 162 000')).toBe('09162000');
    expect(cellFromPickedText('money', 'kein Betrag')).toBe('kein Betrag');
  });
});
