import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { GOLDEN_SESSION } from './fixtures';
import { writeGeneric } from './generic';

describe('generic CSV export', () => {
  const file = writeGeneric(GOLDEN_SESSION);
  const rows = parse(file.bytes.toString('utf8'), { columns: true, record_delimiter: '\r\n' }) as Record<
    string,
    string
  >[];

  it('writes every booking with ISO dates, decimal point and signed amounts in UTF-8', () => {
    expect(file.fileName).toBe('GewSt_Buchungen_S42.csv');
    expect(file.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    expect(rows).toHaveLength(GOLDEN_SESSION.bookings.length);
    for (const r of rows) {
      expect(r.booking_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.amount).toMatch(/^-?\d+\.\d{2}$/);
    }
    const byId = new Map(rows.map((r) => [Number(r.booking_id), r]));
    expect(byId.get(102)).toMatchObject({
      session_id: '42',
      session_type: 'bescheid',
      booking_date: '2025-12-30',
      konto: '0956',
      konto_name: 'Gewerbesteuerrückstellung',
      gegenkonto: '1200',
      gegenkonto_name: 'Bank',
      amount: '11000.00',
      currency: 'EUR',
      debit_account: '0956',
      credit_account: '1200',
      reversal_of: '',
      belegfeld1: 'B2024-GR/17',
      text: 'Nachzahlung 2024 Großröhrsdorf (Bescheid vom 01.12.2025)',
      erhebungszeitraum: '2024',
      document_id: '8',
      info_2_type: 'Gemeinde',
      info_2_value: 'Großröhrsdorf',
    });
    // Unicode needs no transliteration here.
    expect(byId.get(106)!.text).toBe('Zinsen § 233a – Filiale Łódź');
    expect(byId.get(105)!.text).toBe('Erstattung 2023 Köln; Bescheid "geändert"');
    expect(byId.get(107)).toMatchObject({
      konto: '4320',
      amount: '-505.00',
      debit_account: '1200',
      credit_account: '4320',
      reversal_of: '101',
    });
    expect(byId.get(105)).toMatchObject({ konto: '2281', amount: '-2021.60', debit_account: '1200' });
    expect(byId.get(101)).toMatchObject({ due_date: '2025-11-17', cost_center: '1000' });
  });

  it('sums to the session total relative to Konto (Haben negative)', () => {
    const cents = (s: string) => BigInt(s.replace('.', ''));
    const total = rows.reduce((s, r) => s + cents(r.amount!), 0n);
    // 505 + 11000 + 618.90 + 1234567890.12 − 2021.60 (refund) + 30 − 505 (Storno) + 0.01 + 99.99
    expect(total).toBe(123457761742n);
  });
});
