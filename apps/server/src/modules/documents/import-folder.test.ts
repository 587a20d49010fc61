import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTargetOf } from './import-folder';

const root = path.resolve('/srv/gewst/import');

describe('importTargetOf', () => {
  it('follows the installation while nothing is stored: on with IMPORT_DIR every 5 s, else off', () => {
    expect(importTargetOf(null, root, true)).toEqual({ dir: root, intervalMs: 5000 });
    expect(importTargetOf(null, root, false)).toBeNull();
  });

  it('takes the stored sub-folder and interval, and nothing when switched off', () => {
    expect(
      importTargetOf({ enabled: true, path: 'eingang/gmbh', interval_seconds: 60 }, root, false),
    ).toEqual({
      dir: path.join(root, 'eingang', 'gmbh'),
      intervalMs: 60_000,
    });
    expect(importTargetOf({ enabled: false, path: '', interval_seconds: 60 }, root, true)).toBeNull();
  });

  it('never reads outside the import directory, even if a stored value slipped past the schema', () => {
    expect(importTargetOf({ enabled: true, path: '../etc', interval_seconds: 5 }, root, true)).toBeNull();
    expect(importTargetOf({ enabled: true, path: '/etc', interval_seconds: 5 }, root, true)).toBeNull();
  });
});
