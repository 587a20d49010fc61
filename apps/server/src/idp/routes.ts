import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { AppInstance } from '../http/types';
import { checkDemoPassword } from './demo-users';
import { errorPage, LOGOUT_SCRIPT, LOGOUT_SCRIPT_PATH, loginPage } from './pages';

const uidParams = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/, 'Ungültige Interaktions-ID.') });
const loginBody = z.object({
  username: z.string().max(200).default(''),
  password: z.string().max(200).default(''),
});

/**
 * Mounts the embedded provider under /idp. Its own endpoints take the raw request
 * before Fastify parses the body; the login interaction is ours.
 */
export function mountEmbeddedProvider(app: AppInstance, provider: Provider): void {
  const callback = provider.callback();
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '';
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
      config: {
        permission: 'public',
        // Brute-force brake per address and account; answers 429 with a German message.
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) =>
            `${req.ip}:${String((req.body as { username?: unknown } | undefined)?.username ?? '')}`,
        },
      },
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
      const user = checkDemoPassword(username, password);
      if (!user) {
        html(reply.status(401));
        return loginPage({
          uid: details.uid,
          username,
          error: 'Benutzername oder Passwort ist falsch.',
          demoHint: true,
        });
      }
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
