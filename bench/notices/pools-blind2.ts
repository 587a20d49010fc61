/**
 * Second blind part ("blind2"), written by an author outside the engine work: families F16–F27,
 * letterheads, labels, titles, sentences and formats from the author's knowledge of municipal
 * trade-tax notices (large city treasuries, Verbandsgemeinden, Kreisstädte, Ämter) and of the
 * tax offices' Messbescheide and Zerlegungsbescheide. Written without reading the extraction
 * engine, pools-dev.ts or pools-blind.ts.
 *
 * ENGINE DEVELOPERS: DO NOT OPEN THIS FILE. Its figures are only meaningful while nobody who
 * works on packages/extraction has seen its wordings; run.ts prints aggregate figures only.
 */
import type { NoticeData } from './notice.js';
import type { Ctx, Family, LabelKey, Pools, Tpl } from './pools.js';

const sumList = (xs: string[]) =>
  xs.length > 1 ? `${xs.slice(0, -1).join(', ')} und ${xs.at(-1)}` : (xs[0] ?? '');
const diffOf = (n: NoticeData) => n.tax - n.bisher;
const zerlSum = (n: NoticeData) => n.zerlegung.reduce((a, z) => a + z.anteil, 0);
const kasse = (c: Ctx) =>
  `${c.kind === 'Markt' ? 'Markt' : /stadt$/i.test(c.kind) ? 'Stadt' : 'Gemeinde'}kasse ${c.name}`;

const families: Family[] = [
  {
    id: 'F16-grossstadt-kv',
    font: 'Helvetica',
    size: 9.5,
    letterhead: 'left',
    kv: 'ruled',
    amounts: 'alt-neu',
    vz: 'zahlungsplan',
    belehrungPage2: true,
    printsAgs: false,
    iban: 'grouped',
  },
  {
    id: 'F17-verbandsgemeinde',
    font: 'Times',
    size: 10,
    letterhead: 'center',
    kv: 'dotted',
    amounts: 'text',
    vz: 'text',
    belehrungPage2: false,
    printsAgs: false,
    iban: 'plain',
  },
  {
    id: 'F18-kreisstadt-zweispaltig',
    font: 'Helvetica',
    size: 9,
    letterhead: 'banner',
    kv: 'twocol',
    amounts: 'festsetzung-abrechnung',
    vz: 'matrix',
    belehrungPage2: false,
    printsAgs: true,
    iban: 'grouped',
  },
  {
    id: 'F19-rechenzentrum-caps',
    font: 'Courier',
    size: 9,
    letterhead: 'left',
    kv: 'dotted',
    amounts: 'zeilen',
    vz: 'rows',
    caps: true,
    belehrungPage2: true,
    printsAgs: true,
    iban: 'plain',
  },
  {
    id: 'F20-finanzamt-formular',
    font: 'Helvetica',
    size: 10,
    letterhead: 'right',
    kv: 'tabbed',
    amounts: 'kv',
    vz: 'table',
    ermittlung: true,
    belehrungPage2: true,
    printsAgs: false,
    iban: 'plain',
  },
  {
    id: 'F21-mehrseitig',
    font: 'Times',
    size: 11,
    letterhead: 'left',
    kv: 'colon',
    amounts: 'alt-neu',
    vz: 'zahlungsplan',
    longText: true,
    ermittlung: true,
    belehrungPage2: false,
    printsAgs: false,
    iban: 'grouped',
  },
  {
    id: 'F22-amt-fliesstext',
    font: 'Helvetica',
    size: 10,
    letterhead: 'center',
    kv: 'colon',
    amounts: 'berechnung',
    vz: 'text',
    belehrungPage2: true,
    printsAgs: false,
    iban: 'grouped',
  },
  {
    id: 'F23-kasten',
    font: 'Helvetica',
    size: 9.5,
    letterhead: 'banner',
    kv: 'stacked',
    amounts: 'transposed',
    vz: 'bisher-neu',
    belehrungPage2: false,
    printsAgs: false,
    iban: 'plain',
  },
  {
    id: 'F24-stadtsteueramt',
    font: 'Times',
    size: 10,
    letterhead: 'right',
    kv: 'tabbed',
    amounts: 'bisher-neu',
    vz: 'table',
    longText: true,
    belehrungPage2: true,
    printsAgs: true,
    iban: 'grouped',
  },
  {
    id: 'F25-markt-zeilen',
    font: 'Courier',
    size: 10,
    letterhead: 'center',
    kv: 'tabbed',
    amounts: 'zeilen',
    vz: 'zahlungsplan',
    belehrungPage2: false,
    printsAgs: false,
    iban: 'grouped',
  },
  {
    id: 'F26-zweispaltig-text',
    font: 'Times',
    size: 9.5,
    letterhead: 'banner',
    kv: 'twocol',
    amounts: 'text',
    vz: 'rows',
    ermittlung: true,
    belehrungPage2: true,
    printsAgs: false,
    iban: 'grouped',
  },
  {
    id: 'F27-liniert-mehrseitig',
    font: 'Helvetica',
    size: 10.5,
    letterhead: 'left',
    kv: 'ruled',
    amounts: 'kv',
    vz: 'matrix',
    longText: true,
    belehrungPage2: false,
    printsAgs: true,
    iban: 'plain',
  },
];

