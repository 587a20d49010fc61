/**
 * Third blind part (`blind3`), written by an independent author who did not read the engine
 * (packages/extraction) or the other pools (pools-dev.ts, pools-blind.ts, pools-blind2.ts).
 * It has its own layout families and its own letter builder: letterheads, labels, titles,
 * sentences, tables and formats below are used by this part only. The figures and the truth
 * come from the shared machinery (notice.ts: makeNotice, truth). Measured in aggregate only.
 * Frozen since the commit that added it: do not edit (a change would change the blind3 corpus).
 */
import type { Block, Letter } from './content-blocks.js';
import type { NoticeData, NoticeType } from './notice.js';
import type { Layout } from './layouts.js';

type R = () => number;
const one = <T>(r: R, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const two = (n: number) => String(n).padStart(2, '0');

/** A layout family of blind3: the renderer's settings and how this vendor sets out a notice. */
export interface Blind3Family extends Pick<Layout, 'font' | 'size' | 'letterhead' | 'kv'> {
  id: string;
  /** Prints the municipality key (AGS) in the info block and the Zerlegung table. */
  printsAgs: boolean;
  /** How the assessment figures are set out. */
  figures: 'soll-table' | 'pairs' | 'mainframe' | 'prose' | 'lettered' | 'konto' | 'sections';
  /** How the prepayments are set out. */
  vz: 'list' | 'sentence' | 'columns' | 'vj' | 'dotted' | 'prose' | 'kv';
  /** Amounts without unit (the header or label says "in EUR"). */
  bare?: boolean;
  /** Labels in capitals (host print). */
  upper?: boolean;
  /** "Ort, den …" line instead of a date in the info block. */
  placeDate?: boolean;
  /** Explanations first, the figures on page 2. */
  longFirst?: boolean;
}

export const BLIND3_FAMILIES: Blind3Family[] = [
  {
    id: 'F28',
    font: 'Helvetica',
    size: 9.5,
    letterhead: 'left',
    kv: 'ruled',
    printsAgs: false,
    figures: 'soll-table',
    vz: 'list',
  },
  {
    id: 'F29',
    font: 'Times',
    size: 10.5,
    letterhead: 'center',
    kv: 'twocol',
    printsAgs: true,
    figures: 'pairs',
    vz: 'sentence',
    placeDate: true,
  },
  {
    id: 'F30',
    font: 'Courier',
    size: 8.5,
    letterhead: 'left',
    kv: 'dotted',
    printsAgs: true,
    figures: 'mainframe',
    vz: 'dotted',
    upper: true,
    bare: true,
  },
  {
    id: 'F31',
    font: 'Helvetica',
    size: 10,
    letterhead: 'right',
    kv: 'colon',
    printsAgs: false,
    figures: 'prose',
    vz: 'prose',
    placeDate: true,
  },
  {
    id: 'F32',
    font: 'Helvetica',
    size: 9,
    letterhead: 'banner',
    kv: 'stacked',
    printsAgs: false,
    figures: 'lettered',
    vz: 'columns',
    longFirst: true,
  },
  {
    id: 'F33',
    font: 'Times',
    size: 10,
    letterhead: 'right',
    kv: 'tabbed',
    printsAgs: false,
    figures: 'konto',
    vz: 'vj',
    bare: true,
  },
  {
    id: 'F34',
    font: 'Helvetica',
    size: 9.5,
    letterhead: 'center',
    kv: 'tabbed',
    printsAgs: true,
    figures: 'sections',
    vz: 'kv',
    longFirst: true,
  },
];

// ---------------------------------------------------------------- formats

const MONATE = 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(
  ' ',
);
const TAGE = 'Sonntag Montag Dienstag Mittwoch Donnerstag Freitag Samstag'.split(' ');

interface Fmt {
  money: (cents: number) => string;
  date: (iso: string) => string;
  /** Dates inside running text (may name the weekday). */
  dateText: (iso: string) => string;
  pct: (n: number) => string;
}

const grouped = (cents: number) => {
  const a = Math.abs(cents);
  return `${String(Math.floor(a / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${two(a % 100)}`;
};
const MONEY: ((cents: number) => string)[] = [
  (c) => `${c < 0 ? '-' : ''}${grouped(c)} €`,
  (c) => `EUR ${c < 0 ? '-' : ''}${grouped(c)}`,
  (c) => `${grouped(c)}${c < 0 ? '-' : ''} EURO`,
  (c) => `€ ${c < 0 ? '- ' : ''}${grouped(c)}`,
  (c) => `${c < 0 ? '-' : ''}${grouped(c)} Euro`,
];
const BARE: ((cents: number) => string)[] = [
  (c) => `${grouped(c)}${c < 0 ? '-' : ''}`,
  (c) => `${c < 0 ? '-' : ''}${grouped(c)}`,
];
const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];
const DATES: ((iso: string) => string)[] = [
  (iso) => {
    const [y, m, d] = parts(iso);
    return `${two(d)}.${two(m)}.${y}`;
  },
  (iso) => {
    const [y, m, d] = parts(iso);
    return `${d}. ${MONATE[m - 1]} ${y}`;
  },
  (iso) => {
    const [y, m, d] = parts(iso);
    return `${d}.${m}.${y}`;
  },
];
const weekday = (iso: string) => TAGE[new Date(`${iso}T12:00:00Z`).getUTCDay()];
const PCTS: ((n: number) => string)[] = [
  (n) => `${n} v.H.`,
  (n) => `${n} %`,
  (n) => `${n} vH`,
  (n) => `${n} v. H.`,
];

function drawFmt(r: R, fam: Blind3Family): Fmt {
  const money = one(r, fam.bare ? BARE : MONEY);
  const date = fam.id === 'F30' ? DATES[0]! : one(r, DATES);
  const longText = r() < 0.4;
  return {
    money,
    date,
    dateText: (iso) => (longText ? `${weekday(iso)}, ${DATES[0]!(iso)}` : date(iso)),
    pct: one(r, PCTS),
  };
}

// ---------------------------------------------------------------- vocabulary

