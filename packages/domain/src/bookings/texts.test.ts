import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BELEGFELD_PATTERN, belegfeld, bookingText, cutAtWord, kost1 } from './texts';

describe('booking text', () => {
  it('GewSt <EZ> <Gemeinde> <Art> <Quartal>', () => {
    expect(bookingText({ year: 2026, gemeinde: 'Köln, Stadt', art: 'Vorauszahlung', quartal: 2 })).toBe(
      'GewSt 2026 Köln Vorauszahlung Q2',
    );
    expect(bookingText({ year: 2024, gemeinde: 'Hamburg', art: 'Abschlusszahlung' })).toBe(
      'GewSt 2024 Hamburg Abschlusszahlung',
    );
  });

  it('a long municipality gives up trailing words first, so kind and quarter stay', () => {
    const t = bookingText({
      year: 2025,
      gemeinde: 'Sankt Johann im Oberen Gericht am Rande des Bayerischen Waldes',
      art: 'Storno Nachzahlungszinsen',
      quartal: 4,
    });
    expect(t.length).toBeLessThanOrEqual(60);
    expect(t).toBe('GewSt 2025 Sankt Johann im Storno Nachzahlungszinsen Q4');
  });

  it('never longer than 60 characters and never breaks a word (property)', () => {
    const word = fc.string({ minLength: 1, maxLength: 14 }).map((s) => s.replace(/[\s,]/g, 'x') || 'x');
    fc.assert(
      fc.property(
        fc.integer({ min: 1990, max: 2100 }),
        fc.array(word, { minLength: 1, maxLength: 8 }),
        fc.array(word, { minLength: 1, maxLength: 4 }),
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
        (year, g, a, quartal) => {
          const t = bookingText({ year, gemeinde: g.join(' '), art: a.join(' '), quartal });
          expect(t.length).toBeLessThanOrEqual(60);
          const all = new Set([`GewSt`, String(year), ...g, ...a, ...(quartal ? [`Q${quartal}`] : [])]);
          // every word of the text is a whole input word (no word is cut)
          for (const w of t.split(' ')) expect(all.has(w)).toBe(true);
          expect(t.startsWith(`GewSt ${year}`)).toBe(true);
        },
      ),
    );
  });

  it('cutAtWord cuts at the last blank; a single over-long word is cut hard', () => {
    expect(cutAtWord('aaa bbb ccc', 9)).toBe('aaa bbb');
    expect(cutAtWord('aaaaaaaaaaaa', 5)).toBe('aaaaa');
  });
});

describe('Belegfeld 1 from a Kassenzeichen', () => {
  it('keeps DATEV characters, replaces the rest, transliterates umlauts', () => {
    expect(belegfeld('5.1020.123456.7')).toBe('5-1020-123456-7');
    expect(belegfeld('12 345 678')).toBe('12-345-678');
    expect(belegfeld('AZ/2024+Ä_ß')).toBe('AZ/2024+AE-ss');
    expect(belegfeld('  .. ')).toBeNull();
    expect(belegfeld(null)).toBeNull();
    expect(belegfeld('é')).toBe('e');
  });

  it('is at most 36 DATEV characters for any input (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const b = belegfeld(s);
        if (b === null) return;
        expect(b.length).toBeLessThanOrEqual(36);
        expect(b.length).toBeGreaterThan(0);
        expect(b).toMatch(BELEGFELD_PATTERN);
      }),
    );
  });

  it('KOST1 without control characters or quotes, at most 36', () => {
    expect(kost1(' 1000\n')).toBe('1000');
    expect(kost1('"x"')).toBe('x');
    expect(kost1('k'.repeat(40))).toHaveLength(36);
    expect(kost1('')).toBeNull();
  });
});
