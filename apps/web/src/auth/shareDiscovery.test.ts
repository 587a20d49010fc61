import { describe, expect, it } from 'vitest';
import { shareDiscovery } from './userManager';

describe('discovery document', () => {
  it('is requested once for overlapping calls, and again after a failure', async () => {
    let requests = 0;
    let fail = true;
    const service = {
      getMetadata: async () => {
        requests++;
        await new Promise((r) => setTimeout(r, 5));
        if (fail) throw new Error('offline');
        return { issuer: 'https://idp' };
      },
    };
    shareDiscovery(service);
    await expect(Promise.all([service.getMetadata(), service.getMetadata()])).rejects.toThrow('offline');
    expect(requests).toBe(1);
    fail = false;
    const [a, b] = await Promise.all([service.getMetadata(), service.getMetadata()]);
    expect(a).toEqual({ issuer: 'https://idp' });
    expect(b).toBe(a);
    await service.getMetadata();
    expect(requests).toBe(2);
  });
});
