import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, apiToken } from './support/api';
import { freePort, startServer } from './support/server';

describe('embedded mode keeps its data', () => {
  it('keeps companies, users and valid tokens across a restart', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gewst-restart-'));
    // the same port for both starts: the token's issuer is the server's address
    const port = Number(process.env.E2E_RESTART_PORT) || (await freePort());
    try {
      let server = await startServer({ port, dataDir });
      const token = await apiToken(server.url, 'admin');
      const created = await api<{ id: number }>(server.url, token, 'POST', '/companies', {
        name: 'Neustart GmbH',
        main_color: '#123',
      });
      expect(created.status).toBe(201);
      await server.stop();

      server = await startServer({ port, dataDir });
      try {
        // the signing key is persisted: a token from before the restart is still valid
        const companies = await api<{ name: string }[]>(server.url, token, 'GET', '/companies');
        expect(companies.status).toBe(200);
        expect(companies.body.map((c) => c.name)).toContain('Neustart GmbH');
        expect(companies.body).toHaveLength(4);
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