/** Label phrasings of this part; one is drawn per notice and label. */
const VOC = {
  kz: [
    'Kassenzeichen',
    'Kassenz.',
    'Buchungszeichen',
    'Vertragskonto',
    'Zahlungsreferenz',
    'Objekt-/Kassenzeichen',
  ],
  stnr: ['Steuernummer', 'St.-Nr.', 'Steuer-Nr. (Finanzamt)', 'Steuernummer lt. Finanzamt'],
  ags: ['Gemeindekennziffer', 'Amtl. Gemeindeschlüssel', 'Gem.-Kennz.'],
  datum: ['Datum', 'Bescheiddatum', 'Tag der Ausfertigung', 'Ausgefertigt am', 'Erstellt am'],
  mb: [
    'Steuermessbetrag lt. Mitteilung des Finanzamts',
    'Gewerbesteuermessbetrag',
    'Messbetrag (§ 14 GewStG)',
    'festgesetzter Messbetrag',
    'Messbetrag nach dem Gewerbeertrag',
  ],
  anteil: [
    'auf die Gemeinde entfallender Zerlegungsanteil',
    'Anteil am einheitlichen Messbetrag',
    'Zerlegungsanteil lt. Finanzamt',
  ],
  hs: ['Hebesatz', 'Hebesatz der Gemeinde', 'Hebesatz lt. Haushaltssatzung', 'Hebesatz (v.H.)'],
  steuer: [
    'Gewerbesteuer',
    'festzusetzende Gewerbesteuer',
    'Gewerbesteuer neu',
    'Steuer lt. diesem Bescheid',
    'Jahresgewerbesteuer',
  ],
  bisher: [
    'bisher festgesetzt',
    'abzgl. bisheriger Festsetzung',
    'Soll bisher',
    'bereits veranlagt',
    'bisheriges Soll',
  ],
  diff: ['Zu-/Abgang', 'Differenz', 'Mehr-/Weniger', 'Veränderung'],
  nach: ['Nachforderung', 'Abschlusszahlung', 'nachzuzahlen', 'Zahllast'],
  erst: ['Erstattung', 'Guthaben', 'Überzahlung', 'zu erstatten'],
  jahr: [
    'Jahresbetrag der Vorauszahlungen',
    'Vorauszahlungen jährlich',
    'Jahres-Vorauszahlung',
    'Vorauszahlungssoll',
  ],
  vzHead: [
    'Vorauszahlungen',
    'Künftige Vorauszahlungen',
    'Fälligkeiten der Vorauszahlungen',
    'Neue Vorauszahlungen',
  ],
  zinsHead: ['Zinsen zur Gewerbesteuer', 'Verzinsung nach § 233a AO', 'Nachzahlungszinsen'],
  zins: ['Zinsen', 'festgesetzte Zinsen', 'Zinsbetrag', 'Nachzahlungszinsen'],
  zVon: ['Zinslauf vom', 'Beginn des Zinslaufs', 'verzinst ab', 'Zinsbeginn'],
  zBis: ['Zinslauf bis', 'Ende des Zinslaufs', 'verzinst bis', 'Zinsende'],
  zBasis: [
    'zu verzinsender Betrag',
    'Zinsberechnungsgrundlage',
    'Bemessungsgrundlage (abgerundet)',
    'Berechnungsbasis',
  ],
  zMon: ['Anzahl volle Monate', 'Zinsmonate', 'Monate', 'Dauer (Monate)'],
  rueck: ['rückständiger Betrag', 'offener Betrag', 'Hauptforderung', 'Rückstand Gewerbesteuer', 'unbezahlt'],
  sz: ['Säumniszuschläge (§ 240 AO)', 'Säumniszuschlag', 'SZ lt. § 240 AO', 'Säumniszuschläge bis heute'],
  geb: ['Mahngebühr', 'Mahnkosten', 'Gebühren', 'Mahngebühren'],
  bankHead: [
    'Bankverbindung der Stadtkasse',
    'Zahlungsempfänger und Konto',
    'Unsere Konten',
    'Bitte überweisen Sie auf',
  ],
  iban: ['IBAN', 'IBAN-Nr.', 'Konto (IBAN)'],
  bic: ['BIC', 'SWIFT-BIC', 'BIC-Code'],
  bank: ['Kreditinstitut', 'Geldinstitut', 'Bank'],
  beHead: ['Rechtsbehelfsbelehrung:', 'Rechtsbehelfsbelehrung', 'Ihre Rechte', 'Rechtsbehelf'],
  ge: [
    'Gewerbeertrag',
    'Gewerbeertrag (§ 10 GewStG)',
    'maßgebender Gewerbeertrag',
    'Gewerbeertrag vor Abrundung',
  ],
  fb: [
    'Freibetrag (§ 11 Abs. 1 GewStG)',
    'abzüglich Freibetrag',
    'Freibetrag nach § 11 GewStG',
    'Freibetrag',
  ],
};
type Voc = { [K in keyof typeof VOC]: string };

