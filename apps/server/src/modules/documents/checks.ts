import {
  computeSteuer,
  DOCUMENT_FIELD_LABELS,
  type DocumentCheck,
  type DocumentFields,
  type DocumentType,
  formatMoneyDe,
  HEBESATZ_MIN,
} from '@gewst/domain';
import { isValidIban, type SolverCheck } from '@gewst/extraction';

export interface CheckInput {
  type: DocumentType | null;
  fields: DocumentFields;
  /** The establishment's (or else the municipality's reference) Hebesatz for the tax year. */
  rate: { hebesatz: number; source: string } | null;
  masterDataId: number | null;
  today: string;
}

const fmtMoney = (v: string | bigint) => formatMoneyDe(v);
const fmtDate = (iso: string) => iso.split('-').reverse().join('.');
const toCents = (v: string) => {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(v.trim());
  if (!m) return null;
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -cents : cents;
};
const str = (f: DocumentFields, k: string) => {
  const v = f[k]?.value;
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
};
const num = (f: DocumentFields, k: string) => {
  const v = f[k]?.value;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.replace(',', '.')) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
const isDate = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** Fields a notice of the type should carry; a missing one is a warning. */
const REQUIRED: Partial<Record<DocumentType, string[]>> = {
  gewst_bescheid: ['erhebungszeitraum', 'messbetrag', 'hebesatz', 'festgesetzte_steuer'],
  vorauszahlungsbescheid: ['erhebungszeitraum', 'messbetrag', 'hebesatz', 'vorauszahlungen'],
  zinsbescheid: ['erhebungszeitraum', 'zinsen'],
  messbescheid: ['erhebungszeitraum', 'messbetrag'],
  zerlegungsbescheid: ['erhebungszeitraum', 'zerlegungsanteile'],
  mahnung: ['rueckstand'],
};
const MUNICIPAL: DocumentType[] = ['gewst_bescheid', 'vorauszahlungsbescheid', 'zinsbescheid', 'mahnung'];

/**
 * The fields of each arithmetic check of the extraction (packages/extraction/src/solver.ts) that
 * runChecks cannot repeat from the fields alone: the interest's base and the arrears' months are
 * no fields. (Steuer and Abrechnung are repeated below as STEUER_BERECHNUNG, ABRECHNUNG_DIFFERENZ.)
 */
const EXTRACTION_CHECK_FIELDS: Record<string, string[]> = {
  RECHNUNG_ZINSEN: ['zinsen', 'zinsen_von', 'zinsen_bis'],
  RECHNUNG_SAEUMNIS: ['rueckstand', 'saeumniszuschlag'],
  RECHNUNG_MESSBETRAG: ['gewerbeertrag', 'freibetrag', 'messbetrag'],
};

/**
 * A printed figure the tax arithmetic contradicts, as found by the extraction: shown on the
 * document like every check, kept over later checks until a user enters one of its fields.
 */
export function extractionChecks(checks: readonly SolverCheck[], fields: DocumentFields): DocumentCheck[] {
  return keptExtractionChecks(
    checks.map((c) => ({
      code: `RECHNUNG_${c.code.replace(/_passt_nicht$/, '').toUpperCase()}`,
      severity: 'error' as const,
      field: c.fields[0] ?? '',
      message: c.message,
    })),
    fields,
  );
}

/** The extraction's checks among `previous` that still hold: none of their fields entered by a user. */
export function keptExtractionChecks(
  previous: readonly DocumentCheck[],
  fields: DocumentFields,
): DocumentCheck[] {
  return previous.filter((c) => {
    const names = EXTRACTION_CHECK_FIELDS[c.code];
    return names !== undefined && names.every((n) => fields[n]?.source !== 'user');
  });
}

