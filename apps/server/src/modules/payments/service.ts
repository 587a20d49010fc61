import {
  berlinDate,
  type DocumentType,
  type ConfirmationPreview,
  type ExistingLine,
  formatMoneyPlain,
  OPENING_KINDS,
  pageMeta,
  type PaymentDetail,
  type PaymentLineCorrect,
  type PaymentLineInput,
  type PaymentLineKind,
  paymentLineSignError,
  type PaymentLineStatus,
  type PaymentLineStatusInput,
  type PaymentListQuery,
  type PaymentPlan,
  type PlanCheck,
  planNotice,
} from '@gewst/domain';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, conflict, notFound, validationFailed } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { bookedPaymentLines, syncBookings } from '../bookings';
import { dueDateCalendar } from '../calculations/calendar';
import { listDefaultInterestPeriods, listInterestRates } from '../interest/repo';
import { requireCompany } from '../master-data/service';
import { usersById } from '../users';
import { presentLine, presentPayment, sumsOf, user } from './presenter';
import * as repo from './repo';

export const today = () => berlinDate(new Date());
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

function yearClosed(years: number[]) {
  const list = [...new Set(years)].sort().join(', ');
  return new AppError(
    422,
    'PAYMENT_YEAR_CLOSED',
    `Das Zahlungsjahr ${list} ist abgeschlossen; Zahlungsdaten können dort nicht mehr geändert werden.`,
  );
}

async function assertOpenYears(db: DbOrTx, years: number[]) {
  const closed = await repo.closedYears(db, [...new Set(years)]);
  if (closed.length) throw yearClosed(closed);
}

const toExisting = (l: repo.LineRow & { document_type: string | null }): ExistingLine => ({
  id: l.id,
  year: l.year,
  kind: l.kind as PaymentLineKind,
  quartal: l.quartal,
  betrag: l.betrag,
  faellig_am: l.faellig_am,
  status: l.status as PaymentLineStatus,
  // A withdrawn confirmation is as if it never happened: its notice can be confirmed afresh.
  document_id: l.withdrawn_at ? null : l.document_id,
  document_type: l.document_type,
  superseded: l.superseded_by !== null,
});

export interface ConfirmableDocument {
  id: number;
  type: string | null;
  company_id: number;
  master_data_id: number | null;
  fields: unknown;
}

/** What confirming the document would do: the domain plan on the establishment's current lines. */
async function planFor(db: DbOrTx, doc: ConfirmableDocument, override: boolean) {
  if (!doc.type || doc.master_data_id === null) return null;
  const est = await repo.establishment(db, doc.master_data_id);
  if (!est) return null;
  const fields = Object.fromEntries(
    Object.entries((doc.fields ?? {}) as Record<string, { value?: unknown }>).map(([k, f]) => [k, f?.value]),
  );
  const rawLines = await repo.linesOfEstablishment(db, est.id);
  const existing = rawLines.map(toExisting);
  const [rates, periods, known, calendar] = await Promise.all([
    listInterestRates(db),
    listDefaultInterestPeriods(db),
    repo.paymentsOfMasterData(db, est.id),
    dueDateCalendar(db, est.ags, est.bundesland),
  ]);
  const plan = planNotice(
    {
      document_id: doc.id,
      type: doc.type as DocumentType,
      fields,
      ...calendar,
      ags: est.ags,
      gemeinde: est.gemeinde,
      rates: rates.map((r) => ({ valid_from: r.valid_from, rate: String(r.rate) })),
      periods: periods.map((p) => ({ year: p.year, starts_at: p.starts_at })),
      assessed_years: known.filter(isAssessed).map((p) => p.year),
      override,
    },
    existing,
  );
  return { est, fields, rawLines, existing, plan };
}

/** The checks that stop a confirmation unless overridden with a reason. */
export const blockingChecks = (plan: PaymentPlan | null | undefined) =>
  (plan?.checks ?? []).filter((c) => c.blocking);

/**
 * For the confirmation dialog: the lines a confirmation would add and supersede, the checks
 * (blocking ones first) and our Abrechnung beside the printed one. Nothing is written.
 */
