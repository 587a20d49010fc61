/** Builds a letter from notice figures and one draw from the pools (pools.ts). */
import type { Block, Letter } from './content-blocks.js';
import { pad2 } from './data.js';
import { mahnungStyled, sonstigesLetter } from './letters-dev.js';
import { addDays, type NoticeData } from './notice.js';
import type { Ctx, DateFormat, MoneyFormat, PctFormat, Pools, Style } from './pools.js';

const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];
export const MONTHS_ABBR = [
  'Jan.',
  'Feb.',
  'März',
  'Apr.',
  'Mai',
  'Juni',
  'Juli',
  'Aug.',
  'Sept.',
  'Okt.',
  'Nov.',
  'Dez.',
];
/** Four-letter abbreviations as some municipal software prints them ("15. Febr. 2024"). */
const MONTHS_ABBR4 = [
  'Jan.',
  'Febr.',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'Aug.',
  'Sept.',
  'Okt.',
  'Nov.',
  'Dez.',
];

export function formatMoney(cents: number, f: MoneyFormat, unit = true): string {
  const abs = Math.abs(cents);
  const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, f.thousands);
  let s = f.dashes && abs % 100 === 0 ? `${euros},--` : `${euros},${pad2(abs % 100)}`;
  if (cents < 0) s = f.minus === 'lead' ? `-${s}` : `${s}-`;
  if (!unit || !f.unit) return s;
  return f.before ? `${f.unit} ${s}` : `${s} ${f.unit}`;
}
export function formatDate(iso: string, f: DateFormat): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  switch (f) {
    case 'dd.mm.yyyy':
      return `${pad2(d)}.${pad2(m)}.${y}`;
    case 'd.m.yyyy':
      return `${d}.${m}.${y}`;
    case 'dd.mm.yy':
      return `${pad2(d)}.${pad2(m)}.${String(y).slice(2)}`;
    case 'long':
      return `${d}. ${MONTHS[m - 1]} ${y}`;
    case 'long-abbr':
      return `${pad2(d)}. ${MONTHS_ABBR[m - 1]} ${y}`;
    case 'd. mm. yyyy':
      return `${d}. ${pad2(m)}. ${y}`;
    case 'abbr4':
      return `${d}. ${MONTHS_ABBR4[m - 1]} ${y}`;
    case 'long-pad':
      return `${pad2(d)}. ${MONTHS[m - 1]} ${y}`;
  }
}
export const formatPct = (n: number, f: PctFormat) => `${n} ${f}`;

const FA_TYPES = new Set(['messbescheid', 'zerlegungsbescheid']);

export function buildPooledLetter(
  n: NoticeData,
  s: Style,
  extra: { oldVz: number; r: () => number },
): Letter {
  const fam = s.family;
  const cap = (x: string) => (fam.caps ? x.toUpperCase() : x);
  const L = Object.fromEntries(Object.entries(s.labels).map(([k, v]) => [k, cap(v)])) as Style['labels'];
  const g = n.gemeinde;
  const c: Ctx = {
    n,
    ez: n.ez,
    kind: g.kind,
    name: g.name,
    fa: n.finanzamt,
    m: (x) => formatMoney(x, s.money),
    d: (iso) => formatDate(iso, s.date),
    p: (x) => formatPct(x, s.pct),
    L,
  };
  const fa = FA_TYPES.has(n.type);
  const issuer = fa ? [s.faIssuer(n.finanzamt), s.faDepartment] : [s.issuer(g.kind, g.name), s.department];
  const sender = fa
    ? `${s.faIssuer(n.finanzamt)} · Postfach 10 20 30 · ${n.finanzamt}`
    : `${s.issuer(g.kind, g.name)} · ${s.department} · Postfach 4711 · ${g.plz} ${g.name}`;
  const info: [string, string][] = [];
  if (!fa && n.type !== 'sonstiges') info.push([L.kassenzeichen, n.kassenzeichen]);
  if (n.showSteuernummer && n.type !== 'sonstiges') info.push([L.steuernummer, n.steuernummer]);
  if (fam.printsAgs && !fa) info.push([L.ags, g.ags]);
  info.push([cap('Sachbearbeitung'), s.pick(['Frau Schneider', 'Herr Weber', 'Frau Krämer', 'Herr Yilmaz'])]);
  info.push([cap('Telefon'), `0${200 + (n.ez % 50)} ${1000 + (n.mb % 8000)}-${20 + (n.ez % 7)}`]);
  if (s.ezStyle === 'reference' && n.type !== 'sonstiges')
    info.push([cap('Unser Zeichen'), `${fa ? 'St' : '21'}-GewSt ${n.ez}/${n.kassenzeichen.slice(-4)}`]);
  if (s.ezStyle === 'range' && n.type !== 'sonstiges')
    info.push([
      cap('Erhebungszeitraum'),
      `${formatDate(`${n.ez}-01-01`, s.date)} - ${formatDate(`${n.ez}-12-31`, s.date)}`,
    ]);
  if (s.ezStyle === 'info-ez' && n.type !== 'sonstiges')
    info.push([cap(s.pick(['Erhebungszeitraum', 'EZ', 'Kalenderjahr', 'Steuerjahr'])), String(n.ez)]);
  // Another, earlier date of the letter beside the notice date (LetterStyle).
  const dd = (days: number) => formatDate(addDays(n.datum, days), s.date);
  if (s.letter === 'ort-den' || s.letter === 'bescheiddatum')
    info.push([
      cap(s.pick(['Eingang Ihrer Erklärung', 'Erklärung eingegangen am', 'Eingangsdatum'])),
      dd(-41),
    ]);
  if (s.letter === 'erstellt-am') info.push([cap('Ihr Schreiben vom'), dd(-23)]);
  if (s.letter === 'stand') info.push([cap(s.pick(['Buchungsstand', 'Stand', 'Kontostand vom'])), dd(-3)]);
  // One-line info blocks (kv 'colon'/'dotted') hold six items: the year's item takes the place
  // of the clerk's name there, so the notice date stays on the page.
  if (info.length >= 6 && (fam.kv === 'colon' || fam.kv === 'dotted'))
    info.splice(
      info.findIndex(([k]) => k === cap('Sachbearbeitung')),
      1,
    );
  // With a second date of the letter (development forms only) the phone number gives way too.
  if (s.letter && info.length >= 6 && (fam.kv === 'colon' || fam.kv === 'dotted'))
    info.splice(
      info.findIndex(([k]) => k === cap('Telefon')),
      1,
    );
  if (s.letter === 'bescheiddatum')
    info.push([
      cap(s.pick(['Bescheiddatum', 'Datum des Bescheides', 'Ausfertigungsdatum'])),
      formatDate(n.datum, s.date),
    ]);
  else if (s.letter !== 'ort-den' && s.letter !== 'erstellt-am')
    info.push([L.datum, formatDate(n.datum, s.date)]);
  return {
    issuer,
    sender,
    recipient: [
      n.company,
      n.street,
      `${String(10000 + ((g.ags.charCodeAt(3) * 997) % 89999)).padStart(5, '0')} ${n.finanzamt}`,
    ],
    info,
    blocks: body(n, s, c, extra),
  };
}

function kvOrTable(s: Style, rows: [string, string][]): Block {
  const fam = s.family;
  if (fam.amounts === 'zeilen') {
    return {
      k: 'table',
      header: ['Zeile', 'Bezeichnung', 'Betrag'],
      rows: rows.map(([k, v], i) => [String(i + 1), k, v]),
      widths: [0.1, 0.6, 0.3],
      align: ['l', 'l', 'r'],
      split: !!fam.longText,
    };
  }
  if (fam.amounts === 'transposed') {
    return {
      k: 'table',
      header: rows.map((r) => r[0]),
      rows: [rows.map((r) => r[1])],
      widths: rows.map(() => 1 / rows.length),
      align: rows.map(() => 'r' as const),
    };
  }
  if (fam.amounts === 'berechnung' || fam.amounts === 'text') {
    return { k: 'para', text: rows.map(([k, v]) => `${k} ${v}`).join('; ') + '.' };
  }
  return { k: 'kv', rows };
}

