/**
 * Each step of a first start on a fresh PGlite data folder, timed alone (wall time and
 * this process's CPU time): cluster creation, migrations, reference data (first load and
 * unchanged), the rest of the base seed, demo data.
 * Run: node --import tsx bench/foundation/startup-phases.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from '../../apps/server/src/db/client';
import { MIGRATIONS_DIR } from '../../apps/server/src/db/client';
import { seedReferenceData } from '../../apps/server/src/modules/municipalities/reference-data';
import { seedBaseData } from '../../apps/server/src/seed/base';
import { seedDemoData } from '../../apps/server/src/seed/demo';

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
async function step(label: string, work: () => Promise<unknown>) {
  const c = cpu();
  const s = performance.now();
  await work();
  console.log(
    `${label.padEnd(34)} wall ${Math.round(performance.now() - s)} ms, cpu ${Math.round(cpu() - c)} ms`,
  );
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'gewst-phases-'));
let client: PGlite | null = null;
await step('PGlite cluster (initdb)', async () => {
  client = new PGlite(dir);
  await client.waitReady;
});
const db = drizzle(client!) as unknown as Db;
await step('migrations', () => migrate(db as never, { migrationsFolder: MIGRATIONS_DIR }));
await step('reference data (first load)', () => seedReferenceData(db));
await step('reference data (unchanged)', () => seedReferenceData(db));
await step('base seed (rest)', () => seedBaseData(db));
await step('demo data', () => seedDemoData(db));
console.log(`load average ${os.loadavg()[0]!.toFixed(1)}`);
await client!.close();
rmSync(dir, { recursive: true, force: true });