const labels: Record<LabelKey, string[]> = {
  kassenzeichen: [
    'Buchungszeichen',
    'Kassenzeichen (bei Zahlung angeben)',
    'Zahlungsreferenz',
    'Abgabenkonto-Nr.',
  ],
  steuernummer: ['St.-Nr.', 'Steuer-Nr.', 'Steuernummer beim Finanzamt', 'StNr'],
  ags: ['Gemeindekennziffer', 'Amtl. Gemeindeschlüssel', 'Gemeinde-Nr.'],
  datum: ['Bescheiddatum', 'Ausgefertigt am', 'Erstellt am', 'Tag der Ausfertigung'],
  messbetrag: [
    'Steuermessbetrag lt. Messbescheid',
    'Gewerbesteuer-Messbetrag',
    'Messbetrag (vom Finanzamt festgesetzt)',
    'Meßbetrag nach dem Gewerbeertrag',
  ],
  zerlegungsanteil: [
    'Zerlegungsanteil am Messbetrag',
    'auf die Gemeinde entfallender Messbetragsanteil',
    'Anteil am Steuermessbetrag',
  ],
  hebesatz: ['Hebesatz der Gemeinde', 'Hebesatz lt. Haushaltssatzung', 'Hundertsatz (Hebesatz)'],
  steuer: [
    'Gewerbesteuer festgesetzt',
    'Steuerbetrag',
    'Gewerbesteuer (Jahressteuer)',
    'Festgesetzte Gewerbesteuer lt. diesem Bescheid',
  ],
  bisher: ['abzgl. bisheriges Soll', 'bereits festgesetzt', 'Bisheriger Festsetzungsbetrag', 'Soll bisher'],
  unterschied: ['Mehr-/Minderbetrag', 'Differenz', 'Abrechnungsbetrag'],
  nachzahlung: ['Nachforderung', 'somit zu zahlen', 'Restforderung'],
  erstattung: ['Guthaben', 'zu Ihren Gunsten', 'Überzahlung (wird erstattet)'],
  entrichtet: ['davon bereits gezahlt', 'geleistete Zahlungen', 'Zahlungseingänge'],
  faellig: ['Zahlungstermin', 'zu zahlen bis', 'Fälligkeitstag'],
  zinsen: ['Zinsbetrag', 'Zinsen nach § 233a AO', 'festzusetzende Zinsen'],
  zinsVon: ['Zinsberechnung ab', 'Zinslauf Beginn', 'verzinst vom'],
  zinsBis: ['Zinsberechnung bis', 'Zinslauf Ende', 'verzinst bis'],
  zinsBasis: ['Bemessungsgrundlage (auf volle 50 € abgerundet)', 'Zinsbemessungsgrundlage', 'zu verzinsen'],
  zinsMonate: ['volle Monate', 'Zinsmonate', 'Laufzeit (Monate)'],
  gewerbeertrag: [
    'Gewerbeertrag (§ 7 GewStG)',
    'Maßgebender Gewerbeertrag',
    'Gewerbeertrag nach § 10 GewStG',
  ],
  abgerundet: [
    'abgerundet auf volle 100 €',
    'Gewerbeertrag, abgerundet',
    'nach Abrundung (§ 11 Abs. 1 Satz 3)',
  ],
  freibetrag: [
    'abzüglich Freibetrag nach § 11 Abs. 1 GewStG',
    'Freibetrag',
    'Freibetrag (natürliche Personen, Personengesellschaften)',
  ],
  verbleibend: ['verbleibender Betrag', 'Gewerbeertrag nach Abzug des Freibetrags', 'Bemessungsgrundlage'],
  messzahl: ['Steuermesszahl', 'Messzahl (§ 11 Abs. 2 GewStG)'],
  rueckstand: ['offener Betrag', 'rückständige Steuer', 'Hauptforderung'],
  saeumnis: ['Säumniszuschläge (§ 240 AO)', 'Säumniszuschlag', 'Zuschlag wegen verspäteter Zahlung'],
  mahngebuehr: ['Mahngebühr', 'Mahnkosten', 'Gebühren'],
  iban: ['IBAN', 'IBAN-Nr.', 'Int. Kontonr. (IBAN)'],
  bic: ['BIC', 'SWIFT-BIC', 'BIC-Code'],
  bank: ['Kreditinstitut', 'Bank', 'Geldinstitut'],
  bankHeading: ['Zahlungsverkehr', 'Unsere Bankverbindungen', 'Überweisung an'],
  vzHeading: ['Vorauszahlungsfälligkeiten', 'Künftige Vorauszahlungen', 'Vorauszahlungen (§ 19 GewStG)'],
  quartal: ['Vierteljahr', 'Quartal', 'Qu.'],
  betrag: ['Betrag in EUR', 'Summe', 'EUR'],
  faelligkeitCol: ['fällig zum', 'Termin', 'Fälligkeitsdatum'],
  jahresbetrag: ['Jahresvorauszahlung', 'Vorauszahlung jährlich', 'Vorauszahlungssoll pro Jahr'],
  gemeindeCol: ['hebeberechtigte Gemeinde', 'Gemeinde / Stadt', 'Betriebsstättengemeinde'],
  agsCol: ['Gemeindeschlüssel', 'Gem.-Kennz.', 'AGS'],
  lohnCol: ['Arbeitslöhne (§ 29 GewStG)', 'Zerlegungsmaßstab Arbeitslöhne', 'Lohnsumme'],
  anteilCol: ['Anteil Messbetrag', 'Zerlegungsanteil', 'Messbetragsanteil'],
  zinsHeading: ['Verzinsung', 'Festsetzung von Zinsen', 'Zinsen auf die Nachforderung'],
  belehrungHeading: ['Rechtsbehelf', 'Ihre Rechte', 'Rechtsmittelbelehrung'],
};

