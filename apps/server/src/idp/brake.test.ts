import { describe, expect, it } from 'vitest';
import { createSignInBrake, germanDuration, normaliseUsername } from './brake';

const clock = () => {
  let t = 1_000_000;
  return { now: () => t, advance: (s: number) => (t += s * 1000) };
};

describe('sign-in brake', () => {
  it('counts name variants as one name', () => {
    const c = clock();
    const brake = createSignInBrake({ now: c.now });
    for (const name of ['admin', ' admin', 'admin ', 'ADMIN', '\tAdmin'])
      expect(brake.failed(name, '10.0.0.1').waitSeconds).toBe(0);
    expect(brake.failed('admin  ', '10.0.0.1').waitSeconds).toBe(15);
    expect(brake.waitSeconds('Admin', '10.0.0.1')).toBe(15);
    expect(normaliseUsername(' Ａｄｍｉｎ ')).toBe('admin');
  });

  it('doubles the wait with every further failure, up to the maximum', () => {
    const c = clock();
    const brake = createSignInBrake({ now: c.now, maxWaitSeconds: 120 });
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      waits.push(brake.failed('leser', '10.0.0.1').waitSeconds);
      c.advance(waits.at(-1)!);
    }
    expect(waits).toEqual([0, 0, 0, 0, 0, 15, 30, 60, 120, 120]);
  });

  it('does not lock the real user out: another address is not braked, the same one only waits', () => {
    const c = clock();
    const brake = createSignInBrake({ now: c.now });
    for (let i = 0; i < 8; i++) brake.failed('admin', '203.0.113.9');
    expect(brake.waitSeconds('admin', '203.0.113.9')).toBeGreaterThan(0);
    expect(brake.waitSeconds('admin', '10.1.1.1')).toBe(0);
    c.advance(brake.waitSeconds('admin', '203.0.113.9'));
    expect(brake.waitSeconds('admin', '203.0.113.9')).toBe(0);
  });

  it('brakes one address trying many names', () => {
    const c = clock();
    const brake = createSignInBrake({ now: c.now, freePerAddress: 10 });
    for (let i = 0; i < 10; i++) expect(brake.failed(`user${i}`, '198.51.100.7').waitSeconds).toBe(0);
    expect(brake.failed('user10', '198.51.100.7').waitSeconds).toBe(15);
    expect(brake.waitSeconds('someone-else', '198.51.100.7')).toBe(15);
  });

  it('clears the name after a success and forgets after an hour', () => {
    const c = clock();
    const brake = createSignInBrake({ now: c.now });
    for (let i = 0; i < 4; i++) brake.failed('freigabe', '10.0.0.2');
    brake.succeeded('Freigabe', '10.0.0.2');
    for (let i = 0; i < 5; i++) expect(brake.failed('freigabe', '10.0.0.2').waitSeconds).toBe(0);
    c.advance(3601);
    expect(brake.failed('freigabe', '10.0.0.2')).toEqual({ failures: 1, waitSeconds: 0 });
  });

  it('says the wait in German', () => {
    expect(germanDuration(1)).toBe('1 Sekunde');
    expect(germanDuration(30)).toBe('30 Sekunden');
    expect(germanDuration(900)).toBe('15 Minuten');
  });
});