export async function previewConfirmedDocument(
  db: DbOrTx,
  doc: ConfirmableDocument,
  override: boolean,
): Promise<ConfirmationPreview> {
  const planned = await planFor(db, doc, override);
  if (!planned) return { add: [], supersede: [], checks: [], abrechnung: null, closed_years: [] };
  const { plan, existing } = planned;
  const byId = new Map(existing.map((l) => [l.id, l]));
  const touched = [
    ...plan.add.map((l) => l.year),
    ...plan.years.map((y) => y.year),
    ...plan.supersede.map((s) => byId.get(s.id)?.year ?? 0),
  ];
  return {
    add: plan.add.map((l) => ({ ...l, status: l.status ?? 'offen' })),
    supersede: plan.supersede.map((s) => {
      const l = byId.get(s.id)!;
      return {
        id: s.id,
        year: l.year,
        kind: l.kind,
        quartal: l.quartal,
        betrag: l.betrag,
        faellig_am: l.faellig_am,
        reason: s.reason,
      };
    }),
    checks: [...plan.checks]
      .filter((c) => c.code !== 'ALREADY_APPLIED' || plan.add.length === 0)
      .sort((a, b) => Number(!!b.blocking) - Number(!!a.blocking))
      .map(({ code, severity, message, blocking }) => ({ code, severity, message, blocking: !!blocking })),
    abrechnung: plan.abrechnung,
    closed_years: await repo.closedYears(db, [...new Set(touched)]),
  };
}

/**
 * Called by confirmDocument inside its transaction ("Prüfung abschließen"): applies the
 * lines the domain rules plan for this notice. Refuses (422) when a year it touches is closed,
 * and when the plan has blocking checks (our Abrechnung differs from the printed one, or the
 * notice gives no figure to settle with) unless `overrideReason` is given; the override is
 * audit-logged with the reason.
 */