const TITLES: Record<NoticeType, ((ez: number, n: NoticeData) => string)[]> = {
  gewst_bescheid: [
    (ez) => `Bescheid über die Festsetzung der Gewerbesteuer für ${ez}`,
    (ez) => `Festsetzungsbescheid Gewerbesteuer – Erhebungsjahr ${ez}`,
    (ez, n) =>
      n.bisher > 0 ? `Änderungsbescheid über Gewerbesteuer ${ez}` : `Erstbescheid über Gewerbesteuer ${ez}`,
    (ez, n) =>
      n.zinsen
        ? `Bescheid über Gewerbesteuer ${ez} und Zinsen zur Gewerbesteuer`
        : `Gewerbesteuer ${ez} – Veranlagung`,
  ],
  vorauszahlungsbescheid: [
    (ez) => `Bescheid über Vorauszahlungen zur Gewerbesteuer ab ${ez}`,
    (ez) => `Festsetzung der Gewerbesteuer-Vorauszahlungen ${ez}`,
    (ez) => `Anpassung der Vorauszahlungen (§ 19 Abs. 3 GewStG) – Jahr ${ez}`,
    (ez) => `Gewerbesteuer: Vorauszahlungsbescheid für ${ez}`,
  ],
  zinsbescheid: [
    (ez) => `Festsetzung von Zinsen zur Gewerbesteuer ${ez} (§ 233a AO)`,
    (ez) => `Zinsbescheid – Nachzahlungszinsen Gewerbesteuer ${ez}`,
    (ez) => `Bescheid über Zinsen zur Gewerbesteuer für ${ez}`,
  ],
  messbescheid: [
    (ez) => `Bescheid für ${ez} über den Gewerbesteuermessbetrag`,
    (ez) => `Gewerbesteuermessbescheid ${ez}`,
    (ez) => `Festsetzung des Gewerbesteuermessbetrags für das Kalenderjahr ${ez}`,
  ],
  zerlegungsbescheid: [
    (ez) => `Bescheid für ${ez} über die Zerlegung des Gewerbesteuermessbetrags`,
    (ez) => `Zerlegungsbescheid Gewerbesteuer ${ez}`,
    (ez) => `Zerlegung des Steuermessbetrags nach §§ 28 ff. GewStG – ${ez}`,
  ],
  mahnung: [
    () => 'Mahnung',
    () => 'Zahlungserinnerung und Mahnung',
    (ez) => `1. Mahnung – Gewerbesteuer ${ez}`,
    () => 'Mahnung rückständiger Abgaben',
  ],
  sonstiges: [
    () => 'Bestätigung Ihres SEPA-Lastschriftmandats',
    () => 'Bescheinigung in Steuersachen',
    () => 'Anforderung von Unterlagen',
    () => 'Information zur Änderung der Bankverbindung',
  ],
};

/** Markt and Flecken are masculine: "des Marktes", "beim Markt". */
const masc = (k: string) => k === 'Markt' || k === 'Flecken';
const genitive = (k: string, n: string) =>
  masc(k) ? `des ${k}${k === 'Markt' ? 'es' : 's'} ${n}` : `der ${k} ${n}`;
const dative = (k: string, n: string) => (masc(k) ? `beim ${k} ${n}` : `bei der ${k} ${n}`);
const ISSUERS: ((kind: string, name: string) => string)[] = [
  (k, n) =>
    /stadt$/i.test(k)
      ? `Stadtverwaltung ${n}`
      : k === 'Gemeinde'
        ? `Gemeindeverwaltung ${n}`
        : `Verwaltung ${genitive(k, n)}`,
  (k, n) => `${k} ${n} – Der Magistrat`,
  (k, n) => `Der Bürgermeister ${genitive(k, n)}`,
  (k, n) => `${k} ${n} · Fachbereich Finanzen`,
  (k, n) => `Kommunalverwaltung ${k} ${n}`,
];
const DEPTS = [
  'Steueramt – Sachgebiet Gewerbesteuer',
  'Fachdienst Steuern und Abgaben',
  'Stadtkämmerei, Abteilung Steuern',
  'Amt für Finanzen und Liegenschaften',
  'Team Kommunale Abgaben',
];
const KASSE = ['Stadtkasse – Vollstreckung', 'Gemeindekasse', 'Kasse und Forderungsmanagement'];
const FA: ((city: string) => string)[] = [
  (c) => `Finanzamt ${c}`,
  (c) => `Steuerverwaltung – Finanzamt ${c}`,
  (c) => `Der Vorsteher des Finanzamts ${c}`,
];
const FA_DEPTS = [
  'Veranlagungsbezirk 07 – Körperschaften',
  'Arbeitsbereich Gewerbesteuer',
  'Bezirk 12 (Personengesellschaften)',
];
const CLERKS = ['Frau Albrecht', 'Herr Nowak', 'Frau Petersen', 'Herr Öztürk', 'Frau Lindner'];

// ---------------------------------------------------------------- builder

interface C {
  n: NoticeData;
  fam: Blind3Family;
  r: R;
  f: Fmt;
  v: Voc;
  m: (cents: number) => string;
  /** Money in running text. */
  mt: (cents: number) => string;
  up: (s: string) => string;
}

/** A notice of blind3 as a letter for render.ts. */
export function buildBlind3Letter(n: NoticeData, fam: Blind3Family, r: R): Letter {
  const f = drawFmt(r, fam);
  const up = (s: string) => (fam.upper ? s.toUpperCase() : s);
  const v = Object.fromEntries(Object.entries(VOC).map(([k, xs]) => [k, up(one(r, xs))])) as Voc;
  // Amounts in running text carry the unit even where tables print them bare.
  const money = fam.bare ? (x: number) => `${f.money(x)} EUR` : f.money;
  const c: C = { n, fam, r, f, v, m: f.money, mt: money, up };
  const g = n.gemeinde;
  const fa = n.type === 'messbescheid' || n.type === 'zerlegungsbescheid';
  const dept = n.type === 'mahnung' ? one(r, KASSE) : one(r, DEPTS);
  const issuer = fa ? [one(r, FA)(n.finanzamt), one(r, FA_DEPTS)] : [one(r, ISSUERS)(g.kind, g.name), dept];
  const sender = fa
    ? `${issuer[0]} | Postfach ${1000 + (n.mb % 9000)} | ${n.finanzamt}`
    : `${issuer[0]}, ${g.plz} ${g.name}`;
  const info: [string, string][] = [];
  if (!fa && n.type !== 'sonstiges') info.push([v.kz, n.kassenzeichen]);
  if (n.showSteuernummer && n.type !== 'sonstiges') info.push([v.stnr, n.steuernummer]);
  if (fam.printsAgs && !fa && n.type !== 'sonstiges') info.push([v.ags, g.ags]);
  info.push([up('Ansprechpartner'), one(r, CLERKS)]);
  info.push([up('Zimmer'), `${1 + (n.mb % 4)}.${two(n.ez % 40)}`]);
  if (!fam.placeDate) info.push([v.datum, f.date(n.datum)]);
  const blocks: Block[] = [];
  if (fam.placeDate) blocks.push({ k: 'para', text: `${fa ? n.finanzamt : g.name}, den ${f.date(n.datum)}` });
  // A letter that is no notice: its title and text are drawn together.
  const sk = (n.sonstigesKind + Math.floor(r() * 2)) % SONSTIGES.length;
  const title = n.type === 'sonstiges' ? TITLES.sonstiges[sk]! : one(r, TITLES[n.type]);
  blocks.push({ k: 'title', text: up(title(n.ez, n)) });
  blocks.push(...(n.type === 'sonstiges' ? sonstiges(c, sk) : body(c)));
  return {
    issuer,
    sender,
    recipient: [n.company, up('z. Hd. der Geschäftsführung'), n.street, `${g.plz} ${g.name}`],
    info,
    blocks,
  };
}

