/**
 * `npm run -s token -- <username>`: prints an access token for a demo user of a running
 * server (embedded sign-in), obtained through the real authorization-code flow.
 * Only the token goes to stdout.
 */
import { fetchHttp, obtainTokens } from '../idp/token-flow';

const username = process.argv[2];
if (!username) {
  console.error('Aufruf: npm run -s token -- <benutzername> [passwort]');
  process.exit(2);
}
const password = process.argv[3] ?? username;
const port = Number(process.env.PORT ?? 3000);
const baseUrl = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');

obtainTokens({
  baseUrl,
  username,
  password,
  http: fetchHttp(baseUrl),
})
  .then((tokens) => {
    process.stdout.write(`${tokens.access_token}\n`);
  })
  .catch((err: Error) => {
    console.error(
      `Kein Token: ${err.message}${/fetch failed/.test(err.message) ? ` (läuft der Server auf ${baseUrl}?)` : ''}`,
    );
    process.exit(1);
  });