export async function applyConfirmedDocument(
  tx: Tx,
  actor: Actor,
  doc: ConfirmableDocument,
  overrideReason: string | null = null,
): Promise<PaymentPlan | null> {
  const planned = await planFor(tx, doc, overrideReason !== null);
  if (!planned) return null;
  const { est, fields, rawLines, existing, plan } = planned;
  const blocking = blockingChecks(plan);
  if (blocking.length && overrideReason === null)
    throw new AppError(422, blocking[0]!.code, blocking.map((c) => c.message).join(' '), undefined, {
      checks: blocking,
      abrechnung: plan.abrechnung,
    });
  if (blocking.length) {
    // The user's reason travels with the checks of the year and into the audit log.
    for (const c of blocking) {
      c.severity = 'warning';
      c.message = `${c.message} Mit Begründung trotzdem abgeschlossen: „${overrideReason}“`;
      delete c.blocking;
    }
    await recordAudit(tx, actor, {
      action: 'confirm-override',
      entity: 'document',
      entityId: doc.id,
      after: { reason: overrideReason, checks: blocking, abrechnung: plan.abrechnung },
    });
  }
  const byId = new Map(existing.map((l) => [l.id, l]));
  const byPayment = new Map(rawLines.map((l) => [l.id, l.payment_id]));
  const touched = [
    ...plan.add.map((l) => l.year),
    ...plan.years.map((y) => y.year),
    ...plan.supersede.map((s) => byId.get(s.id)?.year ?? 0),
  ];
  await assertOpenYears(tx, touched);

  const paymentIds = new Map<number, number>();
  const paymentFor = async (year: number) => {
    const known = paymentIds.get(year);
    if (known) return known;
    const p = await repo.ensurePayment(tx, est.company_id, est.id, year);
    paymentIds.set(year, p.id);
    return p.id;
  };
  const added: number[] = [];
  for (const l of plan.add) {
    const row = await repo.insertLine(tx, {
      payment_id: await paymentFor(l.year),
      company_id: est.company_id,
      master_data_id: est.id,
      year: l.year,
      kind: l.kind,
      quartal: l.quartal,
      betrag: l.betrag,
      faellig_am: l.faellig_am,
      reason: l.reason,
      document_id: doc.id,
      created_by: actor.userId,
      ...(l.status ? { status: l.status } : {}),
    });
    added.push(row.id);
  }
  // The first new line of the same year is the visible successor of a superseded one (an
  // opening balance taken from the notice never is).
  for (const s of plan.supersede) {
    const old = byId.get(s.id)!;
    const successor = plan.add.findIndex((l) => l.year === old.year && !OPENING_KINDS.includes(l.kind));
    await repo.updateLine(tx, s.id, {
      superseded_by: successor >= 0 ? added[successor]! : null,
      superseded_reason: s.reason,
      superseded_at: new Date(),
      superseded_by_document: doc.id,
      ...(successor >= 0 ? {} : { status: 'storniert', superseded_status: old.status }),
    });
  }
  const docDate = typeof fields.bescheid_datum === 'string' ? fields.bescheid_datum : null;
  const ez = typeof fields.erhebungszeitraum === 'number' ? fields.erhebungszeitraum : null;
  // Checks belong to the notice's EZ unless they name a year of their own (e.g. prepayments
  // for a year already assessed that were not applied).
  const checkYear = (c: PlanCheck) => c.year ?? ez;
  const years = new Set([
    ...plan.years.map((y) => y.year),
    ...plan.add.map((l) => l.year),
    ...plan.checks.flatMap((c) => (c.year !== undefined ? [c.year] : [])),
  ]);
  if (ez !== null && ['gewst_bescheid', 'zinsbescheid', 'mahnung'].includes(doc.type ?? '')) years.add(ez);
  for (const year of years) {
    const pid = await paymentFor(year);
    const current = (await repo.findPayment(tx, est.id, year))!;
    const v = plan.years.find((y) => y.year === year);
    const own = year === ez;
    const checks = plan.checks
      .filter((c) => c.code !== 'ALREADY_APPLIED' && checkYear(c) === year)
      .map(({ year: _year, ...c }) => c);
    const history = [
      ...((current.history ?? []) as unknown[]),
      ...(own || v || checks.length
        ? [
            {
              document_id: doc.id,
              type: doc.type,
              bescheid_datum: docDate,
              festgesetzte_steuer: v?.festgesetzte_steuer ?? null,
              at: new Date().toISOString(),
            },
          ]
        : []),
    ];
    // A Bescheid re-evaluates the year's checks. Any other notice keeps them and replaces
    // only its own kind; a Mess- or Zerlegungsbescheid arriving after the Bescheid compares
    // the assessed Messbetrag with the newly expected one.
    const expectation = own && Boolean(v?.erwarteter_messbetrag || v?.zerlegungsanteil);
    const compared = expectation ? expectedChecks(current, v) : [];
    const replaced = new Set([...checks.map((c) => c.code), ...(expectation ? ['MESSBETRAG_DIFFERS'] : [])]);
    const kept = ((current.checks ?? []) as PlanCheck[]).filter((c) => !replaced.has(c.code));
    const newChecks =
      own && doc.type === 'gewst_bescheid'
        ? checks.concat(expectedChecks(current, v))
        : checks.length || expectation
          ? kept.concat(checks, compared)
          : null;
    await repo.updatePayment(tx, pid, {
      history,
      ...(v?.festgesetzte_steuer ? { festgesetzte_steuer: v.festgesetzte_steuer } : {}),
      ...(v?.messbetrag ? { messbetrag: v.messbetrag } : {}),
      ...(v?.hebesatz ? { hebesatz: v.hebesatz } : {}),
      ...(v?.erwarteter_messbetrag ? { erwarteter_messbetrag: v.erwarteter_messbetrag } : {}),
      ...(v?.zerlegungsanteil ? { zerlegungsanteil: v.zerlegungsanteil } : {}),
      ...(own && plan.interest ? { interest: plan.interest } : {}),
      ...(newChecks ? { checks: newChecks } : {}),
    });
  }
  await repo.refreshSums(tx, [
    ...paymentIds.values(),
    ...plan.supersede.map((x) => byPayment.get(x.id) ?? 0),
  ]);
  await recordAudit(tx, actor, {
    action: 'payment-lines-from-document',
    entity: 'payment',
    entityId: doc.master_data_id,
    after: {
      document_id: doc.id,
      added: plan.add.map((l, i) => ({ id: added[i], ...l })),
      superseded: plan.supersede,
      years: plan.years,
      checks: plan.checks,
    },
  });
  // Confirmed lines become bookings; booked lines this notice superseded are reversed.
  await syncBookings(tx, actor, [est.id], { document_id: doc.id });
  return plan;
}