function body(c: C): Block[] {
  const { n, fam, r } = c;
  const out: Block[] = [];
  if (fam.longFirst) out.push(...explanations(c), { k: 'break' });
  switch (n.type) {
    case 'gewst_bescheid':
      out.push(...gewst(c));
      break;
    case 'vorauszahlungsbescheid':
      out.push(...vorauszahlung(c));
      break;
    case 'zinsbescheid':
      out.push(...zinsbescheid(c));
      break;
    case 'messbescheid':
      out.push(...messbescheid(c));
      break;
    case 'zerlegungsbescheid':
      out.push(...zerlegung(c));
      break;
    case 'mahnung':
      out.push(...mahnung(c));
      break;
  }
  if (n.type !== 'messbescheid' && n.type !== 'zerlegungsbescheid') out.push(...bank(c));
  if (r() < 0.5) out.push({ k: 'break' });
  out.push({ k: 'heading', text: c.v.beHead }, { k: 'para', text: belehrung(c) });
  out.push({ k: 'para', text: one(r, CLOSINGS) });
  return out;
}

const CLOSINGS = [
  'Mit freundlichen Grüßen – Ihre Steuerverwaltung',
  'Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.',
  'Im Auftrag',
];

function explanations(c: C): Block[] {
  const who =
    c.n.type === 'messbescheid' || c.n.type === 'zerlegungsbescheid' ? 'das Finanzamt' : 'die Gemeinde';
  return [
    { k: 'heading', text: c.up('Erläuterungen vorab') },
    {
      k: 'para',
      text: `Sehr geehrte Damen und Herren, mit diesem Schreiben erhalten Sie die Festsetzung, die ${who} auf der Grundlage der vorliegenden Erklärungen und Mitteilungen vorgenommen hat. Auf den folgenden Seiten finden Sie die Berechnung im Einzelnen. Sollten sich Ihre betrieblichen Verhältnisse geändert haben, etwa durch die Eröffnung oder Schließung einer Betriebsstätte, teilen Sie dies bitte mit, damit künftige Festsetzungen angepasst werden können.`,
    },
    {
      k: 'para',
      text: 'Bitte bewahren Sie diesen Bescheid zusammen mit Ihren Buchführungsunterlagen auf. Auskünfte erteilen wir Ihnen gern telefonisch oder per E-Mail; bei schriftlichen Anfragen geben Sie bitte stets das oben genannte Zeichen an. Zahlungen ohne dieses Zeichen können nicht oder nur verzögert zugeordnet werden.',
    },
    { k: 'space', h: 120 },
  ];
}

function belehrung(c: C): string {
  const fa = c.n.type === 'messbescheid' || c.n.type === 'zerlegungsbescheid';
  const where = fa ? `beim Finanzamt ${c.n.finanzamt}` : dative(c.n.gemeinde.kind, c.n.gemeinde.name);
  const texts = [
    `Gegen diesen Bescheid ist der Einspruch gegeben. Er ist ${where} schriftlich einzureichen, elektronisch zu übermitteln oder zur Niederschrift zu erklären. Die Frist für die Einlegung beträgt einen Monat; sie beginnt mit Ablauf des Tages, an dem Ihnen dieser Bescheid bekannt gegeben worden ist.`,
    `Rechtsbehelf: Einspruch (§ 347 AO), binnen eines Monats nach Bekanntgabe, ${where}. ${fa ? 'Ein Einspruch hemmt die Wirksamkeit des Bescheids nicht (§ 361 AO).' : 'Einwendungen gegen den Messbetrag sind nur gegen den Messbescheid des Finanzamts möglich (§ 351 Abs. 2 AO).'}`,
  ];
  // Municipal notices of some Länder (no pre-procedure abolished) name the Widerspruch.
  if (!fa)
    texts.push(
      `Sie können innerhalb eines Monats nach Bekanntgabe ${where} Widerspruch erheben. Die Einlegung eines Rechtsbehelfs hält die Zahlungspflicht nicht auf (§ 80 Abs. 2 Nr. 1 VwGO).`,
    );
  return one(c.r, texts);
}

function bank(c: C): Block[] {
  const { n, v } = c;
  const iban = c.fam.kv === 'dotted' ? n.iban : n.iban.replace(/(.{4})/g, '$1 ').trim();
  if (c.fam.figures === 'prose')
    return [
      {
        k: 'para',
        text: `Bitte überweisen Sie unter Angabe des ${v.kz}s ${n.kassenzeichen} auf das Konto bei der ${n.bank}, IBAN ${iban}, BIC ${n.bic}.`,
      },
    ];
  return [
    { k: 'heading', text: v.bankHead },
    {
      k: 'kv',
      rows: [
        [v.bank, n.bank],
        [v.iban, iban],
        [v.bic, n.bic],
      ],
    },
  ];
}

/** Key–value rows in the family's form (table for some families). */
function rows(c: C, rs: [string, string][], header?: [string, string]): Block {
  if (c.fam.figures === 'lettered')
    return {
      k: 'table',
      header: ['', header?.[0] ?? c.up('Berechnung'), header?.[1] ?? c.up('Betrag')],
      rows: rs.map(([k, val], i) => [String.fromCharCode(65 + i), k, val]),
      widths: [0.07, 0.63, 0.3],
      align: ['l', 'l', 'r'],
    };
  if (c.fam.figures === 'konto' || c.fam.figures === 'soll-table')
    return {
      k: 'table',
      header: [
        header?.[0] ?? c.up('Bezeichnung'),
        header?.[1] ?? (c.fam.bare ? 'Betrag in EUR' : c.up('Betrag')),
      ],
      rows: rs.map(([k, val]) => [k, val]),
      widths: [0.68, 0.32],
      align: ['l', 'r'],
    };
  return { k: 'kv', rows: rs };
}

