/**
 * A money amount typed by a user, German or technical: "12.000,50", "12000,5", "12000.50"
 * → "12000.50" (the API's decimal string); null when it is no amount. Text only, no floats.
 */
export function parseAmountInput(input: string): string | null {
  const s = input.trim().replace(/\s|€/g, '');
  let normalized: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(s) || /^\d+(,\d{1,2})?$/.test(s)) {
    normalized = s.replace(/\./g, '').replace(',', '.');
  } else if (/^\d+(\.\d{1,2})?$/.test(s)) {
    normalized = s;
  } else {
    return null;
  }
  const [i, f = ''] = normalized.split('.');
  return `${BigInt(i!).toString()}.${(f + '00').slice(0, 2)}`;
}
