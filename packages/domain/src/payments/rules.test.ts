import { describe, expect, it } from 'vitest';
import { type ExistingLine, type PaymentLineStatus, planNotice } from './rules';

let nextId = 1;
const vz = (
  year: number,
  q: number,
  betrag: string,
  due: string,
  status: PaymentLineStatus = 'offen',
): ExistingLine => ({
  id: nextId++,
  year,
  kind: 'vorauszahlung',
  quartal: q,
  betrag,
  faellig_am: due,
  status,
  document_id: 1,
  document_type: 'vorauszahlungsbescheid',
  superseded: false,
});
const schedule2022 = (paid: boolean[]) =>
  [
    ['2022-02-15', 1],
    ['2022-05-16', 2],
    ['2022-08-15', 3],
    ['2022-11-15', 4],
  ].map(([d, q], i) => vz(2022, q as number, '800.00', d as string, paid[i] ? 'bezahlt' : 'offen'));

const bescheid = (fields: Record<string, unknown>) => ({
  document_id: 10,
  type: 'gewst_bescheid',
  bundesland: 'Nordrhein-Westfalen' as const,
  fields: {
    erhebungszeitraum: 2022,
    bescheid_datum: '2023-06-12',
    festgesetzte_steuer: '4000.00',
    ...fields,
  },
});
const brief = (p: ReturnType<typeof planNotice>) =>
  p.add.map((l) => `${l.year} ${l.kind} ${l.quartal ?? '-'} ${l.betrag} ${l.faellig_am}`);

