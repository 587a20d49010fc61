/**
 * Development pools: the engine may be developed and tuned against notices drawn from
 * these. The blind pools (pools-blind.ts) hold other families and other wordings.
 */
import type { Family, Pools } from './pools.js';

const base = { belehrungPage2: false, printsAgs: false, iban: 'grouped' as const };

export const DEV_FAMILIES: Family[] = [
  {
    ...base,
    id: 'F01-kaemmerei',
    font: 'Helvetica',
    size: 10,
    letterhead: 'left',
    kv: 'tabbed',
    amounts: 'kv',
    vz: 'table',
    belehrungPage2: true,
  },
  {
    ...base,
    id: 'F02-stadtkasse',
    font: 'Times',
    size: 10.5,
    letterhead: 'center',
    kv: 'colon',
    amounts: 'kv',
    vz: 'rows',
    iban: 'plain',
  },
  {
    ...base,
    id: 'F03-fliesstext',
    font: 'Helvetica',
    size: 9.5,
    letterhead: 'right',
    kv: 'colon',
    amounts: 'text',
    vz: 'text',
    belehrungPage2: true,
  },
  {
    ...base,
    id: 'F04-zweispaltig',
    font: 'Helvetica',
    size: 9,
    letterhead: 'banner',
    kv: 'twocol',
    amounts: 'kv',
    vz: 'table',
    printsAgs: true,
  },
  {
    ...base,
    id: 'F05-grossrechner',
    font: 'Courier',
    size: 9.5,
    letterhead: 'left',
    kv: 'dotted',
    amounts: 'kv',
    vz: 'rows',
    caps: true,
    printsAgs: true,
    iban: 'plain',
  },
  {
    ...base,
    id: 'F06-formular',
    font: 'Helvetica',
    size: 10,
    letterhead: 'center',
    kv: 'stacked',
    amounts: 'transposed',
    vz: 'table',
    belehrungPage2: true,
  },
  {
    ...base,
    id: 'F07-festsetzung-abrechnung',
    font: 'Helvetica',
    size: 9.5,
    letterhead: 'left',
    kv: 'ruled',
    amounts: 'festsetzung-abrechnung',
    vz: 'table',
  },
  {
    ...base,
    id: 'F08-bisher-neu',
    font: 'Times',
    size: 10.5,
    letterhead: 'right',
    kv: 'tabbed',
    amounts: 'bisher-neu',
    vz: 'bisher-neu',
    belehrungPage2: true,
  },
  {
    ...base,
    id: 'F09-finanzamt',
    font: 'Helvetica',
    size: 9.5,
    letterhead: 'left',
    kv: 'tabbed',
    amounts: 'zeilen',
    vz: 'table',
    iban: 'plain',
  },
  {
    ...base,
    id: 'F10-mehrseitig',
    font: 'Times',
    size: 11,
    letterhead: 'center',
    kv: 'colon',
    amounts: 'kv',
    vz: 'table',
    longText: true,
  },
];

