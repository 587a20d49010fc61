import { describe, expect, it } from 'vitest';
import { idParamSchema, MAX_ID, optionalText } from './common';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('idParamSchema', () => {
  it('accepts positive ids up to the int4 maximum, given as path text', () => {
    expect(idParamSchema.parse({ id: '1' })).toEqual({ id: 1 });
    expect(idParamSchema.parse({ id: '2147483647' })).toEqual({ id: MAX_ID });
  });

  it('refuses ids the database cannot hold with a German message', () => {
    for (const id of ['2147483648', '9007199254740991', 2147483648]) {
      const result = idParamSchema.safeParse({ id });
      expect(result.success).toBe(false);
      expect(messages(result)).toEqual(['Die ID darf höchstens 2147483647 sein.']);
    }
  });

  it('keeps the existing refusals', () => {
    expect(messages(idParamSchema.safeParse({ id: '0' }))).toEqual(['Die ID muss positiv sein.']);
    expect(messages(idParamSchema.safeParse({ id: '1.5' }))).toEqual(['Die ID muss eine ganze Zahl sein.']);
    expect(messages(idParamSchema.safeParse({ id: 'abc' }))).toEqual(['Die ID muss eine Zahl sein.']);
    expect(messages(idParamSchema.safeParse({ id: '-3' }))).toEqual(['Die ID muss positiv sein.']);
  });

  it('accepts decimal digits only: no hex, binary, octal, exponent, sign or blanks', () => {
    for (const id of ['0x10', '0b1', '0o7', '1e1', '+7', ' 7', '7 ', '', '16.0', 'Infinity', '١٢']) {
      const result = idParamSchema.safeParse({ id });
      expect(result.success, JSON.stringify(id)).toBe(false);
    }
    expect(messages(idParamSchema.safeParse({ id: '0x10' }))).toEqual(['Die ID muss eine Zahl sein.']);
    expect(idParamSchema.parse({ id: '007' })).toEqual({ id: 7 });
    expect(idParamSchema.parse({ id: 16 })).toEqual({ id: 16 });
  });
});

describe('optionalText', () => {
  const remarks = optionalText(20, 'Die Bemerkung');

  it('trims and turns empty into null', () => {
    expect(remarks.parse('  Hallo ')).toBe('Hallo');
    expect(remarks.parse('   ')).toBeNull();
    expect(remarks.parse(undefined)).toBeNull();
    expect(remarks.parse(null)).toBeNull();
  });

  it('refuses NUL bytes anywhere with a German message naming the field', () => {
    for (const text of ['a\u0000b', '\u0000', 'Ende\u0000']) {
      const result = remarks.safeParse(text);
      expect(result.success).toBe(false);
      expect(messages(result)).toEqual(['Die Bemerkung enthält ein unzulässiges Steuerzeichen.']);
    }
  });

  it('still allows tabs and line breaks inside the text', () => {
    expect(remarks.parse('Zeile 1\nZeile\t2')).toBe('Zeile 1\nZeile\t2');
  });
});
