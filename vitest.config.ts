import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/extraction', 'apps/server', 'apps/web', 'e2e'],
  },
});
