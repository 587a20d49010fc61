/** Scoring of extraction results against the generated ground truth. */
import { DOCUMENT_TYPES } from '@gewst/domain';

export interface Score {
  typeOk: boolean;
  fields: number;
  correct: number;
  /** Names of wrong or missing fields with expected/actual values. */
  errors: { field: string; expected: unknown; actual: unknown }[];
}

const canon = (v: unknown): string =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x,
  );

export function score(
  truth: { type: string; fields: Record<string, unknown> },
  result: { type: string; fields: Record<string, { value: unknown }> },
): Score {
  const errors: Score['errors'] = [];
  let correct = 0;
  const names = Object.keys(truth.fields);
  for (const name of names) {
    const expected = truth.fields[name];
    const actual = result.fields[name]?.value;
    if (canon(expected) === canon(actual)) correct++;
    else errors.push({ field: name, expected, actual });
  }
  return { typeOk: truth.type === result.type, fields: names.length, correct, errors };
}

export const median = (xs: number[]) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

const SHORT: Record<(typeof DOCUMENT_TYPES)[number], string> = {
  gewst_bescheid: 'gewst',
  vorauszahlungsbescheid: 'vz',
  zinsbescheid: 'zins',
  messbescheid: 'mess',
  zerlegungsbescheid: 'zerl',
  mahnung: 'mahn',
  sonstiges: 'sonst',
};

/** A confusion matrix as Markdown table lines (rows: true type, columns: predicted type). */
export const confusionTable = (count: (truth: string, predicted: string) => number): string[] => [
  `| true \\ predicted | ${DOCUMENT_TYPES.map((t) => SHORT[t]).join(' | ')} |`,
  `|---|${DOCUMENT_TYPES.map(() => '---').join('|')}|`,
  ...DOCUMENT_TYPES.map((t) => `| ${SHORT[t]} | ${DOCUMENT_TYPES.map((q) => count(t, q)).join(' | ')} |`),
];
