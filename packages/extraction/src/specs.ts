import type { FieldSpec } from './search.js';
import { DOCUMENT_TYPE_FIELDS, type DocumentType } from '@gewst/domain';
import { DATE_SOURCE } from './normalize.js';

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
// The unit may stand before the amount ("auf EUR 2.021,60", "= € 10,00"); it is not part of the value.
const M =
  '(?:(?:€|EUR|Euro)[ \\u00a0]?)?(?<v>(?:[-−]\\s?)?(?:\\d{1,3}(?:[. \\u00a0]\\d{3})+|\\d+),(?:\\d{2}|--?|–)-?(?:\\s?(?:€|EUR|Euro))?)';
/**
 * A date in any print (25.08.2016, 25. August 2016, 2016-08-25), a weekday before it not part of
 * the value ("am Donnerstag, 10. Dezember 2020", "Mo., 02.03.2020").
 */
/** A weekday, written out or abbreviated, as a word of its own (no group). */
export const WEEKDAY_NAME = String.raw`(?<![\p{L}])(?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonnabend|Sonntag|Mo|Di|Mi|Do|Fr|Sa|So)`;
const WEEKDAY = String.raw`(?:${WEEKDAY_NAME}\.?,?\s+)?`;
const D = `${WEEKDAY}(?<v>${DATE_SOURCE})`;
/** The first date of a period (no group). */
const D0 = `${WEEKDAY}(?:${DATE_SOURCE})`;
// A year may end a sentence ("… ab 2019."), not begin a longer number or a file reference.
const Y = '(?<v>(?:199\\d|20\\d{2}))(?![\\d/]|[.,]\\d)';
/**
 * A point inside a sentence: before a digit ("1.234"), or ending an abbreviation of the
 * computation ("0,5 v. H.", "v.H.", "mtl.", "Abs.", "Nr.", "ca.").
 */
const ABBREVIATION_DOT = String.raw`\.(?=\d)|(?<=(?:^|[\s(.])(?:v|H|mtl|monatl|jährl|ca|Abs|Nr|bzw|zzgl|abzgl))\.`;
/**
 * Up to 40 characters between an interest word and its period, not across a sentence or a figure;
 * leader dots ("ZINSLAUF ........ 01.04.17 - 10.02.18", ". . . .", "……") are no sentence end. Each
 * character matches exactly one alternative: "…" and every other non-dot only the first, a dot
 * only one followed by a dot or the last of a run. With two alternatives for one character (a dot
 * inside a run, or "…", which is no "." but was also one of the dots), a long leader line
 * backtracked 2^n ways and never ended.
 */
const GAP = String.raw`(?:[^.\d]|\.(?=\s?[.…])|(?<=[.…]\s?)\.(?!\s?[.…])){0,40}?`;
/** Before "zeitraum": not the tax year's period (Erhebungs-, Veranlagungs-, Besteuerungszeitraum). */
const NOT_TAX_YEAR = '(?<!(?:erhebungs|veranlagungs|besteuerungs)-?)';

/** Canonical fields per type: the one vocabulary in packages/domain. */
export const TYPE_FIELDS: Record<DocumentType, readonly string[]> = DOCUMENT_TYPE_FIELDS;