describe('Gewerbesteuerbescheid', () => {
  it('all prepayments paid: the rest is due one month after Bekanntgabe', () => {
    const p = planNotice(bescheid({}), schedule2022([true, true, true, true]));
    expect(brief(p)).toEqual(['2022 abschlusszahlung - 800.00 2023-07-17']);
    expect(p.supersede).toEqual([]);
    expect(p.years[0]).toMatchObject({ year: 2022, festgesetzte_steuer: '4000.00' });
  });
  it('none paid: due prepayments at once (Bekanntgabe), the open lines superseded', () => {
    const existing = schedule2022([false, false, false, false]);
    const p = planNotice(bescheid({}), existing);
    expect(brief(p)).toEqual([
      '2022 abschlusszahlung - 3200.00 2023-06-15',
      '2022 abschlusszahlung - 800.00 2023-07-17',
    ]);
    expect(p.supersede.map((s) => s.id)).toEqual(existing.map((l) => l.id));
    expect(p.supersede[0]?.reason).toContain('abgerechnet');
  });
  it('two of four paid: only the unpaid ones are due at once', () => {
    const existing = schedule2022([true, true, false, false]);
    const p = planNotice(bescheid({}), existing);
    expect(brief(p)).toEqual([
      '2022 abschlusszahlung - 1600.00 2023-06-15',
      '2022 abschlusszahlung - 800.00 2023-07-17',
    ]);
    expect(p.supersede.map((s) => s.id)).toEqual(existing.slice(2).map((l) => l.id));
  });
  it('an instructed (angewiesen) prepayment is credited like a paid one', () => {
    const existing = schedule2022([true, true, true, false]);
    existing[3]!.status = 'angewiesen';
    expect(brief(planNotice(bescheid({}), existing))).toEqual(['2022 abschlusszahlung - 800.00 2023-07-17']);
  });
  it('a lower tax is refunded', () => {
    const p = planNotice(
      bescheid({ festgesetzte_steuer: '3000.00' }),
      schedule2022([true, true, true, true]),
    );
    expect(brief(p)).toEqual(['2022 erstattung - -200.00 2023-07-17']);
  });
  it('interest is a line and compared with our §233a calculation (court record: 30 €)', () => {
    const fields = {
      erhebungszeitraum: 2014,
      bescheid_datum: '2016-07-22',
      festgesetzte_steuer: '2021.60',
      bisher_festgesetzt: '0.00',
      abrechnung: '2021.60',
      zinsen: '30.00',
    };
    const p = planNotice(bescheid(fields), []);
    expect(brief(p)).toEqual([
      '2014 abschlusszahlung - 2021.60 2016-08-25',
      '2014 nachzahlungszinsen - 30.00 2016-08-25',
    ]);
    expect(p.interest).toMatchObject({ notice: '30.00', ours: '30.00', base: '2000.00', months: 3 });
    expect(p.checks).toEqual([]);
    const wrong = planNotice(bescheid({ ...fields, zinsen: '40.00' }), []);
    expect(wrong.checks.map((c) => c.code)).toEqual(['INTEREST_DIFFERS']);
  });
  it('our interest uses our own period (EZ 2020 starts 1 Oct 2022), not the one the notice prints', () => {
    const p = planNotice(
      bescheid({
        erhebungszeitraum: 2020,
        festgesetzte_steuer: '10000.00',
        abrechnung: '10000.00',
        zinsen: '210.00',
        zinsen_von: '2022-04-01',
        zinsen_bis: '2023-06-15',
      }),
      [],
    );
    expect(brief(p)).toEqual([
      '2020 abschlusszahlung - 10000.00 2023-07-17',
      '2020 nachzahlungszinsen - 210.00 2023-07-17',
    ]);
    // 1 Oct 2022 to 15 Jun 2023 (Bekanntgabe): 8 full months × 0.15 % × 10,000 = 120 €.
    expect(p.interest).toMatchObject({
      notice: '210.00',
      ours: '120.00',
      months: 8,
      from: '2022-10-01',
      to: '2023-06-15',
    });
    expect(p.checks.map((c) => c.code)).toEqual(['INTEREST_DIFFERS']);
    expect(p.checks[0]?.message).toContain('Der Bescheid verzinst vom 01.04.2022 bis 15.06.2023.');
  });
  it('new prepayments for the following year replace the schedule from their first quarter', () => {
    const existing = [
      ...schedule2022([true, true, true, true]),
      vz(2023, 3, '800.00', '2023-08-15'),
      vz(2023, 4, '800.00', '2023-11-15'),
    ];
    const p = planNotice(
      bescheid({
        vorauszahlungen: [
          { jahr: 2023, quartal: 3, betrag: '1000.00', faellig_am: '2023-08-15' },
          { jahr: 2023, quartal: 4, betrag: '1000.00', faellig_am: '2023-11-15' },
        ],
      }),
      existing,
    );
    expect(brief(p)).toEqual([
      '2022 abschlusszahlung - 800.00 2023-07-17',
      '2023 korrektur 3 200.00 2023-08-15',
      '2023 korrektur 4 200.00 2023-11-15',
    ]);
  });
  it('Änderungsbescheid: the unpaid Abschlusszahlung of the earlier one is superseded, never doubled', () => {
    const existing = schedule2022([true, true, true, true]);
    const first = planNotice(bescheid({}), existing);
    const abschluss: ExistingLine = {
      id: 99,
      ...first.add[0]!,
      status: 'offen',
      document_id: 10,
      document_type: 'gewst_bescheid',
      superseded: false,
    };
    const p = planNotice(
      { ...bescheid({ festgesetzte_steuer: '4400.00', bescheid_datum: '2023-10-10' }), document_id: 11 },
      [...existing, abschluss],
    );
    expect(p.supersede.map((s) => s.id)).toEqual([99]);
    expect(brief(p)).toEqual([
      '2022 abschlusszahlung - 800.00 2023-10-13',
      '2022 abschlusszahlung - 400.00 2023-11-13',
    ]);
    // When the first Abschlusszahlung was paid, only the increase remains.
    abschluss.status = 'bezahlt';
    const q = planNotice(
      { ...bescheid({ festgesetzte_steuer: '4400.00', bescheid_datum: '2023-10-10' }), document_id: 11 },
      [...existing, abschluss],
    );
    expect(q.supersede).toEqual([]);
    expect(brief(q)).toEqual(['2022 abschlusszahlung - 400.00 2023-11-13']);
  });
  it('a reduction of a paid quarter not yet refunded is not lost when the Bescheid settles the year', () => {
    // Q4 paid with 800, lowered to 300 by a Vorauszahlungsbescheid: the -500 are still owed to us.
    const existing = [
      ...schedule2022([true, true, true, true]),
      { ...vz(2022, 4, '-500.00', '2022-11-15'), kind: 'korrektur' as const },
    ];
    const p = planNotice(bescheid({ festgesetzte_steuer: '2500.00' }), existing);
    // Paid 3,200, tax 2,500: 700 back (not 200).
    expect(brief(p)).toEqual(['2022 erstattung - -700.00 2023-07-17']);
    expect(p.supersede.map((s) => s.id)).toEqual([existing[4]!.id]);
  });
  it('Änderungsbescheid after an unpaid refund: the new refund is tax − paid, not reduced by the old one', () => {
    const existing = schedule2022([true, true, true, true]);
    const first = planNotice(bescheid({ festgesetzte_steuer: '3000.00' }), existing);
    expect(brief(first)).toEqual(['2022 erstattung - -200.00 2023-07-17']);
    const refund: ExistingLine = {
      id: 98,
      ...first.add[0]!,
      status: 'offen',
      document_id: 10,
      document_type: 'gewst_bescheid',
      superseded: false,
    };
    const change = {
      ...bescheid({ festgesetzte_steuer: '2800.00', bescheid_datum: '2023-10-10' }),
      document_id: 11,
    };
    const p = planNotice(change, [...existing, refund]);
    expect(p.supersede.map((s) => s.id)).toEqual([98]);
    expect(brief(p)).toEqual(['2022 erstattung - -400.00 2023-11-13']);
    // Once the first refund was received, only the further 200 remain.
    refund.status = 'bezahlt';
    const q = planNotice(change, [...existing, refund]);
    expect(q.supersede).toEqual([]);
    expect(brief(q)).toEqual(['2022 erstattung - -200.00 2023-11-13']);
  });
  it('a notice whose lines were superseded since is not applied again', () => {
    const existing = schedule2022([true, true, true, true]);
    existing.push({
      id: 97,
      year: 2022,
      kind: 'abschlusszahlung',
      quartal: null,
      betrag: '800.00',
      faellig_am: '2023-07-17',
      status: 'offen',
      document_id: 10,
      document_type: 'gewst_bescheid',
      superseded: true,
    });
    const p = planNotice(bescheid({}), existing);
    expect(p.add).toEqual([]);
    expect(p.supersede).toEqual([]);
    expect(p.checks[0]?.code).toBe('ALREADY_APPLIED');
  });
  it('the same notice again produces nothing', () => {
    const existing = schedule2022([true, true, true, true]);
    existing[0]!.document_id = 10;
    const p = planNotice(bescheid({}), existing);
    expect(p.add).toEqual([]);
    expect(p.checks[0]?.code).toBe('ALREADY_APPLIED');
  });
});

