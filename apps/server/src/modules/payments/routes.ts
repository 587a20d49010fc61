import {
  idParamSchema,
  paymentDetailSchema,
  paymentDueQuerySchema,
  paymentDueSchema,
  paymentLineCancelSchema,
  paymentLineCorrectSchema,
  paymentLineInputSchema,
  paymentLineStatusSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentYearParamSchema,
  paymentYearSchema,
  paymentYearUpdateSchema,
  yearOnlyParamSchema,
} from '@gewst/domain';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { type AppInstance, actorOf } from '../../http/types';
import { contentDisposition } from '../master-data/excel';
import * as service from './service';

export function paymentRoutes(app: AppInstance): void {
  const db = () => app.deps.database.db;
  const tags = ['Zahlungsdaten'];

  app.get(
    '/payments',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Zahlungsdaten je Betriebsstätte und Jahr: Filter, Sortierung, Seiten',
        querystring: paymentListQuerySchema,
        response: { 200: paymentListSchema },
      },
    },
    async (request) => service.listPayments(db(), request.query),
  );
  app.get(
    '/payments/export',
    {
      config: { permission: 'read-data' },
      schema: { tags, summary: 'Zahlungsdaten als Excel-Datei (xlsx)', querystring: paymentListQuerySchema },
    },
    async (request, reply) => {
      const rows = await service.allPayments(db(), request.query);
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Zahlungsdaten');
      ws.columns = [
        { header: 'Betriebsstätte', key: 'designation', width: 32 },
        { header: 'Gemeinde', key: 'gemeinde', width: 24 },
        { header: 'AGS', key: 'ags', width: 10 },
        { header: 'Jahr', key: 'year', width: 8 },
        { header: 'Festgesetzte Steuer', key: 'festgesetzte_steuer', width: 18 },
        { header: 'Vorauszahlungen', key: 'vorauszahlungen', width: 16 },
        { header: 'Bezahlt', key: 'bezahlt', width: 14 },
        { header: 'Offen', key: 'offen', width: 14 },
        { header: 'Nächste Fälligkeit', key: 'naechste_faelligkeit', width: 16 },
        { header: 'Zinsen', key: 'zinsen', width: 12 },
        { header: 'Hinweise', key: 'warnings', width: 10 },
      ];
      const num = (v: string | null) => (v === null ? null : Number(v));
      for (const r of rows)
        ws.addRow({
          ...r,
          festgesetzte_steuer: num(r.festgesetzte_steuer),
          vorauszahlungen: num(r.vorauszahlungen),
          bezahlt: num(r.bezahlt),
          offen: num(r.offen),
          zinsen: num(r.zinsen),
        });
      for (const k of ['festgesetzte_steuer', 'vorauszahlungen', 'bezahlt', 'offen', 'zinsen'])
        ws.getColumn(k).numFmt = '#,##0.00';
      ws.getRow(1).font = { bold: true };
      const buffer = Buffer.from(await wb.xlsx.writeBuffer());
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(`Zahlungsdaten_${request.query.company_id}.xlsx`))
        .send(buffer);
    },
  );
  app.get(
    '/payments/due',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Kacheln: fällig in 14 Tagen, überfällig, zu prüfende Bescheide',
        querystring: paymentDueQuerySchema,
        response: { 200: paymentDueSchema },
      },
    },
    async (request) => service.dueOverview(db(), request.query.company_id),
  );
  app.get(
    '/payments/:id/:year',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Zahlungsdaten einer Betriebsstätte (id) und eines Jahres',
        params: paymentYearParamSchema,
        response: { 200: paymentDetailSchema },
      },
    },
    async (request) => service.getPaymentDetail(db(), request.params.id, request.params.year),
  );
  app.post(
    '/payments/:id/:year/lines',
    {
      config: { permission: 'add-payment-data' },
      schema: {
        tags,
        summary: 'Zahlungszeile manuell erfassen (mit Begründung)',
        params: paymentYearParamSchema,
        body: paymentLineInputSchema,
        response: { 201: paymentDetailSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.addLine(db(), actorOf(request), request.params.id, request.params.year, request.body),
        ),
  );
  app.post(
    '/payment-lines/:id/correct',
    {
      config: { permission: 'add-payment-data' },
      schema: {
        tags,
        summary: 'Zahlungszeile berichtigen: neue Zeile, die alte wird mit Verweis ersetzt',
        params: idParamSchema,
        body: paymentLineCorrectSchema,
        response: { 200: paymentDetailSchema },
      },
    },
    async (request) => service.correctLine(db(), actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/payment-lines/:id/cancel',
    {
      config: { permission: 'add-payment-data' },
      schema: {
        tags,
        summary: 'Zahlungszeile stornieren (mit Begründung)',
        params: idParamSchema,
        body: paymentLineCancelSchema,
        response: { 200: paymentDetailSchema },
      },
    },
    async (request) => service.cancelLine(db(), actorOf(request), request.params.id, request.body.reason),
  );
  app.post(
    '/payment-lines/:id/status',
    {
      config: { permission: 'add-payment-data' },
      schema: {
        tags,
        summary: 'Status setzen: offen, angewiesen oder bezahlt (mit Datum)',
        params: idParamSchema,
        body: paymentLineStatusSchema,
        response: { 200: paymentDetailSchema },
      },
    },
    async (request) => service.setLineStatus(db(), actorOf(request), request.params.id, request.body),
  );
  app.get(
    '/payment-years',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Zahlungsjahre: offen oder abgeschlossen',
        response: { 200: z.array(paymentYearSchema) },
      },
    },
    async () => service.listYears(db()),
  );
  app.put(
    '/payment-years/:year',
    {
      config: { permission: 'change-customizing-data' },
      schema: {
        tags,
        summary: 'Zahlungsjahr abschließen oder öffnen (mit offenen Zeilen nur mit confirm: true)',
        params: yearOnlyParamSchema,
        body: paymentYearUpdateSchema,
        response: { 200: paymentYearSchema.nullable() },
      },
    },
    async (request) =>
      service.setYear(
        db(),
        actorOf(request),
        request.params.year,
        request.body.closed,
        request.body.confirm ?? false,
      ),
  );
}
