/** Turns notice figures into layout blocks (titles, label/value pairs, tables, running text). */

import {
  type Block,
  fmtDate,
  fmtIban,
  fmtMoney,
  fmtPct,
  type Letter,
  transposed,
  vzBlocks,
  zinsBlocks,
} from './content-blocks.js';
import { type Layout, say } from './layouts.js';
import type { NoticeData } from './notice.js';

export { type Block, fmtDate, fmtMoney, type Letter } from './content-blocks.js';

export function buildLetter(n: NoticeData, l: Layout): Letter {
  const v = l.variant;
  const g = n.gemeinde;
  const fa = n.type === 'messbescheid' || n.type === 'zerlegungsbescheid';
  const issuer = fa
    ? [
        `Finanzamt ${n.finanzamt}`,
        say(v, ['Veranlagungsstelle', 'Gewerbesteuerstelle', 'Körperschaftsteuerstelle']),
      ]
    : [
        say(v, [
          `${g.kind} ${g.name}`,
          `${g.kind === 'Gemeinde' ? 'Gemeindeverwaltung' : 'Stadtverwaltung'} ${g.name}`,
          `${g.kind} ${g.name}`,
          `${g.kind} ${g.name}`,
          `${g.kind.toUpperCase()} ${g.name.toUpperCase()}`,
          `${g.kind} ${g.name}`,
          `Magistrat der ${g.kind === 'Gemeinde' ? 'Gemeinde' : 'Stadt'} ${g.name}`,
          `Der Bürgermeister der ${g.kind === 'Gemeinde' ? 'Gemeinde' : 'Stadt'} ${g.name}`,
        ]),
        say(v, [
          'Kämmerei - Steueramt',
          'Stadtkasse',
          'Fachbereich Finanzen',
          'Steuern und Abgaben',
          'Steueramt',
          'Abgabenabteilung',
          'Kassen- und Steueramt',
          'Finanzverwaltung',
        ]),
      ];
  const sender = fa
    ? `Finanzamt ${n.finanzamt} · Postfach 10 20 30 · ${n.finanzamt}`
    : `${issuer[0]} · Postfach ${10 + v} 04 50 · ${g.plz} ${g.name}`;
  const info: [string, string][] = [];
  const dateLabel = say(v, [
    'Datum',
    'Datum',
    'Bescheiddatum',
    'Datum',
    'DATUM',
    'Datum des Bescheides',
    'Datum',
    'Bescheid vom',
  ]);
  if (!fa && n.type !== 'sonstiges') {
    info.push([
      say(v, [
        'Kassenzeichen',
        'Kassenzeichen',
        'Buchungszeichen',
        'Kassenzeichen',
        'KASSENZEICHEN',
        'Personenkonto',
        'Kassenzeichen',
        'Kassenzeichen',
      ]),
      n.kassenzeichen,
    ]);
  }
  if (n.showSteuernummer && n.type !== 'sonstiges')
    info.push([say(v, ['Steuernummer', 'Steuer-Nr.', 'St.-Nr.']), n.steuernummer]);
  if (l.printsAgs && !fa) info.push([say(v, ['Gemeindeschlüssel', 'AGS', 'Amtl. Gemeindeschlüssel']), g.ags]);
  info.push([
    'Auskunft',
    say(v, ['Frau Schneider', 'Herr Yılmaz'.replace('ı', 'i'), 'Frau Krämer', 'Herr Weber']),
  ]);
  info.push(['Telefon', `0${200 + v} ${1000 + v * 37}-${20 + v}`]);
  info.push([dateLabel, fmtDate(n.datum, l, l.kv === 'dotted')]);
  return {
    issuer,
    sender,
    recipient: [
      n.company,
      n.street,
      `${String(10000 + ((g.ags.charCodeAt(3) * 997) % 89999)).padStart(5, '0')} ${n.finanzamt}`,
    ],
    info,
    blocks: body(n, l),
  };
}