describe('Vorauszahlungsbescheid', () => {
  const vzb = (list: [number, string, string][]) => ({
    document_id: 20,
    type: 'vorauszahlungsbescheid',
    bundesland: 'Nordrhein-Westfalen' as const,
    fields: {
      erhebungszeitraum: 2024,
      vorauszahlungen: list.map(([q, b, d]) => ({ jahr: 2024, quartal: q, betrag: b, faellig_am: d })),
    },
  });
  it('creates the schedule', () => {
    const p = planNotice(
      vzb([
        [1, '505.00', '2024-02-15'],
        [2, '505.00', '2024-05-15'],
        [3, '505.00', '2024-08-15'],
        [4, '505.00', '2024-11-15'],
      ]),
      [],
    );
    expect(brief(p)).toEqual([
      '2024 vorauszahlung 1 505.00 2024-02-15',
      '2024 vorauszahlung 2 505.00 2024-05-15',
      '2024 vorauszahlung 3 505.00 2024-08-15',
      '2024 vorauszahlung 4 505.00 2024-11-15',
    ]);
  });
  it('changing two quarters gives two correction lines; earlier quarters stay', () => {
    const existing = [
      vz(2024, 1, '505.00', '2024-02-15', 'bezahlt'),
      vz(2024, 2, '505.00', '2024-05-15', 'bezahlt'),
      vz(2024, 3, '505.00', '2024-08-15'),
      vz(2024, 4, '505.00', '2024-11-15'),
    ];
    const p = planNotice(
      vzb([
        [3, '700.00', '2024-08-15'],
        [4, '300.00', '2024-11-15'],
      ]),
      existing,
    );
    expect(brief(p)).toEqual(['2024 korrektur 3 195.00 2024-08-15', '2024 korrektur 4 -205.00 2024-11-15']);
    expect(p.add[0]?.reason).toContain('von 505,00\u00a0€ auf 700,00\u00a0€');
    expect(p.supersede).toEqual([]);
  });
});

