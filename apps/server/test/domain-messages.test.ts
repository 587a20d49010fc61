import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isoDateSchema } from '@gewst/domain';
import { describe, expect, it } from 'vitest';

/** Every non-test source file of the domain package (its messages reach the German UI). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

describe('German formats in messages (issue 11, point 8)', () => {
  it('no message asks for JJJJ-MM-TT or shows an amount like 1095.00', () => {
    const offenders = sources(join(import.meta.dirname, '../../../packages/domain/src')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /JJJJ-MM-TT|z\. B\. "?-?\d+\.\d{1,2}\b(?!\.)/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
    expect(isoDateSchema.safeParse('1.1.2017').error?.issues[0]?.message).toBe(
      'Bitte ein gültiges Datum angeben, z. B. 31.12.2025.',
    );
  });
});