function gewst(c: C): Block[] {
  const { n, v, m, r, f, up } = c;
  const diff = n.tax - n.bisher;
  const mbL = n.zerlegt ? v.anteil : v.mb;
  const signed = r() < 0.5;
  const diffL = signed ? v.diff : diff >= 0 ? v.nach : v.erst;
  const diffV = signed ? m(diff) : m(Math.abs(diff));
  const out: Block[] = [];
  out.push({
    k: 'para',
    text: one(r, [
      `Auf Grund des vom Finanzamt ${n.finanzamt} mitgeteilten Messbetrags wird die Gewerbesteuer für ${n.ez} wie folgt festgesetzt:`,
      `Für den Erhebungszeitraum ${n.ez} setze ich die Gewerbesteuer nach § 16 GewStG fest.`,
      'Sehr geehrte Damen und Herren, die Gewerbesteuer wird hiermit wie folgt veranlagt:',
    ]),
  });
  switch (c.fam.figures) {
    case 'soll-table':
      out.push(
        {
          k: 'kv',
          rows: [
            [mbL, m(n.mb * 100)],
            [v.hs, f.pct(n.hebesatz)],
          ],
        },
        {
          k: 'table',
          header: [up('Abgabeart'), up('Zeitraum'), up('Soll alt'), up('Soll neu'), up('Zu-/Abgang')],
          rows: [[up('Gewerbesteuer'), String(n.ez), m(n.bisher), m(n.tax), m(diff)]],
          widths: [0.24, 0.12, 0.21, 0.21, 0.22],
          align: ['l', 'l', 'r', 'r', 'r'],
        },
      );
      break;
    case 'pairs':
      out.push({
        k: 'kv',
        rows: [
          [up('Erhebungszeitraum'), String(n.ez)],
          [mbL, m(n.mb * 100)],
          [v.hs, f.pct(n.hebesatz)],
          [v.steuer, m(n.tax)],
          [v.bisher, m(n.bisher)],
          [diffL, diffV],
        ],
      });
      break;
    case 'mainframe':
      out.push({
        k: 'kv',
        rows: [
          [`${mbL} (EUR)`, m(n.mb * 100)],
          [v.hs, String(n.hebesatz)],
          [`${v.steuer} (EUR)`, m(n.tax)],
          [`${v.bisher} (EUR)`, m(n.bisher)],
          [`${up('Differenz')} (EUR)`, `${m(Math.abs(diff))}${diff < 0 ? ' H' : ' S'}`],
        ],
      });
      out.push({ k: 'para', text: up('S = Sollbetrag (zu zahlen), H = Habenbetrag (Guthaben)') });
      break;
    case 'prose':
      out.push({
        k: 'para',
        text: `Das Finanzamt hat ${n.zerlegt ? 'den auf unsere Gemeinde entfallenden Zerlegungsanteil' : 'den Steuermessbetrag'} auf ${c.mt(n.mb * 100)} festgesetzt. Mit dem Hebesatz von ${f.pct(n.hebesatz)} beträgt die Gewerbesteuer ${n.ez} somit ${c.mt(n.tax)}. ${n.bisher ? `Bisher waren ${c.mt(n.bisher)} festgesetzt.` : 'Bisher war für dieses Jahr keine Gewerbesteuer festgesetzt (0,00).'} ${diff >= 0 ? `Es ergibt sich eine Nachforderung von ${c.mt(diff)}.` : `Der Unterschiedsbetrag von ${c.mt(-diff)} wird Ihnen erstattet.`}`,
      });
      break;
    case 'lettered':
      out.push(
        rows(c, [
          [mbL, m(n.mb * 100)],
          [`${v.hs} (in %)`, String(n.hebesatz)],
          [`${v.steuer} (A x B / 100)`, m(n.tax)],
          [v.bisher, m(n.bisher)],
          [`${diffL} (C - D)`, signed ? m(diff) : diffV],
        ]),
      );
      break;
    case 'konto':
      out.push(
        {
          k: 'kv',
          rows: [
            [mbL, m(n.mb * 100)],
            [v.hs, f.pct(n.hebesatz)],
          ],
        },
        {
          k: 'table',
          header: [up('Buchungstext'), up('Soll'), up('Haben'), up('Saldo')],
          rows: [
            [`${up('Gewerbesteuer')} ${n.ez} ${up('lt. Bescheid')}`, m(n.tax), '', m(n.tax)],
            [`${v.bisher} ${n.ez}`, '', m(n.bisher), m(diff)],
          ],
          widths: [0.46, 0.18, 0.18, 0.18],
          align: ['l', 'r', 'r', 'r'],
        },
        { k: 'kv', rows: [[diffL, diffV]] },
      );
      break;
    default:
      out.push(
        { k: 'heading', text: up('I. Festsetzung') },
        {
          k: 'kv',
          rows: [
            [mbL, m(n.mb * 100)],
            [v.hs, f.pct(n.hebesatz)],
            [v.steuer, m(n.tax)],
          ],
        },
        { k: 'heading', text: up('II. Abrechnung') },
        {
          k: 'kv',
          rows: [
            [v.steuer, m(n.tax)],
            [v.bisher, m(n.bisher)],
            [diffL, diffV],
          ],
        },
      );
  }
  out.push({
    k: 'para',
    text:
      diff > 0
        ? one(r, [
            `Der Betrag von ${c.mt(diff)} ist bis zum ${f.dateText(n.faellig)} zu entrichten.`,
            `Fälligkeit der Nachforderung: ${f.date(n.faellig)}.`,
            `Bitte zahlen Sie ${c.mt(diff)} spätestens am ${f.dateText(n.faellig)}.`,
          ])
        : diff < 0
          ? one(r, [
              'Der Erstattungsbetrag wird auf Ihr bekanntes Konto überwiesen, soweit keine Verrechnung erfolgt.',
              'Das Guthaben wird mit offenen Forderungen verrechnet oder Ihnen erstattet.',
            ])
          : 'Es ergibt sich keine Zahlung.',
  });
  if (n.zinsen) out.push({ k: 'heading', text: v.zinsHead }, ...zinsen(c));
  out.push(...vzBlock(c));
  return out;
}