const gewstText: Tpl[] = [
  (c) => {
    const diff = diffOf(c.n);
    const label = c.n.zerlegt
      ? 'Der auf unsere Gemeinde entfallende Zerlegungsanteil'
      : 'Der vom Finanzamt festgesetzte Steuermessbetrag';
    return `${label} beträgt ${c.m(c.n.mb * 100)}. Mit dem Hebesatz von ${c.p(c.n.hebesatz)} ergibt sich eine Gewerbesteuer von ${c.m(c.n.tax)}. Hierauf waren bisher ${c.m(c.n.bisher)} festgesetzt, so dass sich ${diff >= 0 ? `eine Nachforderung von ${c.m(diff)}` : `ein Guthaben von ${c.m(-diff)}`} ergibt.`;
  },
  (c) => {
    const diff = diffOf(c.n);
    return `Die Gewerbesteuer ${c.ez} wird auf ${c.m(c.n.tax)} festgesetzt (Steuermessbetrag ${c.m(c.n.mb * 100)} x ${c.p(c.n.hebesatz)}). Unter Berücksichtigung des bisherigen Solls von ${c.m(c.n.bisher)} ${diff >= 0 ? `sind noch ${c.m(diff)} zu entrichten` : `werden Ihnen ${c.m(-diff)} erstattet`}.`;
  },
];

const zinsText: Tpl[] = [
  (c) => {
    const z = c.n.zinsen!;
    return `Für die Zeit vom ${c.d(z.von)} bis ${c.d(z.bis)} werden aus ${c.m(z.basis)} für ${z.monate} volle Monate Zinsen in Höhe von ${c.m(z.betrag)} festgesetzt (§ 233a AO; 0,15 % für jeden vollen Monat).`;
  },
  (c) => {
    const z = c.n.zinsen!;
    return `Der Zinslauf beginnt am ${c.d(z.von)} und endet am ${c.d(z.bis)}. Die Zinsen betragen ${c.m(z.betrag)} (Bemessungsgrundlage ${c.m(z.basis)}, ${z.monate} Monate).`;
  },
];

