import {
  type AbschlusszahlungRequest,
  computeAbschlusszahlung,
  computeMessbetrag,
  computeSaeumniszuschlag,
  computeVorauszahlungen,
  computeZerlegung,
  type MessbetragRequest,
  type SaeumniszuschlagRequest,
  type VorauszahlungenRequest,
  type ZerlegungRequest,
} from '@gewst/domain';
import type { DbOrTx } from '../../db/client';
import { validationFailed } from '../../http/errors';
import { settings } from '../settings';
import { dueDateCalendar } from './calendar';
import * as repo from './repo';

/**
 * Unknown AGS → 400. The schema already checked the 8 digits and the Bundesland prefix;
 * when the municipality reference table is loaded, the key must also exist there.
 */
export async function assertKnownAgs(db: DbOrTx, entries: readonly { path: string; ags: string }[]) {
  if (entries.length === 0 || (await repo.countMunicipalities(db)) === 0) return;
  const known = new Set(
    (await repo.municipalitiesByAgs(db, [...new Set(entries.map((e) => e.ags))])).map((m) => m.ags),
  );
  const errors: Record<string, string[]> = {};
  for (const e of entries) {
    if (!known.has(e.ags))
      errors[e.path] = [`Der Gemeindeschlüssel ${e.ags} ist keiner Gemeinde zugeordnet.`];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors, 'Unbekannter Gemeindeschlüssel (AGS).');
}

export function messbetrag(input: MessbetragRequest) {
  return computeMessbetrag(input);
}

/** Due dates move past the weekends and holidays of the municipality (setting `calendar.holidays`). */
export async function vorauszahlungen(db: DbOrTx, input: VorauszahlungenRequest) {
  await assertKnownAgs(db, [{ path: 'ags', ags: input.ags }]);
  return computeVorauszahlungen({
    year: input.year,
    letzte_steuer: input.letzte_steuer,
    ...(await dueDateCalendar(db, input.ags)),
  });
}

export async function abschlusszahlung(db: DbOrTx, input: AbschlusszahlungRequest) {
  await assertKnownAgs(db, [{ path: 'ags', ags: input.ags }]);
  return computeAbschlusszahlung({
    steuer: input.steuer,
    vorauszahlungen: input.vorauszahlungen,
    aufgabe_zur_post: input.aufgabe_zur_post,
    ...(await dueDateCalendar(db, input.ags)),
  });
}

/**
 * Säumniszuschlag (§ 240 AO). With the municipality's AGS the due date and the end of the
 * three-day Schonfrist move past its weekends and holidays; without one they are taken
 * as plain calendar days.
 */
export async function saeumniszuschlag(db: DbOrTx, input: SaeumniszuschlagRequest) {
  if (!input.ags) return computeSaeumniszuschlag(input);
  await assertKnownAgs(db, [{ path: 'ags', ags: input.ags }]);
  return computeSaeumniszuschlag({ ...input, ...(await dueDateCalendar(db, input.ags)) });
}

/**
 * Hebesatz of each line: the line's own, else the company's master data (latest year up
 * to the EZ; only when a company is given), else the reference table. A rate of an
 * earlier year (master data or reference table) is used as the best estimate and said so
 * in `hinweise`, one note per source and year.
 */
export async function fillHebesaetze<L extends { ags: string; hebesatz?: number | null }>(
  db: DbOrTx,
  lines: readonly L[],
  year: number,
  companyId: number | null,
): Promise<{ zeilen: L[]; hinweise: string[] }> {
  const missing = [...new Set(lines.filter((l) => l.hebesatz == null).map((l) => l.ags))];
  if (missing.length === 0) return { zeilen: [...lines], hinweise: [] };
  const fromMaster =
    companyId == null
      ? new Map<string, { hebesatz: number; year: number }>()
      : await repo.companyHebesaetze(db, companyId, missing, year);
  const fromReference = await repo.referenceHebesaetze(db, missing, year);
  const olderMaster = new Map<number, Set<string>>();
  const olderReference = new Map<number, Set<string>>();
  const remember = (older: Map<number, Set<string>>, rateYear: number, ags: string) => {
    if (rateYear !== year) older.set(rateYear, (older.get(rateYear) ?? new Set()).add(ags));
  };
  const zeilen = lines.map((l) => {
    if (l.hebesatz != null) return l;
    const master = fromMaster.get(l.ags);
    if (master != null) {
      remember(olderMaster, master.year, l.ags);
      return { ...l, hebesatz: master.hebesatz };
    }
    const ref = fromReference.get(l.ags);
    if (ref) remember(olderReference, ref.year, l.ags);
    return { ...l, hebesatz: ref?.hebesatz ?? null };
  });
  const hinweise = [
    ...[...olderMaster.entries()].map(
      ([rateYear, ags]) =>
        `Für ${ags.size} Gemeinde(n) ist in den Stammdaten kein Hebesatz für ${year} hinterlegt; verwendet wurde der Hebesatz ${rateYear} aus den Stammdaten.`,
    ),
    ...[...olderReference.entries()].map(
      ([rateYear, ags]) =>
        `Für ${ags.size} Gemeinde(n) ist kein Hebesatz für ${year} hinterlegt; verwendet wurde der Hebesatz ${rateYear} der Referenztabelle.`,
    ),
  ];
  return { zeilen, hinweise };
}

export async function zerlegung(db: DbOrTx, input: ZerlegungRequest, companyId: number | null = null) {
  await assertKnownAgs(
    db,
    input.zeilen.map((z, i) => ({ path: `zeilen.${i}.ags`, ags: z.ags })),
  );
  const { zeilen, hinweise } = await fillHebesaetze(db, input.zeilen, input.year, companyId);
  // No rule named: the installation's rounding policy, read now (a change applies at once).
  const rundung = input.rundung ?? (await settings.get(db, 'zerlegung.rundung'));
  const result = computeZerlegung({ ...input, rundung, zeilen });
  return { ...result, hinweise: [...hinweise, ...result.hinweise] };
}
