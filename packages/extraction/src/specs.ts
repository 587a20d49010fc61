import type { FieldSpec } from './search.js';
import { DOCUMENT_TYPE_FIELDS, type DocumentType } from '@gewst/domain';

/**
 * Spellings that mean the same word: ß and ss (old spelling, typewriters, OCR), umlauts written
 * out or lost ("Säumniszuschlag", "Saeumniszuschlag", "Saumniszuschlag").
 */
const SPELLINGS: Record<string, string> = {
  ss: '(?:ss|ß)',
  ß: '(?:ß|ss)',
  ä: '(?:ä|ae|a)',
  ö: '(?:ö|oe|o)',
  ü: '(?:ü|ue|u)',
  Ä: '(?:Ä|Ae|A)',
  Ö: '(?:Ö|Oe|O)',
  Ü: '(?:Ü|Ue|U)',
};
const spellings = (src: string) => src.replace(/ss|[ßäöüÄÖÜ]/g, (m) => SPELLINGS[m] ?? m);
/** A label: whole words, case-insensitive, in every spelling of the same word. */
const L = (src: string) => new RegExp(String.raw`(?<![\p{L}])(?:${spellings(src)})(?![\p{L}])`, 'iu');
const P = (src: string) => new RegExp(src, 'iu');
const M = '(?<v>(?:[-−]\\s?)?\\d[\\d.]*,\\d{2}-?(?:\\s?(?:€|EUR|Euro))?)';
const D = '(?<v>\\d{1,2}\\.\\s?(?:\\d{1,2}\\.\\s?\\d{2,4}|[\\p{L}]+\\.?\\s\\d{4}))';
const Y = '(?<v>(?:199\\d|20\\d{2}))(?![\\d.,/])';

/** Canonical fields per type: the one vocabulary in packages/domain. */
export const TYPE_FIELDS: Record<DocumentType, readonly string[]> = DOCUMENT_TYPE_FIELDS;