const filler = (c: Ctx): Block[] => [
  {
    k: 'para',
    text: `Erläuterungen: Dieser Bescheid ergeht auf Grund der Angaben in Ihrer Steuererklärung und der Mitteilungen des Finanzamts ${c.fa}. Die Berechnung im Einzelnen ergibt sich aus den folgenden Aufstellungen. Beträge, die bereits gezahlt wurden, sind berücksichtigt, soweit sie bis zum Tag der Ausfertigung eingegangen sind. Bitte prüfen Sie die Angaben; Änderungen Ihrer Anschrift oder Ihrer Bankverbindung teilen Sie uns bitte umgehend mit. Für Rückfragen erreichen Sie uns zu den üblichen Sprechzeiten. Bei Zahlungen beachten Sie bitte, dass der Betrag am Fälligkeitstag auf unserem Konto gutgeschrieben sein muss; Überweisungen benötigen in der Regel mehrere Bankarbeitstage.`,
  },
  {
    k: 'para',
    text: 'Hinweis zum Datenschutz: Ihre Daten werden zur Erfüllung der gesetzlichen Aufgaben verarbeitet. Weitere Informationen finden Sie auf unserer Internetseite. Die Angaben zu Ihren Betriebsstätten und die Zahl der Beschäftigten werden nur für steuerliche Zwecke gespeichert und nach Ablauf der gesetzlichen Fristen gelöscht.',
  },
  { k: 'space', h: 220 },
];

function vzBlocks(n: NoticeData, s: Style, c: Ctx, oldVz: number): Block[] {
  const L = c.L;
  if (n.vz.length === 0) return [{ k: 'para', text: s.pick(S(s).noVz)(c) }];
  const head: Block = {
    k: 'heading',
    text:
      L.vzHeading === 'Vorauszahlungen ab' || L.vzHeading === 'VORAUSZAHLUNGEN AB'
        ? `${L.vzHeading} ${n.vzYear}`
        : L.vzHeading,
  };
  const dn = (iso: string) => c.d(iso);
  if (s.vzStyle && s.vzStyle !== 'classic') return [head, ...vzStyled(n, s, c, oldVz)];
  switch (s.family.vz) {
    case 'text':
      return [head, { k: 'para', text: s.pick(S(s).vzText)(c) }];
    case 'rows':
      return [
        head,
        {
          k: 'kv',
          rows: n.vz.map((q) => [
            `${q.quartal}. ${L.quartal} ${q.jahr}, ${L.faelligkeitCol} ${dn(q.faellig_am)}`,
            c.m(q.betrag),
          ]),
        },
      ];
    case 'bisher-neu':
      return [
        head,
        {
          k: 'table',
          header: [L.faelligkeitCol, 'bisher', 'neu', 'Unterschied'],
          rows: n.vz.map((q) => [dn(q.faellig_am), c.m(oldVz), c.m(q.betrag), c.m(q.betrag - oldVz)]),
          widths: [0.25, 0.25, 0.25, 0.25],
          align: ['l', 'r', 'r', 'r'],
        },
      ];
    case 'zahlungsplan': {
      // One payment plan: the settlement (if any) and every prepayment with its reason.
      const diff = n.tax - n.bisher;
      const first: string[][] =
        n.type === 'gewst_bescheid' && diff > 0
          ? [[dn(n.faellig), `${cap(s.family, 'Abschlusszahlung')} ${n.ez}`, c.m(diff)]]
          : [];
      return [
        head,
        {
          k: 'table',
          header: [L.faelligkeitCol, cap(s.family, 'Zahlungsgrund'), L.betrag],
          rows: [
            ...first,
            ...n.vz.map((q) => [
              dn(q.faellig_am),
              `${cap(s.family, 'Vorauszahlung')} ${q.quartal}/${q.jahr}`,
              c.m(q.betrag),
            ]),
          ],
          widths: [0.25, 0.45, 0.3],
          align: ['l', 'l', 'r'],
          split: !!s.family.longText,
        },
      ];
    }
    case 'matrix':
      return [
        head,
        {
          k: 'table',
          header: [L.faelligkeitCol, ...n.vz.map((q) => dn(q.faellig_am))],
          rows: [[L.betrag, ...n.vz.map((q) => c.m(q.betrag))]],
          widths: [0.2, ...n.vz.map(() => 0.8 / n.vz.length)],
          align: ['l', ...n.vz.map(() => 'r' as const)],
        },
      ];
    default:
      return [
        head,
        {
          k: 'table',
          header: ['Jahr', L.quartal, L.faelligkeitCol, L.betrag],
          rows: n.vz.map((q) => [
            String(q.jahr),
            `${q.quartal}. ${L.quartal}`,
            dn(q.faellig_am),
            c.m(q.betrag),
          ]),
          widths: [0.2, 0.25, 0.25, 0.3],
          align: ['l', 'l', 'l', 'r'],
          split: !!s.family.longText,
        },
      ];
  }
}
const S = (s: Style) => s.sentences;

/** Interest set out in other forms than key–value rows (development pools only). */
function zinsStyled(n: NoticeData, s: Style, c: Ctx): Block[] {
  const z = n.zinsen!;
  const L = c.L;
  const rate = s.pick(['0,15 %', '0,15 v. H.', '0,15 Prozent']);
  switch (s.zins) {
    case 'formula':
      return [
        {
          k: 'para',
          text: `${s.pick(['Zinslauf', 'Zinszeitraum', 'Verzinsungszeitraum'])}: ${c.d(z.von)} bis ${c.d(z.bis)} = ${z.monate} volle Monate`,
        },
        {
          k: 'para',
          text: `${s.pick(['Berechnung', 'Zinsberechnung', 'Zinsen'])}: ${c.m(z.basis)} x ${z.monate} Monate x ${rate} = ${c.m(z.betrag)}`,
        },
      ];
    case 'table':
      return [
        {
          k: 'table',
          header: [
            s.pick(['Zeitraum von', 'Zinsbeginn', 'von']),
            s.pick(['bis', 'Zinsende', 'Zeitraum bis']),
            s.pick(['Monate', 'volle Monate']),
            s.pick(['Zinssatz', 'Zinssatz je Monat']),
            s.pick(['Bemessungsgrundlage', 'zu verzinsen', 'Zinsgrundlage']),
            s.pick(['Zinsen', 'Zinsbetrag', 'Betrag']),
          ],
          rows: [[c.d(z.von), c.d(z.bis), String(z.monate), rate, c.m(z.basis), c.m(z.betrag)]],
          widths: [0.16, 0.16, 0.1, 0.14, 0.22, 0.22],
          align: ['l', 'l', 'r', 'r', 'r', 'r'],
        },
      ];
    case 'sentence':
      return [
        {
          k: 'para',
          text: s.pick([
            `Der zu verzinsende Betrag von ${c.m(z.basis)} ist nach § 233a AO ab dem ${c.d(z.von)} zu verzinsen. Der Zinslauf endet am ${c.d(z.bis)}. Für ${z.monate} volle Monate ergeben sich bei einem Zinssatz von ${rate} je Monat Zinsen in Höhe von ${c.m(z.betrag)}.`,
            `Die Verzinsung beginnt am ${c.d(z.von)} und endet am ${c.d(z.bis)}; für ${z.monate} Monate zu je ${rate} aus ${c.m(z.basis)} werden ${c.m(z.betrag)} festgesetzt.`,
            `Zinsen werden festgesetzt auf ${c.m(z.betrag)} (${z.monate} Monate vom ${c.d(z.von)} bis zum ${c.d(z.bis)}, ${rate} monatlich aus ${c.m(z.basis)}).`,
          ]),
        },
      ];
    default:
      return [
        {
          k: 'kv',
          rows: [
            [L.zinsVon, c.d(z.von)],
            [L.zinsBis, c.d(z.bis)],
            [s.pick(['Zinssatz je angefangenen Monat', 'Zinssatz pro Monat', 'Zinssatz']), rate],
            [L.zinsMonate, String(z.monate)],
            [L.zinsBasis, c.m(z.basis)],
            [L.zinsen, c.m(z.betrag)],
          ],
        },
      ];
  }
}

