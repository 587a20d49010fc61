import {
  berlinDate,
  idParamSchema,
  zerlegungDetailSchema,
  zerlegungListItemSchema,
  zerlegungListQuerySchema,
  zerlegungPrefillQuerySchema,
  zerlegungPrefillSchema,
  zerlegungSaveSchema,
  zerlegungVersionQuerySchema,
  zerlegungWageImportResultSchema,
  zerlegungWageImportSchema,
} from '@gewst/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type AppInstance, actorOf } from '../../http/types';
import { exportFileName, exportLines, zerlegungPdf, zerlegungXlsx } from './export';
import * as service from './service';
import { importWages } from './wage-import';

const PERMISSION = 'close-bi-sessions-generate-reports' as const;

function sendFile(reply: FastifyReply, body: Buffer, type: string, filename: string) {
  const ascii = filename.replace(/[^\w.-]+/g, '_');
  return reply
    .header('content-type', type)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .send(body);
}

export function zerlegungRoutes(app: AppInstance): void {
  const db = () => app.deps.database.db;
  const tags = ['Zerlegung'];
  const config = { permission: PERMISSION };

  app.get(
    '/zerlegungen',
    {
      config,
      schema: {
        tags,
        summary: 'Gespeicherte Zerlegungen (je Firma und Jahr, aktuelle Version)',
        querystring: zerlegungListQuerySchema,
        response: { 200: z.array(zerlegungListItemSchema) },
      },
    },
    async (request) => service.listZerlegungen(db(), request.query),
  );
  app.get(
    '/zerlegungen/prefill',
    {
      config,
      schema: {
        tags,
        summary: 'Zeilen aus den Betriebsstätten und Arbeitslöhnen der Firma für ein Jahr',
        querystring: zerlegungPrefillQuerySchema,
        response: { 200: zerlegungPrefillSchema },
      },
    },
    async (request) => service.prefill(db(), request.query.company_id, request.query.year),
  );
  app.post(
    '/zerlegungen/wage-import',
    {
      config,
      schema: {
        tags,
        summary: 'Arbeitslöhne aus einer Excel-Datei lesen (je Gemeinde oder je Arbeitnehmer)',
        body: zerlegungWageImportSchema,
        response: { 200: zerlegungWageImportResultSchema },
      },
    },
    async (request) => importWages(Buffer.from(request.body.content_base64, 'base64')),
  );
  app.post(
    '/zerlegungen',
    {
      config,
      schema: {
        tags,
        summary: 'Zerlegung speichern (Version 1)',
        body: zerlegungSaveSchema,
        response: { 201: zerlegungDetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createZerlegung(db(), actorOf(request), request.body)),
  );
  app.get(
    '/zerlegungen/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Eine Zerlegung (aktuelle oder angegebene Version) mit Vergleich zu Bescheiden',
        params: idParamSchema,
        querystring: zerlegungVersionQuerySchema,
        response: { 200: zerlegungDetailSchema },
      },
    },
    async (request) => service.getZerlegung(db(), request.params.id, request.query.version),
  );
  app.put(
    '/zerlegungen/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Zerlegung ändern (legt eine neue Version an)',
        params: idParamSchema,
        body: zerlegungSaveSchema,
        response: { 200: zerlegungDetailSchema },
      },
    },
    async (request) => service.updateZerlegung(db(), actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/zerlegungen/:id',
    {
      config,
      schema: { tags, summary: 'Zerlegung mit allen Versionen löschen', params: idParamSchema },
    },
    async (request, reply) => {
      await service.deleteZerlegung(db(), actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  const exportDetail = async (id: number, version: number | undefined) => {
    const detail = await service.getZerlegung(db(), id, version);
    const names = await service.namesFor(
      db(),
      detail.result.zeilen.map((z) => z.ags),
    );
    return { detail, lines: exportLines(detail, names), today: berlinDate(new Date()) };
  };
  app.get(
    '/zerlegungen/:id/xlsx',
    {
      config,
      schema: {
        tags,
        summary: 'Zerlegung als Excel-Datei',
        params: idParamSchema,
        querystring: zerlegungVersionQuerySchema,
      },
    },
    async (request, reply) => {
      const { detail, lines, today } = await exportDetail(request.params.id, request.query.version);
      return sendFile(
        reply,
        await zerlegungXlsx(detail, lines, today),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        exportFileName(detail, 'xlsx'),
      );
    },
  );
  app.get(
    '/zerlegungen/:id/pdf',
    {
      config,
      schema: {
        tags,
        summary: 'Zerlegung als druckbare PDF-Aufstellung',
        params: idParamSchema,
        querystring: zerlegungVersionQuerySchema,
      },
    },
    async (request, reply) => {
      const { detail, lines, today } = await exportDetail(request.params.id, request.query.version);
      return sendFile(
        reply,
        await zerlegungPdf(detail, lines, today),
        'application/pdf',
        exportFileName(detail, 'pdf'),
      );
    },
  );
}
