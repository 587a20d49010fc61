/**
 * BLIND pools. Written once, before the engine work of issue 9, and not tuned to afterwards:
 * notices drawn from these are only ever measured in aggregate (bench/notices/run.ts prints
 * no file names, values or per-file errors of this part). Do not open generated blind files
 * while developing the engine, and do not edit these pools to suit the engine.
 * At least a third of every pool, and whole layout families, are here only.
 */
import type { Family, Pools } from './pools.js';

const base = { belehrungPage2: false, printsAgs: false, iban: 'grouped' as const };

export const BLIND_FAMILIES: Family[] = [
  {
    ...base,
    id: 'F11-berechnung',
    font: 'Helvetica',
    size: 9,
    letterhead: 'right',
    kv: 'tabbed',
    amounts: 'berechnung',
    vz: 'matrix',
  },
  {
    ...base,
    id: 'F12-abrechnung-quer',
    font: 'Times',
    size: 10,
    letterhead: 'banner',
    kv: 'ruled',
    amounts: 'festsetzung-abrechnung',
    vz: 'matrix',
    longText: true,
    belehrungPage2: true,
  },
  {
    ...base,
    id: 'F13-kv-block',
    font: 'Helvetica',
    size: 10,
    letterhead: 'left',
    kv: 'colon',
    amounts: 'kv',
    vz: 'bisher-neu',
    printsAgs: true,
    iban: 'plain',
  },
  {
    ...base,
    id: 'F14-zweispaltig-text',
    font: 'Helvetica',
    size: 9,
    letterhead: 'center',
    kv: 'twocol',
    amounts: 'text',
    vz: 'text',
  },
  {
    ...base,
    id: 'F15-grossrechner-zeilen',
    font: 'Courier',
    size: 9,
    letterhead: 'left',
    kv: 'dotted',
    amounts: 'zeilen',
    vz: 'rows',
    caps: true,
    longText: true,
    iban: 'plain',
  },
];