function zinsBlocks(n: NoticeData, s: Style, c: Ctx, own: boolean): Block[] {
  const z = n.zinsen!;
  const L = c.L;
  const fam = s.family;
  if (s.zins && s.zins !== 'classic') {
    const blocks = zinsStyled(n, s, c);
    return own ? blocks : [{ k: 'heading', text: L.zinsHeading }, ...blocks];
  }
  if (fam.amounts === 'text' || fam.amounts === 'berechnung')
    return [{ k: 'para', text: s.pick(S(s).zinsText)(c) }];
  const rows: [string, string][] = [
    [L.zinsBasis, c.m(z.basis)],
    [L.zinsVon, c.d(z.von)],
    [L.zinsBis, c.d(z.bis)],
    [L.zinsMonate, String(z.monate)],
    [L.zinsen, c.m(z.betrag)],
  ];
  const block =
    fam.amounts === 'zeilen' || fam.amounts === 'transposed' || fam.kv === 'stacked'
      ? kvOrTable(s, rows)
      : { k: 'kv' as const, rows };
  return own ? [block] : [{ k: 'heading', text: L.zinsHeading }, block];
}

/**
 * A Zinsbescheid as a notice of its own in other forms (development pools only): what every real
 * one carries — the tax it follows, the difference to be paid or refunded (Nachzahlungs- or
 * Erstattungszinsen), the base rounded down to 50 €, the period, the months and the rate of
 * § 233a AO — set out as a derivation, a sentence naming the tax notice, running text or a table.
 */
function zinsNoticeStyled(n: NoticeData, s: Style, c: Ctx): Block[] {
  const z = n.zinsen!;
  const L = c.L;
  const m = c.m;
  const diff = n.tax - n.bisher;
  const refund = diff < 0;
  const kind = refund ? 'Erstattungszinsen' : 'Nachzahlungszinsen';
  const rate = s.pick(['0,15 %', '0,15 v. H.', '0,15 Prozent']);
  const due: Block = {
    k: 'para',
    text: refund
      ? s.pick([
          `Die Erstattungszinsen werden am ${c.d(n.faellig)} auf Ihr Konto überwiesen, soweit sie nicht mit fälligen Beträgen verrechnet werden.`,
          `Auszahlung der Zinsen zum ${c.d(n.faellig)}.`,
        ])
      : s.pick(S(s).zinsDue)(c),
  };
  switch (s.zinsNotice) {
    case 'derivation':
      return [
        {
          k: 'heading',
          text: s.pick(['Berechnung der Zinsen', 'Ermittlung der Zinsen', `${kind} nach § 233a AO`]),
        },
        kvOrTable(s, [
          [s.pick([L.steuer, 'Gewerbesteuer lt. Bescheid', 'festgesetzte Gewerbesteuer neu']), m(n.tax)],
          [s.pick([L.bisher, 'abzüglich bisher festgesetzt', 'anzurechnende Beträge']), m(n.bisher)],
          [
            refund
              ? s.pick(['Minderbetrag', 'zu erstattender Unterschiedsbetrag'])
              : s.pick(['Unterschiedsbetrag', 'Mehrbetrag', 'zu verzinsender Unterschiedsbetrag']),
            m(Math.abs(diff)),
          ],
          [
            s.pick(['abgerundet auf volle 50 Euro', 'Bemessungsgrundlage (abgerundet)', L.zinsBasis]),
            m(z.basis),
          ],
          [L.zinsVon, c.d(z.von)],
          [L.zinsBis, c.d(z.bis)],
          [L.zinsMonate, String(z.monate)],
          [s.pick(['Zinssatz je Monat', 'Zinssatz pro vollen Monat']), rate],
          [refund ? s.pick(['Erstattungszinsen', 'Zinsen zu Ihren Gunsten']) : L.zinsen, m(z.betrag)],
        ]),
        due,
      ];
    case 'bescheid-ref':
      return [
        {
          k: 'para',
          text: s.pick([
            `Mit Bescheid vom heutigen Tag wurde die Gewerbesteuer für ${c.ez} auf ${m(n.tax)} festgesetzt; bisher waren ${m(n.bisher)} festgesetzt. Der ${refund ? 'Minderbetrag' : 'Mehrbetrag'} von ${m(Math.abs(diff))} ist nach § 233a AO zu verzinsen.`,
            `Die Festsetzung der Gewerbesteuer ${c.ez} führt zu einer ${refund ? 'Erstattung' : 'Nachzahlung'} von ${m(Math.abs(diff))}. Dieser Betrag wird nach § 233a der Abgabenordnung verzinst.`,
          ]),
        },
        {
          k: 'table',
          header: [
            s.pick(['Zinslauf von', 'Beginn', 'vom']),
            s.pick(['Zinslauf bis', 'Ende', 'bis']),
            s.pick(['volle Monate', 'Monate']),
            s.pick(['Zinssatz', '% mtl.']),
            s.pick(['zu verzinsen', 'Grundlage', 'Betrag (abgerundet)']),
            refund ? 'Erstattungszinsen' : s.pick(['Zinsen', 'Zinsbetrag']),
          ],
          rows: [[c.d(z.von), c.d(z.bis), String(z.monate), rate, m(z.basis), m(z.betrag)]],
          widths: [0.16, 0.16, 0.12, 0.12, 0.22, 0.22],
          align: ['l', 'l', 'r', 'r', 'r', 'r'],
        },
        due,
      ];
    case 'letter':
      return [
        {
          k: 'para',
          text: s.pick([
            `Sehr geehrte Damen und Herren, die Gewerbesteuer ${c.ez} wurde neu festgesetzt. Der Unterschiedsbetrag zur bisherigen Festsetzung ist zu verzinsen (§ 233a AO). Die ${kind} betragen ${m(z.betrag)}; sie sind für ${z.monate} volle Monate vom ${c.d(z.von)} bis ${c.d(z.bis)} zu ${rate} je Monat aus ${m(z.basis)} berechnet.`,
            `Sehr geehrte Damen und Herren, für die ${refund ? 'Erstattung' : 'Nachzahlung'} aus der Gewerbesteuer ${c.ez} setzen wir ${kind} in Höhe von ${m(z.betrag)} fest. Zinslauf: ${c.d(z.von)} bis ${c.d(z.bis)}, ${z.monate} Monate, Zinssatz ${rate} monatlich, zu verzinsender Betrag ${m(z.basis)} (auf volle 50 Euro abgerundet).`,
          ]),
        },
        due,
      ];
    default:
      return [
        {
          k: 'table',
          header: [
            'Steuerart',
            'Jahr',
            s.pick(['Bemessungsgrundlage', 'zu verzinsen']),
            s.pick(['Zinsbeginn', 'von']),
            s.pick(['Zinsende', 'bis']),
            'Monate',
            s.pick(['Zinsen', 'Zinsbetrag']),
          ],
          rows: [
            [
              'Gewerbesteuer',
              String(c.ez),
              m(z.basis),
              c.d(z.von),
              c.d(z.bis),
              String(z.monate),
              m(z.betrag),
            ],
          ],
          widths: [0.18, 0.08, 0.18, 0.14, 0.14, 0.1, 0.18],
          align: ['l', 'l', 'r', 'l', 'l', 'r', 'r'],
        },
        {
          k: 'para',
          text: `${s.pick(['Summe der Zinsen', 'Zinsen insgesamt', 'Gesamtbetrag'])}: ${m(z.betrag)} (Zinssatz ${rate} je vollen Monat, § 233a AO).`,
        },
        due,
      ];
  }
}

/** A Gewerbesteuerbescheid that adds its interest to the amount to pay (development pools only). */
function zinsTotal(n: NoticeData, s: Style, c: Ctx): Block[] {
  const diff = n.tax - n.bisher;
  if (s.zinsNotice !== 'total' || diff <= 0) return [];
  return [
    {
      k: 'para',
      text: `${s.pick(['Zusammen mit den Zinsen sind', 'Insgesamt (Nachzahlung und Zinsen) sind'])} ${c.m(diff + n.zinsen!.betrag)} zu zahlen.`,
    },
  ];
}