/**
 * "Bestätigung zurücknehmen": undoes what confirming the document did to the payment data.
 * Its lines are cancelled (storniert, marked withdrawn: a new confirmation plans afresh), the
 * lines it superseded are active again with their former status, and the year's assessed tax
 * goes back to the previous Bescheid's (none when there was none). Refused (409) while one of
 * its lines is booked in a booking session past `offen`, has a status a user set, or was
 * superseded by a later notice; 422 in a closed year. Bookings still in the open session are
 * reversed there (never a silent change). Audit-logged.
 */
export async function withdrawConfirmedDocument(
  tx: Tx,
  actor: Actor,
  doc: { id: number; type: string | null; master_data_id: number | null },
  reason: string,
) {
  const lines = await repo.linesOfDocument(tx, doc.id);
  const restored = await repo.linesSupersededByDocument(tx, doc.id);
  const live = lines.filter((l) => l.withdrawn_at === null);
  if (live.some((l) => l.superseded_by !== null && l.superseded_by_document !== doc.id))
    throw conflict(
      'LINES_SUPERSEDED',
      'Ein späterer Bescheid hat Zahlungszeilen dieses Dokuments bereits ersetzt. Bitte zuerst dessen Bestätigung zurücknehmen.',
    );
  if (live.some((l) => l.status_by !== null))
    throw conflict(
      'LINES_CHANGED',
      'Zahlungszeilen dieses Dokuments wurden bereits als bezahlt oder erstattet markiert. Bitte diese Änderung zuerst in den Zahlungsdaten zurücknehmen.',
    );
  const booked = (
    await bookedPaymentLines(
      tx,
      live.map((l) => l.id),
    )
  ).filter((b) => b.session_status !== 'offen');
  if (booked.length)
    throw conflict(
      'LINES_BOOKED',
      `Die Zahlungszeilen dieses Dokuments sind bereits gebucht (Buchungsstapel ${[...new Set(booked.map((b) => b.session_id))].join(', ')}). Die Bestätigung kann nicht mehr zurückgenommen werden.`,
    );
  await assertOpenYears(tx, [...live.map((l) => l.year), ...restored.map((l) => l.year)]);

  const now = new Date();
  for (const l of restored)
    await repo.updateLine(tx, l.id, {
      superseded_by: null,
      superseded_reason: null,
      superseded_at: null,
      superseded_by_document: null,
      superseded_status: null,
      ...(l.superseded_status ? { status: l.superseded_status } : {}),
    });
  for (const l of live)
    await repo.updateLine(tx, l.id, {
      status: 'storniert',
      withdrawn_at: now,
      superseded_reason: `Bestätigung des Dokuments zurückgenommen: ${reason}`,
      superseded_at: now,
    });
  const paymentIds = [...new Set([...live, ...restored].map((l) => l.payment_id))];
  for (const pid of paymentIds) {
    const p = await repo.paymentById(tx, pid);
    if (!p) continue;
    const history = (
      (p.history ?? []) as { document_id?: number; festgesetzte_steuer?: string | null }[]
    ).filter((h) => h.document_id !== doc.id);
    const lastAssessed = history.filter((h) => h.festgesetzte_steuer).at(-1);
    await repo.updatePayment(tx, pid, {
      history,
      ...(doc.type === 'gewst_bescheid'
        ? { festgesetzte_steuer: lastAssessed?.festgesetzte_steuer ?? null }
        : {}),
    });
  }
  await repo.refreshSums(tx, paymentIds);
  await recordAudit(tx, actor, {
    action: 'payment-lines-withdrawn',
    entity: 'payment',
    entityId: doc.master_data_id,
    after: {
      document_id: doc.id,
      reason,
      cancelled: live.map((l) => l.id),
      restored: restored.map((l) => l.id),
    },
  });
  const establishments = [...new Set([...live, ...restored].map((l) => l.master_data_id))];
  await syncBookings(tx, actor, establishments, { document_id: doc.id });
  return { cancelled: live.length, restored: restored.length };
}

