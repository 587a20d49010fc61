import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { obtainTokens } from '../src/idp/token-flow';

export const BASE_URL = 'http://localhost:3000';

/**
 * A fresh database per test file: PGlite in memory by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards).
 */
export async function openTestDatabase(
  kind: 'pglite' | 'postgres' | 'default' = 'default',
): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (kind === 'postgres' && !url) throw new Error('TEST_DATABASE_URL fehlt für einen PostgreSQL-Test.');
  if (!url || kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dir: null });
    return { database, drop: () => database.close() };
  }
  const name = `gewst_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString() });
  return {
    database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestContext {
  built: BuiltApp;
  /** Access token of a demo user, obtained through the real authorization-code flow. */
  token(username: string): Promise<string>;
  inject: BuiltApp['app']['inject'];
}

export function injectHttp(built: BuiltApp) {
  return async ({
    method,
    url,
    headers,
    body,
  }: {
    method: 'GET' | 'POST';
    url: string;
    headers?: Record<string, string>;
    body?: string;
  }) => {
    const host = new URL(BASE_URL).host;
    const res = await built.app.inject({
      method,
      url,
      headers: { host, ...headers },
      ...(body !== undefined ? { payload: body } : {}),
    });
    return {
      status: res.statusCode,
      headers: res.headers as Record<string, string | string[] | undefined>,
      body: res.body,
    };
  };
}

/** Starts the real app in-process for one test file. */
export function useTestApp(env: Record<string, string> = {}): TestContext {
  const ctx = {} as TestContext;
  let started: StartedTestApp | null = null;
  beforeAll(async () => {
    started = await startTestApp(env);
    Object.assign(ctx, started);
  });
  afterAll(async () => started?.stop());
  return ctx;
}

export interface StartedTestApp extends TestContext {
  /** DATA_DIR of the installation (files, backups). */
  dir: string;
  stop(): Promise<void>;
}

/**
 * A whole installation in-process: its own database (the default kind, or PGlite/PostgreSQL
 * explicitly) and its own DATA_DIR. Automatic backups are off unless env says otherwise.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  kind: 'pglite' | 'postgres' | 'default' = 'default',
): Promise<StartedTestApp> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gewst-test-'));
  const { database, drop } = await openTestDatabase(kind);
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: BASE_URL,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    BACKUP_TIME: 'aus',
    ...env,
  });
  const built = await buildApp({ config, database, logger: false, serveWeb: false });
  const ctx = { built, dir, tokens: new Map<string, string>() } as StartedTestApp & {
    tokens: Map<string, string>;
  };
  ctx.inject = built.app.inject.bind(built.app);
  ctx.stop = async () => {
    await built.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  };
  ctx.token = async (username: string) => {
    const cached = ctx.tokens.get(username);
    if (cached) return cached;
    const tokens = await obtainTokens({
      http: injectHttp(ctx.built),
      baseUrl: BASE_URL,
      username,
      password: username,
    });
    ctx.tokens.set(username, tokens.access_token);
    return tokens.access_token;
  };
  return ctx;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