function body(n: NoticeData, s: Style, c: Ctx, extra: { oldVz: number; r: () => number }): Block[] {
  const fam = s.family;
  const L = c.L;
  const b: Block[] = [];
  const m = c.m;
  const legal = (t: NoticeData['type']) => {
    const xs = S(s).legal[t];
    if (xs && extra.r() < 0.5) b.push({ k: 'para', text: s.pick(xs)(c) });
  };
  const intro = (t: NoticeData['type']) => {
    const xs = S(s).intro[t];
    if (xs) b.push({ k: 'para', text: s.pick(xs)(c) });
  };
  // Development-only letters that are no notice bring their own title (letters-dev.ts).
  if (n.type === 'sonstiges' && s.sonstiges && s.sonstiges !== 'classic')
    return [...sonstigesLetter(n, s, c), ...created(n, s, c)];
  const title = ezTitle(n, s, c);
  if (s.letter === 'ort-den')
    b.push({
      k: 'para',
      text: `${FA_TYPES.has(n.type) ? n.finanzamt : n.gemeinde.name}, ${s.pick(['den ', ''])}${c.d(n.datum)}`,
    });
  b.push({ k: 'title', text: fam.caps ? title.toUpperCase() : title });
  const ezLine = ezStatement(n, s, c);
  if (ezLine) b.push({ k: 'para', text: ezLine });
  // Other years nearby, as real notices print them: the basis of a prepayment notice is an
  // earlier year's Messbetrag; a changed notice names the one it replaces.
  if (s.ezStyle && s.ezStyle !== 'classic' && n.type !== 'sonstiges') {
    const basis =
      n.type === 'vorauszahlungsbescheid'
        ? `Grundlage ist der vom Finanzamt ${n.finanzamt} festgesetzte Steuermessbetrag für ${n.ez - 2}.`
        : `Dieser Bescheid ergeht auf Grund Ihrer Erklärung vom ${c.d(`${n.ez + 1}-05-31`)} und ändert den Bescheid vom ${c.d(`${n.ez + 1}-03-12`)}.`;
    b.push({ k: 'para', text: basis });
  }
  if (fam.longText && n.type !== 'sonstiges') b.push(...filler(c));
  switch (n.type) {
    case 'gewst_bescheid': {
      intro('gewst_bescheid');
      const diff = n.tax - n.bisher;
      const mbLabel = n.zerlegt ? L.zerlegungsanteil : L.messbetrag;
      const diffLabel = s.pick([L.unterschied, diff >= 0 ? L.nachzahlung : L.erstattung]);
      const diffValue = diffLabel === L.unterschied ? m(diff) : m(Math.abs(diff));
      if (s.rate && s.rate !== 'classic') {
        b.push(...rateStyled(n, s, c, mbLabel));
        if (n.zinsen) b.push(...zinsBlocks(n, s, c, false), ...zinsTotal(n, s, c));
        b.push(...vzBlocks(n, s, c, extra.oldVz));
        legal('gewst_bescheid');
        break;
      }
      if (s.gewst && s.gewst !== 'classic') {
        b.push(...gewstStyled(n, s, c, mbLabel, diffLabel, diffValue));
        b.push(diff > 0 ? dueBlock(n, s, c, diff, S(s).due) : { k: 'para', text: s.pick(S(s).refund)(c) });
        if (n.zinsen) b.push(...zinsBlocks(n, s, c, false), ...zinsTotal(n, s, c));
        b.push(...vzBlocks(n, s, c, extra.oldVz));
        legal('gewst_bescheid');
        break;
      }
      switch (fam.amounts) {
        case 'text':
          b.push({ k: 'para', text: s.pick(S(s).gewstText)(c) });
          break;
        case 'berechnung':
          b.push({
            k: 'para',
            text: `${mbLabel} ${m(n.mb * 100)} x ${L.hebesatz} ${c.p(n.hebesatz)} = ${L.steuer} ${m(n.tax)}`,
          });
          b.push({ k: 'para', text: `abzüglich ${L.bisher} ${m(n.bisher)}` });
          b.push({ k: 'para', text: `${diffLabel} ${diffValue}` });
          break;
        case 'festsetzung-abrechnung':
          b.push({ k: 'heading', text: cap(fam, 'Festsetzung') });
          b.push({
            k: 'kv',
            rows: [
              [mbLabel, m(n.mb * 100)],
              [L.hebesatz, c.p(n.hebesatz)],
              [L.steuer, m(n.tax)],
            ],
          });
          b.push({ k: 'heading', text: cap(fam, 'Abrechnung') });
          b.push({
            k: 'kv',
            rows: [
              [L.steuer, m(n.tax)],
              [L.bisher, m(n.bisher)],
              [diffLabel, diffValue],
              ...(extra.r() < 0.5 ? ([[L.entrichtet, m(n.bisher)]] as [string, string][]) : []),
            ],
          });
          break;
        case 'alt-neu':
          // Old and new values side by side, one row per figure; the difference below.
          b.push({
            k: 'table',
            header: ['', cap(fam, 'bisher'), cap(fam, 'neu')],
            rows: [
              [mbLabel, '', m(n.mb * 100)],
              [L.hebesatz, c.p(n.hebesatz), c.p(n.hebesatz)],
              [L.steuer, m(n.bisher), m(n.tax)],
            ],
            widths: [0.46, 0.27, 0.27],
            align: ['l', 'r', 'r'],
          });
          b.push({ k: 'kv', rows: [[diffLabel, diffValue]] });
          break;
        case 'bisher-neu':
          b.push({
            k: 'kv',
            rows: [
              [mbLabel, m(n.mb * 100)],
              [L.hebesatz, c.p(n.hebesatz)],
            ],
          });
          b.push({
            k: 'table',
            header: ['', cap(fam, 'bisher'), cap(fam, 'neu'), cap(fam, 'Unterschied')],
            rows: [[cap(fam, 'Gewerbesteuer'), m(n.bisher), m(n.tax), m(diff)]],
            widths: [0.31, 0.23, 0.23, 0.23],
            align: ['l', 'r', 'r', 'r'],
          });
          break;
        default:
          b.push(
            kvOrTable(s, [
              [mbLabel, m(n.mb * 100)],
              [L.hebesatz, c.p(n.hebesatz)],
              [L.steuer, m(n.tax)],
              [L.bisher, m(n.bisher)],
              [diffLabel, diffValue],
            ]),
          );
      }
      b.push(diff > 0 ? dueBlock(n, s, c, diff, S(s).due) : { k: 'para', text: s.pick(S(s).refund)(c) });
      if (n.zinsen) b.push(...zinsBlocks(n, s, c, false), ...zinsTotal(n, s, c));
      b.push(...vzBlocks(n, s, c, extra.oldVz));
      legal('gewst_bescheid');
      break;
    }
    case 'vorauszahlungsbescheid': {
      intro('vorauszahlungsbescheid');
      const rows: [string, string][] = [
        [L.messbetrag, m(n.mb * 100)],
        [L.hebesatz, c.p(n.hebesatz)],
        [L.jahresbetrag, m(Math.floor(n.tax / 400) * 400)],
      ];
      b.push(
        fam.amounts === 'kv' || fam.amounts === 'bisher-neu' || fam.amounts === 'festsetzung-abrechnung'
          ? { k: 'kv', rows }
          : kvOrTable(s, rows),
      );
      b.push(...vzBlocks(n, s, c, extra.oldVz));
      legal('vorauszahlungsbescheid');
      break;
    }
    case 'zinsbescheid':
      intro('zinsbescheid');
      if (s.zinsNotice && s.zinsNotice !== 'classic' && s.zinsNotice !== 'total') {
        b.push(...zinsNoticeStyled(n, s, c));
        legal('zinsbescheid');
        break;
      }
      b.push(...zinsBlocks(n, s, c, true));
      b.push(dueBlock(n, s, c, n.zinsen?.betrag ?? 0, S(s).zinsDue));
      legal('zinsbescheid');
      break;
    case 'messbescheid': {
      intro('messbescheid');
      const rounded = Math.floor(n.gewerbeertrag / 10000) * 10000;
      // Derivation (fam.ermittlung): profit + additions − reductions = Gewerbeertrag.
      const hinz = ((n.mb * 37) % 50000) * 100;
      const kuerz = ((n.mb * 53) % 20000) * 100;
      const derivation: [string, string][] = fam.ermittlung
        ? [
            [cap(fam, 'Gewinn aus Gewerbebetrieb (§ 7 GewStG)'), m(n.gewerbeertrag - hinz + kuerz)],
            [cap(fam, 'zuzüglich Hinzurechnungen (§ 8 GewStG)'), m(hinz)],
            [cap(fam, 'abzüglich Kürzungen (§ 9 GewStG)'), m(kuerz)],
          ]
        : [];
      if (s.mess && s.mess !== 'classic') {
        b.push(...messStyled(n, s, c, rounded));
        legal('messbescheid');
        break;
      }
      const rows: [string, string][] = [
        ...derivation,
        [L.gewerbeertrag, m(n.gewerbeertrag)],
        [L.abgerundet, m(rounded)],
        [L.freibetrag, m(n.freibetrag)],
        [L.verbleibend, m(rounded - n.freibetrag)],
        [L.messzahl, '3,5 %'],
        [L.messbetrag, m(n.mb * 100)],
      ];
      b.push(
        fam.amounts === 'text'
          ? { k: 'table', header: ['Berechnung', L.betrag], rows, widths: [0.7, 0.3], align: ['l', 'r'] }
          : kvOrTable(s, rows),
      );
      legal('messbescheid');
      break;
    }
    case 'zerlegungsbescheid': {
      intro('zerlegungsbescheid');
      if (s.zerlegung && s.zerlegung !== 'classic') {
        b.push(...zerlegungStyled(n, s, c));
        legal('zerlegungsbescheid');
        break;
      }
      const ags = fam.printsAgs;
      const rows = n.zerlegung.map((z) =>
        ags
          ? [z.gemeinde.name, z.gemeinde.ags, m(z.lohn), m(z.anteil)]
          : [z.gemeinde.name, m(z.lohn), m(z.anteil)],
      );
      if (extra.r() < 0.5) {
        const sumL = n.zerlegung.reduce((a, z) => a + z.lohn, 0);
        const sumA = n.zerlegung.reduce((a, z) => a + z.anteil, 0);
        rows.push(ags ? ['Summe', '', m(sumL), m(sumA)] : ['Summe', m(sumL), m(sumA)]);
      }
      b.push({
        k: 'table',
        header: ags
          ? [L.gemeindeCol, L.agsCol, L.lohnCol, L.anteilCol]
          : [L.gemeindeCol, L.lohnCol, L.anteilCol],
        rows,
        widths: ags ? [0.34, 0.2, 0.23, 0.23] : [0.46, 0.27, 0.27],
        align: ags ? ['l', 'l', 'r', 'r'] : ['l', 'r', 'r'],
        split: !!fam.longText,
      });
      legal('zerlegungsbescheid');
      break;
    }
    case 'mahnung': {
      // Development-only phrasings (letters-dev.ts) set out the figures themselves.
      const styled = mahnungStyled(n, s, c);
      if (!styled) intro('mahnung');
      const due = formatDate(n.urspruenglichFaellig, 'dd.mm.yyyy');
      if (styled) b.push(...styled);
      else if (
        fam.amounts === 'kv' ||
        fam.amounts === 'festsetzung-abrechnung' ||
        fam.amounts === 'berechnung'
      ) {
        b.push({
          k: 'kv',
          rows: [
            [`${cap(fam, 'Gewerbesteuer')} ${n.ez}, ${cap(fam, 'fällig seit')} ${due}`, ''],
            [L.rueckstand, m(n.rueckstand)],
            [L.saeumnis, m(n.saeumnis)],
            [L.mahngebuehr, m(n.mahngebuehr)],
          ].filter((r) => r[1] !== '') as [string, string][],
        });
      } else {
        b.push({
          k: 'table',
          header: [
            cap(fam, 'Abgabeart'),
            cap(fam, 'Jahr'),
            cap(fam, 'fällig seit'),
            L.rueckstand,
            L.saeumnis,
          ],
          rows: [
            [cap(fam, 'Gewerbesteuer'), String(n.ez), due, m(n.rueckstand), m(n.saeumnis)],
            [L.mahngebuehr, '', '', '', m(n.mahngebuehr)],
          ],
          widths: [0.25, 0.1, 0.19, 0.23, 0.23],
          align: ['l', 'l', 'l', 'r', 'r'],
        });
      }
      b.push(dueBlock(n, s, c, n.rueckstand + n.saeumnis + n.mahngebuehr, S(s).mahnText));
      legal('mahnung');
      break;
    }
    case 'sonstiges':
      b.push({ k: 'para', text: s.pick(S(s).sonstigesBody)(c) }, ...created(n, s, c));
      return b;
  }
  if (!FA_TYPES.has(n.type)) {
    b.push({ k: 'heading', text: L.bankHeading });
    b.push({
      k: 'kv',
      rows: [
        [L.bank, n.bank],
        [L.iban, fam.iban === 'grouped' ? n.iban.replace(/(.{4})/g, '$1 ').trim() : n.iban],
        [L.bic, n.bic],
      ],
    });
    b.push({ k: 'para', text: s.pick(S(s).paymentNote)(c) });
  }
  b.push(...created(n, s, c));
  if (fam.belehrungPage2) b.push({ k: 'break' });
  b.push({ k: 'heading', text: L.belehrungHeading });
  b.push({ k: 'para', text: s.pick(S(s).belehrung)(c) });
  return b;
}