/** Step 6: plausibility checks. Each failed check becomes an entry shown on the document. */
export function runChecks(input: CheckInput): DocumentCheck[] {
  const { fields: f, type } = input;
  const out: DocumentCheck[] = [];
  if (!type) return out;

  for (const name of REQUIRED[type] ?? []) {
    if (!f[name] || f[name].value === null || f[name].value === '')
      out.push({
        code: 'FELD_FEHLT',
        severity: 'warning',
        field: name,
        message: `${DOCUMENT_FIELD_LABELS[name] ?? name} wurde nicht erkannt. Bitte im PDF markieren oder eintragen.`,
      });
  }

  const mb = str(f, 'messbetrag');
  const hebesatz = num(f, 'hebesatz');
  const year = num(f, 'erhebungszeitraum');

  if (hebesatz !== null && hebesatz < HEBESATZ_MIN)
    out.push({
      code: 'HEBESATZ_MINDEST',
      severity: 'error',
      field: 'hebesatz',
      message: `Der Hebesatz von ${hebesatz} % liegt unter dem gesetzlichen Mindesthebesatz von ${HEBESATZ_MIN} % (§ 16 Abs. 4 GewStG).`,
    });

  let annual: string | null = null;
  if (mb && hebesatz !== null && hebesatz >= HEBESATZ_MIN) {
    try {
      annual = computeSteuer(mb, hebesatz);
    } catch {
      annual = null;
    }
  }

  const steuer = str(f, 'festgesetzte_steuer');
  if (type === 'gewst_bescheid' && annual && steuer && toCents(steuer) !== toCents(annual))
    out.push({
      code: 'STEUER_BERECHNUNG',
      severity: 'error',
      field: 'festgesetzte_steuer',
      message: `Festgesetzte Steuer ${fmtMoney(steuer)} ≠ Messbetrag ${fmtMoney(mb!)} × Hebesatz ${hebesatz} % / 100 = ${fmtMoney(annual)}.`,
    });

  const vz = f.vorauszahlungen?.value;
  if (Array.isArray(vz) && annual && (type === 'vorauszahlungsbescheid' || type === 'gewst_bescheid')) {
    const expected = (toCents(annual)! / 4n / 100n) * 100n; // floor to full euro
    const wrong = (vz as { quartal: number; betrag: string }[]).filter((q) => {
      const c = toCents(String(q.betrag));
      return c !== null && c !== expected;
    });
    if (wrong.length)
      out.push({
        code: 'VORAUSZAHLUNG_VIERTEL',
        severity: type === 'vorauszahlungsbescheid' ? 'error' : 'warning',
        field: 'vorauszahlungen',
        message: `Vorauszahlung ${wrong.map((q) => `Q${q.quartal} ${fmtMoney(String(q.betrag))}`).join(', ')} ≠ ¼ der Jahressteuer ${fmtMoney(annual)}, abgerundet auf volle Euro = ${fmtMoney(expected)}.`,
      });
  }

  const bisher = str(f, 'bisher_festgesetzt');
  const abrechnung = str(f, 'abrechnung');
  if (steuer && bisher && abrechnung) {
    const diff = toCents(steuer)! - toCents(bisher)!;
    if (toCents(abrechnung) !== diff)
      out.push({
        code: 'ABRECHNUNG_DIFFERENZ',
        severity: 'warning',
        field: 'abrechnung',
        message: `Abrechnung ${fmtMoney(abrechnung)} ≠ festgesetzte Steuer − bisher festgesetzt = ${fmtMoney(diff)}.`,
      });
  }

  if (hebesatz !== null && input.rate && year !== null && hebesatz !== input.rate.hebesatz)
    out.push({
      code: 'HEBESATZ_KONFLIKT',
      severity: 'warning',
      field: 'hebesatz',
      message: `Hebesatzkonflikt: Bescheid ${hebesatz} %, ${input.rate.source === 'reference' ? 'Referenztabelle' : 'Stammdaten'} für ${year}: ${input.rate.hebesatz} %.`,
    });

  const iban = str(f, 'iban');
  if (iban && !isValidIban(iban.replace(/\s+/g, '')))
    out.push({
      code: 'IBAN_PRUEFZIFFER',
      severity: 'error',
      field: 'iban',
      message: `Die IBAN ${iban} ist ungültig (Prüfziffer oder Länge stimmt nicht).`,
    });

  const currentYear = Number(input.today.slice(0, 4));
  if (year !== null && (year < 1990 || year > currentYear + 1))
    out.push({
      code: 'DATUM_UNPLAUSIBEL',
      severity: 'warning',
      field: 'erhebungszeitraum',
      message: `Erhebungszeitraum ${year} ist unplausibel.`,
    });
  const datum = str(f, 'bescheid_datum');
  if (isDate(datum)) {
    if (datum > input.today)
      out.push({
        code: 'DATUM_UNPLAUSIBEL',
        severity: 'warning',
        field: 'bescheid_datum',
        message: `Das Bescheiddatum ${fmtDate(datum)} liegt in der Zukunft.`,
      });
    if (
      year !== null &&
      type !== 'vorauszahlungsbescheid' &&
      type !== 'messbescheid' &&
      Number(datum.slice(0, 4)) < year
    )
      out.push({
        code: 'DATUM_UNPLAUSIBEL',
        severity: 'warning',
        field: 'bescheid_datum',
        message: `Das Bescheiddatum ${fmtDate(datum)} liegt vor dem Erhebungszeitraum ${year}.`,
      });
    const faellig = str(f, 'faellig_am');
    if (isDate(faellig) && faellig < datum)
      out.push({
        code: 'DATUM_UNPLAUSIBEL',
        severity: 'warning',
        field: 'faellig_am',
        message: `Die Fälligkeit ${fmtDate(faellig)} liegt vor dem Bescheiddatum ${fmtDate(datum)}.`,
      });
  }
  const von = str(f, 'zinsen_von');
  const bis = str(f, 'zinsen_bis');
  if (isDate(von) && isDate(bis) && von > bis)
    out.push({
      code: 'DATUM_UNPLAUSIBEL',
      severity: 'warning',
      field: 'zinsen_bis',
      message: `Der Zinslauf endet (${fmtDate(bis)}) vor seinem Beginn (${fmtDate(von)}).`,
    });

  if (MUNICIPAL.includes(type) && input.masterDataId === null)
    out.push({
      code: 'STAMMDATEN_FEHLEN',
      severity: 'warning',
      message: 'Keine Betriebsstätte zugeordnet. Bitte Stammdaten auswählen.',
    });
  return out;
}