/**
 * A year is assessed once a Gewerbesteuerbescheid for it was confirmed: only that sets the
 * payment's assessed tax (also when the Bescheid settled with a difference of zero and so
 * created no line).
 */
function isAssessed(p: repo.PaymentRow) {
  return p.festgesetzte_steuer !== null;
}

/** Compares an assessed Messbetrag with the one expected from a Messbescheid or Zerlegungsbescheid. */
function expectedChecks(current: repo.PaymentRow, v: PaymentPlan['years'][number] | undefined) {
  const mb = v?.messbetrag ?? current.messbetrag;
  const expected =
    v?.zerlegungsanteil ??
    current.zerlegungsanteil ??
    v?.erwarteter_messbetrag ??
    current.erwarteter_messbetrag;
  if (!mb || !expected || Number(mb) === Number(expected)) return [];
  return [
    {
      code: 'MESSBETRAG_DIFFERS',
      severity: 'warning' as const,
      message: `Der Bescheid legt einen Messbetrag von ${mb} € zugrunde, erwartet (Mess-/Zerlegungsbescheid) sind ${expected} €.`,
    },
  ];
}

// ---------------------------------------------------------------- reading

export async function listPayments(db: Db, q: PaymentListQuery) {
  await requireCompany(db, q.company_id);
  const rows = await repo.listPayments(db, q, q.per_page, today());
  const total = rows[0]?.total ?? 0;
  return { data: rows.map(presentListRow), meta: pageMeta(q.page, q.per_page, total) };
}

export async function allPayments(db: Db, q: PaymentListQuery) {
  await requireCompany(db, q.company_id);
  return (await repo.listPayments(db, q, null, today())).map(presentListRow);
}

const m = (v: string | null) => formatMoneyPlain(v ?? '0');
function presentListRow(r: repo.ListRow) {
  return {
    master_data_id: r.master_data_id,
    designation: r.designation,
    ags: r.ags,
    gemeinde: r.gemeinde,
    year: r.year,
    festgesetzte_steuer: r.festgesetzte_steuer,
    vorauszahlungen: m(r.vorauszahlungen),
    bezahlt: m(r.bezahlt),
    offen: m(r.offen),
    naechste_faelligkeit: r.naechste_faelligkeit,
    zinsen: m(r.zinsen),
    warnings: r.warnings,
  };
}

export async function getPaymentDetail(
  db: DbOrTx,
  masterDataId: number,
  year: number,
): Promise<PaymentDetail> {
  const est = await repo.establishment(db, masterDataId);
  if (!est) throw notFound('Die Betriebsstätte');
  const payment = await repo.findPayment(db, masterDataId, year);
  const lines = payment ? await repo.linesOfPayment(db, payment.id) : [];
  const users = await usersById(db, [...lines.flatMap((l) => [l.created_by, l.status_by])]);
  const docIds = [...new Set(lines.map((l) => l.document_id).filter((v): v is number => v !== null))];
  const docs = await repo.documentsOf(db, masterDataId, year, docIds);
  const closed = (await repo.closedYears(db, [year])).length > 0;
  const presented = lines.map((l) => presentLine(l, users));
  return {
    master_data: {
      id: est.id,
      company_id: est.company_id,
      designation: est.designation,
      ags: est.ags,
      gemeinde: est.gemeinde,
    },
    year,
    closed,
    payment: payment ? presentPayment(payment) : null,
    documents: docs.map((d) => ({
      id: d.id,
      type: d.type,
      filename: d.filename,
      bescheid_datum: d.bescheid_datum,
      confirmed_at: d.confirmed_at ? new Date(d.confirmed_at).toISOString() : null,
    })),
    payment_lines: presented,
    sums: sumsOf(payment?.festgesetzte_steuer ?? null, presented),
  };
}

