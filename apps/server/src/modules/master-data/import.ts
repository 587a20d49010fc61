import {
  formatMoneyDe,
  type ImportPreview,
  type ImportRow,
  type MasterData,
  type MasterDataData,
  masterDataInputSchema,
} from '@gewst/domain';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, validationFailed } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import {
  EMPLOYEES_HEADER,
  FIXED_COLUMNS,
  type FixedKey,
  parseOtherReferences,
  RATE_HEADER,
  WAGES_HEADER,
} from './excel';
import * as repo from './repo';
import { checkRules, loadMasterData, requireCompany, writeMasterData } from './service';
import { readTable, type Upload } from './upload';

const HEADER_BY_KEY = new Map(FIXED_COLUMNS.map((c) => [c.key, c.header]));
const KEY_BY_HEADER = new Map(FIXED_COLUMNS.map((c) => [c.header.toLowerCase(), c.key]));
const REQUIRED_HEADERS: FixedKey[] = ['ags', 'designation'];

/** Column shown to the user for a field path of the input schema. */
function columnOf(path: string): string {
  const [head, index] = path.split('.');
  if (head === 'references') return 'Kassenzeichen / Weitere Zeichen';
  if (head === 'rates') return 'Hebesatz';
  if (head === 'wages') return index === undefined ? 'Löhne' : 'Löhne / Arbeitnehmer';
  return HEADER_BY_KEY.get(head as FixedKey) ?? head ?? '';
}

const germanDate = (v: string) => {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(v);
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : v;
};

interface ParsedRow {
  row: number;
  id: number | null;
  data: MasterDataData | null;
  /** Rates as written in the file (year → value); applied relative to the current rates. */
  fileRates: Map<number, number>;
  errors: { column: string; message: string }[];
}

function parseRows(table: string[][]): ParsedRow[] {
  const head = table[0] ?? [];
  const fixed = new Map<FixedKey, number>();
  const rateCols: [number, number][] = [];
  const empCols = new Map<number, number>();
  const wageCols = new Map<number, number>();
  head.forEach((h, i) => {
    const key = KEY_BY_HEADER.get(h.toLowerCase());
    if (key) fixed.set(key, i);
    const rate = RATE_HEADER.exec(h);
    if (rate) rateCols.push([Number(rate[1]), i]);
    const emp = EMPLOYEES_HEADER.exec(h);
    if (emp) empCols.set(Number(emp[1]), i);
    const wage = WAGES_HEADER.exec(h);
    if (wage) wageCols.set(Number(wage[1]), i);
  });
  const missing = REQUIRED_HEADERS.filter((k) => !fixed.has(k)).map((k) => HEADER_BY_KEY.get(k));
  if (missing.length)
    throw validationFailed(
      { file: [`Spalten fehlen: ${missing.join(', ')}. Bitte die Vorlage aus dem Export verwenden.`] },
      'Die Datei hat nicht das Format des Stammdaten-Exports.',
    );

  const out: ParsedRow[] = [];
  table.slice(1).forEach((cells, i) => {
    if (cells.every((c) => c === '')) return;
    const cell = (k: FixedKey) => {
      const idx = fixed.get(k);
      return idx === undefined ? '' : (cells[idx] ?? '');
    };
    const errors: ParsedRow['errors'] = [];
    const idText = cell('id');
    const id = idText ? Number(idText) : null;
    if (idText && !(Number.isInteger(id) && (id as number) > 0))
      errors.push({
        column: 'ID',
        message: `„${idText}“ ist keine gültige ID (leer lassen für neue Betriebsstätten).`,
      });
    const other = parseOtherReferences(cell('other_references'));
    for (const b of other.bad)
      errors.push({
        column: 'Weitere Zeichen',
        message: `„${b}“: erwartet „Buchungszeichen: …“, „Personenkonto: …“ oder „Sonstiges Zeichen: …“.`,
      });
    const ags = cell('ags');
    const glText = cell('geschaeftsleitung').toLowerCase();
    if (glText && !['ja', 'nein', 'x', 'true', 'false', '1', '0'].includes(glText))
      errors.push({ column: 'Geschäftsleitung', message: 'Bitte „Ja“ oder „Nein“ angeben.' });
    const fileRates = new Map<number, number>();
    const rateErrors: string[] = [];
    for (const [year, idx] of rateCols) {
      const v = cells[idx] ?? '';
      if (v === '') continue;
      const n = Number(v.replace(',', '.'));
      if (!Number.isInteger(n) || n < 200 || n > 1500)
        rateErrors.push(`Hebesatz ${year}: „${v}“ ist keine ganze Zahl zwischen 200 und 1500.`);
      else fileRates.set(year, n);
    }
    for (const m of rateErrors) errors.push({ column: 'Hebesatz', message: m });
    const wages = [...new Set([...wageCols.keys(), ...empCols.keys()])]
      .filter(
        (y) => (cells[wageCols.get(y) ?? -1] ?? '') !== '' || (cells[empCols.get(y) ?? -1] ?? '') !== '',
      )
      .map((year) => ({
        year,
        employees: (cells[empCols.get(year) ?? -1] ?? '') || null,
        wages: (cells[wageCols.get(year) ?? -1] ?? '') || '',
      }));
    const input = {
      ags: /^\d{7}$/.test(ags) ? `0${ags}` : ags,
      designation: cell('designation'),
      street: cell('street'),
      // Excel drops the leading zero of a postcode typed as a number (01067 → 1067)
      zip: /^\d{4}$/.test(cell('zip')) ? `0${cell('zip')}` : cell('zip'),
      city: cell('city'),
      steuernummer: cell('steuernummer'),
      iban: cell('iban'),
      bic: cell('bic'),
      bank_name: cell('bank_name'),
      creditor_number: cell('creditor_number'),
      cost_center: cell('cost_center'),
      valid_from: germanDate(cell('valid_from')),
      valid_to: germanDate(cell('valid_to')),
      geschaeftsleitung: ['ja', 'x', 'true', '1'].includes(glText),
      remarks: cell('remarks'),
      references: [
        ...cell('kassenzeichen')
          .split(';')
          .map((v) => v.trim())
          .filter(Boolean)
          .map((value) => ({ kind: 'kassenzeichen' as const, value })),
        ...other.refs,
      ],
      wages,
    };
    const parsed = masterDataInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push({ column: columnOf(issue.path.map(String).join('.')), message: issue.message });
    }
    out.push({ row: i + 2, id, data: parsed.success ? parsed.data : null, fileRates, errors });
  });
  return out;
}