function body(n: NoticeData, l: Layout): Block[] {
  const v = l.variant;
  const ez = n.ez;
  const b: Block[] = [];
  const m = (c: number) => fmtMoney(c, l);
  const d = (iso: string) => fmtDate(iso, l);
  switch (n.type) {
    case 'gewst_bescheid': {
      b.push({
        k: 'title',
        text: say(v, [
          `Bescheid über Gewerbesteuer und Zinsen für ${ez}`,
          `Gewerbesteuerbescheid ${ez}`,
          `Gewerbesteuer-Bescheid für das Jahr ${ez}`,
          `Bescheid über die Festsetzung der Gewerbesteuer ${ez}`,
        ]),
      });
      b.push({
        k: 'para',
        text: `Sehr geehrte Damen und Herren, auf Grund des vom Finanzamt ${n.finanzamt} festgesetzten Gewerbesteuermessbetrags wird die Gewerbesteuer für das Jahr ${ez} wie folgt festgesetzt:`,
      });
      const mbLabel = n.zerlegt
        ? 'Zerlegungsanteil'
        : say(v, ['Gewerbesteuermessbetrag', 'Steuermessbetrag', 'Messbetrag']);
      const diff = n.tax - n.bisher;
      const diffRow: [string, string] =
        say(v, [0, 1]) === 0
          ? ['Zu-/Abgang', m(diff)]
          : diff >= 0
            ? ['Nachzahlung', m(diff)]
            : ['Erstattung', m(-diff)];
      if (l.amounts === 'text') {
        b.push({
          k: 'para',
          text: `Die ${n.gemeinde.kind === 'Gemeinde' ? 'Gemeinde' : 'Stadt'} ${n.gemeinde.name} setzte auf Grund des ${n.zerlegt ? 'Zerlegungsanteils' : 'Gewerbesteuermessbetrags'} von ${m(n.mb * 100)} und eines Hebesatzes von ${fmtPct(n.hebesatz, l)} die Gewerbesteuer für ${ez} auf ${m(n.tax)} fest. Bisher waren ${m(n.bisher)} festgesetzt (bisheriger Sollbetrag). ${diff >= 0 ? `Es ergibt sich eine Nachforderung von ${m(diff)}.` : `Es ergibt sich eine Erstattung von ${m(-diff)}.`}`,
        });
      } else {
        const rows: [string, string][] = [
          [mbLabel, m(n.mb * 100)],
          [say(v, ['Hebesatz', 'Hebesatz der Gemeinde', 'Hebesatz']), fmtPct(n.hebesatz, l)],
          [
            say(v, [
              'Festgesetzte Gewerbesteuer',
              'Gewerbesteuer',
              'Steuer festgesetzt',
              `Gewerbesteuer ${ez}`,
            ]),
            m(n.tax),
          ],
          [say(v, ['bisheriger Sollbetrag', 'bisher festgesetzt', 'Bisherige Festsetzung']), m(n.bisher)],
          diffRow,
        ];
        b.push(l.amounts === 'transposed' ? transposed(rows) : { k: 'kv', rows });
      }
      if (diff > 0) {
        b.push({
          k: 'para',
          text: say(v, [
            `Nachforderungen sind innerhalb eines Monats zur Zahlung fällig (Fälligkeit: ${d(n.faellig)}).`,
            `Der Nachzahlungsbetrag ist bis zum ${d(n.faellig)} zu zahlen.`,
            `Fällig am ${d(n.faellig)}.`,
          ]),
        });
      } else {
        b.push({
          k: 'para',
          text: 'Der Erstattungsbetrag wird auf das uns bekannte Konto überwiesen oder mit Rückständen verrechnet.',
        });
      }
      if (n.zinsen) b.push(...zinsBlocks(n, l, false));
      b.push(...vzBlocks(n, l));
      break;
    }
    case 'vorauszahlungsbescheid':
      b.push({
        k: 'title',
        text: say(v, [
          `Vorauszahlungsbescheid ${ez}`,
          `Bescheid über Vorauszahlungen zur Gewerbesteuer ab ${ez}`,
          `Gewerbesteuer-Vorauszahlungsbescheid für das Jahr ${ez}`,
        ]),
      });
      b.push({
        k: 'para',
        text: `Das Finanzamt ${n.finanzamt} hat den Gewerbesteuermessbetrag für Zwecke der Vorauszahlungen ab ${ez} festgesetzt. Die Vorauszahlungen werden hiermit wie folgt festgesetzt:`,
      });
      b.push(
        l.amounts === 'text'
          ? {
              k: 'para',
              text: `Messbetrag für Zwecke der Vorauszahlungen: ${m(n.mb * 100)}; Hebesatz: ${fmtPct(n.hebesatz, l)}; Jahresbetrag: ${m(Math.floor(n.tax / 400) * 400)}.`,
            }
          : l.amounts === 'transposed'
            ? transposed([
                ['Messbetrag', m(n.mb * 100)],
                ['Hebesatz', fmtPct(n.hebesatz, l)],
              ])
            : {
                k: 'kv',
                rows: [
                  [
                    say(v, ['Gewerbesteuermessbetrag', 'Steuermessbetrag (Vorauszahlungen)', 'Messbetrag']),
                    m(n.mb * 100),
                  ],
                  ['Hebesatz', fmtPct(n.hebesatz, l)],
                ],
              },
      );
      b.push(...vzBlocks(n, l));
      break;
    case 'zinsbescheid':
      b.push({
        k: 'title',
        text: say(v, [
          `Zinsbescheid (§ 233a AO) zur Gewerbesteuer ${ez}`,
          `Bescheid über Zinsen zur Gewerbesteuer für ${ez}`,
          `Festsetzung von Nachzahlungszinsen - Gewerbesteuer ${ez}`,
        ]),
      });
      b.push({
        k: 'para',
        text: `Auf Grund der Festsetzung der Gewerbesteuer für das Jahr ${ez} sind Zinsen nach § 233a der Abgabenordnung festzusetzen.`,
      });
      b.push(...zinsBlocks(n, l, true));
      b.push({
        k: 'para',
        text: say(v, [
          `Der Betrag ist bis zum ${d(n.faellig)} zu zahlen.`,
          `Fälligkeit: ${d(n.faellig)}`,
          `Zahlbar bis ${d(n.faellig)}.`,
        ]),
      });
      break;
    case 'messbescheid':
      b.push({
        k: 'title',
        text: say(v, [
          `Bescheid für ${ez} über den Gewerbesteuermessbetrag`,
          `Gewerbesteuermessbescheid ${ez}`,
          `Bescheid über den Gewerbesteuermessbetrag für ${ez}`,
        ]),
      });
      b.push({
        k: 'para',
        text: `Der Gewerbesteuermessbetrag für das Jahr ${ez} wird festgesetzt. Die Festsetzung der Gewerbesteuer obliegt der hebeberechtigten Gemeinde ${n.gemeinde.name}.`,
      });
      {
        const rounded = Math.floor(n.gewerbeertrag / 10000) * 10000;
        const rows: [string, string][] = [
          [
            say(v, [
              'Gewerbeertrag',
              'Gewinn aus Gewerbebetrieb / Gewerbeertrag',
              'Maßgebender Gewerbeertrag',
            ]),
            m(n.gewerbeertrag),
          ],
          ['abgerundet auf volle 100 Euro', m(rounded)],
          [
            say(v, [
              'Freibetrag',
              'abzüglich Freibetrag (§ 11 GewStG)',
              'Freibetrag nach § 11 Abs. 1 GewStG',
            ]),
            m(n.freibetrag),
          ],
          ['verbleibender Betrag', m(rounded - n.freibetrag)],
          ['Steuermesszahl', '3,5 %'],
          [say(v, ['Gewerbesteuermessbetrag', 'Steuermessbetrag', 'Messbetrag']), m(n.mb * 100)],
        ];
        b.push(
          l.amounts === 'text'
            ? { k: 'table', header: ['Berechnung', 'Betrag'], rows, widths: [0.7, 0.3], align: ['l', 'r'] }
            : { k: 'kv', rows },
        );
      }
      break;
    case 'zerlegungsbescheid':
      b.push({
        k: 'title',
        text: say(v, [
          `Zerlegungsbescheid für ${ez}`,
          `Bescheid über die Zerlegung des Gewerbesteuermessbetrags ${ez}`,
          `Zerlegungsbescheid ${ez}`,
        ]),
      });
      b.push({
        k: 'para',
        text: `Der Gewerbesteuermessbetrag für ${ez} wird nach dem Verhältnis der Arbeitslöhne (§ 29 GewStG) auf die folgenden Gemeinden zerlegt:`,
      });
      b.push({
        k: 'table',
        header: l.printsAgs
          ? ['Gemeinde', 'Gemeindeschlüssel', 'Arbeitslöhne', 'Zerlegungsanteil']
          : ['Gemeinde', 'Arbeitslöhne', 'Anteil am Messbetrag'],
        rows: n.zerlegung.map((z) =>
          l.printsAgs
            ? [z.gemeinde.name, z.gemeinde.ags, m(z.lohn), m(z.anteil)]
            : [z.gemeinde.name, m(z.lohn), m(z.anteil)],
        ),
        widths: l.printsAgs ? [0.34, 0.2, 0.23, 0.23] : [0.46, 0.27, 0.27],
        align: l.printsAgs ? ['l', 'l', 'r', 'r'] : ['l', 'r', 'r'],
      });
      break;
    case 'mahnung':
      b.push({
        k: 'title',
        text: say(v, [
          'Mahnung',
          'Zahlungserinnerung und Mahnung',
          'Mahnung - Säumniszuschläge',
          `Mahnung Gewerbesteuer ${ez}`,
        ]),
      });
      b.push({
        k: 'para',
        text: `Bei Durchsicht unserer Konten haben wir festgestellt, dass folgende Beträge zur Gewerbesteuer ${ez} noch nicht gezahlt wurden:`,
      });
      b.push({
        k: 'table',
        header: ['Abgabeart', 'Jahr', 'fällig seit', 'Rückstand', 'Säumniszuschläge'],
        rows: [
          [
            'Gewerbesteuer',
            String(ez),
            fmtDate(n.urspruenglichFaellig, l, true),
            m(n.rueckstand),
            m(n.saeumnis),
          ],
          ['Mahngebühr', '', '', '', m(n.mahngebuehr)],
        ],
        widths: [0.25, 0.1, 0.19, 0.23, 0.23],
        align: ['l', 'l', 'l', 'r', 'r'],
      });
      b.push({
        k: 'para',
        text: `Bitte zahlen Sie den Gesamtbetrag von ${m(n.rueckstand + n.saeumnis + n.mahngebuehr)} bis zum ${d(n.faellig)} unter Angabe des Kassenzeichens. Andernfalls wird die Vollstreckung eingeleitet.`,
      });
      break;
    case 'sonstiges':
      b.push({
        k: 'title',
        text: say(n.sonstigesKind, [
          `Erinnerung an die Abgabe der Gewerbesteuererklärung ${ez}`,
          'Änderung unserer Bankverbindung',
          `Anhörung zur Schätzung der Besteuerungsgrundlagen ${ez}`,
          `Eingangsbestätigung Ihres Schreibens (Veranlagungsjahr ${ez})`,
        ]),
      });
      b.push({
        k: 'para',
        text: `Sehr geehrte Damen und Herren, wir bitten Sie, uns die Unterlagen für das Jahr ${ez} innerhalb von vier Wochen zuzusenden. Bei Rückfragen stehen wir Ihnen gerne zur Verfügung. Dieses Schreiben ist kein Bescheid.`,
      });
      return b;
  }
  if (n.type !== 'messbescheid' && n.type !== 'zerlegungsbescheid') {
    b.push({ k: 'heading', text: 'Bankverbindung' });
    b.push({
      k: 'kv',
      rows: [
        ['Kreditinstitut', n.bank],
        ['IBAN', fmtIban(n.iban, l)],
        ['BIC', n.bic],
      ],
    });
    b.push({ k: 'para', text: 'Bitte geben Sie bei jeder Zahlung unbedingt das Kassenzeichen an.' });
  }
  if (l.belehrungPage2) b.push({ k: 'break' });
  b.push({ k: 'heading', text: 'Rechtsbehelfsbelehrung' });
  b.push({
    k: 'para',
    text: `Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe ${n.type === 'messbescheid' || n.type === 'zerlegungsbescheid' ? 'Einspruch beim Finanzamt' : 'Widerspruch bei der Behörde'} erhoben werden, die den Bescheid erlassen hat. Der Widerspruch ist schriftlich oder zur Niederschrift einzulegen. Einwendungen gegen den Gewerbesteuermessbetrag sind nicht im Verfahren gegen diesen Bescheid, sondern durch Einspruch gegen den Messbescheid geltend zu machen.`,
  });
  return b;
}
