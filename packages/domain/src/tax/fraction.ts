/**
 * Exact non-negative rationals on bigint, used where ties and remainders must be
 * decided exactly (Zerlegung shares). Always kept reduced with a positive denominator.
 */
export class Fraction {
  readonly num: bigint;
  readonly den: bigint;

  constructor(num: bigint, den = 1n) {
    if (den === 0n) throw new RangeError('Division durch null.');
    const sign = den < 0n ? -1n : 1n;
    const g = gcd(num < 0n ? -num : num, den < 0n ? -den : den) || 1n;
    this.num = (sign * num) / g;
    this.den = (sign * den) / g;
  }

  static readonly ZERO = new Fraction(0n);
  static readonly ONE = new Fraction(1n);

  /** Parses a plain decimal string ("1500.25") exactly. */
  static fromDecimalString(s: string): Fraction {
    const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s.trim());
    if (!m) throw new RangeError(`Keine Dezimalzahl: ${s}`);
    const frac = m[3] ?? '';
    const num = BigInt(`${m[2]}${frac}`) * (m[1] === '-' ? -1n : 1n);
    return new Fraction(num, 10n ** BigInt(frac.length));
  }

  add(o: Fraction): Fraction {
    return new Fraction(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  sub(o: Fraction): Fraction {
    return new Fraction(this.num * o.den - o.num * this.den, this.den * o.den);
  }
  mul(o: Fraction): Fraction {
    return new Fraction(this.num * o.num, this.den * o.den);
  }
  div(o: Fraction): Fraction {
    return new Fraction(this.num * o.den, this.den * o.num);
  }
  cmp(o: Fraction): number {
    const a = this.num * o.den;
    const b = o.num * this.den;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  isZero(): boolean {
    return this.num === 0n;
  }
  /** Largest integer ≤ this. */
  floor(): bigint {
    const q = this.num / this.den;
    return this.num < 0n && q * this.den !== this.num ? q - 1n : q;
  }
  /** Rounds half away from zero for non-negative values (kaufmännisch). */
  roundHalfUp(): bigint {
    return this.add(new Fraction(1n, 2n)).floor();
  }
  /** Decimal string with `places` digits, rounded half-up (for display only). */
  toFixed(places: number): string {
    const scale = 10n ** BigInt(places);
    const scaled = this.mul(new Fraction(scale)).roundHalfUp();
    const neg = scaled < 0n;
    const abs = neg ? -scaled : scaled;
    const int = abs / scale;
    const frac = (abs % scale).toString().padStart(places, '0');
    return `${neg ? '-' : ''}${int}${places > 0 ? `.${frac}` : ''}`;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
