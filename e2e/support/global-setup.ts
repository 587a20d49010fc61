import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type RunningServer, startServer } from './server';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

let server: RunningServer | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'gewst-e2e-'));
  // E2E_SERVER_LOG keeps the server's output after the run; otherwise it goes with the data folder.
  const serverLog = process.env.E2E_SERVER_LOG || path.join(dataDir, 'server.log');
  server = await startServer({ port: E2E_PORT, dataDir, logFile: serverLog });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', dataDir);
  project.provide('serverLog', serverLog);
}

export async function teardown() {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    serverLog: string;
  }
}
