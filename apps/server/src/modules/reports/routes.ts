import {
  cashPlanQuerySchema,
  cashPlanReportSchema,
  expenseQuerySchema,
  expenseReportSchema,
  interestReportSchema,
  provisionAdoptSchema,
  provisionQuerySchema,
  provisionSchema,
  provisionReportSchema,
  reconciliationReportSchema,
  type ReportName,
  reportBaseQuerySchema,
  reportExportQuerySchema,
  traceQuerySchema,
  traceSchema,
} from '@gewst/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { type AppInstance, actorOf } from '../../http/types';
import { contentDisposition } from '../master-data/excel';
import { type AnyReport, reportDocument, toPdf, toXlsx } from './export';
import { adoptProvision } from './provision';
import * as service from './service';
import { trace } from './trace';

const permission = 'close-bi-sessions-generate-reports' as const;
const tags = ['Reporting'];

type Query = { page: number; per_page: number };

export function reportRoutes(app: AppInstance): void {
  const db = () => app.deps.database.db;

  /** The report as JSON and as a download (xlsx/PDF of all rows, same filters). */
  function report<S extends z.ZodType<Query>>(
    name: ReportName,
    summary: string,
    query: S,
    response: z.ZodType,
    run: (db: DbOrTx, q: z.output<S> & { per_page: number | null }) => Promise<AnyReport>,
  ) {
    const path = `/reports/${name}`;
    app.get(
      path,
      { config: { permission }, schema: { tags, summary, querystring: query, response: { 200: response } } },
      async (request) => run(db(), request.query as z.output<S>),
    );
    app.get(
      `${path}/export`,
      {
        config: { permission },
        schema: {
          tags,
          summary: `${summary}: Download als xlsx oder PDF (alle Zeilen)`,
          querystring: (query as unknown as z.ZodObject).safeExtend(reportExportQuerySchema.shape),
        },
      },
      async (request, reply) => {
        const q = request.query as z.output<S> & { format: 'xlsx' | 'pdf' };
        const data = await run(db(), { ...q, page: 1, per_page: null });
        const doc = reportDocument(name, data);
        const pdf = q.format === 'pdf';
        const body = pdf ? await toPdf(doc) : await toXlsx(doc);
        return reply
          .type(pdf ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', contentDisposition(`${doc.filename}.${q.format}`))
          .send(body);
      },
    );
  }

  report(
    'expense',
    'Steueraufwand je Jahr und Gemeinde (oder Betriebsstätte) mit Änderungen zum Vorjahr',
    expenseQuerySchema,
    expenseReportSchema,
    service.expenseReport,
  );
  report(
    'provision',
    'Rückstellungsvorschlag zum Jahresende',
    provisionQuerySchema,
    provisionReportSchema,
    service.provisionReport,
  );
  report(
    'cashplan',
    'Liquiditätsplan der nächsten 12 Monate (Zahltage auf Werktage verschoben)',
    cashPlanQuerySchema,
    cashPlanReportSchema,
    service.cashPlanReport,
  );
  report(
    'interest',
    'Zinsen § 233a AO je Jahr und Art, Bescheid gegen eigene Berechnung',
    reportBaseQuerySchema,
    interestReportSchema,
    service.interestReport,
  );
  report(
    'reconciliation',
    'Abstimmung je Gemeinde: Zerlegung × Hebesatz, Festsetzung, Zahlung, mit Ursachen',
    reportBaseQuerySchema,
    reconciliationReportSchema,
    service.reconciliationReport,
  );

  app.post(
    '/reports/provision/adopt',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Rückstellungsvorschlag als Rückstellung der Firma und des Jahres übernehmen (Audit-Log)',
        body: provisionAdoptSchema,
        response: { 200: provisionSchema },
      },
    },
    async (request) => adoptProvision(db(), actorOf(request), request.body),
  );

  app.get(
    '/reports/trace',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Herkunft eines Berichtswerts: Zahlungszeilen, Bescheide und Buchungen dahinter',
        querystring: traceQuerySchema,
        response: { 200: traceSchema },
      },
    },
    async (request) => trace(db(), request.query),
  );
}
