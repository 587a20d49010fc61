import { defineProject } from 'vitest/config';

// Generous hook and test timeouts: the corpus is generated in beforeAll and OCR runs on a
// shared 2-core machine; the tests check results, never speed.
export default defineProject({
  test: { name: 'extraction', include: ['src/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 300_000 },
});