/** For GET /documents/{id}: the establishment's payments, each with its lines (ascending by created_at). */
export async function paymentsOfMasterData(db: DbOrTx, masterDataId: number) {
  const list = await repo.paymentsOfMasterData(db, masterDataId);
  const lines = await repo.linesOfPayments(
    db,
    list.map((p) => p.id),
  );
  const users = await usersById(db, [...lines.flatMap((l) => [l.created_by, l.status_by])]);
  const presented = lines.map((l) => presentLine(l, users));
  return {
    payments: list.map((p) => ({
      ...presentPayment(p),
      payment_lines: presented.filter((l) => l.payment_id === p.id),
    })),
    payment_lines: presented,
  };
}

export async function dueOverview(db: Db, companyId: number) {
  await requireCompany(db, companyId);
  const t = today();
  const { rows, toReview } = await repo.dueSums(db, companyId, t, addDays(t, 14));
  const get = (b: string) => {
    const r = rows.find((x) => x.bucket === b);
    return { count: r?.n ?? 0, sum: m(r?.s ?? '0') };
  };
  return { due_soon: get('soon'), overdue: get('overdue'), to_review: toReview };
}

// ---------------------------------------------------------------- manual entry

export async function addLine(
  db: Db,
  actor: Actor,
  masterDataId: number,
  year: number,
  input: PaymentLineInput,
) {
  return db.transaction(async (tx) => {
    const est = await repo.establishment(tx, masterDataId);
    if (!est) throw notFound('Die Betriebsstätte');
    await assertOpenYears(tx, [year]);
    const p = await repo.ensurePayment(tx, est.company_id, est.id, year);
    const row = await repo.insertLine(tx, {
      payment_id: p.id,
      company_id: est.company_id,
      master_data_id: est.id,
      year,
      kind: input.kind,
      quartal: input.quartal ?? null,
      betrag: formatMoneyPlain(input.betrag),
      faellig_am: input.faellig_am,
      reason: input.reason,
      created_by: actor.userId,
    });
    await repo.refreshSums(tx, [p.id]);
    await recordAudit(tx, actor, {
      action: 'payment-line-add',
      entity: 'payment_line',
      entityId: row.id,
      after: row,
    });
    await syncBookings(tx, actor, [est.id]);
    return getPaymentDetail(tx, est.id, year);
  });
}

async function activeLine(tx: Tx, id: number) {
  const line = await repo.findLine(tx, id);
  if (!line) throw notFound('Die Zahlungszeile');
  await assertOpenYears(tx, [line.year]);
  if (line.superseded_by !== null || line.status === 'storniert')
    throw conflict(
      'PAYMENT_LINE_INACTIVE',
      'Die Zeile ist ersetzt oder storniert und kann nicht mehr geändert werden.',
    );
  return line;
}

export async function correctLine(db: Db, actor: Actor, id: number, input: PaymentLineCorrect) {
  return db.transaction(async (tx) => {
    const old = await activeLine(tx, id);
    if (old.status !== 'offen')
      throw conflict(
        'PAYMENT_LINE_PAID',
        'Eine angewiesene oder bezahlte Zeile wird nicht geändert; bitte eine Korrekturzeile erfassen.',
      );
    const signError = paymentLineSignError(old.kind as PaymentLineKind, input.betrag);
    if (signError) throw validationFailed({ betrag: [signError] });
    const row = await repo.insertLine(tx, {
      payment_id: old.payment_id,
      company_id: old.company_id,
      master_data_id: old.master_data_id,
      year: old.year,
      kind: old.kind,
      quartal: old.quartal,
      betrag: formatMoneyPlain(input.betrag),
      faellig_am: input.faellig_am,
      reason: `Berichtigt: ${input.reason}`,
      document_id: old.document_id,
      created_by: actor.userId,
    });
    const after = await repo.updateLine(tx, id, {
      superseded_by: row.id,
      superseded_reason: input.reason,
      superseded_at: new Date(),
    });
    await repo.refreshSums(tx, [old.payment_id]);
    await recordAudit(tx, actor, {
      action: 'payment-line-correct',
      entity: 'payment_line',
      entityId: id,
      before: old,
      after: { superseded: after, new_line: row },
    });
    await syncBookings(tx, actor, [old.master_data_id]);
    return getPaymentDetail(tx, old.master_data_id, old.year);
  });
}