/** The notice date at the end of the letter (LetterStyle 'erstellt-am'). */
const created = (n: NoticeData, s: Style, c: Ctx): Block[] =>
  s.letter === 'erstellt-am'
    ? [
        {
          k: 'para',
          text: s.pick([
            `Erstellt am ${c.d(n.datum)}`,
            `Dieses Schreiben wurde am ${c.d(n.datum)} maschinell erstellt und ist ohne Unterschrift gültig.`,
          ]),
        },
      ]
    : [];

/** The due date of a payment in the form the notice drew (pools.ts DueStyle). */
function dueBlock(n: NoticeData, s: Style, c: Ctx, cents: number, classic: Pools['sentences']['due']): Block {
  const d = c.d(n.faellig);
  const amt = c.m(cents);
  switch (s.due) {
    case 'zahlbar-bis':
      return {
        k: 'para',
        text: s.pick([
          `Der Betrag von ${amt} ist zahlbar bis ${d}.`,
          `Zahlbar bis spätestens ${d} ohne Abzug.`,
          `Der Gesamtbetrag ist zahlbar bis zum ${d}.`,
        ]),
      };
    case 'zu-entrichten':
      return {
        k: 'para',
        text: s.pick([
          `Der Betrag von ${amt} ist bis zum ${d} an die ${c.kind === 'Gemeinde' ? 'Gemeindekasse' : 'Stadtkasse'} zu entrichten.`,
          `Bitte entrichten Sie ${amt} bis zum ${d}.`,
          `${amt} sind bis ${d} zu überweisen.`,
        ]),
      };
    case 'faelligkeit-kv':
      return {
        k: 'kv',
        rows: [
          [cap(s.family, s.pick(['Fälligkeit', 'Fälligkeitstermin', 'Zahlungsziel', 'Fällig zum'])), d],
          [cap(s.family, s.pick(['Zahlbetrag', 'zu zahlender Betrag'])), amt],
        ],
      };
    case 'due-table':
      return {
        k: 'table',
        header: ['Zahlungsgrund', s.pick(['fällig am', 'Fälligkeit', 'zahlbar bis']), 'Betrag'].map((h) =>
          cap(s.family, h),
        ),
        rows: [[`${n.type === 'mahnung' ? 'Rückstand' : 'Gewerbesteuer'} ${n.ez}`, d, amt]],
        widths: [0.5, 0.25, 0.25],
        align: ['l', 'l', 'r'],
      };
    case 'bekanntgabe':
      return {
        k: 'para',
        text: s.pick([
          `Der Betrag ist einen Monat nach Bekanntgabe dieses Bescheides fällig, das ist der ${d}.`,
          `Fällig einen Monat nach Bekanntgabe (${d}).`,
        ]),
      };
    default:
      return { k: 'para', text: s.pick(classic)(c) };
  }
}

