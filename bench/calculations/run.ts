/**
 * Timing of the pure tax rules on this machine (issue 5):
 * - computeZerlegung over 2,000 municipalities (goal ≤ 50 ms per run);
 * - 10,000 interest calculations (computeInterest) in one batch.
 *
 * Run: node --import tsx bench/calculations/run.ts [--json]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { computeInterest, computeZerlegung, SEEDED_INTEREST_RATES, type ZerlegungInput } from '@gewst/domain';

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function zerlegungInput(n: number, withEmployees: boolean): ZerlegungInput {
  const rand = prng(42);
  return {
    year: 2024,
    messbetrag: '1234567.89',
    schluessel: 'arbeitslohn',
    rechtsform: 'kapitalgesellschaft',
    zeilen: Array.from({ length: n }, (_, i) => {
      // Distinct AGS across all 16 states, e.g. 01000001 … 16000125.
      const ags = `${String((i % 16) + 1).padStart(2, '0')}${String(i).padStart(6, '0')}`;
      const base = { ags, geschaeftsleitung: i === 0, hebesatz: 300 + Math.floor(rand() * 200) };
      if (!withEmployees)
        return { ...base, arbeitsloehne: (Math.floor(rand() * 5_000_000) / 100).toFixed(2) };
      return {
        ...base,
        arbeitnehmer: Array.from({ length: 5 }, () => ({
          lohn: (20_000 + Math.floor(rand() * 60_000)).toFixed(2),
        })),
      };
    }),
  };
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    runs: samples.length,
    min: sorted[0]!,
    median: at(0.5),
    p95: at(0.95),
    max: sorted[sorted.length - 1]!,
  };
}

function time(fn: () => void, runs: number, warmup = 3) {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

const zInput = zerlegungInput(2000, false);
const zEmployees = zerlegungInput(2000, true);
const check = computeZerlegung(zInput);
if (check.zeilen.length !== 2000 || check.summe.anteil !== '1234567.89')
  throw new Error('Zerlegung check failed');

const rand = prng(7);
const interestInputs = Array.from({ length: 10_000 }, () => {
  const startYear = 2014 + Math.floor(rand() * 10);
  const months = 1 + Math.floor(rand() * 70);
  const start = `${startYear}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return {
    amount: (Math.floor(rand() * 10_000_000) / 100 - 20_000).toFixed(2),
    startDate: start,
    endDate: d.toISOString().slice(0, 10),
    rates: SEEDED_INTEREST_RATES,
  };
});

const results = {
  machine: `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, Node ${process.version}, ${os.platform()}`,
  zerlegung_2000_gemeinden_ms: time(() => computeZerlegung(zInput), 30),
  zerlegung_2000_gemeinden_10000_arbeitnehmer_ms: time(() => computeZerlegung(zEmployees), 15),
  interest_10000_calculations_ms: time(
    () => {
      for (const input of interestInputs) computeInterest(input);
    },
    5,
    1,
  ),
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(results, null, 2));
} else {
  const f = (n: number) => n.toFixed(1);
  console.log(results.machine);
  for (const [name, s] of Object.entries(results).filter(([k]) => k !== 'machine')) {
    const r = s as ReturnType<typeof stats>;
    console.log(
      `${name}: median ${f(r.median)} ms, p95 ${f(r.p95)} ms, min ${f(r.min)} ms, max ${f(r.max)} ms (${r.runs} runs)`,
    );
  }
}