export const SPECS: Record<string, FieldSpec> = {
  erhebungszeitraum: {
    kind: 'year',
    labels: [
      {
        re: L(
          'Erhebungszeitraum|Veranlagungszeitraum|Veranlagungsjahr|Erhebungsjahr|Abgabejahr|Kalenderjahr|Steuerjahr|EZ',
        ),
        adjacent: true,
        w: 1.1,
      },
      // The year column of a table ("Zeitraum | Abgabe | Soll", "Jahr | Steuerart | Betrag"), not
      // the year column of a prepayment schedule (its row names quarters or due dates).
      {
        re: L(String.raw`Zeitraum|Jahr(?![^\n]*(?:Quartal|fällig|Fälligkeit|Termin|Rate|Vorauszahlung))`),
        adjacent: true,
        w: 0.8,
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
      // Several years at once ("der Jahre 2016 bis 2018", "Erhebungszeiträume 2019 – 2021": an
      // audit order, a deferral): the latest of them.
      {
        re: P(
          `(?:jahre|kalenderjahre|veranlagungszeiträume|erhebungszeiträume|veranlagungsjahre)\\s+(?:19|20)\\d{2}\\s*(?:bis(?:\\s+einschließlich)?|[-–—])\\s*${Y}`,
        ),
        w: 0.9,
      },
      // The period of a whole calendar year ("Veranlagungszeitraum: 01.01.2022 – 31.12.2022").
      {
        re: P(
          `(?:zeitraum|jahr)\\s*:?\\s*(?:vom\\s+)?0?1\\.\\s?0?1\\.\\s?${Y}\\s*(?:bis(?:\\s+zum)?|[-–—])\\s*31\\.\\s?12\\.`,
        ),
        w: 1,
      },
      // Any notice or trade-tax noun before the year ("Erklärung zur Gewerbesteuer 2023",
      // "Festsetzung der Vorauszahlungen 2024", "Veranlagung 2022", "Gewerbesteuer - Jahr 2023"),
      // lower than a titled notice.
      {
        re: P(
          `(?:\\p{L}*(?:bescheid|festsetzung|erklärung|erklaerung|veranlagung|abrechnung|vorauszahlungen|mahnung|erinnerung|besteuerungsgrundlagen|schätzung)|gewerbesteuer\\p{L}*|zinsen)(?:\\s+(?:zur|der|für\\s+das|für|des|über\\s+die|ab)){0,3}(?:\\s*[-–:,]?\\s+(?:gewerbesteuer|jahr|kalenderjahr|erhebungszeitraum|veranlagungsjahr|steuerjahr))?(?:\\s*[-–:])?\\s+${Y}`,
        ),
        w: 0.8,
      },
      // The tax's name, written out or abbreviated, alone or in a compound ("Gewerbesteuer 2021",
      // "GewSt-Nachzahlung 2021", "Gew.-St.-Abrechnung 2020"): a ledger or reminder row.
      {
        re: P(
          `(?:zur\\s+)?(?:gewerbesteuer|gewst|gew\\.?\\s?-?\\s?st\\.?)(?:\\s?-\\s?\\p{L}+)?\\s+(?:für\\s+)?${Y}`,
        ),
        w: 0.9,
      },
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
    patterns: [
      { re: P(`[\\p{Lu}][\\p{L}. ()-]{1,40},\\s+(?:den\\s+)?${D}`), w: 0.8 },
      // The same labels in running text, where a line break splits the label or its date
      // ("… · Bescheid" / "vom: 3. November 2024", "Bescheid vom: 17." / "August 2020"); with
      // its colon only (without one, a header's label runs into the row below in running text).
      {
        re: P(
          `(?<![\\p{L}])(?:Bescheiddatum|Datum\\s+des\\s+Bescheides?|Bescheid\\s+vom|Ausfertigungsdatum)\\s*:\\s*${D}`,
        ),
        w: 1,
      },
    ],
  },
  kassenzeichen: {
    kind: 'kassenzeichen',
    maxPage: 2,
    labels: [
      {
        // By meaning: the reference a payment must carry — "…zeichen" of the cash office, the
        // payer's account with it, or the payment reference, in their compounds and abbreviations.
        re: L(
          String.raw`(?:Gewerbesteuer-?)?(?:Kassen|Buchungs|Zahlungs|Einzahlungs|Überweisungs)-?\s?(?:zeichen|referenz|nummer|kennzeichen|nr\.?)|Kassenz\.|Kz\.|KZ|PKZ|Personenkennziffer|Geschäftspartner(?:-?Nr\.?|nummer)?|Objekt-?(?:nummer|Nr\.?)|bei (?:der |jeder )?(?:Zahlung|Überweisung) (?:bitte )?(?:unbedingt )?angeben|Kassen-?Nr\.?|Personen-?konto(?:-?nummer)?|PK-?Nr\.?|(?:Steuer|Kassen|Abgaben|Vertrags|Kunden|Debitoren|Buchungs)-?konto(?:-?(?:nummer|nr\.?))?|(?:Zahlungs)?referenz(?:nummer|-?Nr\.?)?|Verwendungszweck|Kunden-?(?:nummer|nr\.?)|Debitor(?:en)?-?(?:nummer|nr\.?)|Finanzadresse`,
        ),
        adjacent: true,
      },
      // Office file references stand in only when no payment reference is labelled.
      { re: L(String.raw`Aktenzeichen|Az\.|Geschäftszeichen|Unser Zeichen`), adjacent: true, w: 0.6 },
      // Any other compound naming an identifier ("…zeichen", "…nummer", "…konto", "…referenz",
      // "…-Nr.") that is not one of the other identifiers of the notice: lower still.
      {
        re: new RegExp(
          String.raw`(?<![\p{L}])(?!(?:Steuer|Telefon|Tele|Fax|Haus|Bank|Konto|Durchwahl|Gläubiger|Mandats?|Zimmer|Postfach|Tel|Post|Gemeinde|Handelsregister|Register|Umsatzsteuer|USt|Seiten?|Blatt|Anlage)[\p{L}-]*(?:zeichen|nummer|konto|referenz|kennung|Nr\.?)(?![\p{L}]))[\p{L}]+-?(?:zeichen|nummer|konto|referenz|kennung|Nr\.?)(?![\p{L}])`,
          'iu',
        ),
        adjacent: true,
        w: 0.5,
      },
    ],
    patterns: [
      // Named in a sentence: "… unter Angabe des Kassenzeichens 1234.5678.123 …".
      {
        re: /(?:kassen|buchungs|zahlungs)(?:zeichens?|referenz)\s+(?:\p{L}+\s+){0,2}?(?<v>(?=[A-Z0-9./-]*\d)[A-Z0-9][A-Z0-9./-]{3,}[A-Z0-9])(?![A-Za-z0-9])/iu,
        w: 0.8,
      },
    ],
  },
  steuernummer: {
    kind: 'steuernummer',
    labels: [
      {
        re: L(String.raw`Steuer-?\s?(?:nummer|nr\.?)|St\.?\s?-?Nr\.?|StNr\.?|Steuer-Nr\.?`),
        adjacent: true,
      },
    ],
    // The tax office's number has a shape of its own (123/456/78901): taken unlabelled, lower.
    patterns: [
      {
        re: /(?<![\d/])(?<v>\d{2,3} ?\/ ?\d{3,4} ?\/ ?\d{4,5}(?: ?\/ ?\d(?![\d/]))?|\d{5} ?\/ ?\d{5})(?![\d/])/u,
        w: 0.6,
      },
    ],
  },
  iban: {
    kind: 'iban',
    labels: [{ re: /IBAN/u, adjacent: true }],
    patterns: [{ re: /(?<v>DE\d{2}(?: ?\d{4}){4} ?\d{2})/u, w: 0.7 }],
  },
  bic: {
    kind: 'bic',
    labels: [
      {
        re: L(String.raw`BIC|SWIFT(?:-?(?:Code|BIC))?|BIC-?(?:Code)?(?:\s?\/\s?SWIFT)?|Swift-?Code`),
        adjacent: true,
      },
    ],
    // A German bank's BIC has a shape of its own (4 letters, DE, 2 characters, optional branch).
    patterns: [{ re: /(?<![A-Za-z0-9])(?<v>[A-Z]{4}DE[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![A-Za-z0-9])/u, w: 0.6 }],
  },
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
      {
        // Every compound on "-messbetrag" (Gewerbesteuer-Messbetrag, Steuermeßbetrag, Messbetragsanteil …).
        re: L(
          String.raw`(?:Gewerbesteuer-?\s?|Gewerbe-?|Steuer-?)?Messbetrags?|Messbetragsanteils?|Zerlegungsanteils?`,
        ),
        near: 70,
      },
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
      // The assessed amount under other names: the tax "Soll", the year's tax, the tax amount.
      {
        re: L(
          String.raw`Gewerbesteuer-?\s?Soll|Steuerbetrag|Jahressteuer|Gewerbesteuer \(neu\)|neue Festsetzung|Steuer neu|Soll neu|neues Soll`,
        ),
        near: 60,
        w: 0.9,
      },
    ],
    patterns: [{ re: P(`gewerbesteuer\\s[^.]{0,60}?\\bauf\\s+${M}\\s*(?:fest|festgesetzt)`), w: 1.05 }],
  },
  bisher_festgesetzt: {
    kind: 'money',
    labels: [
      { re: L('bisheriger Sollbetrag|bisher festgesetzt|bisherige Festsetzung|bisher'), near: 60 },
      // By meaning: what was assessed before and is set off — the former "Soll", the prepayments
      // assessed or credited for the year ("Vorauszahlungen bisher", "angerechnete Vorauszahlungen").
      {
        re: L(
          String.raw`bisherige[snr]? (?:Soll|Steuer|Betrag)|Soll bisher|Soll alt|alte[srn]? (?:Soll|Festsetzung)|(?:(?:abzgl\.|abzüglich|\./\.|-)\s?)?(?:bereits )?(?:festgesetzte|angerechnete|geleistete|anzurechnende|veranlagte) Vorauszahlungen|Vorauszahlungen (?:bisher|angerechnet|festgesetzt)|Vorauszahlungssoll|anzurechnende Beträge|bisher (?:veranlagt|angefordert|fällig)`,
        ),
        near: 60,
      },
    ],
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
      // By meaning: what remains to pay (signed when the label names both directions).
      {
        re: L(
          String.raw`Nachzahlungsbetrag|Nachforderungsbetrag|Restbetrag|Restzahlung|Saldo|Mehr-?\s?/\s?Minderbetrag|Mehr-?\s?/\s?Minderzahlung|Mehrbetrag|Ausgleichsbetrag|noch zu (?:zahlen|entrichten)|zu zahlender Betrag|Abschlussbetrag|Unterschied|verbleibende (?:Nachzahlung|Restschuld)`,
        ),
        near: 60,
      },
      {
        re: L(
          String.raw`Erstattung|Erstattungsbetrag|Guthaben|Überzahlung|zu erstatten|(?<!Mehr-?\s?/\s?)Minderbetrag|wird erstattet`,
        ),
        near: 60,
        negate: true,
      },
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
          String.raw`Fälligkeit(?:stag|sdatum|stermin)?(?:\s(?:der|des)\s(?!Vorauszahlung)\p{L}+)?|fällig (?:am|zum|bis(?: zum)?)|fällig(?=\s?:)|zahlbar (?:bis|am)(?: zum| spätestens)?|zu (?:zahlen|entrichten|überweisen) bis(?: zum| spätestens)?|Zahlungstermin|Zahlungsfrist|Zahlungsziel|Einzahlungstermin|spätestens (?:am|bis)(?: zum)?`,
        ),
        adjacent: true,
        below: false,
      },
      // A due-date column of the settlement row ("… | Differenz € | fällig am"); dates of the
      // prepayment schedule are excluded by the caller.
      { re: L(String.raw`fällig am|Fälligkeit|zahlbar bis`), adjacent: true, w: 0.7 },
    ],
    patterns: [
      { re: P(`(?:bis\\s+(?:zum|spätestens)|spätestens\\s+am|fällig\\s+am|fälligkeit:?)\\s+${D}`), w: 0.95 },
      // A sentence that asks for payment by a date: "… ist bis 12.03.2024 zu überweisen".
      {
        re: P(
          `(?:zahl|überweis|entricht|begleich|leist|fällig)[^.\\d]{0,60}?(?:bis\\s+(?:zum\\s+|spätestens\\s+)?|spätestens\\s+(?:am\\s+|bis\\s+(?:zum\\s+)?)?|zum\\s+|am\\s+)${D}`,
        ),
        w: 0.85,
      },
      {
        re: P(
          `(?:bis\\s+(?:zum\\s+|spätestens\\s+)?|spätestens\\s+(?:am\\s+|bis\\s+(?:zum\\s+)?)?)${D}[^.\\d]{0,40}?(?:zu\\s+)?(?:zahlen|überweisen|entrichten|begleichen|leisten|gutgeschrieben|eingehen|fällig)`,
        ),
        w: 0.85,
      },
      // A refund's due date: the day it is paid out ("Der Betrag wird Ihnen am 02.04.2024 auf Ihr
      // Konto überwiesen", "… werden zum … erstattet").
      {
        re: P(
          `(?:wird|werden)\\s+(?:\\p{L}+\\s+){0,3}?(?:am|zum|bis\\s+zum)\\s+${D}[^.\\d]{0,50}?(?:überwiesen|erstattet|ausgezahlt|ausbezahlt|gutgeschrieben|zurückgezahlt)`,
        ),
        w: 0.9,
      },
      // The date a due clause names in apposition: "… einen Monat nach Bekanntgabe fällig, das
      // ist der 12.04.2024", "fällig einen Monat nach Bekanntgabe (12.04.2024)", "zahlbar … also
      // am …". Not a date the amount has been due since ("fällig seit", a reminder's original date).
      {
        re: P(
          `(?:fällig(?!\\s+seit)|zahlbar|zu\\s+(?:zahlen|entrichten|überweisen)|zur\\s+zahlung)[^.\\d]{0,70}?(?:,?\\s*(?:das\\s+ist|d\\.\\s?h\\.|also|somit|mithin)(?:\\s+(?:der|am|bis\\s+zum|zum))?\\s+|\\(\\s*(?:bis\\s+)?(?:zum\\s+|am\\s+)?)${D}`,
        ),
        w: 0.9,
      },
    ],
  },
  zinsen: {
    kind: 'money',
    labels: [
      {
        re: L(
          'festgesetzte Zinsen|Nachzahlungszinsen|Erstattungszinsen|(?<!der )Zinsen(?! (?:ab|bis|vom|zur|nach|für))|Zinsbetrag|Höhe der Zinsen|Zinsen nach § 233a AO',
        ),
        near: 60,
      },
    ],
    patterns: [
      { re: P(`zinsen[^.]{0,50}?in\\s+höhe\\s+von\\s+${M}`), w: 1.05 },
      // The result of the computation "12.300,00 € x 17 Monate x 0,15 % = 313,00 €".
      { re: P(`monat[^=\\n]{0,40}?(?:%|v\\.\\s?H\\.|prozent)\\s*=\\s*${M}`), w: 1.05 },
      // "Zinsen werden festgesetzt auf 313,00 €", "… werden 313,00 € festgesetzt".
      { re: P(`zinsen\\s+(?:werden\\s+)?(?:festgesetzt\\s+)?(?:auf|von)\\s+${M}`), w: 1 },
      { re: P(`(?:zins|monat)(?:[^.]|${ABBREVIATION_DOT}){0,80}?werden\\s+${M}\\s+festgesetzt`), w: 1 },
    ],
  },
  zinsen_von: {
    kind: 'date',
    labels: [
      {
        re: L(
          'Zinslauf (?:vom|von)|Beginn des Zinslaufs|(?:Zinslauf|Verzinsung|Zinsberechnung|Zinszeitraum)\\s(?:Beginn|Anfang)|Zinsen ab|Zinsbeginn|Zinslauf ab|Beginn der Verzinsung|Verzinsung ab|Zinsberechnung ab|verzinst ab|Zinslaufbeginn|Zinslauf beginnt(?: am)?|Verzinsung (?:vom|beginnt(?: am)?)|Zinsberechnung vom|Zeitraum von',
        ),
        adjacent: true,
      },
      // Header cells of a period: a cell "von"/"vom"/"Beginn" next to a cell "bis"/"Ende" (interest table).
      {
        re: /(?<=(?:^|[\n\t]|zeitraum |zinslauf ))(?:vo[nm]|beginn)(?=\t(?:zeitraum )?(?:bis|ende)(?:[\t\n]|$))/iu,
        adjacent: true,
        w: 0.9,
      },
      // A range under one label ("Zinszeitraum: 01.04.2022 – 18.07.2024"): its first date.
      {
        re: L('Zinslauf|Zinszeitraum|Verzinsungszeitraum|Zinsberechnungszeitraum|Zeitraum der Verzinsung'),
        adjacent: true,
        w: 0.9,
      },
    ],
    patterns: [
      { re: P(`(?:für[\\s-]+die[\\s-]+zeit|zinslauf(?:es)?|${NOT_TAX_YEAR}zeitraum)\\s+vom\\s+${D}`), w: 1 },
      // "Der Zinslauf beginnt am Sonntag, 1. April 2018 …", "Die Verzinsung beginnt mit dem …".
      {
        re: P(
          `(?:zinslauf|verzinsung|zinsberechnung)\\s+(?:beginnt|begann)[^.\\d]{0,40}?(?:am|mit\\s+dem)\\s+${D}`,
        ),
        w: 0.95,
      },
      // "… ist ab dem 1. April 2023 zu verzinsen", "Verzinsung ab dem …".
      { re: P(`ab\\s+(?:dem\\s+)?${D}\\s+(?:zu\\s+)?verzins`), w: 0.95 },
      // A period near an interest word: "Zinslauf 01.04.2022 – 18.07.2024", "verzinst vom … bis …".
      {
        re: P(`(?:zins|verzins|${NOT_TAX_YEAR}zeitraum)${GAP}${D}\\s*(?:bis(?:\\s+zum)?|[-–—])\\s*\\d`),
        w: 0.9,
      },
    ],
  },
  zinsen_bis: {
    kind: 'date',
    labels: [
      {
        re: L(
          'Zinslauf bis|Ende des Zinslaufs|Zinsen bis|(?:Zinslauf|Verzinsung|Zinsberechnung|Zinszeitraum|Zinsen)\\s(?:Ende|bis)|Zinsende|Ende der Verzinsung|Verzinsung bis|Zinsberechnung bis|verzinst bis|Zinslaufende|Zinslauf endet(?: am)?|Verzinsung endet(?: am)?|Zeitraum bis',
        ),
        adjacent: true,
      },
      // Header cell "bis" right after a "von"/"vom"/"Zinsbeginn" cell (interest table:
      // "Zinslauf vom | bis | Betrag | Monate").
      { re: /(?<=(?:von|vom|beginn)\t)(?:bis|ende)(?=[\t\n]|$)/iu, adjacent: true, w: 0.9 },
    ],
    patterns: [
      // The sentence that ends the run: "Der Zinslauf beginnt am … und endet mit dem Tag der
      // Bekanntgabe dieses Bescheides am Donnerstag, 10. Dezember 2020" (a date's own points and
      // an abbreviation's do not end the sentence; each point matches one alternative only).
      {
        re: P(
          `(?:zinslauf|verzinsung|zinsberechnung)(?:[^.]|(?<=\\d)\\.|(?<!\\d)(?:${ABBREVIATION_DOT})){0,120}?(?<![\\p{L}])end(?:et|ete)(?![\\p{L}])[^.\\d]{0,80}?(?:am|zum|mit\\s+(?:dem|ablauf\\s+des))\\s+${D}`,
        ),
        w: 1,
      },
      {
        re: P(
          `(?:für[\\s-]+die[\\s-]+zeit|zinslauf(?:es)?|${NOT_TAX_YEAR}zeitraum)\\s+vom\\s+${D0}\\s+bis\\s+(?:zum\\s+)?${D}`,
        ),
        w: 1,
      },
      {
        re: P(`(?:zins|verzins|${NOT_TAX_YEAR}zeitraum)${GAP}${D0}\\s*(?:bis(?:\\s+zum)?|[-–—])\\s*${D}`),
        w: 0.9,
      },
    ],
  },
  rueckstand: {
    kind: 'money',
    labels: [
      {
        re: L(
          String.raw`(?:Gewerbe)?(?:steuer)?-?Rückst(?:and|ände)|Rückstand|Rückstände|rückständige[rns]? (?:Betrag|Beträge|Gewerbesteuer|Steuer|Forderung)|offene[rns]? (?:Betrag|Forderung|Steuerbetrag)|noch offene[rns]? Betrag|Hauptforderung|Restschuld|ausstehende[rns]? Betrag|Forderungsbetrag|Steuerforderung`,
        ),
        near: 60,
      },
    ],
  },
  saeumniszuschlag: {
    kind: 'money',
    labels: [
      {
        re: L(
          String.raw`Säumniszuschl(?:äge|ag|\.)|Säumnis-?\s?zuschl(?:äge|ag)|Zuschlag nach § 240 AO|Säumniszuschlagsbetrag`,
        ),
        near: 60,
      },
    ],
  },
  gewerbeertrag: {
    kind: 'money',
    // Not the "Messbetrag nach dem Gewerbeertrag": the word must not follow "nach dem".
    labels: [{ re: L('(?<!nach dem )(?:maßgebender )?Gewerbeertrag'), near: 60 }],
  },
  freibetrag: {
    kind: 'money',
    labels: [
      {
        re: L(
          String.raw`Freibetrag(?:es)?(?: (?:nach|gem\.|gemäß|lt\.) § 11(?: Abs\. 1)?(?: Satz 3)?(?: Nr\. \d)? GewStG| \(§ 11(?: Abs\. 1)? GewStG\))?`,
        ),
        near: 60,
      },
    ],
  },
};