export const BLIND_POOLS: Pools = {
  part: 'blind',
  families: BLIND_FAMILIES,
  issuers: [
    (k, n) => `${k.toUpperCase()} ${n.toUpperCase()}`,
    (_k, n) => `${n}`,
    (k, n) => `${k === 'Gemeinde' ? 'Gemeinde' : 'Stadt'} ${n} - Der Oberbürgermeister`,
  ],
  departments: [
    'Steuerabteilung',
    'Amt für Finanzen und Steuern',
    'Steuer- und Kassenamt',
    'Finanzverwaltung',
  ],
  faIssuers: [(c) => `FINANZAMT ${c.toUpperCase()}`],
  faDepartments: ['Bewertungs- und Gewerbesteuerstelle', 'Arbeitsbereich Gewerbesteuer'],
  labels: {
    kassenzeichen: ['Kassen-Nr.', 'Personenkonto-Nr.', 'Kassenzeichen (bei Zahlung angeben)'],
    steuernummer: ['Steuer-Nummer', 'StNr.'],
    ags: ['Gemeindekennziffer', 'Gemeindekennzahl'],
    datum: ['Ausfertigungsdatum', 'Erstellt am'],
    messbetrag: ['Meßbetrag', 'festgesetzter Steuermessbetrag', 'Gewerbesteuer-Messbetrag'],
    zerlegungsanteil: ['auf die Gemeinde entfallender Anteil', 'Zerlegungsanteil der Gemeinde'],
    hebesatz: ['Hebesatz in %', 'maßgebender Hebesatz'],
    steuer: ['Gewerbesteuer-Jahresbetrag', 'festzusetzende Gewerbesteuer', 'Steuerbetrag'],
    bisher: ['bisher festgesetzte Gewerbesteuer', 'Soll bisher'],
    unterschied: ['Abrechnungsbetrag', 'Mehr-/Minderbetrag'],
    nachzahlung: ['noch zu zahlen', 'Restbetrag zu Ihren Lasten'],
    erstattung: ['zu erstatten', 'Betrag zu Ihren Gunsten'],
    entrichtet: ['davon bereits getilgt', 'abzüglich geleisteter Zahlungen'],
    faellig: ['Zahlungstermin', 'zu zahlen bis'],
    zinsen: ['Zinsbetrag', 'Zinsen nach § 233a AO'],
    zinsVon: ['Zinsberechnung ab', 'Verzinsung vom'],
    zinsBis: ['Zinsberechnung bis', 'Verzinsung bis'],
    zinsBasis: ['Bemessungsgrundlage der Zinsen', 'abgerundeter Unterschiedsbetrag'],
    zinsMonate: ['Zinsmonate'],
    gewerbeertrag: ['Gewerbeertrag vor Freibetrag', 'Summe Gewerbeertrag'],
    abgerundet: ['Gewerbeertrag abgerundet auf volle hundert Euro'],
    freibetrag: ['Freibetrag gem. § 11 Abs. 1 Satz 3 Nr. 1 GewStG', 'abzgl. Freibetrag'],
    verbleibend: ['Gewerbeertrag nach Freibetrag'],
    messzahl: ['x Steuermeßzahl'],
    rueckstand: ['Hauptforderung', 'Forderungsbetrag'],
    saeumnis: ['Säumniszuschl.', 'Säumniszuschläge (§ 240 AO)'],
    mahngebuehr: ['Mahnkosten'],
    iban: ['IBAN:', 'IBAN-Nr.'],
    bic: ['BIC:', 'BIC-Code'],
    bank: ['Geldinstitut'],
    bankHeading: ['Zahlungen bitte an', 'Unsere Konten'],
    vzHeading: ['Vorauszahlungsraten', 'Künftige Vorauszahlungen'],
    quartal: ['Rate'],
    betrag: ['EUR'],
    faelligkeitCol: ['Termin', 'zahlbar am'],
    jahresbetrag: ['Jahres-Vorauszahlung'],
    gemeindeCol: ['Gemeinde / Stadt'],
    agsCol: ['Gemeindekennziffer'],
    lohnCol: ['Zerlegungsmaßstab (Arbeitslöhne)'],
    anteilCol: ['Anteil in EUR'],
    zinsHeading: ['Verzinsung'],
    belehrungHeading: ['Rechtsbehelf'],
  },
  titles: {
    gewst_bescheid: [
      (ez) => `GEWERBESTEUER ${ez} - BESCHEID`,
      (ez) => `Festsetzung und Abrechnung der Gewerbesteuer für ${ez}`,
      (ez) => `Bescheid über Gewerbesteuer ${ez} (geänderte Festsetzung)`,
    ],
    vorauszahlungsbescheid: [
      (ez) => `Neufestsetzung der Gewerbesteuer-Vorauszahlungen ab ${ez}`,
      (ez) => `Anpassung der Vorauszahlungen (Gewerbesteuer) ab dem Jahr ${ez}`,
    ],
    zinsbescheid: [
      (ez) => `Festsetzung von Zinsen zur Gewerbesteuer ${ez}`,
      (ez) => `Zinsen zur Gewerbesteuer ${ez} - Bescheid`,
    ],
    messbescheid: [
      (ez) => `Bescheid über den Gewerbesteuermessbetrag ${ez} und über die Festsetzung`,
      (ez) => `Gewerbesteuer-Messbescheid für ${ez}`,
    ],
    zerlegungsbescheid: [
      (ez) => `Zerlegung des Steuermessbetrags für ${ez}`,
      (ez) => `Bescheid für ${ez} über die Zerlegung des Gewerbesteuermessbetrags`,
    ],
    mahnung: [
      () => 'Zahlungsaufforderung - 1. Mahnstufe',
      (ez) => `Letzte Zahlungserinnerung Gewerbesteuer ${ez}`,
    ],
    sonstiges: [
      (ez) => `Rückfrage zu Ihrer Steuererklärung ${ez}`,
      () => 'Neue Öffnungszeiten der Stadtkasse',
      (ez) => `Bestätigung Ihres Antrags auf Stundung (${ez})`,
    ],
  },
  sentences: {
    intro: {
      gewst_bescheid: [
        (c) =>
          `Auf Grundlage des Messbescheids des Finanzamts ${c.fa} ergibt sich für ${c.ez} folgende Festsetzung und Abrechnung:`,
        (c) =>
          `Die Gewerbesteuer ${c.ez} wird hiermit unter Anrechnung der bisherigen Festsetzung neu festgesetzt.`,
      ],
      vorauszahlungsbescheid: [
        (c) =>
          `Aufgrund der Mitteilung des Finanzamts ${c.fa} über den Messbetrag für Zwecke der Vorauszahlungen passen wir Ihre Vorauszahlungen ab ${c.ez} an.`,
      ],
      zinsbescheid: [
        (c) =>
          `Die Steuerfestsetzung für ${c.ez} hat zu einem Unterschiedsbetrag geführt, der zu verzinsen ist.`,
      ],
      messbescheid: [
        (c) =>
          `Für den Erhebungszeitraum ${c.ez} wird der Steuermessbetrag wie folgt berechnet und festgesetzt. Er wird der Gemeinde ${c.n.gemeinde.name} mitgeteilt.`,
      ],
      zerlegungsbescheid: [
        (c) =>
          `Der für ${c.ez} festgesetzte Steuermessbetrag ist auf mehrere hebeberechtigte Gemeinden aufzuteilen. Maßstab sind die Arbeitslöhne.`,
      ],
      mahnung: [
        (c) =>
          `Leider konnten wir bis heute keinen Zahlungseingang für die Gewerbesteuer ${c.ez} feststellen. Offen sind:`,
      ],
    },
    gewstText: [
      (c) => {
        const diff = c.n.tax - c.n.bisher;
        return `Ausgehend von einem ${c.n.zerlegt ? 'auf unsere Gemeinde entfallenden Zerlegungsanteil' : 'Messbetrag'} in Höhe von ${c.m(c.n.mb * 100)} und dem Hebesatz unserer ${c.kind === 'Gemeinde' ? 'Gemeinde' : 'Stadt'} von ${c.p(c.n.hebesatz)} beträgt die Gewerbesteuer ${c.ez} ${c.m(c.n.tax)}. Bisher festgesetzt waren ${c.m(c.n.bisher)}, so dass ${diff >= 0 ? `noch ${c.m(diff)} zu zahlen sind` : `Ihnen ${c.m(-diff)} erstattet werden`}.`;
      },
    ],
    due: [
      (c) => `Bitte überweisen Sie den Betrag bis spätestens ${c.d(c.n.faellig)}.`,
      (c) => `Zahlungstermin für den Restbetrag: ${c.d(c.n.faellig)}`,
    ],
    refund: [
      () => 'Das Guthaben wird Ihnen in den nächsten Tagen erstattet, soweit keine Rückstände bestehen.',
    ],
    vzText: [
      (c) =>
        `Ab ${c.n.vzYear} sind vierteljährlich ${c.m(c.n.vz[0]?.betrag ?? 0)} zu zahlen, und zwar am ${c.n.vz.map((q) => c.d(q.faellig_am)).join(', ')}.`,
    ],
    noVz: [() => 'Eine Festsetzung von Vorauszahlungen entfällt.'],
    zinsText: [
      (c) =>
        `Für den Zeitraum ${c.d(c.n.zinsen!.von)} bis ${c.d(c.n.zinsen!.bis)} ergeben sich aus ${c.m(c.n.zinsen!.basis)} bei ${c.n.zinsen!.monate} vollen Monaten Zinsen von ${c.m(c.n.zinsen!.betrag)}.`,
    ],
    zinsDue: [(c) => `Die Zinsen werden am ${c.d(c.n.faellig)} fällig.`],
    mahnText: [
      (c) =>
        `Wir fordern Sie auf, den offenen Gesamtbetrag in Höhe von ${c.m(c.n.rueckstand + c.n.saeumnis + c.n.mahngebuehr)} spätestens am ${c.d(c.n.faellig)} zu überweisen. Danach leiten wir ohne weitere Ankündigung die Zwangsvollstreckung ein.`,
    ],
    sonstigesBody: [
      (c) =>
        `Sehr geehrte Damen und Herren, zu Ihrer Erklärung für ${c.ez} haben wir noch Fragen. Bitte rufen Sie uns an. Mit freundlichen Grüßen`,
    ],
    legal: {
      gewst_bescheid: [() => 'Die Festsetzung beruht auf § 16 GewStG und der Haushaltssatzung.'],
      vorauszahlungsbescheid: [() => 'Rechtsgrundlage: § 19 Abs. 3 GewStG.'],
      zinsbescheid: [() => 'Die Verzinsung erfolgt nach §§ 233a, 238, 239 AO.'],
      messbescheid: [() => 'Rechtsgrundlage: §§ 11, 14 GewStG, § 184 AO.'],
      zerlegungsbescheid: [() => 'Rechtsgrundlagen: § 188 AO, §§ 28 ff. GewStG.'],
      mahnung: [() => 'Die Säumniszuschläge entstehen kraft Gesetzes (§ 240 AO).'],
    },
    belehrung: [
      (c) =>
        `Sie können gegen diesen Bescheid binnen eines Monats ${c.n.type === 'messbescheid' || c.n.type === 'zerlegungsbescheid' ? 'Einspruch einlegen' : 'Widerspruch erheben'}. Die Frist beginnt mit der Bekanntgabe.`,
    ],
    paymentNote: [() => 'Zahlungen ohne Kassenzeichen können nicht zugeordnet werden.'],
  },
  money: [
    { unit: 'EUR', before: true, thousands: '.', minus: 'lead' },
    { unit: '', thousands: '', minus: 'lead' },
  ],
  dates: ['long-abbr', 'd. mm. yyyy'],
  pcts: ['v.H.', 'Prozent'],
};
