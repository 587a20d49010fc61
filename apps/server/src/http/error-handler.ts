import { DomainValidationError } from '@gewst/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { findPgError, isReferenceViolation } from '../db/pg-errors';
import { AppError } from './errors';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** Turns every error into the `{ error, code, errors? }` body; never leaks stack traces. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({
        error: err.message,
        code: err.code,
        ...(err.errors ? { errors: err.errors } : {}),
        ...err.extra,
      });
    }
    // Impossible input found by a pure tax rule (packages/domain): same 400 as schema errors.
    if (err instanceof DomainValidationError) {
      return reply.status(400).send({ error: err.message, code: 'VALIDATION_FAILED', errors: err.errors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const v of err.validation as ValidationIssue[]) {
        const issuePath = v.params?.issue?.path?.map(String).join('.') ?? '';
        const field = issuePath || v.instancePath?.replace(/^\//, '').replaceAll('/', '.') || '_';
        const list = errors[field] ?? [];
        list.push(v.params?.issue?.message ?? v.message ?? 'Ungültiger Wert.');
        errors[field] = list;
      }
      return reply
        .status(400)
        .send({ error: 'Die Eingaben sind ungültig.', code: 'VALIDATION_FAILED', errors });
    }
    const fe = err as FastifyError;
    if (
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (fe.statusCode === 400 && fe.code?.startsWith('FST_ERR_CTP'))
    ) {
      return reply
        .status(400)
        .send({ error: 'Der Anfrageinhalt ist kein gültiges JSON.', code: 'INVALID_BODY' });
    }
    if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ error: 'Der Anfrageinhalt fehlt.', code: 'INVALID_BODY' });
    }
    if (fe.statusCode === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: 'Die Anfrage ist zu groß.', code: 'PAYLOAD_TOO_LARGE' });
    }
    if (fe.statusCode === 415 || fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send({ error: 'Dieser Inhaltstyp wird nicht unterstützt.', code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (fe.statusCode === 429) {
      return reply.status(429).send({ error: 'Zu viele Anfragen. Bitte kurz warten.', code: 'RATE_LIMITED' });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send({ error: 'Die Anfrage ist ungültig.', code: 'BAD_REQUEST' });
    }
    // Safety net for input the schemas let through but the database refuses (a value out
    // of the column's range, a NUL byte in text, a race on a unique key): the caller gets a
    // German 4xx, never a 500. Logged, because a schema should have caught it first.
    const pgErr = findPgError(err);
    if (pgErr?.code?.startsWith('22')) {
      request.log.warn({ err }, 'database refused a value');
      return reply.status(400).send({
        error: 'Ein Wert ist ungültig oder liegt außerhalb des zulässigen Bereichs.',
        code: 'VALIDATION_FAILED',
      });
    }
    if (pgErr?.code === '23505') {
      request.log.warn({ err }, 'unique violation');
      return reply
        .status(409)
        .send({ error: 'Einen solchen Eintrag gibt es bereits.', code: 'ALREADY_EXISTS' });
    }
    if (isReferenceViolation(pgErr)) {
      request.log.warn({ err }, 'reference violation');
      return reply.status(409).send({
        error:
          'Die Änderung passt nicht zu verknüpften Daten: Der Eintrag wird noch verwendet oder ein verknüpfter Eintrag fehlt.',
        code: 'REFERENCE_CONFLICT',
      });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({
      error: `Interner Fehler. Bitte wenden Sie sich mit der Anfrage-ID ${request.id} an den Support.`,
      code: 'INTERNAL_ERROR',
    });
  });
}

/** Body of an error answered before Fastify has a request (raw socket). */
function rawError(status: number, label: string, error: string, code: string): string {
  const body = JSON.stringify({ error, code });
  return `HTTP/1.1 ${status} ${label}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Errors Node's HTTP parser raises before a request exists (header too large, a byte
 * that may not appear in a request line, a client too slow): answered with the same
 * `{ error, code }` body as every other error, in German.
 */
export function clientErrorHandler(
  this: { log: { debug(obj: object, msg: string): void } },
  err: NodeJS.ErrnoException,
  socket: import('node:stream').Duplex,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err }, 'client error');
  const response =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? rawError(
          431,
          'Request Header Fields Too Large',
          'Die Kopfzeilen der Anfrage sind zu groß.',
          'HEADERS_TOO_LARGE',
        )
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? rawError(
            408,
            'Request Timeout',
            'Die Anfrage kam nicht rechtzeitig vollständig an.',
            'REQUEST_TIMEOUT',
          )
        : rawError(
            400,
            'Bad Request',
            'Die Anfrage ist ungültig (fehlerhafte Adresse oder Kopfzeile).',
            'BAD_REQUEST',
          );
  if (socket.writable) socket.write(response);
  socket.destroy(err);
}

/** Fastify's own refusals before routing: an undecodable address, a path parameter too long. */
export function frameworkErrors(
  err: { code?: string },
  _request: unknown,
  reply: { status(code: number): { send(body: unknown): unknown } },
): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send({ error: 'Die Adresse ist zu lang.', code: 'URI_TOO_LONG' });
    return;
  }
  reply.status(400).send({ error: 'Die Adresse der Anfrage ist ungültig.', code: 'BAD_URL' });
}