export async function cancelLine(db: Db, actor: Actor, id: number, reason: string) {
  return db.transaction(async (tx) => {
    const old = await activeLine(tx, id);
    if (old.status === 'bezahlt')
      throw conflict(
        'PAYMENT_LINE_PAID',
        'Eine bezahlte Zeile kann nicht storniert werden; bitte eine Korrekturzeile erfassen.',
      );
    const after = await repo.updateLine(tx, id, {
      status: 'storniert',
      status_date: today(),
      status_by: actor.userId,
      superseded_reason: reason,
      superseded_at: new Date(),
    });
    await repo.refreshSums(tx, [old.payment_id]);
    await recordAudit(tx, actor, {
      action: 'payment-line-cancel',
      entity: 'payment_line',
      entityId: id,
      before: old,
      after,
    });
    await syncBookings(tx, actor, [old.master_data_id]);
    return getPaymentDetail(tx, old.master_data_id, old.year);
  });
}

export async function setLineStatus(db: Db, actor: Actor, id: number, input: PaymentLineStatusInput) {
  return db.transaction(async (tx) => {
    const old = await activeLine(tx, id);
    const after = await repo.updateLine(tx, id, {
      status: input.status,
      status_date: input.status === 'offen' ? null : (input.date ?? today()),
      status_by: input.status === 'offen' ? null : actor.userId,
    });
    await repo.refreshSums(tx, [old.payment_id]);
    await recordAudit(tx, actor, {
      action: 'payment-line-status',
      entity: 'payment_line',
      entityId: id,
      before: { status: old.status, status_date: old.status_date },
      after: { status: after.status, status_date: after.status_date },
    });
    return getPaymentDetail(tx, old.master_data_id, old.year);
  });
}

// ---------------------------------------------------------------- payment years

export async function listYears(db: DbOrTx) {
  const rows = await repo.yearsOverview(db);
  const current = Number(today().slice(0, 4));
  if (!rows.some((r) => r.year === current))
    rows.unshift({ year: current, closed: false, closed_at: null, closed_by: null, open_lines: 0 });
  const users = await usersById(
    db,
    rows.map((r) => r.closed_by),
  );
  return rows.map((r) => ({
    year: r.year,
    closed: r.closed ?? false,
    closed_at: r.closed_at ? new Date(r.closed_at).toISOString() : null,
    closed_by: user(users, r.closed_by),
    open_lines: r.open_lines,
  }));
}

export async function setYear(db: Db, actor: Actor, year: number, closed: boolean, confirm: boolean) {
  return db.transaction(async (tx) => {
    if (closed && !confirm) {
      const open = await repo.openLinesOfYear(tx, year);
      if (open.length)
        throw new AppError(
          409,
          'PAYMENT_YEAR_HAS_OPEN_LINES',
          `Im Jahr ${year} sind noch ${open.length} Zeilen offen. Trotzdem abschließen?`,
          undefined,
          { open_lines: open },
        );
    }
    await repo.upsertYear(tx, year, closed, actor.userId);
    await recordAudit(tx, actor, {
      action: closed ? 'payment-year-close' : 'payment-year-open',
      entity: 'payment_year',
      entityId: year,
      after: { closed },
    });
    return (await listYears(tx)).find((y) => y.year === year) ?? null;
  });
}