const vzText: Tpl[] = [
  (c) =>
    `Ab ${c.n.vzYear} sind vierteljährlich Vorauszahlungen von je ${c.m(c.n.vz[0]?.betrag ?? 0)} zu leisten, fällig am ${sumList(c.n.vz.map((q) => c.d(q.faellig_am)))}.`,
  (c) => `Fällig werden: ${c.n.vz.map((q) => `${c.m(q.betrag)} am ${c.d(q.faellig_am)}`).join(', ')}.`,
];

const sonstigesBody: Tpl[] = [
  (c) =>
    `Ihrem Antrag auf Stundung der Gewerbesteuer ${c.ez} wird nach § 222 AO entsprochen. Der Betrag von ${c.m(c.n.rueckstand)} wird bis zum ${c.d(c.n.faellig)} gestundet. Für die Dauer der Stundung werden Zinsen nach § 234 AO erhoben; darüber erhalten Sie einen gesonderten Bescheid.`,
  (c) =>
    `Auf Ihren Antrag wird die Vollziehung des Gewerbesteuerbescheides für ${c.ez} in Höhe von ${c.m(c.n.rueckstand)} bis einen Monat nach Bekanntgabe der Entscheidung über Ihren Widerspruch ausgesetzt (§ 361 AO). Über Aussetzungszinsen (§ 237 AO) wird gesondert entschieden.`,
  () =>
    'wir bestätigen den Eingang Ihres Schreibens. Ihr Widerspruch gegen den Gewerbesteuerbescheid wird geprüft; sobald eine Entscheidung vorliegt, erhalten Sie Nachricht. Bitte sehen Sie bis dahin von Rückfragen ab.',
  () =>
    'wir haben Ihr SEPA-Lastschriftmandat erfasst. Künftige Fälligkeiten der Gewerbesteuer werden von dem angegebenen Konto eingezogen; die Vorabankündigung erfolgt jeweils mit dem Bescheid.',
];