/** Other forms of the apportionment (development pools only). */
function zerlegungStyled(n: NoticeData, s: Style, c: Ctx): Block[] {
  const L = c.L;
  const fam = s.family;
  const m = c.m;
  const z = n.zerlegung;
  const sumL = z.reduce((a, x) => a + x.lohn, 0);
  const sumA = z.reduce((a, x) => a + x.anteil, 0);
  const pctOf = (x: number) => `${((100 * x) / sumL).toFixed(2).replace('.', ',')} %`;
  const total: Block = {
    k: 'kv',
    rows: [
      [
        cap(
          fam,
          s.pick(['Steuermessbetrag insgesamt', 'Gesamter Steuermessbetrag', 'zu zerlegender Messbetrag']),
        ),
        m(sumA),
      ],
    ],
  };
  const withSum = s.pick([true, false]);
  const table = (
    header: string[],
    rows: string[][],
    widths: number[],
    align: ('l' | 'r')[],
    split = false,
  ): Block => ({
    k: 'table',
    header: header.map((h) => cap(fam, h)),
    rows,
    widths,
    align,
    split: split || !!fam.longText,
  });
  switch (s.zerlegung) {
    case 'ags-first': {
      const rows = z.map((x) => [x.gemeinde.ags, x.gemeinde.name, m(x.lohn), m(x.anteil)]);
      if (withSum) rows.push(['', 'Summe', m(sumL), m(sumA)]);
      return [
        table(
          [L.agsCol, L.gemeindeCol, L.lohnCol, L.anteilCol],
          rows,
          [0.18, 0.36, 0.23, 0.23],
          ['l', 'l', 'r', 'r'],
        ),
      ];
    }
    case 'pct': {
      const rows = z.map((x) => [x.gemeinde.name, pctOf(x.lohn), m(x.anteil)]);
      if (withSum) rows.push([s.pick(['Summe', 'Gesamt', 'insgesamt']), '100,00 %', m(sumA)]);
      return [
        total,
        table(
          [
            L.gemeindeCol,
            s.pick(['Anteil in %', 'Zerlegungsquote', 'Anteil v. H.']),
            s.pick(['Messbetragsanteil', 'anteiliger Messbetrag', 'Anteil am Steuermessbetrag']),
          ],
          rows,
          [0.46, 0.22, 0.32],
          ['l', 'r', 'r'],
        ),
      ];
    }
    case 'lfd': {
      const rows = z.map((x, i) => [
        String(i + 1),
        `${x.gemeinde.kind} ${x.gemeinde.name} (${x.gemeinde.ags})`,
        m(x.anteil),
      ]);
      return [
        total,
        table(
          [
            'Lfd. Nr.',
            L.gemeindeCol,
            s.pick(['Zerlegungsanteil in EUR', 'zugeteilter Messbetrag', 'Anteil']),
          ],
          rows,
          [0.12, 0.56, 0.32],
          ['l', 'l', 'r'],
        ),
      ];
    }
    case 'text': {
      const parts = z.map(
        (x) =>
          `die ${x.gemeinde.kind} ${x.gemeinde.name} ${s.pick(['ein Anteil von ', '', 'ein Betrag von '])}${m(x.anteil)}`,
      );
      const list = `${parts.slice(0, -1).join(', ')} und ${parts[parts.length - 1]}`;
      return [
        {
          k: 'para',
          text: s.pick([
            `Von dem Steuermessbetrag in Höhe von ${m(sumA)} entfallen auf ${list}.`,
            `Der Steuermessbetrag von ${m(sumA)} wird wie folgt zerlegt: auf ${list}.`,
          ]),
        },
      ];
    }
    case 'blocks':
      return z.flatMap((x, i): Block[] => [
        {
          k: 'heading',
          text: cap(
            fam,
            `${i + 1}. ${s.pick(['Hebeberechtigte Gemeinde', 'Gemeinde', 'Betriebsstättengemeinde'])}`,
          ),
        },
        {
          k: 'kv',
          rows: [
            [cap(fam, 'Name'), x.gemeinde.name],
            [L.lohnCol, m(x.lohn)],
            [L.anteilCol, m(x.anteil)],
          ],
        },
      ]);
    case 'quote-last': {
      const rows = z.map((x) => [x.gemeinde.name, x.gemeinde.ags, m(x.lohn), m(x.anteil), pctOf(x.lohn)]);
      if (withSum) rows.push([s.pick(['Summe', 'Gesamt']), '', m(sumL), m(sumA), '100,00 %']);
      return [
        table(
          [
            L.gemeindeCol,
            s.pick(['Gemeindeschlüssel', 'AGS', 'Gemeindekennziffer']),
            s.pick(['Arbeitslöhne', 'Summe der Arbeitslöhne', 'Lohnsumme €']),
            s.pick(['Anteil am Messbetrag', 'Messbetragsanteil €', 'Zerlegungsanteil']),
            s.pick(['Anteil %', 'Quote', 'v. H.']),
          ],
          rows,
          [0.28, 0.16, 0.2, 0.2, 0.16],
          ['l', 'l', 'r', 'r', 'r'],
        ),
      ];
    }
    case 'fa-list': {
      const rows = z.map((x, i) => [`${i + 1}.`, x.gemeinde.ags, x.gemeinde.name, m(x.lohn), m(x.anteil)]);
      rows.push(['', '', s.pick(['Summe', 'insgesamt']), m(sumL), m(sumA)]);
      return [
        {
          k: 'para',
          text: s.pick([
            `Der einheitliche Steuermessbetrag von ${m(sumA)} wird nach §§ 28 bis 34 GewStG auf die hebeberechtigten Gemeinden wie folgt zerlegt:`,
            `Zerlegung des Steuermessbetrags (${m(sumA)}) nach dem Verhältnis der Arbeitslöhne (§ 29 GewStG):`,
          ]),
        },
        ...filler(c),
        table(
          [
            'Nr.',
            s.pick(['Gemeindeschlüssel', 'Gemeinde-Kennz.']),
            s.pick(['hebeberechtigte Gemeinde', 'Gemeinde']),
            s.pick(['Zerlegungsmaßstab (Arbeitslöhne)', 'Arbeitslöhne EUR']),
            s.pick(['Zerlegungsanteil', 'Anteil EUR', 'Steuermessbetrag']),
          ],
          rows,
          [0.08, 0.17, 0.33, 0.22, 0.2],
          ['l', 'l', 'l', 'r', 'r'],
          true,
        ),
      ];
    }
    case 'mb-pct': {
      const pctFirst = s.pick([true, false]);
      const rows = z.map((x) =>
        pctFirst
          ? [x.gemeinde.name, pctOf(x.lohn), m(x.anteil)]
          : [x.gemeinde.name, m(x.anteil), pctOf(x.lohn)],
      );
      const pctH = s.pick(['Zerlegungsanteil v. H.', 'Anteil in Prozent', 'Anteil (%)']);
      const amtH = s.pick(['Zerlegungsanteil EUR', 'Anteil in Euro', 'Anteil (€)']);
      return [
        table(
          [L.gemeindeCol, pctFirst ? pctH : amtH, pctFirst ? amtH : pctH],
          rows,
          [0.46, 0.27, 0.27],
          ['l', 'r', 'r'],
        ),
      ];
    }
    default: {
      // Share before wages, the table running onto the next page after long explanations.
      const rows = z.map((x) => [x.gemeinde.name, m(x.anteil), m(x.lohn)]);
      if (withSum) rows.push(['Summe', m(sumA), m(sumL)]);
      return [
        ...filler(c),
        table([L.gemeindeCol, L.anteilCol, L.lohnCol], rows, [0.46, 0.27, 0.27], ['l', 'r', 'r'], true),
      ];
    }
  }
}

const cap = (fam: Style['family'], x: string) => (fam.caps ? x.toUpperCase() : x);

