import type { FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../http/errors';
import type { AppInstance } from '../http/types';

/**
 * Company-scoped access, enforced here and nowhere else.
 *
 * A user may see every company (users.company_ids null, the default) or a list. Every
 * route under /api is declared in RULES below with how its company is known; a route
 * without a rule makes start-up fail, so a new route cannot forget the check. Before
 * validation (so a limited user learns nothing about the input shape) the hook
 *  - `company`: reads a company id from the params, query or JSON body: another company → 403;
 *  - `resource`: looks up which company owns the addressed row: another company's → 404,
 *    exactly like a row that does not exist;
 *  - `all-companies`: installation-wide administration (users, roles, logs, backups, the
 *    upload trail, closing a payment year) → 403 unless the user sees every company;
 *  - `scoped`: the handler asks `allowedCompanies(request)` and filters its answer
 *    (the company list, the processing status, the notifications);
 *  - `checked`: the handler calls `assertCompanyAllowed` itself (multipart uploads,
 *    whose company id is a form field read in the handler);
 *  - `none`: reference data and calculators that hold no company's data.
 * A user whose list is empty is refused on every company route (403 NO_COMPANY_ACCESS);
 * the web app shows NoPerm with that reason.
 */

type Where = 'params' | 'query' | 'body';
type Resource =
  | 'documents'
  | 'document_path'
  | 'master_data'
  | 'payment_lines'
  | 'zerlegungen'
  | 'booking_sessions'
  | 'prepayment_bi_logs'
  | 'import_batches';

export type CompanyRule =
  | { kind: 'none' }
  | { kind: 'all-companies' }
  | { kind: 'scoped' }
  | { kind: 'checked' }
  | { kind: 'company'; in: Where; key: string; optional?: boolean }
  | { kind: 'resource'; resource: Resource; in: Where; key: string };

const none = { kind: 'none' } as const;
const admin = { kind: 'all-companies' } as const;
const scoped = { kind: 'scoped' } as const;
const companyParam = { kind: 'company', in: 'params', key: 'id' } as const;
const companyQuery = { kind: 'company', in: 'query', key: 'company_id' } as const;
const companyBody = { kind: 'company', in: 'body', key: 'company_id' } as const;
const res = (resource: Resource, key = 'id', where: Where = 'params') =>
  ({ kind: 'resource', resource, in: where, key }) as const;

/** Every route under /api, by method and URL as Fastify registers it. */
export const RULES: Readonly<Record<string, CompanyRule>> = {
  'GET /api/config': none,
  'GET /api/health': none,
  'GET /api/users': none,
  'GET /api/logout': none,
  'GET /api/users/getAll': admin,
  'PUT /api/users/:id/roles': admin,
  'PUT /api/users/:id/companies': admin,
  'GET /api/permissions': admin,
  'GET /api/roles': admin,
  'POST /api/roles': admin,
  'PUT /api/roles/:id': admin,
  'DELETE /api/roles/:id': admin,
  'GET /api/logs': admin,

  'GET /api/companies': scoped,
  'POST /api/companies': admin,
  'GET /api/companies/:id': companyParam,
  'PUT /api/companies/:id': companyParam,
  'DELETE /api/companies/:id': admin,

  'GET /api/interestrates': none,
  'POST /api/interestrates': none,
  'GET /api/interestrates/calculate': none,
  'PUT /api/interestrates/:id': none,
  'DELETE /api/interestrates/:id': none,
  'GET /api/default_interest_periods': none,
  'POST /api/default_interest_periods': none,
  'PUT /api/default_interest_periods/:id': none,
  'DELETE /api/default_interest_periods/:id': none,
  'GET /api/municipalities': none,
  'GET /api/municipalities/:ags': none,
  'POST /api/municipalities/rates/import': admin,
  'POST /api/calculations/messbetrag': none,
  'POST /api/calculations/vorauszahlungen': none,
  'POST /api/calculations/abschlusszahlung': none,
  'POST /api/calculations/saeumniszuschlag': none,
  'POST /api/calculations/zerlegung': none,

  'GET /api/companies/:id/masterData': companyParam,
  'POST /api/companies/:id/masterData': companyParam,
  'GET /api/companies/:id/masterData/conflictingMunicipalityRates': companyParam,
  'POST /api/companies/:id/masterData/conflictingMunicipalityRates/resolve': companyParam,
  'POST /api/companies/:id/masterdata/export': companyParam,
  'POST /api/companies/:id/masterdata/import/preview': companyParam,
  'POST /api/companies/:id/masterdata/import/commit': companyParam,
  'GET /api/masterData/:id': res('master_data'),
  'PUT /api/masterData/:id': res('master_data'),
  'DELETE /api/masterData/:id': res('master_data'),
  'GET /api/masterData/:id/rates': res('master_data'),
  'PUT /api/masterData/:id/rates/:year': res('master_data'),
  'DELETE /api/masterData/:id/rates/:year': res('master_data'),

  'GET /api/zerlegungen': { kind: 'company', in: 'query', key: 'company_id', optional: true },
  'POST /api/zerlegungen': companyBody,
  'GET /api/zerlegungen/prefill': companyQuery,
  'POST /api/zerlegungen/wage-import': none,
  'GET /api/zerlegungen/:id': res('zerlegungen'),
  'PUT /api/zerlegungen/:id': res('zerlegungen'),
  'DELETE /api/zerlegungen/:id': res('zerlegungen'),
  'GET /api/zerlegungen/:id/xlsx': res('zerlegungen'),
  'GET /api/zerlegungen/:id/pdf': res('zerlegungen'),

  'GET /api/documents': companyQuery,
  'POST /api/documents': { kind: 'checked' },
  'GET /api/documents/stats': companyQuery,
  'GET /api/documents/retention': companyQuery,
  'POST /api/documents/retention/delete-originals': companyBody,
  'GET /api/documents/getFile': res('document_path', 'path', 'query'),
  'GET /api/documents/:id': res('documents'),
  'PUT /api/documents/:id': res('documents'),
  'DELETE /api/documents/:id': res('documents'),
  'POST /api/documents/:id/keepLocking': res('documents'),
  'POST /api/documents/:id/releaseLock': res('documents'),
  'GET /api/documents/:id/confirmation': res('documents'),
  'POST /api/documents/:id/confirm': res('documents'),
  'POST /api/documents/:id/unconfirm': res('documents'),
  'POST /api/documents/:id/reprocess': res('documents'),
  'POST /api/documents/:id/restore': res('documents'),
  'POST /api/documents/:id/versions': res('documents'),
  'GET /api/extractions/api': res('documents', 'document_id', 'query'),
  'GET /api/uploadAuditTrail': admin,
  'GET /api/uploadAuditTrail/:id': admin,

  'GET /api/payments': companyQuery,
  'GET /api/payments/export': companyQuery,
  'GET /api/payments/due': companyQuery,
  'GET /api/payments/:id/:year': res('master_data'),
  'POST /api/payments/:id/:year/lines': res('master_data'),
  'POST /api/payment-lines/:id/correct': res('payment_lines'),
  'POST /api/payment-lines/:id/cancel': res('payment_lines'),
  'POST /api/payment-lines/:id/status': res('payment_lines'),
  'GET /api/payment-years': none,
  'PUT /api/payment-years/:year': admin,

  'GET /api/reports/expense': companyQuery,
  'GET /api/reports/expense/export': companyQuery,
  'GET /api/reports/provision': companyQuery,
  'GET /api/reports/provision/export': companyQuery,
  'GET /api/reports/cashplan': companyQuery,
  'GET /api/reports/cashplan/export': companyQuery,
  'GET /api/reports/interest': companyQuery,
  'GET /api/reports/interest/export': companyQuery,
  'GET /api/reports/reconciliation': companyQuery,
  'GET /api/reports/reconciliation/export': companyQuery,
  'GET /api/reports/trace': companyQuery,
  'POST /api/reports/provision/adopt': companyBody,
  'GET /api/archive': companyQuery,
  'POST /api/archive/sessions/:id/restore': res('booking_sessions'),
  'GET /api/service/processing-status': scoped,
  'GET /api/service/processing-status/export': scoped,
  'GET /api/imports': scoped,
  'GET /api/notifications': scoped,
  'POST /api/notifications/read': scoped,
  'GET /api/imports/:id': res('import_batches'),
  'POST /api/imports/:id/reprocess': res('import_batches'),
  'GET /api/imports/:id/files/:file_id': res('import_batches'),

  'GET /api/companies/:id/bookings': companyParam,
  'GET /api/bookings/stats': { kind: 'company', in: 'query', key: 'company_id', optional: true },
  'GET /api/bookings/prepayments/preview': companyQuery,
  'PUT /api/bookings/prepayments/create': companyQuery,
  'GET /api/bookings/:id': res('booking_sessions'),
  'PUT /api/bookings/:id/close': res('booking_sessions'),
  'PUT /api/bookings/:id/submit': res('booking_sessions'),
  'PUT /api/bookings/:id/reject': res('booking_sessions'),
  'PUT /api/bookings/:id/approve': res('booking_sessions'),
  'PUT /api/bookings/:id/correct': res('booking_sessions'),
  'PUT /api/bookings/:id/cancel': res('booking_sessions'),
  'PUT /api/bookings/:id/retrigger-failed-jobs': res('booking_sessions'),
  'PUT /api/bookings/:id/revert-to-closed': res('booking_sessions'),
  'PUT /api/bookings/:id/archive': res('booking_sessions'),
  'PUT /api/bookings/:id/generate_report': res('booking_sessions'),
  'GET /api/bookings/:id/queues': res('booking_sessions'),
  'GET /api/bookings/:id/export': res('booking_sessions'),
  'GET /api/bookings/:id/report': res('booking_sessions'),
  'GET /api/prePaymentsBiLog': companyQuery,
  'DELETE /api/prePaymentsBiLog/:id': res('prepayment_bi_logs'),
  'GET /api/sessionLogs/:id': res('booking_sessions'),
  'POST /api/sessionLogs/editComment/:id': res('booking_sessions'),
  'GET /api/companies/:id/account-mapping': companyParam,
  'PUT /api/companies/:id/account-mapping': companyParam,
  'DELETE /api/companies/:id/account-mapping': companyParam,
  'GET /api/companies/:id/provisions': companyParam,
  'PUT /api/companies/:id/provisions/:year': companyParam,
  'DELETE /api/companies/:id/provisions/:year': companyParam,

  'GET /api/settings': admin,
  'PUT /api/settings/:key': admin,
  'DELETE /api/settings/:key': admin,
  'GET /api/companies/:id/settings': companyParam,
  'PUT /api/companies/:id/settings/:key': companyParam,
  'DELETE /api/companies/:id/settings/:key': companyParam,

  'GET /api/backups': admin,
  'POST /api/backups': admin,
  'POST /api/backups/upload': admin,
  'GET /api/backups/:name/download': admin,
  'POST /api/backups/:name/link': admin,
  'GET /api/backups/download': none,
  'DELETE /api/backups/:name': admin,
  'POST /api/backups/:name/restore': admin,
};

/** Which company owns a row: one query per resource kind (tables by name, read-only). */
const OWNER_SQL: Record<Resource, string> = {
  documents: 'select company_id from documents where id = $1',
  document_path: `select d.company_id from documents d where d.file_path = $1 or d.original_path = $1
                  union select d.company_id from document_versions v join documents d on d.id = v.document_id
                  where v.path = $1`,
  master_data: 'select company_id from master_data where id = $1',
  payment_lines: 'select company_id from payment_lines where id = $1',
  zerlegungen: 'select company_id from zerlegungen where id = $1',
  booking_sessions: 'select company_id from booking_sessions where id = $1',
  prepayment_bi_logs: 'select company_id from prepayment_bi_logs where id = $1',
  import_batches: 'select company_id from import_batches where id = $1',
};

const INT = /^\d{1,10}$/;

function valueAt(request: FastifyRequest, where: Where, key: string): unknown {
  const source = (where === 'params' ? request.params : where === 'query' ? request.query : request.body) as
    Record<string, unknown> | null | undefined;
  return source && typeof source === 'object' ? source[key] : undefined;
}

const asId = (value: unknown): number | null => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return INT.test(text) && Number(text) <= 2147483647 ? Number(text) : null;
};