function zinsen(c: C): Block[] {
  const { n, v, m, f, r } = c;
  const z = n.zinsen!;
  const form =
    c.fam.figures === 'prose' || c.fam.figures === 'pairs'
      ? one(r, ['text', 'rows'])
      : one(r, ['rows', 'table']);
  if (form === 'text')
    return [
      {
        k: 'para',
        text: one(r, [
          `Die Nachzahlung ist nach § 233a AO zu verzinsen. Der Zinslauf beginnt am ${f.date(z.von)} und endet am ${f.date(z.bis)}. Für ${z.monate} volle Monate zu 0,15 % aus ${c.mt(z.basis)} betragen die Zinsen ${c.mt(z.betrag)}.`,
          `Zinsen nach § 233a AO: ${c.mt(z.basis)} x 0,15 % x ${z.monate} Monate (${f.date(z.von)} – ${f.date(z.bis)}) = ${c.mt(z.betrag)}.`,
        ]),
      },
    ];
  if (form === 'table')
    return [
      {
        k: 'table',
        header: [v.zBasis, c.up('von'), c.up('bis'), v.zMon, c.up('Zinssatz'), v.zins],
        rows: [[m(z.basis), f.date(z.von), f.date(z.bis), String(z.monate), '0,15 %', m(z.betrag)]],
        widths: [0.2, 0.15, 0.15, 0.13, 0.14, 0.23],
        align: ['r', 'l', 'l', 'r', 'r', 'r'],
      },
    ];
  return [
    rows(c, [
      [v.zBasis, m(z.basis)],
      [v.zVon, f.date(z.von)],
      [v.zBis, f.date(z.bis)],
      [v.zMon, String(z.monate)],
      [c.up('Zinssatz je vollen Monat'), '0,15 %'],
      [v.zins, m(z.betrag)],
    ]),
  ];
}

const VJ = ['I', 'II', 'III', 'IV'];

function vzBlock(c: C): Block[] {
  const { n, v, m, f, r, up } = c;
  if (!n.vz.length)
    return [
      {
        k: 'para',
        text: 'Vorauszahlungen werden künftig nicht erhoben, da der Jahresbetrag unter 200 Euro liegt.',
      },
    ];
  const head: Block = { k: 'heading', text: `${v.vzHead} ${n.vzYear}` };
  const q = n.vz[0]!.betrag;
  switch (c.fam.vz) {
    case 'prose': {
      const dates = n.vz.map((x) => `${f.date(x.faellig_am)} (${x.quartal}. Quartal)`);
      return [
        head,
        {
          k: 'para',
          text: `Die Vorauszahlungen werden auf jährlich ${c.mt(4 * q)} festgesetzt. ${n.vz.length < 4 ? 'Im laufenden Jahr sind' : 'Es sind'} noch folgende Teilbeträge von je ${c.mt(q)} zu leisten: ${dates.join('; ')}.`,
        },
      ];
    }
    case 'sentence': {
      const dates = n.vz.map((x) => f.date(x.faellig_am));
      const list =
        dates.length > 1 ? `${dates.slice(0, -1).join(', ')} und ${dates[dates.length - 1]}` : dates[0];
      return [
        head,
        {
          k: 'para',
          text: one(r, [
            `Die Vorauszahlungen für ${n.vzYear} betragen vierteljährlich je ${c.mt(q)} und sind am ${list} fällig.`,
            `Ab dem ${f.date(n.vz[0]!.faellig_am)} sind vierteljährlich ${c.mt(q)} zu zahlen, jeweils am ${list}.`,
          ]),
        },
      ];
    }
    case 'columns':
      return [
        head,
        {
          k: 'table',
          header: [up('Fällig am'), ...n.vz.map((x) => f.date(x.faellig_am))],
          rows: [[up('Betrag'), ...n.vz.map((x) => m(x.betrag))]],
          widths: [0.2, ...n.vz.map(() => 0.8 / n.vz.length)],
          align: ['l', ...n.vz.map(() => 'r' as const)],
        },
      ];
    case 'vj':
      return [
        head,
        {
          k: 'table',
          header: [up('Abgabe'), up('Zeitraum'), up('fällig'), c.fam.bare ? 'EUR' : up('Betrag')],
          rows: n.vz.map((x) => [
            up('GewSt-Vorauszahlung'),
            `${VJ[x.quartal - 1]}. Vj. ${x.jahr}`,
            f.date(x.faellig_am),
            m(x.betrag),
          ]),
          widths: [0.34, 0.2, 0.2, 0.26],
          align: ['l', 'l', 'l', 'r'],
        },
      ];
    case 'dotted':
      return [
        head,
        { k: 'kv', rows: n.vz.map((x) => [`${up('Faellig zum')} ${f.date(x.faellig_am)}`, m(x.betrag)]) },
      ];
    case 'kv':
      return [
        head,
        {
          k: 'kv',
          rows: n.vz.map((x) => [`${x.quartal}. ${up('Rate')} (${f.date(x.faellig_am)})`, m(x.betrag)]),
        },
      ];
    default: {
      // Old and new quarterly amounts side by side where an earlier assessment existed.
      const old = Math.floor(n.bisher / 400) * 100;
      if (!old)
        return [
          head,
          {
            k: 'table',
            header: [up('Nr.'), up('Fälligkeit'), up('Vorauszahlung')],
            rows: n.vz.map((x, i) => [String(i + 1), f.date(x.faellig_am), m(x.betrag)]),
            widths: [0.12, 0.44, 0.44],
            align: ['l', 'l', 'r'],
          },
        ];
      return [
        head,
        {
          k: 'table',
          header: [up('Nr.'), up('Fälligkeit'), up('bisher'), up('neu'), up('Änderung')],
          rows: n.vz.map((x, i) => [
            String(i + 1),
            f.date(x.faellig_am),
            m(old),
            m(x.betrag),
            m(x.betrag - old),
          ]),
          widths: [0.08, 0.23, 0.23, 0.23, 0.23],
          align: ['l', 'l', 'r', 'r', 'r'],
        },
      ];
    }
  }
}