const ROMAN = ['I', 'II', 'III', 'IV'];

/** Development-only forms of the Hebesatz, tax, settlement and due date (pools.ts RateStyle). */
function rateStyled(n: NoticeData, s: Style, c: Ctx, mbLabel: string): Block[] {
  const { m, L, d } = c;
  const diff = n.tax - n.bisher;
  const abs = m(Math.abs(diff));
  const factor = (n.hebesatz / 100).toFixed(2).replace('.', ',');
  const due = d(n.faellig);
  switch (s.rate) {
    case 'calc-line':
      return [
        { k: 'para', text: `${mbLabel} ${m(n.mb * 100)} x ${n.hebesatz} % = ${m(n.tax)}` },
        { k: 'para', text: `abzüglich bereits festgesetzt ${m(n.bisher)}` },
        { k: 'para', text: `verbleibender Betrag ${diff >= 0 ? m(diff) : `- ${abs}`}` },
        {
          k: 'para',
          text: diff > 0 ? `Zahlbar bis ${due}.` : 'Der Betrag wird Ihnen erstattet.',
        },
      ];
    case 'vh-sentence':
      return [
        {
          k: 'para',
          text: `Die Gewerbesteuer beträgt bei einem Hebesatz von ${n.hebesatz} vom Hundert des ${n.zerlegt ? 'Zerlegungsanteils' : 'Steuermessbetrags'} (${m(n.mb * 100)}) ${m(n.tax)}.`,
        },
        {
          k: 'kv',
          rows: [
            ['Soll bisher', m(n.bisher)],
            ['Soll neu', m(n.tax)],
            [diff >= 0 ? 'Nachzahlung' : 'Erstattung', abs],
          ],
        },
        ...(diff > 0
          ? [{ k: 'para' as const, text: `Der Nachzahlungsbetrag ist spätestens am ${due} zu entrichten.` }]
          : []),
      ];
    case 'factor':
      return [
        {
          k: 'table',
          header: [mbLabel, 'Hebesatz (Faktor)', 'Gewerbesteuer'],
          rows: [[m(n.mb * 100), factor, m(n.tax)]],
          widths: [0.34, 0.33, 0.33],
          align: ['r', 'r', 'r'],
        },
        {
          k: 'para',
          text: `Hierauf sind bereits ${m(n.bisher)} festgesetzt. ${diff >= 0 ? `Es sind noch ${abs} zu zahlen` : `Es sind ${abs} zu erstatten`}${diff > 0 ? `, fällig zum ${due}.` : '.'}`,
        },
      ];
    case 'pct-column':
      return [
        {
          k: 'table',
          header: ['Messbetrag €', 'Hebesatz (%)', 'Steuer €', 'bisher €', 'Differenz €', 'fällig am'],
          rows: [[m(n.mb * 100), String(n.hebesatz), m(n.tax), m(n.bisher), m(diff), diff > 0 ? due : '']],
          widths: [0.18, 0.14, 0.18, 0.18, 0.18, 0.14],
          align: ['r', 'r', 'r', 'r', 'r', 'r'],
        },
      ];
    case 'brackets':
      return [
        {
          k: 'kv',
          rows: [
            [L.messbetrag, m(n.mb * 100)],
            ['× Hebesatz', `${n.hebesatz} %`],
            ['= festgesetzte Gewerbesteuer', m(n.tax)],
            ['./. bisher festgesetzt', m(n.bisher)],
            [diff >= 0 ? 'zu zahlen' : 'zu erstatten', diff >= 0 ? m(diff) : `(${abs})`],
          ],
        },
        ...(diff > 0 ? [{ k: 'para' as const, text: `Zahlungstermin: ${due}` }] : []),
      ];
    default:
      return [
        {
          k: 'para',
          text: `Auf den ${n.zerlegt ? 'Ihrer Gemeinde zugeteilten Anteil am Steuermessbetrag' : 'Steuermessbetrag'} von ${m(n.mb * 100)} wird der Hebesatz ${n.hebesatz} v. H. angewandt; die Gewerbesteuer wird auf ${m(n.tax)} festgesetzt.`,
        },
        {
          k: 'para',
          text:
            diff >= 0
              ? `Nach Abzug der bisher festgesetzten ${m(n.bisher)} ergibt sich ein Betrag von ${abs} zu Ihren Lasten. Er ist innerhalb eines Monats nach Bekanntgabe dieses Bescheides, spätestens am ${due}, zu zahlen.`
              : `Nach Abzug der bisher festgesetzten ${m(n.bisher)} ergibt sich ein Guthaben von ${abs} zu Ihren Gunsten.`,
        },
      ];
  }
}

/** Development-only forms of a Gewerbesteuerbescheid's figures (pools.ts GewstStyle). */
function gewstStyled(
  n: NoticeData,
  s: Style,
  c: Ctx,
  mbLabel: string,
  diffLabel: string,
  diffValue: string,
): Block[] {
  const { m, L } = c;
  const diff = n.tax - n.bisher;
  switch (s.gewst) {
    case 'columns-old-new':
      // Old and new assessment side by side with the change in a fourth column; the Messbetrag
      // of the old assessment is not repeated.
      return [
        {
          k: 'table',
          header: ['Berechnungsgrundlagen', 'bisherige Festsetzung', 'neue Festsetzung', 'mehr / weniger'],
          rows: [
            [mbLabel, '', m(n.mb * 100), ''],
            [L.hebesatz, c.p(n.hebesatz), c.p(n.hebesatz), ''],
            [L.steuer, m(n.bisher), m(n.tax), m(diff)],
          ],
          widths: [0.34, 0.22, 0.22, 0.22],
          align: ['l', 'r', 'r', 'r'],
        },
      ];
    case 'ledger':
      // A computation with operators in their own column.
      return [
        {
          k: 'table',
          header: ['', 'Berechnung', L.betrag],
          rows: [
            ['', mbLabel, m(n.mb * 100)],
            ['x', L.hebesatz, c.p(n.hebesatz)],
            ['=', L.steuer, m(n.tax)],
            ['./.', L.bisher, m(n.bisher)],
            ['=', diffLabel, diffValue],
          ],
          widths: [0.08, 0.62, 0.3],
          align: ['l', 'l', 'r'],
        },
      ];
    case 'inline':
      // Key–value pairs run together on two lines.
      return [
        {
          k: 'para',
          text: `${mbLabel}: ${m(n.mb * 100)} | ${L.hebesatz}: ${c.p(n.hebesatz)} | ${L.steuer}: ${m(n.tax)}`,
        },
        { k: 'para', text: `${L.bisher}: ${m(n.bisher)} | ${diffLabel}: ${diffValue}` },
      ];
    default:
      return [
        {
          k: 'para',
          text: `Bei einem ${n.zerlegt ? 'auf unsere Gemeinde entfallenden Anteil am Messbetrag' : 'Steuermessbetrag'} von ${m(n.mb * 100)} und einem Hebesatz von ${c.p(n.hebesatz)} ergibt sich eine Gewerbesteuer von ${m(n.tax)}. Hierauf werden die bisher festgesetzten Beträge von ${m(n.bisher)} angerechnet, ${diff >= 0 ? `so dass noch ${m(diff)} zu zahlen sind.` : `so dass Ihnen ${m(-diff)} erstattet werden.`}`,
        },
      ];
  }
}

