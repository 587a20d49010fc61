import { describe, expect, it } from 'vitest';
import { parseAppConfig } from './appConfig';

describe('parseAppConfig', () => {
  it('accepts the documented shape', () => {
    const raw = {
      oidc: {
        authority: 'http://localhost:3000/idp',
        client_id: 'gewst-web',
        scope: 'openid profile',
        resource: null,
      },
      sentry: { dsn: null, environment: 'development' },
      version: '0.1.0',
    };
    expect(parseAppConfig(raw)).toEqual(raw);
  });
  it('names every missing field', () => {
    expect(() => parseAppConfig({ oidc: { authority: '' } })).toThrow(
      /oidc.authority muss Text sein, oidc.client_id muss Text sein, oidc.scope muss Text sein/,
    );
    expect(() => parseAppConfig(null)).toThrow(/config fehlt/);
  });
});
