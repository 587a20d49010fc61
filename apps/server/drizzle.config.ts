import { defineConfig } from 'drizzle-kit';

// Every module keeps its tables in src/modules/<module>/schema.ts (the embedded identity
// provider in src/idp/schema.ts); src/db/schema.ts gathers them for the connection.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/server/src/modules/*/schema.ts', './apps/server/src/idp/schema.ts'],
  out: './apps/server/drizzle',
});
