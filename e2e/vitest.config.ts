import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    // Generous: a test may poll up to 90 s for OCR on a machine with load 20, after signing in.
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