/** The companies the request's user may see: null = all. */
export function allowedCompanies(request: FastifyRequest): readonly number[] | null {
  return request.actor?.companyIds ?? null;
}

const noAccess = () =>
  new AppError(
    403,
    'NO_COMPANY_ACCESS',
    'Ihrem Benutzer ist keine Firma zugeordnet. Bitte wenden Sie sich an die Administration.',
  );

/** 403 unless the user may see the company (for handlers that read the id themselves). */
export function assertCompanyAllowed(request: FastifyRequest, companyId: number): void {
  const allowed = allowedCompanies(request);
  if (allowed === null || allowed.includes(companyId)) return;
  if (allowed.length === 0) throw noAccess();
  throw new AppError(403, 'COMPANY_FORBIDDEN', 'Auf diese Firma haben Sie keinen Zugriff.');
}

const notFound = () => new AppError(404, 'NOT_FOUND', 'Der Datensatz wurde nicht gefunden.');

export function registerCompanyScope(app: AppInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      if (!RULES[`${method} ${route.url}`])
        throw new Error(
          `Route ${method} ${route.url} deklariert keine Firmenregel (src/auth/company-scope.ts).`,
        );
    }
  });

  app.addHook('preValidation', async (request) => {
    const allowed = allowedCompanies(request);
    if (allowed === null) return;
    const rule = RULES[`${request.method} ${request.routeOptions.url ?? ''}`];
    if (!rule || rule.kind === 'none' || rule.kind === 'checked' || rule.kind === 'scoped') return;
    if (rule.kind === 'all-companies')
      throw forbidden(
        'Dafür ist Zugriff auf alle Firmen nötig; Ihr Zugriff ist auf einzelne Firmen beschränkt.',
      );
    if (allowed.length === 0) throw noAccess();
    const raw = valueAt(request, rule.in, rule.key);
    if (rule.kind === 'company') {
      if (raw === undefined || raw === '') {
        if (rule.optional)
          throw new AppError(
            403,
            'COMPANY_REQUIRED',
            'Ihr Zugriff ist auf einzelne Firmen beschränkt: bitte eine Firma wählen.',
          );
        return; // validation answers 400 for the missing field
      }
      const id = asId(raw);
      if (id === null) return; // not an id: validation answers 400
      assertCompanyAllowed(request, id);
      return;
    }
    if (raw === undefined || raw === '') return;
    const key = rule.resource === 'document_path' ? (typeof raw === 'string' ? raw : null) : asId(raw);
    if (key === null) return;
    const rows = await app.deps.database.query<{ company_id: number | null }>(OWNER_SQL[rule.resource], [
      key,
    ]);
    // Not there: the route answers its own 404. Another company's: the same 404.
    if (rows.length > 0 && !rows.some((r) => r.company_id !== null && allowed.includes(r.company_id)))
      throw notFound();
  });
}
