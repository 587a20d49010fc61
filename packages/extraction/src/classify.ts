import type { DocumentType } from './types.js';

export interface Classification {
  type: DocumentType;
  confidence: number;
  scores: Record<DocumentType, number>;
}

type Rule = [RegExp, number];

// Title phrases weigh most; body phrases that other types also use weigh little.
// Patterns tolerate OCR's lost hyphens/spaces ("Gewerbesteuer-Bescheid", "Gewerbesteuer bescheid").
const RULES: Record<Exclude<DocumentType, 'sonstiges'>, Rule[]> = {
  gewst_bescheid: [
    [/gewerbesteuer\s?-?\s?bescheid/, 6],
    [/bescheid\s+über\s+(?:die\s+festsetzung\s+der\s+)?gewerbesteuer(?!messbetrag)/, 6],
    [/bisheriger\s+sollbetrag|bisher\s+festgesetzt|bisherige\s+festsetzung/, 2],
    [/festgesetzte\s+gewerbesteuer|setzte?\b[^.]{0,120}gewerbesteuer[^.]{0,80}fest/, 2],
    [/zu-?\s?\/\s?abgang|nachforderung|abschlusszahlung/, 1],
  ],
  vorauszahlungsbescheid: [
    [/vorauszahlungs\s?-?\s?bescheid/, 7],
    [/bescheid\s+über\s+(?:die\s+)?vorauszahlungen?\s+zur\s+gewerbesteuer/, 7],
    [/vorauszahlungen\s+werden\s+(?:hiermit\s+)?(?:wie\s+folgt\s+)?festgesetzt/, 2],
  ],
  zinsbescheid: [
    [/zinsbescheid/, 7],
    [/bescheid\s+über\s+(?:die\s+festsetzung\s+von\s+)?zinsen/, 7],
    [/festsetzung\s+von\s+(?:nachzahlungs|erstattungs)?zinsen/, 6],
    [/§\s?233\s?a\s?ao/, 1],
  ],
  messbescheid: [
    [/gewerbesteuer\s?-?\s?messbescheid/, 7],
    [/bescheid\s+(?:für\s+\d{4}\s+)?über\s+den\s+gewerbesteuer\s?-?\s?messbetrag/, 7],
    [/steuermesszahl/, 2],
    [/gewerbeertrag/, 1],
  ],
  zerlegungsbescheid: [
    [/zerlegungs\s?-?\s?bescheid/, 8],
    [/bescheid\s+über\s+die\s+zerlegung/, 8],
    [/wird\s+[^.]{0,60}zerlegt|verhältnis\s+der\s+arbeitslöhne/, 2],
  ],
  mahnung: [
    [/\bmahnung\b/, 7],
    [/zahlungserinnerung/, 5],
    [/säumniszuschl[äa]ge?/, 2],
    [/vollstreckung|mahngebühr/, 2],
    [/rückstand|rückstände|noch\s+nicht\s+gezahlt/, 1],
  ],
};

/** Classifies a notice by its text into one of the DOMAIN.md type keys. */
export function classify(text: string): Classification {
  const t = text.toLowerCase().replace(/\s+/g, ' ');
  // The title sits near the top: phrases in the first part of the text count double.
  const head = t.slice(0, Math.max(600, Math.floor(t.length * 0.3)));
  const scores = { sonstiges: 0 } as Record<DocumentType, number>;
  for (const [type, rules] of Object.entries(RULES) as [DocumentType, Rule[]][]) {
    let s = 0;
    for (const [re, w] of rules) {
      if (re.test(t)) s += w;
      if (w >= 5 && re.test(head)) s += w;
    }
    scores[type] = s;
  }
  // A letter that says it is no notice, or has no notice wording at all, is "sonstiges".
  if (/(?:ist|handelt\s+es\s+sich\s+um)\s+kein(?:en)?\s+bescheid/.test(t)) scores.sonstiges = 30;
  const ranked = (Object.entries(scores) as [DocumentType, number][]).sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < 4) {
    return { type: 'sonstiges', confidence: best && best[1] > 0 ? 0.6 : 0.8, scores };
  }
  const margin = best[1] - (second?.[1] ?? 0);
  const confidence = Math.min(0.99, 0.5 + margin / 30 + Math.min(best[1], 20) / 60);
  return { type: best[0], confidence: Math.round(confidence * 100) / 100, scores };
}