export const DEV_POOLS: Pools = {
  part: 'dev',
  zerlegungStyles: ['classic', 'classic', 'ags-first', 'pct', 'lfd', 'text', 'blocks', 'share-before-wages'],
  zinsStyles: ['classic', 'classic', 'formula', 'table', 'sentence', 'rate-rows'],
  gewstStyles: ['classic', 'classic', 'columns-old-new', 'ledger', 'inline', 'sentence'],
  vzStyles: ['classic', 'classic', 'old-new', 'roman', 'sentence', 'date-first'],
  messStyles: ['classic', 'operators', 'sentence'],
  families: DEV_FAMILIES,
  issuers: [
    (k, n) => `${k} ${n}`,
    (k, n) => `${k === 'Gemeinde' ? 'Gemeindeverwaltung' : 'Stadtverwaltung'} ${n}`,
    (k, n) => `Magistrat der ${k === 'Gemeinde' ? 'Gemeinde' : 'Stadt'} ${n}`,
    (k, n) => `Der Bürgermeister der ${k === 'Gemeinde' ? 'Gemeinde' : 'Stadt'} ${n}`,
  ],
  departments: [
    'Kämmerei - Steueramt',
    'Stadtkasse',
    'Fachbereich Finanzen',
    'Steuern und Abgaben',
    'Steueramt',
    'Abgabenabteilung',
  ],
  faIssuers: [(c) => `Finanzamt ${c}`, (c) => `Finanzamt ${c}-Mitte`],
  faDepartments: ['Veranlagungsstelle', 'Gewerbesteuerstelle', 'Körperschaftsteuerstelle'],
  labels: {
    kassenzeichen: [
      'Kassenzeichen',
      'Buchungszeichen',
      'Personenkonto',
      'Kassen-Zeichen',
      'Zahlungsreferenz',
      'Referenznummer',
      'Kassenz.',
      'Buchungskennzeichen',
      'Personenkontonummer',
      'Abgabenkonto',
      'Steuerkonto',
      'Vertragskonto',
      'Debitorennummer',
      'Kundennummer',
      'Geschäftspartner-Nr.',
      'Zahlungszeichen',
      'Aktenzeichen',
      'Bitte bei Zahlung angeben',
      'Kassenzeichen (bitte stets angeben)',
      'Kassen-Nr.',
      'Az.',
    ],
    steuernummer: ['Steuernummer', 'Steuer-Nr.', 'St.-Nr.', 'StNr.', 'Steuernr.'],
    ags: ['Gemeindeschlüssel', 'AGS', 'Amtl. Gemeindeschlüssel'],
    datum: ['Datum', 'Bescheiddatum', 'Datum des Bescheides', 'Bescheid vom'],
    messbetrag: [
      'Gewerbesteuermessbetrag',
      'Steuermessbetrag',
      'Messbetrag',
      'Messbetrag lt. Finanzamt',
      'Gewerbesteuer-Messbetrag',
      'Steuermeßbetrag',
      'festgesetzter Messbetrag',
      'Messbetrag nach dem Gewerbeertrag',
    ],
    zerlegungsanteil: [
      'Zerlegungsanteil',
      'Anteil am Messbetrag',
      'auf die Gemeinde entfallender Messbetrag',
      'Zerlegungsanteil der Gemeinde',
    ],
    hebesatz: [
      'Hebesatz',
      'Hebesatz der Gemeinde',
      'Hebesatz (v. H.)',
      'Hebesatz in %',
      'Hebesatz lt. Haushaltssatzung',
    ],
    steuer: [
      'Festgesetzte Gewerbesteuer',
      'Gewerbesteuer',
      'Steuer festgesetzt',
      'Gewerbesteuer lt. Festsetzung',
      'Gewerbesteuer-Soll',
      'Steuerbetrag',
      'Jahressteuer',
      'Gewerbesteuer (neu)',
    ],
    bisher: [
      'bisheriger Sollbetrag',
      'bisher festgesetzt',
      'Bisherige Festsetzung',
      'Vorauszahlungen bisher',
      'angerechnete Vorauszahlungen',
      'Soll bisher',
      'bisheriges Soll',
      'abzgl. festgesetzte Vorauszahlungen',
    ],
    unterschied: [
      'Zu-/Abgang',
      'Unterschiedsbetrag',
      'Differenz',
      'Restbetrag',
      'Saldo',
      'Mehr-/Minderbetrag',
    ],
    nachzahlung: [
      'Nachzahlung',
      'Nachforderung',
      'Abschlusszahlung',
      'noch zu zahlen',
      'zu zahlender Betrag',
      'Nachzahlungsbetrag',
    ],
    erstattung: [
      'Erstattung',
      'Guthaben',
      'Überzahlung',
      'Erstattungsbetrag',
      'zu erstatten',
      'Minderbetrag',
    ],
    entrichtet: ['bereits entrichtet', 'bereits gezahlt'],
    faellig: ['Fälligkeit', 'fällig am', 'zahlbar bis', 'Fälligkeitsdatum', 'zu zahlen bis'],
    zinsen: [
      'festgesetzte Zinsen',
      'Zinsen',
      'Nachzahlungszinsen',
      'Zinsbetrag',
      'Zinsen nach § 233a AO',
      'Höhe der Zinsen',
    ],
    zinsVon: [
      'Zinslauf vom',
      'Beginn des Zinslaufs',
      'Zinsen ab',
      'Beginn der Verzinsung',
      'Zinslauf beginnt am',
      'Verzinsung vom',
      'Zinsberechnung ab',
    ],
    zinsBis: [
      'Zinslauf bis',
      'Ende des Zinslaufs',
      'Zinsen bis',
      'Ende der Verzinsung',
      'Zinslauf endet am',
      'Verzinsung bis',
      'Zinsberechnung bis',
    ],
    zinsBasis: [
      'zu verzinsender Betrag',
      'Zinsberechnungsgrundlage',
      'Bemessungsgrundlage (abgerundet)',
      'zu verzinsen',
    ],
    zinsMonate: ['Anzahl voller Monate', 'volle Monate', 'Zinsmonate', 'Anzahl der Monate'],
    gewerbeertrag: [
      'Gewerbeertrag',
      'Maßgebender Gewerbeertrag',
      'Gewinn aus Gewerbebetrieb / Gewerbeertrag',
      'Gewerbeertrag (§ 7 GewStG)',
      'Gewerbeertrag vor Freibetrag',
    ],
    abgerundet: ['abgerundet auf volle 100 Euro', 'Gewerbeertrag (abgerundet)'],
    freibetrag: [
      'Freibetrag',
      'abzüglich Freibetrag (§ 11 GewStG)',
      'Freibetrag nach § 11 Abs. 1 GewStG',
      'Freibetrag gem. § 11 Abs. 1 GewStG',
      'abzgl. Freibetrag',
      './. Freibetrag',
    ],
    verbleibend: ['verbleibender Betrag', 'verbleiben'],
    messzahl: ['Steuermesszahl', 'Messzahl'],
    rueckstand: ['Rückstand', 'rückständiger Betrag', 'offener Betrag', 'Hauptforderung', 'Steuerrückstand'],
    saeumnis: ['Säumniszuschläge', 'Säumniszuschlag', 'Säumniszuschlag (§ 240 AO)'],
    mahngebuehr: ['Mahngebühr', 'Mahngebühren'],
    iban: ['IBAN'],
    bic: ['BIC', 'SWIFT-Code', 'BIC/SWIFT'],
    bank: ['Kreditinstitut', 'Bank'],
    bankHeading: ['Bankverbindung', 'Bankverbindungen der Stadtkasse'],
    vzHeading: [
      'Vorauszahlungen',
      'Festsetzung der Vorauszahlungen',
      'Vorauszahlungen ab',
      'Vorauszahlungsplan',
      'Künftige Vorauszahlungen',
    ],
    quartal: ['Quartal', 'Vierteljahr', 'Vj.', 'Rate'],
    betrag: ['Betrag', 'Betrag in EUR', 'Vorauszahlung', 'Betrag (EUR)'],
    faelligkeitCol: ['Fälligkeit', 'fällig am', 'Termin', 'zahlbar am'],
    jahresbetrag: [
      'Jahresbetrag',
      'Vorauszahlungen jährlich',
      'Jahresvorauszahlung',
      'Vorauszahlungssoll je Jahr',
    ],
    gemeindeCol: [
      'Gemeinde',
      'hebeberechtigte Gemeinde',
      'Gemeinde/Stadt',
      'Kommune',
      'Betriebsstättengemeinde',
    ],
    agsCol: ['Gemeindeschlüssel', 'AGS', 'Gemeindekennziffer'],
    lohnCol: ['Arbeitslöhne', 'Arbeitslöhne in EUR', 'Lohnsumme', 'Zerlegungsmaßstab (Arbeitslöhne)'],
    anteilCol: [
      'Zerlegungsanteil',
      'Anteil am Messbetrag',
      'Anteil in EUR',
      'Messbetragsanteil',
      'zugeteilter Steuermessbetrag',
    ],
    zinsHeading: ['Zinsen zur Gewerbesteuer (§ 233a AO)', 'Berechnung der Zinsen'],
    belehrungHeading: ['Rechtsbehelfsbelehrung', 'Rechtsbehelfsbelehrung:'],
  },
  titles: {
    gewst_bescheid: [
      (ez) => `Bescheid über Gewerbesteuer und Zinsen für ${ez}`,
      (ez) => `Gewerbesteuerbescheid ${ez}`,
      (ez) => `Gewerbesteuer-Bescheid für das Jahr ${ez}`,
      (ez) => `Bescheid über die Festsetzung der Gewerbesteuer ${ez}`,
      (ez) => `Änderungsbescheid über Gewerbesteuer ${ez}`,
    ],
    vorauszahlungsbescheid: [
      (ez) => `Vorauszahlungsbescheid ${ez}`,
      (ez) => `Bescheid über Vorauszahlungen zur Gewerbesteuer ab ${ez}`,
      (ez) => `Gewerbesteuer-Vorauszahlungsbescheid für das Jahr ${ez}`,
      (ez) => `Festsetzung der Gewerbesteuer-Vorauszahlungen ab ${ez}`,
    ],
    zinsbescheid: [
      (ez) => `Zinsbescheid (§ 233a AO) zur Gewerbesteuer ${ez}`,
      (ez) => `Bescheid über Zinsen zur Gewerbesteuer für ${ez}`,
      (ez) => `Festsetzung von Nachzahlungszinsen - Gewerbesteuer ${ez}`,
    ],
    messbescheid: [
      (ez) => `Bescheid für ${ez} über den Gewerbesteuermessbetrag`,
      (ez) => `Gewerbesteuermessbescheid ${ez}`,
      (ez) => `Bescheid über den Gewerbesteuermessbetrag für ${ez}`,
    ],
    zerlegungsbescheid: [
      (ez) => `Zerlegungsbescheid für ${ez}`,
      (ez) => `Bescheid über die Zerlegung des Gewerbesteuermessbetrags ${ez}`,
      (ez) => `Zerlegungsbescheid ${ez}`,
    ],
    mahnung: [
      () => 'Mahnung',
      () => 'Zahlungserinnerung und Mahnung',
      () => 'Mahnung - Säumniszuschläge',
      (ez) => `Mahnung Gewerbesteuer ${ez}`,
    ],
    sonstiges: [
      (ez) => `Erinnerung an die Abgabe der Gewerbesteuererklärung ${ez}`,
      () => 'Änderung unserer Bankverbindung',
      (ez) => `Anhörung zur Schätzung der Besteuerungsgrundlagen ${ez}`,
      (ez) => `Eingangsbestätigung Ihres Schreibens (Veranlagungsjahr ${ez})`,
      () => 'Einladung zur Informationsveranstaltung für Gewerbetreibende',
    ],
  },
  sentences: {
    intro: {
      gewst_bescheid: [
        (c) =>
          `Sehr geehrte Damen und Herren, auf Grund des vom Finanzamt ${c.fa} festgesetzten Gewerbesteuermessbetrags wird die Gewerbesteuer für das Jahr ${c.ez} wie folgt festgesetzt:`,
        (c) => `Für das Jahr ${c.ez} wird die Gewerbesteuer wie folgt festgesetzt:`,
      ],
      vorauszahlungsbescheid: [
        (c) =>
          `Das Finanzamt ${c.fa} hat den Gewerbesteuermessbetrag für Zwecke der Vorauszahlungen ab ${c.ez} festgesetzt. Die Vorauszahlungen werden hiermit wie folgt festgesetzt:`,
        (c) =>
          `Die Vorauszahlungen auf die Gewerbesteuer werden ab dem Erhebungszeitraum ${c.ez} neu festgesetzt.`,
      ],
      zinsbescheid: [
        (c) =>
          `Auf Grund der Festsetzung der Gewerbesteuer für das Jahr ${c.ez} sind Zinsen nach § 233a der Abgabenordnung festzusetzen.`,
      ],
      messbescheid: [
        (c) =>
          `Der Gewerbesteuermessbetrag für das Jahr ${c.ez} wird festgesetzt. Die Festsetzung der Gewerbesteuer obliegt der hebeberechtigten Gemeinde ${c.n.gemeinde.name}.`,
        (c) => `Nach § 14 GewStG wird der Steuermessbetrag für den Erhebungszeitraum ${c.ez} festgesetzt.`,
      ],
      zerlegungsbescheid: [
        (c) =>
          `Der Gewerbesteuermessbetrag für ${c.ez} wird nach dem Verhältnis der Arbeitslöhne (§ 29 GewStG) auf die folgenden Gemeinden zerlegt:`,
      ],
      mahnung: [
        (c) =>
          `Bei Durchsicht unserer Konten haben wir festgestellt, dass folgende Beträge zur Gewerbesteuer ${c.ez} noch nicht gezahlt wurden:`,
      ],
    },
    gewstText: [
      (c) => {
        const diff = c.n.tax - c.n.bisher;
        return `Die ${c.kind === 'Gemeinde' ? 'Gemeinde' : 'Stadt'} ${c.name} setzte auf Grund des ${c.n.zerlegt ? 'Zerlegungsanteils' : 'Gewerbesteuermessbetrags'} von ${c.m(c.n.mb * 100)} und eines Hebesatzes von ${c.p(c.n.hebesatz)} die Gewerbesteuer für ${c.ez} auf ${c.m(c.n.tax)} fest. Bisher waren ${c.m(c.n.bisher)} festgesetzt. ${diff >= 0 ? `Es ergibt sich eine Nachforderung von ${c.m(diff)}.` : `Es ergibt sich eine Erstattung von ${c.m(-diff)}.`}`;
      },
    ],
    due: [
      (c) =>
        `Nachforderungen sind innerhalb eines Monats zur Zahlung fällig (Fälligkeit: ${c.d(c.n.faellig)}).`,
      (c) => `Der Nachzahlungsbetrag ist bis zum ${c.d(c.n.faellig)} zu zahlen.`,
      (c) => `Fällig am ${c.d(c.n.faellig)}.`,
      (c) => `Bitte überweisen Sie den Betrag spätestens am ${c.d(c.n.faellig)} auf eines unserer Konten.`,
    ],
    refund: [
      () =>
        'Der Erstattungsbetrag wird auf das uns bekannte Konto überwiesen oder mit Rückständen verrechnet.',
    ],
    vzText: [
      (c) => {
        const ds = c.n.vz.map((q) => c.d(q.faellig_am));
        const list = ds.length > 1 ? `${ds.slice(0, -1).join(', ')} und ${ds[ds.length - 1]}` : ds[0];
        return `Die Vorauszahlungen für ${c.n.vzYear} betragen zum ${list} jeweils ${c.m(c.n.vz[0]?.betrag ?? 0)}.`;
      },
    ],
    noVz: [() => 'Vorauszahlungen werden nicht festgesetzt.'],
    zinsText: [
      (c) =>
        `Nachzahlungszinsen (§ 233a AO) in Höhe von ${c.m(c.n.zinsen!.betrag)} werden für die Zeit vom ${c.d(c.n.zinsen!.von)} bis ${c.d(c.n.zinsen!.bis)} (${c.n.zinsen!.monate} volle Monate) aus einem Betrag von ${c.m(c.n.zinsen!.basis)} festgesetzt.`,
      (c) =>
        `Der Betrag von ${c.m(c.n.zinsen!.basis)} wird im Zeitraum ${c.d(c.n.zinsen!.von)} – ${c.d(c.n.zinsen!.bis)} verzinst; die Zinsen betragen ${c.m(c.n.zinsen!.betrag)}.`,
      (c) =>
        `Die Nachzahlung ist nach § 233a AO zu verzinsen. Zinslauf: ${c.d(c.n.zinsen!.von)} bis ${c.d(c.n.zinsen!.bis)} (${c.n.zinsen!.monate} Monate), Bemessungsgrundlage ${c.m(c.n.zinsen!.basis)}, Zinssatz 0,15 % je Monat, Zinsen ${c.m(c.n.zinsen!.betrag)}.`,
      (c) =>
        `Für die Zeit ab ${c.d(c.n.zinsen!.von)} bis einschließlich ${c.d(c.n.zinsen!.bis)} werden Zinsen von ${c.m(c.n.zinsen!.betrag)} festgesetzt (${c.n.zinsen!.monate} volle Monate zu 0,15 % aus ${c.m(c.n.zinsen!.basis)}).`,
    ],
    zinsDue: [
      (c) => `Die Zinsen sind bis ${c.d(c.n.faellig)} zu entrichten.`,
      (c) => `Der Betrag ist bis zum ${c.d(c.n.faellig)} zu zahlen.`,
      (c) => `Fälligkeit: ${c.d(c.n.faellig)}`,
      (c) => `Zahlbar bis ${c.d(c.n.faellig)}.`,
    ],
    mahnText: [
      (c) =>
        `Bitte zahlen Sie den Gesamtbetrag von ${c.m(c.n.rueckstand + c.n.saeumnis + c.n.mahngebuehr)} bis zum ${c.d(c.n.faellig)} unter Angabe des Kassenzeichens. Andernfalls wird die Vollstreckung eingeleitet.`,
      (c) =>
        `Wir bitten Sie, den offenen Gesamtbetrag von ${c.m(c.n.rueckstand + c.n.saeumnis + c.n.mahngebuehr)} spätestens am ${c.d(c.n.faellig)} zu überweisen.`,
    ],
    sonstigesBody: [
      (c) =>
        `Sehr geehrte Damen und Herren, wir bitten Sie, uns die Unterlagen für das Jahr ${c.ez} innerhalb von vier Wochen zuzusenden. Bei Rückfragen stehen wir Ihnen gerne zur Verfügung. Dieses Schreiben ist kein Bescheid.`,
      () =>
        'Sehr geehrte Damen und Herren, bitte beachten Sie, dass sich unsere Bankverbindung ab dem nächsten Monat ändert. Bitte passen Sie Ihre Daueraufträge an.',
    ],
    legal: {
      gewst_bescheid: [() => 'Rechtsgrundlagen: §§ 1, 4, 16 GewStG in Verbindung mit der Hebesatzsatzung.'],
      vorauszahlungsbescheid: [() => 'Die Festsetzung beruht auf § 19 GewStG.'],
      zinsbescheid: [() => 'Rechtsgrundlage: § 233a AO in Verbindung mit § 1 Abs. 2 AO.'],
      messbescheid: [() => 'Festsetzung nach § 14 GewStG.'],
      zerlegungsbescheid: [() => 'Zerlegung nach §§ 28 bis 33 GewStG, § 188 AO.'],
      mahnung: [() => 'Säumniszuschläge nach § 240 AO.'],
    },
    belehrung: [
      (c) =>
        `Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe ${c.n.type === 'messbescheid' || c.n.type === 'zerlegungsbescheid' ? 'Einspruch beim Finanzamt' : 'Widerspruch bei der Behörde'} erhoben werden, die den Bescheid erlassen hat. Einwendungen gegen den Gewerbesteuermessbetrag sind nicht im Verfahren gegen diesen Bescheid, sondern durch Einspruch gegen den Messbescheid geltend zu machen.`,
    ],
    paymentNote: [
      () => 'Bitte geben Sie bei jeder Zahlung unbedingt das Kassenzeichen an.',
      (c) =>
        `Verwenden Sie bei Überweisungen als Verwendungszweck bitte nur das Kassenzeichen ${c.n.kassenzeichen}.`,
      () => 'Ohne Angabe des Buchungszeichens kann Ihre Zahlung nicht zugeordnet werden.',
    ],
  },
  money: [
    { unit: '€', thousands: '.', minus: 'lead' },
    { unit: 'EUR', thousands: '.', minus: 'lead' },
    { unit: 'Euro', thousands: '.', minus: 'lead' },
    { unit: '', thousands: '.', minus: 'trail' },
    // Whole euros as "1.234,--", thousands by a (no-break) space, the unit before the amount.
    { unit: '€', thousands: '.', minus: 'lead', dashes: true },
    { unit: 'EUR', before: true, thousands: ' ', minus: 'lead' },
    { unit: '', thousands: '\u00a0', minus: 'lead', dashes: true },
    { unit: 'Euro', thousands: '', minus: 'trail' },
  ],
  dates: ['dd.mm.yyyy', 'long', 'd.m.yyyy', 'dd.mm.yy'],
  pcts: ['v. H.', 'vom Hundert', '%'],
};