export const BLIND2_POOLS: Pools = {
  part: 'blind2',
  families,
  issuers: [
    (k, n) => `${k} ${n} – ${/stadt$/i.test(k) ? 'Der Oberbürgermeister' : 'Der Bürgermeister'}`,
    (k, n) => `Der Bürgermeister der ${k} ${n}`,
    (_k, n) => `Verbandsgemeindeverwaltung ${n}`,
    (k, n) => `Steuerverwaltung der ${k} ${n}`,
    (_k, n) => `Kreisstadt ${n}`,
    (_k, n) => `Amt ${n} – Finanzverwaltung`,
  ],
  departments: [
    'Fachbereich 2 – Finanzen, Steuern und Abgaben',
    'Steuer- und Abgabenabteilung',
    'Sachgebiet Gewerbesteuer',
    'Referat Steuern und Kasse',
    'Fachdienst Finanzservice',
  ],
  faIssuers: [
    (city) => `Finanzamt ${city}`,
    (city) => `FINANZAMT ${city.toUpperCase()}`,
    (city) => `Finanzamt ${city} (Veranlagungsstelle)`,
  ],
  faDepartments: [
    'Veranlagungsbezirk 23',
    'Arbeitsbereich Körperschaften',
    'Bezirk Gewerbesteuer / Zerlegung',
    'Sachgebiet 12 – Personengesellschaften',
  ],
  labels,
  titles: {
    gewst_bescheid: [
      (ez) => `Bescheid über die Festsetzung der Gewerbesteuer für das Kalenderjahr ${ez}`,
      (ez) => `Gewerbesteuer-Änderungsbescheid ${ez}`,
      (ez) => `Steuerbescheid – Gewerbesteuer, Erhebungszeitraum ${ez}`,
      (ez) => `Festsetzung und Abrechnung der Gewerbesteuer ${ez}`,
      (ez) => `Abgabenbescheid ${ez} (Gewerbesteuer)`,
    ],
    vorauszahlungsbescheid: [
      (ez) => `Bescheid über Gewerbesteuer-Vorauszahlungen ab dem Kalenderjahr ${ez}`,
      (ez) => `Anpassung der Gewerbesteuervorauszahlungen ${ez}`,
      (ez) => `Vorauszahlungsbescheid zur Gewerbesteuer für ${ez} und Folgejahre`,
      (ez) => `Festsetzung von Vorauszahlungen auf die Gewerbesteuer – ${ez}`,
    ],
    zinsbescheid: [
      (ez) => `Bescheid über Zinsen zur Gewerbesteuer ${ez} (§ 233a AO)`,
      (ez) => `Festsetzung von Nachzahlungszinsen – Gewerbesteuer ${ez}`,
      (ez) => `Verzinsung der Gewerbesteuer-Nachforderung ${ez}`,
    ],
    messbescheid: [
      (ez) => `Bescheid für ${ez} über den Gewerbesteuermessbetrag`,
      (ez) => `Bescheid über den Gewerbesteuermessbetrag für ${ez}`,
      (ez) => `Festsetzung des Steuermessbetrags nach § 14 GewStG – ${ez}`,
    ],
    zerlegungsbescheid: [
      (ez) => `Zerlegungsbescheid für ${ez}`,
      (ez) => `Bescheid für ${ez} über die Zerlegung des Gewerbesteuermessbetrags`,
      (ez) => `Zerlegung des einheitlichen Steuermessbetrags ${ez} (§§ 28 ff. GewStG)`,
    ],
    mahnung: [
      () => 'Mahnung – Zahlungserinnerung',
      () => 'Letzte Zahlungsaufforderung vor Einleitung der Vollstreckung',
      () => 'Mahnung rückständiger Abgaben',
    ],
    sonstiges: [
      () => 'Ihr Schreiben zur Gewerbesteuer',
      () => 'Mitteilung der Steuerverwaltung',
      () => 'Stundung / Aussetzung – Entscheidung über Ihren Antrag',
      () => 'Bestätigung',
    ],
  },
  sentences: {
    intro: {
      gewst_bescheid: [
        (c) =>
          `auf Grund des vom Finanzamt ${c.fa} mitgeteilten Steuermessbetrags wird die Gewerbesteuer für das Kalenderjahr ${c.ez} wie folgt festgesetzt:`,
        (c) =>
          `Sehr geehrte Damen und Herren, für den Erhebungszeitraum ${c.ez} ergeht folgende Festsetzung. Frühere Bescheide für dieses Jahr werden hiermit geändert.`,
        (c) => `Nach § 16 GewStG und der Hebesatzsatzung (${c.kind} ${c.name}) wird festgesetzt:`,
      ],
      vorauszahlungsbescheid: [
        (c) =>
          `die Vorauszahlungen auf die Gewerbesteuer werden nach § 19 GewStG ab dem Erhebungszeitraum ${c.ez} neu festgesetzt. Grundlage ist der zuletzt bekannte Steuermessbetrag.`,
        (c) =>
          `aufgrund der Mitteilung des Finanzamtes ${c.fa} passen wir Ihre Vorauszahlungen an. Sie gelten bis zur Bekanntgabe eines neuen Bescheides.`,
      ],
      zinsbescheid: [
        (c) =>
          `für die Nachforderung aus dem Gewerbesteuerbescheid ${c.ez} sind nach § 233a der Abgabenordnung Zinsen zu erheben.`,
        () =>
          'Steuernachforderungen sind nach Ablauf der Karenzzeit von 15 Monaten zu verzinsen. Die Zinsen werden wie folgt berechnet:',
      ],
      messbescheid: [
        (c) =>
          `auf Grund Ihrer Gewerbesteuererklärung für ${c.ez} wird der Steuermessbetrag nach § 14 GewStG festgesetzt.`,
        () =>
          'Der Bescheid ergeht unter dem Vorbehalt der Nachprüfung (§ 164 AO). Die Besteuerungsgrundlagen wurden wie folgt ermittelt:',
      ],
      zerlegungsbescheid: [
        (c) =>
          `der einheitliche Steuermessbetrag für ${c.ez} in Höhe von ${c.m(zerlSum(c.n))} wird nach §§ 28 bis 34 GewStG auf die beteiligten Gemeinden zerlegt.`,
        () =>
          'An Ihrem Gewerbebetrieb sind mehrere hebeberechtigte Gemeinden beteiligt. Der Messbetrag wird im Verhältnis der Arbeitslöhne (§ 29 Abs. 1 Nr. 1 GewStG) aufgeteilt.',
      ],
      mahnung: [
        () =>
          'trotz Fälligkeit konnten wir bis heute keinen Zahlungseingang für die nachstehend aufgeführten Beträge feststellen.',
        () => 'nach unseren Unterlagen ist Ihr Abgabenkonto mit folgenden Beträgen im Rückstand:',
      ],
    },
    gewstText,
    due: [
      (c) => `Die Nachforderung ist bis zum ${c.d(c.n.faellig)} an die ${kasse(c)} zu überweisen.`,
      (c) => `Zahlungstermin für den Unterschiedsbetrag: ${c.d(c.n.faellig)}.`,
      (c) =>
        `Bitte begleichen Sie den offenen Betrag spätestens am ${c.d(c.n.faellig)} und geben Sie dabei das Buchungszeichen an.`,
    ],
    refund: [
      () =>
        'Der Erstattungsbetrag wird auf das uns bekannte Konto überwiesen, soweit keine Verrechnung mit anderen Forderungen erfolgt.',
      () => 'Ein Guthaben wird mit fälligen Forderungen verrechnet; ein verbleibender Betrag wird erstattet.',
    ],
    vzText,
    noVz: [
      () =>
        'Vorauszahlungen werden nur festgesetzt, wenn sie mindestens 50 Euro im Vierteljahr betragen (§ 19 Abs. 5 GewStG); eine Festsetzung entfällt daher.',
      () => 'Eine Festsetzung von Vorauszahlungen entfällt.',
    ],
    zinsText,
    zinsDue: [
      (c) =>
        `Der Zinsbetrag ist innerhalb eines Monats nach Bekanntgabe, spätestens am ${c.d(c.n.faellig)}, zu zahlen.`,
      (c) => `Fälligkeit der Zinsen: ${c.d(c.n.faellig)}.`,
    ],
    mahnText: [
      (c) =>
        `Bitte überweisen Sie den Gesamtbetrag von ${c.m(c.n.rueckstand + c.n.saeumnis + c.n.mahngebuehr)} bis spätestens ${c.d(c.n.faellig)}. Andernfalls wird ohne weitere Ankündigung die Vollstreckung eingeleitet.`,
      (c) =>
        `Sollte der Betrag nicht bis zum ${c.d(c.n.faellig)} bei uns eingegangen sein, wird das Vollstreckungsverfahren eingeleitet (§§ 249 ff. AO). Haben Sie zwischenzeitlich gezahlt, ist dieses Schreiben gegenstandslos.`,
    ],
    sonstigesBody,
    legal: {
      gewst_bescheid: [
        (c) =>
          `Rechtsgrundlagen: §§ 1, 4, 14 und 16 GewStG sowie die Haushaltssatzung der ${c.kind} ${c.name}.`,
      ],
      vorauszahlungsbescheid: [() => 'Die Festsetzung beruht auf § 19 Abs. 3 GewStG.'],
      zinsbescheid: [() => 'Rechtsgrundlage: § 233a in Verbindung mit § 238 AO.'],
      messbescheid: [() => 'Dieser Bescheid beruht auf §§ 11 und 14 GewStG sowie § 184 AO.'],
      zerlegungsbescheid: [() => 'Rechtsgrundlagen: §§ 185 und 188 AO, §§ 28 bis 34 GewStG.'],
      mahnung: [() => 'Säumniszuschläge entstehen kraft Gesetzes (§ 240 AO).'],
    },
    belehrung: [
      () =>
        'Gegen diesen Bescheid kann binnen eines Monats nach Bekanntgabe Einspruch bzw. Widerspruch bei der Behörde eingelegt werden, die ihn erlassen hat. Die Einlegung hat keine aufschiebende Wirkung.',
      () =>
        'Dieser Bescheid kann innerhalb eines Monats mit dem Widerspruch angefochten werden. Einwendungen gegen den Messbetrag sind nur gegen den Messbescheid des Finanzamts möglich (§ 351 Abs. 2 AO).',
    ],
    paymentNote: [
      () =>
        'Bitte geben Sie bei jeder Zahlung das Buchungszeichen an. Barzahlungen sind nur an der Kasse im Rathaus möglich.',
      () => 'Nutzen Sie gern unser Lastschriftverfahren; ein Vordruck liegt bei.',
    ],
  },
  money: [
    { unit: '€', thousands: '.', minus: 'lead', dashes: true },
    { unit: 'EUR', before: true, thousands: '\u00a0', minus: 'lead' },
    { unit: 'Euro', thousands: '\u00a0', minus: 'trail' },
    { unit: 'EUR', thousands: '', minus: 'lead', dashes: true },
    { unit: '€', before: true, thousands: '.', minus: 'trail' },
  ],
  dates: ['abbr4', 'dd.mm.yy', 'long-pad', 'd.m.yyyy'],
  pcts: ['%', 'v. Hundert', 'v.H.'],
};