/** Development-only forms of the prepayment schedule (pools.ts VzStyle). */
function vzStyled(n: NoticeData, s: Style, c: Ctx, oldVz: number): Block[] {
  const { m, L } = c;
  const dn = (iso: string) => c.d(iso);
  switch (s.vzStyle) {
    case 'old-new':
      return [
        {
          k: 'table',
          header: [L.faelligkeitCol, 'Vorauszahlung bisher', 'Vorauszahlung neu'],
          rows: n.vz.map((q) => [dn(q.faellig_am), m(oldVz), m(q.betrag)]),
          widths: [0.3, 0.35, 0.35],
          align: ['l', 'r', 'r'],
        },
      ];
    case 'roman':
      return [
        {
          k: 'kv',
          rows: n.vz.map((q) => [
            `Vorauszahlung ${ROMAN[q.quartal - 1]}/${q.jahr} (fällig ${dn(q.faellig_am)})`,
            m(q.betrag),
          ]),
        },
      ];
    case 'sentence': {
      const parts = n.vz.map((q) => `zum ${dn(q.faellig_am)} ${m(q.betrag)}`);
      return [{ k: 'para', text: `Die Vorauszahlungen sind wie folgt zu entrichten: ${parts.join(', ')}.` }];
    }
    case 'quarter-label':
      // "I/2025 … 1.234,00 €" without dates; the statutory dates in a sentence without a year.
      return [
        {
          k: 'table',
          header: ['Zeitraum', L.betrag],
          rows: n.vz.map((q) => [`${ROMAN[q.quartal - 1]}/${q.jahr}`, m(q.betrag)]),
          widths: [0.5, 0.5],
          align: ['l', 'r'],
        },
        {
          k: 'para',
          text: 'Die Vorauszahlungen sind jeweils zu den gesetzlichen Fälligkeitsterminen zu entrichten.',
        },
      ];
    case 'quartal-col': {
      // "1. Quartal" in one column, the year only in the heading line above.
      const year = n.vz[0]!.jahr;
      return [
        { k: 'para', text: `Für das Jahr ${year} werden folgende Vorauszahlungen festgesetzt:` },
        {
          k: 'table',
          header: ['Quartal', 'Vorauszahlungssoll'],
          rows: n.vz.map((q) => [`${q.quartal}. Quartal`, m(q.betrag)]),
          widths: [0.5, 0.5],
          align: ['l', 'r'],
        },
      ];
    }
    case 'day-month': {
      // "zum 15.02." without the year, which stands in the sentence before.
      const year = n.vz[0]!.jahr;
      const dm = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.`;
      return [
        { k: 'para', text: `Vorauszahlungen für ${year}:` },
        { k: 'kv', rows: n.vz.map((q) => [`zum ${dm(q.faellig_am)}`, m(q.betrag)]) },
      ];
    }
    case 'month-names': {
      const year = n.vz[0]!.jahr;
      const names = ['Februar', 'Mai', 'August', 'November'];
      return [
        {
          k: 'table',
          header: ['Fälligkeitsmonat', `Betrag ${year}`],
          rows: n.vz.map((q) => [`15. ${names[q.quartal - 1]}`, m(q.betrag)]),
          widths: [0.5, 0.5],
          align: ['l', 'r'],
        },
      ];
    }
    case 'je-ab': {
      const q0 = n.vz[0]!;
      const from =
        q0.quartal === 1
          ? `ab ${q0.jahr}`
          : s.pick([`ab dem ${dn(q0.faellig_am)}`, `ab dem ${ROMAN[q0.quartal - 1]}. Quartal ${q0.jahr}`]);
      return [
        {
          k: 'para',
          text: `Die Gewerbesteuer-Vorauszahlungen werden ${from} vierteljährlich auf je ${m(q0.betrag)} festgesetzt.`,
        },
      ];
    }
    case 'old-new-change':
      // Old, new and change columns; due dates on a weekend moved to the Monday after.
      return [
        {
          k: 'table',
          header: ['Termin', 'Soll alt', 'Soll neu', 'Mehr / Weniger'],
          rows: n.vz.map((q) => [dn(q.faellig_am), m(oldVz), m(q.betrag), m(q.betrag - oldVz)]),
          widths: [0.25, 0.25, 0.25, 0.25],
          align: ['l', 'r', 'r', 'r'],
        },
      ];
    case 'multi-year': {
      // This year's remaining quarters and the following year's four, one block per year.
      const years = [...new Set(n.vz.map((q) => q.jahr))];
      return years.flatMap((y): Block[] => [
        { k: 'para', text: `Vorauszahlungen ${y}` },
        {
          k: 'table',
          header: [L.faelligkeitCol, L.betrag],
          rows: n.vz.filter((q) => q.jahr === y).map((q) => [dn(q.faellig_am), m(q.betrag)]),
          widths: [0.5, 0.5],
          align: ['l', 'r'],
        },
      ]);
    }
    case 'annual-only': {
      const q0 = n.vz[0]!;
      const total = m(q0.betrag * n.vz.length);
      return [
        {
          k: 'para',
          text:
            q0.quartal === 1
              ? `Die Vorauszahlungen für ${q0.jahr} betragen insgesamt ${total}; sie sind zu je einem Viertel am 15. Februar, 15. Mai, 15. August und 15. November zu entrichten.`
              : `Für ${q0.jahr} sind ab dem ${q0.quartal}. Quartal noch Vorauszahlungen von insgesamt ${total} zu gleichen Teilen zu den gesetzlichen Fälligkeitsterminen zu entrichten.`,
        },
      ];
    }
    default:
      return [
        {
          k: 'table',
          header: ['fällig am', L.betrag],
          rows: n.vz.map((q) => [dn(q.faellig_am), m(q.betrag)]),
          widths: [0.5, 0.5],
          align: ['l', 'r'],
        },
      ];
  }
}

/** Development-only derivations of the Messbetrag (pools.ts MessStyle). */
function messStyled(n: NoticeData, s: Style, c: Ctx, rounded: number): Block[] {
  const { m, L } = c;
  if (s.mess === 'operators')
    return [
      {
        k: 'table',
        header: ['', 'Ermittlung des Steuermessbetrags', L.betrag],
        rows: [
          ['', L.gewerbeertrag, m(n.gewerbeertrag)],
          ['', 'Abrundung auf volle 100 €', m(rounded)],
          ['./.', L.freibetrag.replace(/^(?:abzgl\.|\.\/\.|abzüglich)\s*/i, ''), m(n.freibetrag)],
          ['=', 'gekürzter Gewerbeertrag', m(rounded - n.freibetrag)],
          ['x', 'Steuermesszahl', '3,5 v. H.'],
          ['=', 'Steuermessbetrag', m(n.mb * 100)],
        ],
        widths: [0.08, 0.62, 0.3],
        align: ['l', 'l', 'r'],
      },
    ];
  return [
    {
      k: 'para',
      text: `Der Gewerbeertrag von ${m(n.gewerbeertrag)} wird auf ${m(rounded)} abgerundet und um den Freibetrag von ${m(n.freibetrag)} gekürzt. Auf den verbleibenden Betrag von ${m(rounded - n.freibetrag)} ist die Steuermesszahl von 3,5 % anzuwenden; der Steuermessbetrag beträgt danach ${m(n.mb * 100)}.`,
    },
  ];
}

/** The title, without its year where the Erhebungszeitraum is stated elsewhere (EzStyle). */
function ezTitle(n: NoticeData, s: Style, _c: Ctx): string {
  const t = s.title(n.ez);
  if (!s.ezStyle || s.ezStyle === 'classic' || n.type === 'sonstiges') return t;
  const y = String(n.ez);
  const stripped = t
    .replace(new RegExp(`\\s*(?:für das Jahr|für|ab|zur Gewerbesteuer)?\\s*${y}`), '')
    .replace(/\s+(?:für|ab|-)\s*$/, '')
    .trim();
  if (s.ezStyle === 'title-for') return `${stripped} für ${y}`;
  return s.ezStyle === 'ez-abbr' ? `${stripped} - EZ ${y}` : stripped;
}

/** The line stating the Erhebungszeitraum under the title (EzStyle), if any. */
function ezStatement(n: NoticeData, s: Style, c: Ctx): string | null {
  if (n.type === 'sonstiges') return null;
  const y = n.ez;
  switch (s.ezStyle) {
    case 'kalenderjahr':
      return s.pick([`für das Kalenderjahr ${y}`, `(Kalenderjahr ${y})`]);
    case 'veranlagungszeitraum':
      return `Veranlagungszeitraum: ${y}`;
    case 'subject':
      return s.pick([
        `Betreff: Ihre Gewerbesteuer ${y}, Kassenzeichen ${n.kassenzeichen}`,
        `Betr.: Gewerbesteuer - Jahr ${y}`,
      ]);
    default:
      void c;
      return null;
  }
}