export const SPECS: Record<string, FieldSpec> = {
  erhebungszeitraum: {
    kind: 'year',
    labels: [
      {
        re: L('Erhebungszeitraum|Veranlagungszeitraum|Veranlagungsjahr|Kalenderjahr|Steuerjahr|EZ'),
        adjacent: true,
        w: 1.1,
      },
    ],
    patterns: [
      {
        re: P(
          `(?:gewerbesteuer\\s?-?\\s?bescheid|messbescheid|zerlegungsbescheid|vorauszahlungsbescheid|zinsbescheid|mahnung|bescheid)[^.\\d]{0,70}?(?:für\\s+(?:das\\s+(?:jahr|kalenderjahr)\\s+)?|ab\\s+)?${Y}`,
        ),
        w: 1.05,
      },
      { re: P(`für\\s+das\\s+(?:jahr|kalenderjahr)\\s+${Y}`), w: 1 },
      { re: P(`(?:zur\\s+)?gewerbesteuer\\s+(?:für\\s+)?${Y}`), w: 0.9 },
      { re: P(`(?:für|ab)\\s+${Y}`), w: 0.6 },
    ],
  },
  bescheid_datum: {
    kind: 'date',
    maxPage: 1,
    labels: [
      {
        re: L('Bescheiddatum|Datum des Bescheides?|Bescheid vom|Datum|Ausfertigungsdatum'),
        adjacent: true,
        w: 1.1,
      },
    ],
    patterns: [{ re: P(`[\\p{Lu}][\\p{L}. ()-]{1,40},\\s+(?:den\\s+)?${D}`), w: 0.8 }],
  },
  kassenzeichen: {
    kind: 'kassenzeichen',
    maxPage: 2,
    labels: [
      { re: L('Kassenzeichen|Kassen-Zeichen|Buchungszeichen|Personenkonto|Kassenz\\.'), adjacent: true },
    ],
  },
  steuernummer: {
    kind: 'steuernummer',
    labels: [{ re: L('Steuernummer|Steuer-Nr\\.?|St\\.-?Nr\\.?|StNr\\.?'), adjacent: true }],
  },
  iban: {
    kind: 'iban',
    labels: [{ re: /IBAN/u, adjacent: true }],
    patterns: [{ re: /(?<v>DE\d{2}(?: ?\d{4}){4} ?\d{2})/u, w: 0.7 }],
  },
  bic: { kind: 'bic', labels: [{ re: L('BIC|SWIFT(?:-?Code)?|BIC-Code'), adjacent: true }] },
  ags: {
    kind: 'ags',
    labels: [
      {
        re: L('Amtl\\. Gemeindeschlüssel|Gemeindeschlüssel|Gemeindekennziffer|Gemeindekennzahl|AGS'),
        adjacent: true,
      },
    ],
  },
  messbetrag: {
    kind: 'money',
    labels: [
      { re: L('Gewerbesteuermessbetrags?|Steuermessbetrags?|Messbetrags?|Zerlegungsanteils?'), near: 70 },
    ],
    patterns: [{ re: P(`(?:mess|zerlegungs)betrag[^.]{0,60}?:\\s*${M}`), w: 0.9 }],
  },
  hebesatz: {
    kind: 'percent',
    labels: [{ re: L('Hebesatz(?:es)?|Hebesatz der (?:Gemeinde|Stadt)'), near: 60 }],
    patterns: [
      {
        re: P('hebesatz(?:es)?\\s+(?:von\\s+)?(?<v>\\d{2,4}\\s?(?:%|v\\.\\s?H\\.|vom\\s+Hundert))'),
        w: 0.95,
      },
      { re: P('(?<v>\\d{3}\\s?(?:v\\.\\s?H\\.|vom\\s+Hundert))'), w: 0.5 },
    ],
  },
  festgesetzte_steuer: {
    kind: 'money',
    labels: [
      { re: L('festgesetzte Gewerbesteuer|Steuer festgesetzt|Gewerbesteuer festgesetzt'), near: 60 },
      { re: L('Gewerbesteuer(?:\\s(?:19|20)\\d{2})?'), adjacent: true, w: 0.9 },
    ],
    patterns: [{ re: P(`gewerbesteuer\\s[^.]{0,60}?\\bauf\\s+${M}\\s*(?:fest|festgesetzt)`), w: 1.05 }],
  },
  bisher_festgesetzt: {
    kind: 'money',
    labels: [{ re: L('bisheriger Sollbetrag|bisher festgesetzt|bisherige Festsetzung|bisher'), near: 60 }],
    patterns: [{ re: P(`bisher\\s+(?:waren|wurden)\\s+${M}\\s+festgesetzt`), w: 1.05 }],
  },
  abrechnung: {
    kind: 'money',
    labels: [
      {
        re: L(
          'Zu-\\s?/\\s?Abgang|Unterschiedsbetrag|Differenz|Nachzahlung|Nachforderung|Abschlusszahlung|Abrechnung',
        ),
        near: 60,
      },
      { re: L('Erstattung|Guthaben|Überzahlung'), near: 60, negate: true },
    ],
    patterns: [
      {
        re: P(`ergibt\\s+sich\\s+eine\\s+(?:nachforderung|nachzahlung)\\s+(?:von|in\\s+höhe\\s+von)\\s+${M}`),
        w: 1.05,
      },
      {
        re: P(`ergibt\\s+sich\\s+eine\\s+(?:erstattung|überzahlung)\\s+(?:von|in\\s+höhe\\s+von)\\s+${M}`),
        w: 1.05,
        negate: true,
      },
    ],
  },
  faellig_am: {
    kind: 'date',
    labels: [
      {
        re: L(
          'Fälligkeit|fällig am|Fälligkeitstag|zahlbar bis(?: zum)?|zu zahlen bis(?: zum)?|Zahlungstermin',
        ),
        adjacent: true,
        below: false,
      },
    ],
    patterns: [
      { re: P(`(?:bis\\s+(?:zum|spätestens)|spätestens\\s+am|fällig\\s+am|fälligkeit:?)\\s+${D}`), w: 0.95 },
    ],
  },
  zinsen: {
    kind: 'money',
    labels: [
      {
        re: L(
          'festgesetzte Zinsen|Nachzahlungszinsen|Erstattungszinsen|(?<!der )Zinsen(?! (?:ab|bis|vom|zur|nach))|Zinsbetrag',
        ),
        near: 60,
      },
    ],
    patterns: [{ re: P(`zinsen[^.]{0,50}?in\\s+höhe\\s+von\\s+${M}`), w: 1.05 }],
  },
  zinsen_von: {
    kind: 'date',
    labels: [{ re: L('Zinslauf vom|Beginn des Zinslaufs|Zinsen ab|Zinsbeginn|Zinslauf ab'), adjacent: true }],
    patterns: [{ re: P(`(?:für[\\s-]+die[\\s-]+zeit|zinslauf(?:es)?|zeitraum)\\s+vom\\s+${D}`), w: 1 }],
  },
  zinsen_bis: {
    kind: 'date',
    labels: [{ re: L('Zinslauf bis|Ende des Zinslaufs|Zinsen bis|Zinsende'), adjacent: true }],
    patterns: [
      {
        re: P(
          `(?:für[\\s-]+die[\\s-]+zeit|zinslauf(?:es)?|zeitraum)\\s+vom\\s+\\S+(?:\\s\\p{L}+\\.?\\s\\d{4})?\\s+bis\\s+(?:zum\\s+)?${D}`,
        ),
        w: 1,
      },
    ],
  },
  rueckstand: {
    kind: 'money',
    labels: [{ re: L('Rückstand|Rückstände|rückständiger Betrag|offener Betrag|Hauptforderung'), near: 60 }],
  },
  saeumniszuschlag: {
    kind: 'money',
    labels: [{ re: L('Säumniszuschläge?|Säumniszuschlag'), near: 60 }],
  },
  gewerbeertrag: {
    kind: 'money',
    labels: [{ re: L('(?:maßgebender )?Gewerbeertrag'), near: 60 }],
  },
  freibetrag: {
    kind: 'money',
    labels: [{ re: L('Freibetrag(?: nach § 11(?: Abs\\. 1)? GewStG| \\(§ 11 GewStG\\))?'), near: 60 }],
  },
};