const SCALAR_FIELDS = [
  'ags',
  'designation',
  'street',
  'zip',
  'city',
  'steuernummer',
  'iban',
  'bic',
  'bank_name',
  'creditor_number',
  'cost_center',
  'valid_from',
  'valid_to',
  'geschaeftsleitung',
  'remarks',
] as const;

const refsText = (refs: { kind: string; value: string }[]) =>
  refs
    .map((r) => `${r.kind}:${r.value}`)
    .sort()
    .join('; ');
const wagesText = (wages: { year: number; employees: number | null; wages: string }[]) =>
  [...wages]
    .sort((a, b) => a.year - b.year)
    .map((w) => `${w.year}: ${w.employees ?? '–'} AN, ${formatMoneyDe(w.wages)}`)
    .join('; ');
const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/** Field-by-field differences; also fixes `data.rates` to the full own-rate set to write. */
function diff(
  before: MasterData | null,
  data: MasterDataData,
  fileRates: Map<number, number>,
  reference: Map<number, number>,
  note: string,
) {
  const changes: ImportRow['changes'] = [];
  for (const f of SCALAR_FIELDS) {
    const a = before ? str(before[f]) : null;
    const b = str(data[f]);
    if (
      a !== b &&
      !(before === null && b === null) &&
      !(f === 'geschaeftsleitung' && !before && b === 'false')
    )
      changes.push({ field: HEADER_BY_KEY.get(f) ?? f, before: a, after: b });
  }
  const refsBefore = before ? refsText(before.references) : '';
  if (refsBefore !== refsText(data.references ?? []))
    changes.push({
      field: 'Zeichen',
      before: refsBefore || null,
      after: refsText(data.references ?? []) || null,
    });
  const wagesBefore = before ? wagesText(before.wages) : '';
  if (wagesBefore !== wagesText(data.wages ?? []))
    changes.push({ field: 'Löhne', before: wagesBefore || null, after: wagesText(data.wages ?? []) || null });
  // Rates: a value equal to the one in effect changes nothing; an empty cell keeps it.
  const own = new Map(
    (before?.rates ?? []).filter((r) => r.source !== 'reference').map((r) => [r.year, { ...r }] as const),
  );
  for (const [year, value] of fileRates) {
    const ref = reference.get(year);
    const current =
      before?.rates.find((r) => r.year === year) ??
      (ref === undefined ? undefined : { hebesatz: ref, reference_hebesatz: ref });
    if (current?.hebesatz === value) continue;
    changes.push({ field: `Hebesatz ${year}`, before: str(current?.hebesatz), after: String(value) });
    own.set(year, {
      year,
      hebesatz: value,
      source: 'import',
      note,
      reference_hebesatz: current?.reference_hebesatz ?? null,
    });
  }
  data.rates = [...own.values()].map((r) => ({ year: r.year, hebesatz: r.hebesatz, note: r.note }));
  return changes;
}

