import {
  accountMappingSchema,
  accountMappingViewSchema,
  approveBodySchema,
  biLogEntrySchema,
  biLogQuerySchema,
  bookingStatsSchema,
  cancelBodySchema,
  correctBodySchema,
  editCommentBodySchema,
  emptyBodySchema,
  idParamSchema,
  prepaymentCreateResultSchema,
  prepaymentPreviewSchema,
  prepaymentQuerySchema,
  provisionInputSchema,
  provisionParamSchema,
  provisionSchema,
  rejectBodySchema,
  sessionDetailQuerySchema,
  sessionDetailSchema,
  sessionListQuerySchema,
  sessionListSchema,
  sessionLogSchema,
  statsQuerySchema,
  submitBodySchema,
  transitionResultSchema,
} from '@gewst/domain';
import { z } from 'zod';
import { type AppInstance, actorOf } from '../../http/types';
import * as accounts from './accounts';
import * as prepayments from './prepayments';
import * as provisions from './provisions';
import * as service from './service';
import * as workflow from './workflow';

const CLOSE = 'close-bi-sessions-generate-reports' as const;
const APPROVE = 'approve-bi-sessions' as const;

export interface BookingHooks {
  /** In the approval's transaction (the export enqueues its job here). */
  afterApprove?: workflow.ApprovedHook;
}

/**
 * Seed section 7 (Bookings), each call with exactly its method, path and parameters. The
 * export's calls (queues, retrigger-failed-jobs, generate_report, export download) are
 * registered by the export module.
 */