describe('Zinsbescheid, Mahnung, Messbescheid, Zerlegungsbescheid', () => {
  it('interest and surcharge lines', () => {
    const z = planNotice(
      {
        document_id: 30,
        type: 'zinsbescheid',
        bundesland: 'Bayern',
        fields: { erhebungszeitraum: 2020, zinsen: '123.00', faellig_am: '2023-03-01' },
      },
      [],
    );
    expect(brief(z)).toEqual(['2020 nachzahlungszinsen - 123.00 2023-03-01']);
    const m = planNotice(
      {
        document_id: 31,
        type: 'mahnung',
        bundesland: 'Bayern',
        fields: {
          erhebungszeitraum: 2020,
          saeumniszuschlag: '15.00',
          rueckstand: '1500.00',
          faellig_am: '2023-03-01',
        },
      },
      [],
    );
    expect(brief(m)).toEqual(['2020 saeumniszuschlag - 15.00 2023-03-01']);
    expect(m.checks.map((c) => c.code)).toEqual(['RUECKSTAND_DIFFERS']);
  });
  it('no lines, the values are stored for the year', () => {
    const mb = planNotice(
      {
        document_id: 32,
        type: 'messbescheid',
        bundesland: 'Bayern',
        fields: { erhebungszeitraum: 2020, messbetrag: '1529.00' },
      },
      [],
    );
    expect(mb.add).toEqual([]);
    expect(mb.years).toEqual([{ year: 2020, erwarteter_messbetrag: '1529.00' }]);
    const zl = planNotice(
      {
        document_id: 33,
        type: 'zerlegungsbescheid',
        bundesland: 'Rheinland-Pfalz',
        ags: '07111000',
        fields: {
          erhebungszeitraum: 2020,
          zerlegungsanteile: [
            { gemeinde: 'Koblenz', ags: '07111000', anteil: '3375.00' },
            { gemeinde: 'Trier', ags: '07211000', anteil: '1125.00' },
          ],
        },
      },
      [],
    );
    expect(zl.add).toEqual([]);
    expect(zl.years).toEqual([{ year: 2020, zerlegungsanteil: '3375.00' }]);
    // Without a printed AGS the share is found by the municipality name.
    const byName = planNotice(
      {
        document_id: 34,
        type: 'zerlegungsbescheid',
        bundesland: 'Rheinland-Pfalz',
        ags: '07211000',
        gemeinde: 'Trier',
        fields: {
          erhebungszeitraum: 2020,
          zerlegungsanteile: [
            { gemeinde: 'Koblenz', ags: null, anteil: '3375.00' },
            { gemeinde: 'Trier', ags: null, anteil: '1125.00' },
          ],
        },
      },
      [],
    );
    expect(byName.years).toEqual([{ year: 2020, zerlegungsanteil: '1125.00' }]);
    expect(byName.checks).toEqual([]);
  });
});

