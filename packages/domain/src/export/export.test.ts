import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPORT_SETTINGS, exportSettingsSchema } from './index';

const messages = (value: unknown) => {
  const r = exportSettingsSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('export settings', () => {
  it('accepts the default and a directory with an HTTPS target', () => {
    expect(messages(DEFAULT_EXPORT_SETTINGS)).toEqual([]);
    expect(
      messages({
        ...DEFAULT_EXPORT_SETTINGS,
        directory: { enabled: true, path: 'erp/gewst_2026' },
        http: { url: 'https://erp.example.com/import', token_env: 'EXPORT_TOKEN_ERP' },
      }),
    ).toEqual([]);
    // A local bridge may use plain http on the machine itself.
    expect(
      messages({
        ...DEFAULT_EXPORT_SETTINGS,
        http: { url: 'http://127.0.0.1:8080/in', token_env: 'EXPORT_TOKEN_A' },
      }),
    ).toEqual([]);
  });

  it('refuses paths out of EXPORT_DIR, plain http elsewhere, other variables and no target at all', () => {
    expect(messages({ ...DEFAULT_EXPORT_SETTINGS, directory: { enabled: true, path: '../etc' } })).toEqual([
      'directory.path: Ordner unterhalb von EXPORT_DIR: Buchstaben, Ziffern, - und _, Ebenen mit / getrennt.',
    ]);
    expect(messages({ ...DEFAULT_EXPORT_SETTINGS, directory: { enabled: true, path: '/abs' } })).toHaveLength(
      1,
    );
    expect(
      messages({
        ...DEFAULT_EXPORT_SETTINGS,
        http: { url: 'http://erp.example.com/in', token_env: 'EXPORT_TOKEN_A' },
      }),
    ).toEqual(['http.url: Die Adresse muss mit https:// beginnen (http:// nur für localhost).']);
    expect(
      messages({
        ...DEFAULT_EXPORT_SETTINGS,
        http: { url: 'https://erp.example.com', token_env: 'DATABASE_URL' },
      }),
    ).toEqual(['http.token_env: Name einer Umgebungsvariablen EXPORT_TOKEN_…, z. B. EXPORT_TOKEN_ERP.']);
    expect(
      messages({ ...DEFAULT_EXPORT_SETTINGS, directory: { enabled: false, path: '' }, http: null }),
    ).toEqual([
      'directory.enabled: Mindestens ein Exportziel (Verzeichnis oder HTTPS) muss eingerichtet sein.',
    ]);
  });
});
