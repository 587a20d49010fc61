/**
 * Detail pages that belong to one company, and the list each falls back to when the user
 * switches the company: a document, establishment, booking session or Zerlegung of the
 * previous company must not stay open under the new company's name.
 */
const COMPANY_DETAILS: readonly [RegExp, string][] = [
  [/^\/dokumente\/\d+(\/|$)/, '/'],
  [/^\/zahlungsdaten\/\d+(\/|$)/, '/zahlungsdaten'],
  [/^\/stammdaten\/\d+(\/|$)/, '/stammdaten'],
  [/^\/buchungen\/\d+(\/|$)/, '/buchungen'],
  [/^\/gewst-zerlegung\/\d+(\/|$)/, '/gewst-zerlegung'],
];

/** Where to go after a company switch from `pathname`, or null to stay. */
export function pathAfterCompanySwitch(pathname: string): string | null {
  for (const [detail, list] of COMPANY_DETAILS) if (detail.test(pathname)) return list;
  return null;
}