export function bookingRoutes(app: AppInstance, hooks: BookingHooks = {}): void {
  const db = () => app.deps.database.db;
  const tags = ['Buchungen'];
  const transitionResponse = { 200: transitionResultSchema };

  app.get(
    '/companies/:id/bookings',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary: 'Buchungsstapel einer Firma (type, archived, page) mit Anzahl und Summen',
        params: idParamSchema,
        querystring: sessionListQuerySchema,
        response: { 200: sessionListSchema },
      },
    },
    async (request) => service.listSessions(db(), request.params.id, request.query),
  );
  app.get(
    '/bookings/stats',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Je Firma: Stapel je Status, Buchungen und Summen zur Freigabe, fehlgeschlagene Exporte',
        querystring: statsQuerySchema,
        response: { 200: bookingStatsSchema },
      },
    },
    async (request) => service.bookingStats(db(), request.query.company_id),
  );
  app.get(
    '/bookings/prepayments/preview',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary: 'Vorschau: Anzahl und Summe der Vorauszahlungen eines Quartals, vorhandener Stapel',
        querystring: prepaymentQuerySchema,
        response: { 200: prepaymentPreviewSchema },
      },
    },
    async (request) => prepayments.previewPrepayments(db(), request.query),
  );
  app.put(
    '/bookings/prepayments/create',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary:
          'Vorauszahlungsstapel eines Quartals erstellen (company_id, year, quartal); 409 mit session_id, wenn schon erstellt',
        querystring: prepaymentQuerySchema,
        response: { 201: prepaymentCreateResultSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await prepayments.createPrepayments(db(), actorOf(request), request.query)),
  );
  app.get(
    '/bookings/:id',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary: 'Ein Buchungsstapel mit seinen Buchungen (seitenweise, je mit PDF des Dokuments)',
        params: idParamSchema,
        querystring: sessionDetailQuerySchema,
        response: { 200: sessionDetailSchema },
      },
    },
    async (request) =>
      service.getSession(db(), request.params.id, request.query.page, request.query.per_page),
  );

  const put = (
    path: string,
    summary: string,
    permission: typeof CLOSE | typeof APPROVE,
    body: z.ZodTypeAny,
    handler: (id: number, body: never, actor: ReturnType<typeof actorOf>) => Promise<unknown>,
  ) =>
    app.put(
      `/bookings/:id/${path}`,
      {
        config: { permission },
        schema: { tags, summary, params: idParamSchema, body, response: transitionResponse },
      },
      async (request) => handler(request.params.id, request.body as never, actorOf(request)) as never,
    );

  put('close', 'Stapel schließen (offen → geschlossen)', CLOSE, emptyBodySchema, (id, _b, actor) =>
    workflow.closeSession(db(), actor, id),
  );
  put(
    'submit',
    'Stapel einreichen (geschlossen → eingereicht), Kommentar',
    CLOSE,
    submitBodySchema,
    (id, b: z.infer<typeof submitBodySchema>, actor) => workflow.submitSession(db(), actor, id, b.comment),
  );
  put(
    'reject',
    'Stapel zurückweisen (eingereicht → geschlossen), Kommentar erforderlich',
    APPROVE,
    rejectBodySchema,
    (id, b: z.infer<typeof rejectBodySchema>, actor) => workflow.rejectSession(db(), actor, id, b.comment),
  );
  put(
    'approve',
    'Stapel freigeben (eingereicht → freigegeben), Vier-Augen-Prinzip; approved_at',
    APPROVE,
    approveBodySchema,
    (id, b: z.infer<typeof approveBodySchema>, actor) =>
      workflow.approveSession(db(), actor, id, b?.approved_at ?? null, hooks.afterApprove),
  );
  put(
    'correct',
    'Buchungen korrigieren (geschlossen: direkt; exportiert: Korrekturstapel)',
    CLOSE,
    correctBodySchema,
    (id, b: z.infer<typeof correctBodySchema>, actor) =>
      workflow.correctSession(db(), actor, id, b.changes, b.comment),
  );
  put(
    'cancel',
    'Exportierten Stapel stornieren: Storno-Stapel mit Gegenbuchungen',
    CLOSE,
    cancelBodySchema,
    (id, b: z.infer<typeof cancelBodySchema>, actor) =>
      workflow.cancelSession(db(), actor, id, b.storno.comment),
  );
  put(
    'revert-to-closed',
    'Zurück auf „geschlossen“ (eingereicht, freigegeben, Export fehlgeschlagen)',
    CLOSE,
    z.object({ comment: submitBodySchema.shape.comment }).nullish(),
    (id, b: { comment?: string | null } | null, actor) =>
      workflow.revertToClosed(db(), actor, id, b?.comment ?? null),
  );
  put('archive', 'Stapel archivieren (exportiert oder storniert)', CLOSE, emptyBodySchema, (id, _b, actor) =>
    workflow.archiveSession(db(), actor, id),
  );
  app.get(
    '/prePaymentsBiLog',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary: 'Protokoll der erstellten Vorauszahlungsstapel (company_id, quartal, year)',
        querystring: biLogQuerySchema,
        response: { 200: z.array(biLogEntrySchema) },
      },
    },
    async (request) => prepayments.listBiLog(db(), request.query),
  );
  app.delete(
    '/prePaymentsBiLog/:id',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary:
          'Protokolleintrag löschen: löscht den nicht exportierten Vorauszahlungsstapel, gibt das Quartal frei',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      await prepayments.deleteBiLog(db(), actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    '/sessionLogs/:id',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary: 'Protokoll eines Buchungsstapels (id des Stapels)',
        params: idParamSchema,
        response: { 200: z.array(sessionLogSchema) },
      },
    },
    async (request) => service.sessionLogs(db(), actorOf(request), request.params.id),
  );
  app.post(
    '/sessionLogs/editComment/:id',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary: 'Eigenen Kommentar eines Protokolleintrags ändern (id des Eintrags)',
        params: idParamSchema,
        body: editCommentBodySchema,
        response: { 200: sessionLogSchema },
      },
    },
    async (request) => service.editComment(db(), actorOf(request), request.params.id, request.body.comment),
  );

  app.get(
    '/companies/:id/account-mapping',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Kontenzuordnung der Firma (gespeichert oder Vorlage ihres Kontenrahmens)',
        params: idParamSchema,
        response: { 200: accountMappingViewSchema },
      },
    },
    async (request) => accounts.accountMappingView(db(), request.params.id),
  );
  app.put(
    '/companies/:id/account-mapping',
    {
      config: { permission: 'change-customizing-data' },
      schema: {
        tags,
        summary: 'Kontenzuordnung speichern: Konten je Zweck, DATEV-Nummern, Wirtschaftsjahr, Kontenlänge',
        params: idParamSchema,
        body: accountMappingSchema,
        response: { 200: accountMappingViewSchema },
      },
    },
    async (request) => accounts.setAccountMapping(db(), actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/companies/:id/account-mapping',
    {
      config: { permission: 'change-customizing-data' },
      schema: {
        tags,
        summary: 'Kontenzuordnung auf die Vorlage des Kontenrahmens zurücksetzen',
        params: idParamSchema,
        response: { 200: accountMappingViewSchema },
      },
    },
    async (request) => accounts.resetAccountMapping(db(), actorOf(request), request.params.id),
  );
  app.get(
    '/companies/:id/provisions',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary: 'Gewerbesteuerrückstellungen einer Firma je Jahr, mit Verbrauch',
        params: idParamSchema,
        response: { 200: z.array(provisionSchema) },
      },
    },
    async (request) => provisions.listProvisions(db(), request.params.id),
  );
  app.put(
    '/companies/:id/provisions/:year',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary: 'Rückstellung eines Jahres erfassen oder ändern (Betrag, Notiz)',
        params: provisionParamSchema,
        body: provisionInputSchema,
        response: { 200: provisionSchema },
      },
    },
    async (request) =>
      provisions.setProvision(db(), actorOf(request), request.params.id, request.params.year, request.body),
  );
  app.delete(
    '/companies/:id/provisions/:year',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary: 'Rückstellung löschen (nur ohne Buchungen dagegen)',
        params: provisionParamSchema,
      },
    },
    async (request, reply) => {
      await provisions.deleteProvision(db(), actorOf(request), request.params.id, request.params.year);
      return reply.status(204).send();
    },
  );
}
