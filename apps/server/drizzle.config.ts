import { defineConfig } from 'drizzle-kit';

// Core tables live in src/db/schema.ts; each feature keeps its own in src/modules/<feature>/schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/server/src/db/schema.ts', './apps/server/src/modules/*/schema.ts'],
  out: './apps/server/drizzle',
});