describe('a year already assessed', () => {
  const vzb2022 = (assessed?: number[]) => ({
    document_id: 40,
    type: 'vorauszahlungsbescheid',
    bundesland: 'Nordrhein-Westfalen' as const,
    ...(assessed ? { assessed_years: assessed } : {}),
    fields: {
      erhebungszeitraum: 2022,
      messbetrag: '300.00',
      hebesatz: 400,
      vorauszahlungen: [
        { jahr: 2022, quartal: 3, betrag: '1000.00', faellig_am: '2022-08-15' },
        { jahr: 2022, quartal: 4, betrag: '600.00', faellig_am: '2022-11-15' },
      ],
    },
  });
  it('a Bescheid settling with a difference of zero leaves no line: the year must be passed as assessed', () => {
    const existing = schedule2022([true, true, true, true]);
    const settled = planNotice(bescheid({ festgesetzte_steuer: '3200.00' }), existing);
    expect(settled.add).toEqual([]);
    expect(settled.supersede).toEqual([]);
    // A later Vorauszahlungsbescheid for 2022 does not change the schedule of 2022 …
    const p = planNotice(vzb2022([2022]), existing);
    expect(p.add).toEqual([]);
    expect(p.supersede).toEqual([]);
    // … keeps the Messbetrag/Hebesatz of the Bescheid, and says why.
    expect(p.years).toEqual([]);
    expect(p.checks).toEqual([
      expect.objectContaining({ code: 'YEAR_ALREADY_ASSESSED', severity: 'info', year: 2022 }),
    ]);
    expect(p.checks[0]?.message).toContain(
      'Das Jahr 2022 ist bereits durch einen Gewerbesteuerbescheid veranlagt',
    );
    expect(p.checks[0]?.message).toContain('unverändert');
    // Not assessed: the same notice corrects the two quarters.
    expect(brief(planNotice(vzb2022(), existing))).toEqual([
      '2022 korrektur 3 200.00 2022-08-15',
      '2022 korrektur 4 -200.00 2022-11-15',
    ]);
  });
  it('prepayments printed on a Bescheid for a following year already assessed are not applied either', () => {
    const p = planNotice(
      {
        ...bescheid({
          vorauszahlungen: [{ jahr: 2023, quartal: 4, betrag: '1000.00', faellig_am: '2023-11-15' }],
        }),
        assessed_years: [2023],
      },
      [...schedule2022([true, true, true, true]), vz(2023, 4, '800.00', '2023-11-15', 'bezahlt')],
    );
    expect(brief(p)).toEqual(['2022 abschlusszahlung - 800.00 2023-07-17']);
    expect(p.checks.map((c) => [c.code, c.year])).toEqual([['YEAR_ALREADY_ASSESSED', 2023]]);
  });
});

describe('Gewerbesteuerbescheid: printed due date', () => {
  // Court record: posted 22 Jul 2016, Bekanntgabe 25 Jul 2016, "Fälligkeit: 25. August 2016".
  const fields = {
    erhebungszeitraum: 2014,
    bescheid_datum: '2016-07-22',
    festgesetzte_steuer: '2021.60',
    abrechnung: '2021.60',
    zinsen: '30.00',
  };
  it('matching our due date for the Abschlusszahlung: no check', () => {
    const p = planNotice(bescheid({ ...fields, faellig_am: '2016-08-25' }), []);
    expect(brief(p)).toContain('2014 abschlusszahlung - 2021.60 2016-08-25');
    expect(p.checks).toEqual([]);
  });
  it('a different printed date is a warning naming both dates', () => {
    const p = planNotice(bescheid({ ...fields, faellig_am: '2016-08-22' }), []);
    expect(brief(p)).toContain('2014 abschlusszahlung - 2021.60 2016-08-25');
    expect(p.checks).toEqual([
      {
        code: 'FAELLIGKEIT_DIFFERS',
        severity: 'warning',
        message:
          'Der Bescheid nennt als Fälligkeit den 22.08.2016; nach unserer Berechnung ist die Abschlusszahlung am 25.08.2016 fällig (ein Monat nach Bekanntgabe am 25.07.2016).',
      },
    ]);
  });
  it('nothing to pay (refund): the printed date is not compared', () => {
    const p = planNotice(
      bescheid({ festgesetzte_steuer: '3000.00', faellig_am: '2023-07-01' }),
      schedule2022([true, true, true, true]),
    );
    expect(p.checks).toEqual([]);
  });
});

