import { z } from 'zod';

/** Error body of every failed API call (PRODUCT.md). */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const pageMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export function paged<T extends z.ZodTypeAny>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 200;

export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Seite muss eine Zahl sein.' })
    .int('Seite muss eine ganze Zahl sein.')
    .min(1, 'Seite muss mindestens 1 sein.')
    .default(1),
  per_page: z.coerce
    .number({ error: 'Einträge pro Seite muss eine Zahl sein.' })
    .int('Einträge pro Seite muss eine ganze Zahl sein.')
    .min(1, 'Einträge pro Seite muss mindestens 1 sein.')
    .max(MAX_PER_PAGE, `Höchstens ${MAX_PER_PAGE} Einträge pro Seite.`)
    .default(DEFAULT_PER_PAGE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** Largest id the database's `integer` columns hold (PostgreSQL int4). */
export const MAX_ID = 2147483647;

/**
 * A database id given as text (path or query parameter) or as a JSON number: a positive
 * int4. Text must be decimal digits only: "0x10", "1e3", "+7", " 7", "7.0" and "0b1" are
 * refused instead of being read as some other number (JavaScript's Number() accepts them).
 */
export function idField(
  messages: { type?: string; int?: string; positive?: string } = {},
): z.ZodType<number, number | string> {
  const type = messages.type ?? 'Die ID muss eine Zahl sein.';
  const int = messages.int ?? 'Die ID muss eine ganze Zahl sein.';
  const positive = messages.positive ?? 'Die ID muss positiv sein.';
  return z
    .union([z.number({ error: type }), z.string({ error: type })], { error: type })
    .transform((v, ctx) => {
      if (typeof v === 'number') return v;
      if (/^\d{1,20}$/.test(v)) return Number(v);
      if (/^-\d{1,20}$/.test(v)) return -1;
      ctx.addIssue({ code: 'custom', message: /^-?\d+\.\d*$/.test(v) ? int : type });
      return z.NEVER;
    })
    .pipe(
      z
        .number({ error: type })
        .int(int)
        .positive(positive)
        .max(MAX_ID, `Die ID darf höchstens ${MAX_ID} sein.`),
    );
}

export const idSchema = idField();

export const idParamSchema = z.object({ id: idSchema });

export const isoDateSchema = z
  .string({ error: 'Datum fehlt.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Bitte ein gültiges Datum angeben, z. B. 31.12.2025.')
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'Kein gültiges Datum.',
  );

/** NUL cannot be stored in a PostgreSQL text column; refused at the field instead of a 500. */
export const hasNul = (s: string) => s.includes('\u0000');
export const controlCharMessage = (label: string) => `${label} enthält ein unzulässiges Steuerzeichen.`;

/** Optional text: trimmed, empty becomes null; NUL bytes are refused. */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} muss Text sein.` })
    .trim()
    .max(max, `${label} darf höchstens ${max} Zeichen lang sein.`)
    .refine((s) => !hasNul(s), controlCharMessage(label))
    .nullish()
    .transform((v) => (v ? v : null));
}