function vorauszahlung(c: C): Block[] {
  const { n, v, m, f, r } = c;
  const annual = Math.floor(n.tax / 400) * 400;
  const out: Block[] = [
    {
      k: 'para',
      text: one(r, [
        `Nach § 19 GewStG sind auf die Gewerbesteuer Vorauszahlungen zu entrichten. Sie werden ab ${n.vzYear} wie folgt festgesetzt:`,
        `Die Vorauszahlungen bemessen sich nach der Steuer, die sich bei der letzten Veranlagung ergeben hat. Ich setze die Vorauszahlungen für ${n.vzYear} neu fest.`,
        'Auf Grund der Mitteilung des Finanzamts werden Ihre Vorauszahlungen angepasst.',
      ]),
    },
  ];
  if (c.fam.figures === 'prose')
    out.push({
      k: 'para',
      text: `Zu Grunde gelegt wird ein Steuermessbetrag von ${c.mt(n.mb * 100)} und der Hebesatz von ${f.pct(n.hebesatz)}; der Jahresbetrag beträgt danach ${c.mt(annual)}.`,
    });
  else
    out.push(
      rows(c, [
        [v.mb, m(n.mb * 100)],
        [v.hs, c.fam.figures === 'mainframe' ? String(n.hebesatz) : f.pct(n.hebesatz)],
        [v.jahr, m(annual)],
      ]),
    );
  out.push(...vzBlock(c));
  out.push({
    k: 'para',
    text: 'Die Vorauszahlungen gelten bis zur Bekanntgabe eines neuen Bescheids weiter.',
  });
  return out;
}

function zinsbescheid(c: C): Block[] {
  const { n, f, r } = c;
  return [
    {
      k: 'para',
      text: one(r, [
        `Die Gewerbesteuer ${n.ez} wurde mit Bescheid vom ${f.date(n.urspruenglichFaellig)} geändert. Der Unterschiedsbetrag ist nach § 233a AO zu verzinsen; die Zinsen werden wie folgt festgesetzt:`,
        `Für die Gewerbesteuer des Jahres ${n.ez} werden Zinsen nach §§ 233a, 238 AO festgesetzt.`,
      ]),
    },
    ...zinsen(c),
    {
      k: 'para',
      text: one(r, [
        `Der Zinsbetrag von ${c.mt(n.zinsen!.betrag)} ist bis zum ${f.dateText(n.faellig)} zu zahlen.`,
        `Fällig am ${f.date(n.faellig)}.`,
        `Zahlungstermin: ${f.dateText(n.faellig)}`,
      ]),
    },
  ];
}

function messbescheid(c: C): Block[] {
  const { n, v, m, r, up } = c;
  const rounded = Math.floor(n.gewerbeertrag / 10000) * 10000;
  const hinz = ((n.mb * 41) % 30000) * 100;
  const kuerz = ((n.mb * 29) % 12000) * 100;
  const gewinn = n.gewerbeertrag - hinz + kuerz;
  const g = n.gemeinde;
  const out: Block[] = [
    {
      k: 'kv',
      rows: [
        [up('Hebeberechtigte Gemeinde'), `${g.kind} ${g.name}`],
        [up('Steuerschuldner'), n.company],
      ],
    },
    {
      k: 'para',
      text: one(r, [
        `Festsetzung: Der Steuermessbetrag für ${n.ez} wird festgesetzt auf ${c.mt(n.mb * 100)}.`,
        `Der Gewerbesteuermessbetrag für das Kalenderjahr ${n.ez} wird nach § 14 GewStG auf ${c.mt(n.mb * 100)} festgesetzt.`,
      ]),
    },
    { k: 'heading', text: up('Berechnung des Steuermessbetrags') },
  ];
  const lines: [string, string][] = [
    [up('Gewinn aus Gewerbebetrieb'), m(gewinn)],
    [up('Hinzurechnungen (§ 8 GewStG)'), `+ ${m(hinz)}`],
    [up('Kürzungen (§ 9 GewStG)'), `- ${m(kuerz)}`],
    [v.ge, m(n.gewerbeertrag)],
    [up('abgerundet auf volle 100 Euro'), m(rounded)],
    [v.fb, m(n.freibetrag)],
    [up('verbleibender Gewerbeertrag'), m(rounded - n.freibetrag)],
    [up('Steuermesszahl'), '3,5 %'],
    [up('Steuermessbetrag (abgerundet auf volle Euro)'), m(n.mb * 100)],
  ];
  out.push(c.fam.kv === 'twocol' || c.fam.kv === 'stacked' ? tableOf(c, lines) : rows(c, lines));
  out.push({
    k: 'para',
    text: one(r, [
      `Dieser Bescheid ist Grundlagenbescheid für die Festsetzung der Gewerbesteuer durch die ${g.kind} ${g.name}; die Gemeinde erhält eine Mitteilung.`,
      'Die Gewerbesteuer selbst wird von der hebeberechtigten Gemeinde festgesetzt und erhoben. Zahlungen an das Finanzamt sind nicht zu leisten.',
    ]),
  });
  return out;
}

const tableOf = (c: C, lines: [string, string][]): Block => ({
  k: 'table',
  header: [c.up('Besteuerungsgrundlagen'), c.up('Betrag')],
  rows: lines.map(([k, val]) => [k, val]),
  widths: [0.7, 0.3],
  align: ['l', 'r'],
});