describe('Gewerbesteuerbescheid: interest without abrechnung and bisher_festgesetzt', () => {
  // EZ 2022: interest from 1 Sep 2024 (Art. 97 §36 EGAO); posted 10 Jun 2025 → Bekanntgabe
  // Mon 16 Jun 2025 (4th day is a Saturday). Tax 14,000 − prepayments set 3,200 = 10,800:
  // 9 full months × 0.15 % × 10,800 = 145.80 → 145 €.
  const notice = (zinsen: string) =>
    bescheid({ festgesetzte_steuer: '14000.00', bescheid_datum: '2025-06-10', zinsen });
  it('the difference comes from our payment data: tax − prepayments set', () => {
    const existing = schedule2022([true, true, false, false]);
    const p = planNotice(notice('145.00'), existing);
    expect(p.interest).toMatchObject({
      notice: '145.00',
      ours: '145.00',
      base: '10800.00',
      from: '2024-09-01',
      to: '2025-06-16',
      months: 9,
    });
    expect(p.checks).toEqual([]);
    expect(brief(p)).toContain('2022 nachzahlungszinsen - 145.00 2025-07-16');
    const wrong = planNotice(notice('180.00'), existing);
    expect(wrong.checks.map((c) => c.code)).toEqual(['INTEREST_DIFFERS']);
    expect(wrong.checks[0]?.message).toContain('eigene Berechnung nach § 233a AO 145,00\u00a0€');
    expect(wrong.checks[0]?.message).toContain(
      'Unterschiedsbetrag 10.800,00\u00a0€ aus unseren Zahlungsdaten',
    );
  });
  it('no prepayments recorded for the year: not compared, and the check says why', () => {
    const p = planNotice(notice('145.00'), []);
    expect(p.interest).toBeNull();
    // Without either figure the settlement itself is blocked (issue 11): see below.
    expect(p.checks.map((c) => c.code)).toEqual(['ABRECHNUNG_UNBEKANNT', 'INTEREST_NOT_COMPARED']);
    expect(p.checks[1]?.message).toContain('weder Abrechnung noch bisher festgesetzte Steuer');
    expect(brief(p)).toContain('2022 nachzahlungszinsen - 145.00 2025-07-16');
  });
  it('no interest stated: nothing to compare, no check', () => {
    const p = planNotice(
      bescheid({ festgesetzte_steuer: '14000.00', bescheid_datum: '2025-06-10' }),
      schedule2022([true, true, true, true]),
    );
    expect(p.interest).toBeNull();
    expect(p.checks).toEqual([]);
  });
});

/**
 * Issue 11: a Gewerbesteuerbescheid for a year our payment data knows nothing of. The printed
 * figures are the oracle.
 */
