import {
  defaultInterestPeriodInputSchema,
  defaultInterestPeriodSchema,
  idParamSchema,
  interestCalculateQuerySchema,
  interestCalculateResultSchema,
  interestRateInputSchema,
  interestRateSchema,
} from '@gewst/domain';
import { z } from 'zod';
import { type AppInstance, actorOf } from '../../http/types';
import * as service from './service';

export function interestRoutes(app: AppInstance): void {
  const db = () => app.deps.database.db;
  const tags = ['Zinsen'];

  app.get(
    '/interestrates',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Zinssätze (§ 238 AO, Prozent pro Monat)',
        response: { 200: z.array(interestRateSchema) },
      },
    },
    async () => service.listInterestRates(db()),
  );
  app.get(
    '/interestrates/calculate',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Zinsen nach § 233a AO berechnen (startDate und endDate = erster und letzter Zinstag)',
        querystring: interestCalculateQuerySchema,
        response: { 200: interestCalculateResultSchema },
      },
    },
    async (request) => service.calculateInterest(db(), request.query),
  );
  app.post(
    '/interestrates',
    {
      config: { permission: 'change-customizing-data' },
      schema: {
        tags,
        summary: 'Zinssatz anlegen',
        body: interestRateInputSchema,
        response: { 201: interestRateSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createInterestRate(db(), actorOf(request), request.body)),
  );
  app.put(
    '/interestrates/:id',
    {
      config: { permission: 'change-customizing-data' },
      schema: {
        tags,
        summary: 'Zinssatz ändern',
        params: idParamSchema,
        body: interestRateInputSchema,
        response: { 200: interestRateSchema },
      },
    },
    async (request) => service.updateInterestRate(db(), actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/interestrates/:id',
    {
      config: { permission: 'change-customizing-data' },
      schema: { tags, summary: 'Zinssatz löschen', params: idParamSchema },
    },
    async (request, reply) => {
      await service.deleteInterestRate(db(), actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/default_interest_periods',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Standard-Zinszeiträume je Erhebungszeitraum',
        response: { 200: z.array(defaultInterestPeriodSchema) },
      },
    },
    async () => service.listDefaultInterestPeriods(db()),
  );
  app.post(
    '/default_interest_periods',
    {
      config: { permission: 'change-customizing-data' },
      schema: {
        tags,
        summary: 'Standard-Zinszeitraum anlegen',
        body: defaultInterestPeriodInputSchema,
        response: { 201: defaultInterestPeriodSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createDefaultInterestPeriod(db(), actorOf(request), request.body)),
  );
  app.put(
    '/default_interest_periods/:id',
    {
      config: { permission: 'change-customizing-data' },
      schema: {
        tags,
        summary: 'Standard-Zinszeitraum ändern',
        params: idParamSchema,
        body: defaultInterestPeriodInputSchema,
        response: { 200: defaultInterestPeriodSchema },
      },
    },
    async (request) =>
      service.updateDefaultInterestPeriod(db(), actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/default_interest_periods/:id',
    {
      config: { permission: 'change-customizing-data' },
      schema: { tags, summary: 'Standard-Zinszeitraum löschen', params: idParamSchema },
    },
    async (request, reply) => {
      await service.deleteDefaultInterestPeriod(db(), actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