function zerlegung(c: C): Block[] {
  const { n, m, r, up } = c;
  const z = n.zerlegung;
  const total = z.reduce((s, x) => s + x.anteil, 0);
  const wages = z.reduce((s, x) => s + x.lohn, 0);
  const ags = c.fam.printsAgs;
  const out: Block[] = [
    {
      k: 'para',
      text: one(r, [
        `Der einheitliche Steuermessbetrag für ${n.ez} in Höhe von ${c.mt(total)} wird nach dem Verhältnis der Arbeitslöhne (§ 29 GewStG) auf die folgenden Gemeinden zerlegt.`,
        `Da Sie im Jahr ${n.ez} Betriebsstätten in mehreren Gemeinden unterhalten haben, ist der Steuermessbetrag von ${c.mt(total)} zu zerlegen (§ 28 GewStG).`,
      ]),
    },
  ];
  const form = one(r, ['table', 'table', 'blocks']);
  if (form === 'blocks') {
    z.forEach((x, i) => {
      out.push({
        k: 'kv',
        rows: [
          [`${up('Gemeinde')} ${i + 1}`, `${x.gemeinde.name}${ags ? ` (${x.gemeinde.ags})` : ''}`],
          [up('Arbeitslöhne'), m(x.lohn)],
          [up('Zerlegungsanteil'), m(x.anteil)],
        ],
      });
    });
    out.push({ k: 'kv', rows: [[up('Summe der Zerlegungsanteile'), m(total)]] });
    return out;
  }
  const head = [
    up('Gemeinde'),
    ...(ags ? [up('Gemeindeschlüssel')] : []),
    up(one(r, ['Arbeitslöhne', 'Lohnsumme', 'Zerlegungsmaßstab'])),
    up(one(r, ['Anteil am Messbetrag', 'Zerlegungsanteil', 'Messbetragsanteil'])),
  ];
  const body = z.map((x) => [x.gemeinde.name, ...(ags ? [x.gemeinde.ags] : []), m(x.lohn), m(x.anteil)]);
  body.push([up('Insgesamt'), ...(ags ? [''] : []), m(wages), m(total)]);
  out.push({
    k: 'table',
    header: head,
    rows: body,
    widths: ags ? [0.32, 0.2, 0.24, 0.24] : [0.44, 0.28, 0.28],
    align: ags ? ['l', 'l', 'r', 'r'] : ['l', 'r', 'r'],
    split: true,
  });
  return out;
}

function mahnung(c: C): Block[] {
  const { n, v, m, f, r, up } = c;
  const total = n.rueckstand + n.saeumnis + n.mahngebuehr;
  const out: Block[] = [
    {
      k: 'para',
      text: one(r, [
        'Sehr geehrte Damen und Herren, bei Durchsicht unserer Konten haben wir festgestellt, dass die folgenden Beträge nicht fristgerecht gezahlt wurden:',
        `Trotz Fälligkeit am ${f.date(n.urspruenglichFaellig)} ist die Gewerbesteuer ${n.ez} noch nicht vollständig beglichen.`,
      ]),
    },
  ];
  if (c.fam.figures === 'prose' || c.fam.figures === 'pairs')
    out.push({
      k: 'kv',
      rows: [
        [up('Abgabe'), `${up('Gewerbesteuer')} ${n.ez}`],
        [v.rueck, m(n.rueckstand)],
        [v.sz, m(n.saeumnis)],
        [v.geb, m(n.mahngebuehr)],
        [up('Gesamtbetrag'), m(total)],
      ],
    });
  else
    out.push({
      k: 'table',
      header: [up('Abgabe / Jahr'), up('fällig seit'), v.rueck, v.sz, v.geb],
      rows: [
        [
          `${up('Gewerbesteuer')} ${n.ez}`,
          f.date(n.urspruenglichFaellig),
          m(n.rueckstand),
          m(n.saeumnis),
          '',
        ],
        [up('Mahnkosten'), '', '', '', m(n.mahngebuehr)],
        [up('Summe'), '', '', '', m(total)],
      ],
      widths: [0.24, 0.16, 0.2, 0.2, 0.2],
      align: ['l', 'l', 'r', 'r', 'r'],
    });
  out.push({
    k: 'para',
    text: one(r, [
      `Bitte zahlen Sie den Gesamtbetrag bis zum ${f.dateText(n.faellig)}. Andernfalls müssen wir ohne weitere Ankündigung die Vollstreckung einleiten; dabei entstehen weitere Kosten.`,
      `Zahlen Sie bitte spätestens am ${f.dateText(n.faellig)}. Für jeden angefangenen Monat der Säumnis entsteht ein Säumniszuschlag von 1 % des auf 50 Euro abgerundeten Rückstands (§ 240 AO).`,
    ]),
  });
  return out;
}

const SONSTIGES: ((n: NoticeData) => string)[] = [
  () =>
    `Sehr geehrte Damen und Herren, wir bestätigen den Eingang Ihres SEPA-Lastschriftmandats. Fällige Abgaben werden ab sofort zu den Fälligkeitsterminen von Ihrem Konto eingezogen. Die Mandatsreferenz teilen wir Ihnen mit der nächsten Abbuchung mit.`,
  (n) =>
    `Auf Ihren Antrag bescheinigen wir, dass bei der ${n.gemeinde.kind} ${n.gemeinde.name} zum heutigen Tag keine Rückstände an Gewerbesteuer bestehen. Diese Bescheinigung ist kein Steuerbescheid und gilt nur für öffentliche Ausschreibungen.`,
  (n) =>
    `Für die Bearbeitung Ihres Antrags auf Herabsetzung benötigen wir noch eine aktuelle betriebswirtschaftliche Auswertung für ${n.ez}. Bitte reichen Sie die Unterlagen innerhalb von vier Wochen ein.`,
  () =>
    `Unsere Bankverbindung hat sich geändert. Bitte passen Sie Daueraufträge an; Zahlungen auf das bisherige Konto werden noch drei Monate weitergeleitet.`,
];

function sonstiges(c: C, k: number): Block[] {
  return [
    { k: 'para', text: SONSTIGES[k]!(c.n) },
    { k: 'para', text: c.up('Mit freundlichen Grüßen') },
  ];
}