describe('Gewerbesteuerbescheid for a year without payment data: the notice’s own figures', () => {
  const bayern = (fields: Record<string, unknown>) => ({
    document_id: 50,
    type: 'gewst_bescheid',
    bundesland: 'Bayern' as const,
    fields: { erhebungszeitraum: 2023, bescheid_datum: '2024-09-16', ...fields },
  });
  const open = (p: ReturnType<typeof planNotice>) =>
    p.add
      .filter((l) => (l.status ?? 'offen') === 'offen' && l.kind !== 'nachzahlungszinsen')
      .reduce((s, l) => s + Math.round(Number(l.betrag) * 100), 0) / 100;

  it('Steuer 92.939,00, bisher festgesetzt 46.504,00: exactly the printed 46.435,00 become due', () => {
    const p = planNotice(
      bayern({ festgesetzte_steuer: '92939.00', bisher_festgesetzt: '46504.00', abrechnung: '46435.00' }),
      [],
    );
    // Posted Mon 16 Sep 2024 → Bekanntgabe Thu 19 Sep → due one month later.
    expect(brief(p)).toEqual([
      '2023 abschlusszahlung - 46435.00 2024-10-21',
      '2023 anrechnung - 46504.00 null',
    ]);
    expect(p.add[1]).toMatchObject({ status: 'bezahlt' });
    expect(p.add[1]?.reason).toContain('bisher festgesetzt 46.504,00\u00a0€');
    expect(p.add[1]?.reason).toContain('Gewerbesteuerbescheid 2023 vom 16.09.2024');
    expect(open(p)).toBe(46435);
    expect(p.abrechnung).toMatchObject({
      printed: '46435.00',
      printed_bisher: '46504.00',
      soll_ours: '0.00',
      ours: '46435.00',
      credited_from_notice: '46504.00',
      open_change: '46435.00',
      differs: false,
    });
    expect(p.checks.filter((c) => c.blocking)).toEqual([]);
    expect(p.checks.map((c) => c.code)).toEqual(['ANRECHNUNG_LAUT_BESCHEID']);
  });
  it('only “bisher festgesetzt” picked (no Abrechnung field): the same', () => {
    const p = planNotice(bayern({ festgesetzte_steuer: '92939.00', bisher_festgesetzt: '46504.00' }), []);
    expect(open(p)).toBe(46435);
    expect(p.abrechnung?.printed).toBe('46435.00');
  });
  it('only the Abrechnung picked: the credit is tax − Abrechnung', () => {
    const p = planNotice(bayern({ festgesetzte_steuer: '92939.00', abrechnung: '46435.00' }), []);
    expect(brief(p)).toEqual([
      '2023 abschlusszahlung - 46435.00 2024-10-21',
      '2023 anrechnung - 46504.00 null',
    ]);
  });
  it('a printed refund of 135.315,50\u00a0€ stays a refund of exactly that amount', () => {
    const p = planNotice(
      bayern({
        festgesetzte_steuer: '286324.50',
        bisher_festgesetzt: '421640.00',
        abrechnung: '-135315.50',
      }),
      [],
    );
    expect(brief(p)).toEqual(['2023 erstattung - -135315.50 2024-10-21', '2023 anrechnung - 421640.00 null']);
    expect(open(p)).toBe(-135315.5);
    expect(p.abrechnung?.open_change).toBe('-135315.50');
    expect(p.checks.filter((c) => c.blocking)).toEqual([]);
  });
  it('bisher festgesetzt 0,00 (a first assessment): the whole tax, no opening balance', () => {
    const p = planNotice(
      bayern({ festgesetzte_steuer: '2021.60', bisher_festgesetzt: '0.00', abrechnung: '2021.60' }),
      [],
    );
    expect(brief(p)).toEqual(['2023 abschlusszahlung - 2021.60 2024-10-21']);
    expect(p.checks).toEqual([]);
  });
  it('neither figure printed: blocked with a clear message; overridden, the whole tax', () => {
    const p = planNotice(bayern({ festgesetzte_steuer: '92939.00' }), []);
    const blocking = p.checks.filter((c) => c.blocking);
    expect(blocking.map((c) => c.code)).toEqual(['ABRECHNUNG_UNBEKANNT']);
    expect(blocking[0]?.message).toContain('weder „Bisher festgesetzt“ noch eine Abrechnung');
    expect(blocking[0]?.message).toContain('92.939,00\u00a0€');
    const o = planNotice({ ...bayern({ festgesetzte_steuer: '92939.00' }), override: true }, []);
    expect(brief(o)).toEqual(['2023 abschlusszahlung - 92939.00 2024-10-21']);
  });
  it('a notice whose own figures disagree blocks; overridden, the smaller demand', () => {
    const fields = {
      festgesetzte_steuer: '92939.00',
      bisher_festgesetzt: '46504.00',
      abrechnung: '46535.00',
    };
    const p = planNotice(bayern(fields), []);
    expect(p.checks.filter((c) => c.blocking).map((c) => c.code)).toEqual(['ABRECHNUNG_DIFFERS']);
    expect(p.checks[0]?.message).toContain('in sich nicht stimmig');
    const o = planNotice({ ...bayern(fields), override: true }, []);
    expect(open(o)).toBe(46435);
  });
});

