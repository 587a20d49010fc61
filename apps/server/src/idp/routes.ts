import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { AppInstance } from '../http/types';
import { recordAudit, SYSTEM_ACTOR } from '../modules/audit/service';
import { createSignInBrake, germanDuration, normaliseUsername, type SignInBrake } from './brake';
import { checkDemoPassword } from './demo-users';
import { errorPage, LOGOUT_SCRIPT, LOGOUT_SCRIPT_PATH, loginPage } from './pages';

const uidParams = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/, 'Ungültige Interaktions-ID.') });
const loginBody = z.object({
  username: z.string().max(200).default(''),
  password: z.string().max(200).default(''),
});

/** A sign-in step (authorize, login form, login, resume, token) slower than this is logged as a warning. */
export const SLOW_SIGN_IN_STEP_MS = 1000;

/**
 * Logs a slow step of the sign-in with its duration, so a sign-in that takes long under load
 * shows in the server log which step it waited for (the provider's own routes bypass Fastify's
 * request log). Only the path is logged: codes and interaction ids stay out of the log.
 */
function logSlowStep(request: FastifyRequest, raw: ServerResponse): void {
  const started = performance.now();
  raw.once('finish', () => {
    const ms = Math.round(performance.now() - started);
    if (ms < SLOW_SIGN_IN_STEP_MS) return;
    const step = (request.raw.url ?? '').split('?')[0]!.replace(/\/(interaction|auth)\/[\w-]+/, '/$1/:uid');
    request.log.warn({ step: `${request.method} ${step}`, status: raw.statusCode, ms }, 'slow sign-in step');
  });
}

/**
 * Mounts the embedded provider under /idp. Its own endpoints take the raw request
 * before Fastify parses the body; the login interaction is ours.
 */
export function mountEmbeddedProvider(
  app: AppInstance,
  provider: Provider,
  brake: SignInBrake = createSignInBrake(),
): void {
  const callback = provider.callback();
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '';
    if (url.startsWith('/idp')) logSlowStep(request, reply.raw);
    if (
      (url === '/idp' || url.startsWith('/idp/') || url.startsWith('/idp?')) &&
      !url.startsWith('/idp/interaction/')
    ) {
      reply.hijack();
      // oidc-provider derives its mount path from originalUrl (as under Express).
      (request.raw as typeof request.raw & { originalUrl?: string }).originalUrl = url;
      request.raw.url = url.slice('/idp'.length) || '/';
      callback(request.raw, reply.raw);
      return;
    }
    done();
  });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get(
    LOGOUT_SCRIPT_PATH,
    { config: { permission: 'public' }, schema: { hide: true } },
    async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(LOGOUT_SCRIPT),
  );

  const html = (reply: { type: (t: string) => unknown }) => reply.type('text/html; charset=utf-8');

  app.get(
    '/idp/interaction/:uid',
    { config: { permission: 'public' }, schema: { hide: true, params: uidParams } },
    async (request, reply) => {
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        if (details.uid !== request.params.uid) throw new Error('uid mismatch');
        html(reply);
        return loginPage({ uid: details.uid, demoHint: true });
      } catch {
        html(reply.status(400));
        return errorPage('Die Anmeldesitzung ist abgelaufen oder ungültig. Bitte die Anwendung neu laden.');
      }
    },
  );

  app.post(
    '/idp/interaction/:uid/login',
    {
      config: { permission: 'public' },
      schema: { hide: true, params: uidParams, body: loginBody },
    },
    async (request, reply) => {
      let details: Awaited<ReturnType<Provider['interactionDetails']>>;
      try {
        details = await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        html(reply.status(400));
        return errorPage('Die Anmeldesitzung ist abgelaufen oder ungültig. Bitte die Anwendung neu laden.');
      }
      const { username, password } = request.body;
      const address = request.ip;
      const wait = brake.waitSeconds(username, address);
      if (wait > 0) {
        // Refused before the password is looked at: no answer to learn from while braked.
        html(reply.status(429).header('retry-after', String(wait)));
        return loginPage({
          uid: details.uid,
          username,
          error: `Zu viele fehlgeschlagene Anmeldungen. Bitte in ${germanDuration(wait)} erneut versuchen.`,
          demoHint: true,
        });
      }
      const user = checkDemoPassword(username, password);
      if (!user) {
        const { failures, waitSeconds } = brake.failed(username, address);
        const name = normaliseUsername(username).slice(0, 200);
        await recordAudit(
          app.deps.database.db,
          { ...SYSTEM_ACTOR, username: name || '(leer)', requestId: request.id },
          {
            action: 'sign-in-failed',
            entity: 'user',
            entityId: name || null,
            after: { address, failures, wait_seconds: waitSeconds },
          },
        ).catch((err) => request.log.error({ err }, 'audit of a failed sign-in failed'));
        html(reply.status(401));
        return loginPage({
          uid: details.uid,
          username,
          error: 'Benutzername oder Passwort ist falsch.',
          demoHint: true,
        });
      }
      brake.succeeded(username, address);
      const target = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: user.username } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(target, 303);
    },
  );
}