/** Builds the preview; with `commit` writes everything in one transaction or nothing. */
export async function importMasterData(
  db: Db,
  actor: Actor,
  companyId: number,
  upload: Upload,
  commit: boolean,
): Promise<ImportPreview> {
  const table = await readTable(upload);
  if (table.length < 2) throw validationFailed({ file: ['Die Datei enthält keine Datenzeilen.'] });
  const parsed = parseRows(table);
  const note = `Import aus ${upload.filename}`;
  const run = async (tx: DbOrTx) => {
    await requireCompany(tx, companyId);
    const rows: ImportRow[] = [];
    const kassenzeichenSeen = new Map<string, number>();
    const gl: { row: number; id: number | null; from: string | null; to: string | null }[] = [];
    const fileIds = new Set<number>();
    const befores = new Map<number, MasterData | null>();
    const idErrors = new Map<number, ImportRow['errors']>();
    /** Records whose final state is the file's row (their Kassenzeichen are judged from the file). */
    const replacedByFile = new Set<number>();
    // First pass: which existing records the file rewrites, so that the duplicate check
    // below judges the state after the whole file is applied (a Kassenzeichen may move).
    for (const p of parsed) {
      const errors: ImportRow['errors'] = [];
      let before: MasterData | null = null;
      if (p.id !== null && p.errors.every((e) => e.column !== 'ID')) {
        const existing = await repo.findMasterData(tx, p.id);
        if (!existing || existing.company_id !== companyId)
          errors.push({ column: 'ID', message: `Stammdaten mit ID ${p.id} gibt es bei dieser Firma nicht.` });
        else if (fileIds.has(p.id)) errors.push({ column: 'ID', message: `ID ${p.id} kommt mehrfach vor.` });
        else {
          before = await loadMasterData(tx, p.id);
          if (p.data) replacedByFile.add(p.id);
        }
        fileIds.add(p.id);
      }
      befores.set(p.row, before);
      idErrors.set(p.row, errors);
    }
    for (const p of parsed) {
      const errors = [...p.errors, ...(idErrors.get(p.row) ?? [])];
      const before = befores.get(p.row) ?? null;
      let changes: ImportRow['changes'] = [];
      if (p.data) {
        const references = p.data.references ?? [];
        const kassenzeichen = references.filter((r) => r.kind === 'kassenzeichen');
        for (const k of kassenzeichen) {
          const key = `${p.data.ags}|${k.value}`;
          const other = kassenzeichenSeen.get(key);
          if (other !== undefined)
            errors.push({
              column: 'Kassenzeichen',
              message: `Kassenzeichen „${k.value}“ steht in dieser Gemeinde auch in Zeile ${other}.`,
            });
          else kassenzeichenSeen.set(key, p.row);
        }
        const reference = before
          ? new Map<number, number>()
          : new Map(
              (await repo.referenceRatesOf(tx, p.data.ags)).map((r) => [Number(r.year), Number(r.hebesatz)]),
            );
        changes = diff(before, p.data, p.fileRates, reference, note);
        const ruleErrors = await checkRules(tx, companyId, before?.id ?? null, {
          ...p.data,
          // Kassenzeichen are judged below, against the state after the whole file
          references: references.filter((r) => r.kind !== 'kassenzeichen'),
          geschaeftsleitung: false,
        });
        for (const [field, messages] of Object.entries(ruleErrors))
          for (const message of messages) errors.push({ column: columnOf(field), message });
        // A record in the database still holds its Kassenzeichen afterwards only when the file
        // does not rewrite it; records in the file hold what their row says (checked above).
        const taken = await repo.kassenzeichenTaken(
          tx,
          p.data.ags,
          kassenzeichen.map((k) => k.value),
          before?.id ?? null,
        );
        for (const holder of taken) {
          if (replacedByFile.has(Number(holder.id))) continue;
          const i = references.findIndex((r) => r.kind === 'kassenzeichen' && r.value === holder.value);
          errors.push({
            column: columnOf(`references.${i}.value`),
            message: `Das Kassenzeichen „${holder.value}“ ist in dieser Gemeinde bereits bei „${holder.designation}“ (ID ${holder.id}) vergeben.`,
          });
        }
        if (p.data.geschaeftsleitung)
          gl.push({ row: p.row, id: before?.id ?? null, from: p.data.valid_from, to: p.data.valid_to });
      }
      rows.push({
        row: p.row,
        action: errors.length ? 'error' : !before ? 'create' : changes.length ? 'update' : 'unchanged',
        master_data_id: before?.id ?? null,
        designation: p.data?.designation ?? null,
        changes: errors.length ? [] : changes,
        errors,
      });
    }
    // One Geschäftsleitung at a time, judged on the state after the import: against the
    // records not in the file whose validity overlaps, and against earlier rows of the file.
    if (commit && gl.length) await repo.lockGeschaeftsleitung(tx, companyId);
    for (const g of gl) {
      const inDb = (await repo.overlappingGeschaeftsleitung(tx, companyId, g.id, g.from, g.to)).find(
        (r) => !fileIds.has(Number(r.id)),
      );
      const clash =
        inDb?.designation ??
        gl.find(
          (o) =>
            o !== g &&
            o.row < g.row &&
            (!o.to || !g.from || o.to >= g.from) &&
            (!o.from || !g.to || o.from <= g.to),
        )?.row;
      if (clash !== undefined) {
        const row = rows.find((r) => r.row === g.row)!;
        row.action = 'error';
        row.changes = [];
        row.errors.push({
          column: 'Geschäftsleitung',
          message:
            typeof clash === 'number'
              ? `Die Geschäftsleitung ist schon in Zeile ${clash} gesetzt; je Firma gibt es zu einem Zeitpunkt genau eine.`
              : `Die Geschäftsleitung liegt in diesem Zeitraum bereits bei „${clash}“; je Firma gibt es zu einem Zeitpunkt genau eine.`,
        });
      }
    }
    const preview: ImportPreview = {
      rows,
      summary: {
        total: rows.length,
        create: rows.filter((r) => r.action === 'create').length,
        update: rows.filter((r) => r.action === 'update').length,
        unchanged: rows.filter((r) => r.action === 'unchanged').length,
        error: rows.filter((r) => r.action === 'error').length,
      },
      committed: false,
    };
    if (!commit) return preview;
    if (preview.summary.error > 0)
      throw new AppError(
        422,
        'IMPORT_HAS_ERRORS',
        `Der Import wurde nicht ausgeführt: ${preview.summary.error} Zeile(n) enthalten Fehler.`,
        undefined,
        { preview },
      );
    for (const p of parsed) {
      const r = rows.find((x) => x.row === p.row)!;
      if (!p.data || (r.action !== 'create' && r.action !== 'update')) continue;
      const before = befores.get(p.row) ?? null;
      const written = await writeMasterData(tx, companyId, before?.id ?? null, p.data, 'import');
      const after = await loadMasterData(tx, written.id);
      await recordAudit(tx, actor, {
        action: before ? 'update' : 'create',
        entity: 'master_data',
        entityId: written.id,
        before,
        after,
      });
      r.master_data_id = written.id;
    }
    await recordAudit(tx, actor, {
      action: 'import',
      entity: 'master_data',
      entityId: null,
      after: { company_id: companyId, file: upload.filename, ...preview.summary },
    });
    return { ...preview, committed: true };
  };
  return commit ? db.transaction(run) : run(db);
}