describe('Gewerbesteuerbescheid against our payment data: printed and computed Abrechnung compared', () => {
  it('our prepayment Soll equals “bisher festgesetzt”: no check, open grows by the printed Abrechnung', () => {
    const existing = schedule2022([true, true, false, false]);
    const p = planNotice(bescheid({ bisher_festgesetzt: '3200.00', abrechnung: '800.00' }), existing);
    expect(p.checks).toEqual([]);
    expect(p.abrechnung).toMatchObject({
      printed: '800.00',
      ours: '800.00',
      differs: false,
      open_change: '800.00',
    });
  });
  it('two quarters missing in our data: blocked; overridden, the gap is credited from the notice', () => {
    // We know Q1+Q2 (1,600, paid), the notice credits 3,200: ours 2,400, printed 800.
    const existing = schedule2022([true, true, true, true]).slice(0, 2);
    const fields = { bisher_festgesetzt: '3200.00', abrechnung: '800.00' };
    const p = planNotice(bescheid(fields), existing);
    const blocking = p.checks.filter((c) => c.blocking);
    expect(blocking.map((c) => c.code)).toEqual(['ABRECHNUNG_DIFFERS']);
    expect(blocking[0]?.message).toContain(
      'Die Abrechnung laut Bescheid (800,00\u00a0€) weicht von unserer Berechnung ab',
    );
    expect(blocking[0]?.message).toContain(
      'Vorauszahlungs-Soll laut Zahlungsdaten 1.600,00\u00a0€ = 2.400,00\u00a0€',
    );
    expect(blocking[0]?.message).toContain('die fehlenden 1.600,00\u00a0€');
    expect(p.abrechnung).toMatchObject({ printed: '800.00', ours: '2400.00', differs: true });
    const o = planNotice({ ...bescheid(fields), override: true }, existing);
    expect(brief(o)).toEqual(['2022 abschlusszahlung - 800.00 2023-07-17', '2022 anrechnung - 1600.00 null']);
    expect(o.abrechnung?.open_change).toBe('800.00');
  });
  it('more prepayments in our data than the notice credits: blocked; overridden, our smaller demand stays', () => {
    const existing = schedule2022([true, true, true, true]);
    const fields = { bisher_festgesetzt: '2400.00', abrechnung: '1600.00' };
    expect(planNotice(bescheid(fields), existing).checks.map((c) => c.code)).toEqual(['ABRECHNUNG_DIFFERS']);
    const o = planNotice({ ...bescheid(fields), override: true }, existing);
    expect(brief(o)).toEqual(['2022 abschlusszahlung - 800.00 2023-07-17']);
  });
  it('a difference of one cent does not block; the demand never exceeds the printed one', () => {
    const existing = schedule2022([true, true, true, true]);
    const p = planNotice(bescheid({ abrechnung: '799.99' }), existing);
    expect(p.checks.filter((c) => c.blocking)).toEqual([]);
    expect(p.checks.map((c) => c.code)).toEqual(['ABRECHNUNG_CENT']);
    expect(p.abrechnung?.open_change).toBe('799.99');
  });
});
