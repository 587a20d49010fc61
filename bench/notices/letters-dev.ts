/**
 * Development-only letter forms (issue 9, engineer `types`): letters of the Steueramt that are
 * no notice of the six types although they name trade tax, amounts, due dates and legal
 * references — a Stundung with a rate plan, an Aussetzung der Vollziehung, the confirmation of
 * an appeal, an account statement, a refund advice, a change of bank details, a hearing before
 * an assessment, a payment reminder without any surcharge — and, as their contrast, Mahnungen
 * in the phrasings real municipalities use (arrears charged with Säumniszuschläge and a
 * Mahngebühr, whatever the title says: "Zahlungserinnerung", "Vollstreckungsankündigung").
 * Written from knowledge of real municipal and tax-office letters; drawn only by the development
 * part (pools-dev.ts `sonstigesStyles`, `mahnStyles`), after every other draw.
 */
import type { Block } from './content-blocks.js';
import { addDays, type NoticeData } from './notice.js';
import type { Ctx, Style } from './pools.js';

export type { MahnStyle, SonstigesStyle } from './pools.js';

const kasse = (c: Ctx) => (c.kind === 'Gemeinde' ? 'Gemeindekasse' : 'Stadtkasse');
const gs = 'Gewerbesteuer';

/** The whole body (title first) of a development letter that is no notice. */
export function sonstigesLetter(n: NoticeData, s: Style, c: Ctx): Block[] {
  const { m, d, ez } = c;
  const p = s.pick;
  const notice = d(addDays(n.datum, -p([34, 51, 77])));
  const amount = n.tax;
  const b: Block[] = [];
  const title = (t: string) => b.push({ k: 'title', text: s.family.caps ? t.toUpperCase() : t });
  const para = (text: string) => b.push({ k: 'para', text });
  switch (s.sonstiges) {
    case 'stundung': {
      title(
        p([
          `Stundung der ${gs} ${ez}`,
          'Stundungsverfügung',
          `Bescheid über die Stundung von ${gs} (§ 222 AO)`,
          `Ihr Antrag auf Stundung - ${gs} ${ez}`,
        ]),
      );
      const rates = 4;
      const each = Math.floor(amount / rates / 100) * 100;
      const first = addDays(n.faellig, 30);
      para(
        p([
          `auf Ihren Antrag vom ${d(addDays(n.datum, -20))} wird die mit Bescheid vom ${notice} festgesetzte ${gs} ${ez} in Höhe von ${m(amount)} gemäß § 222 der Abgabenordnung (AO) in Verbindung mit § 1 Abs. 2 Nr. 5 AO gestundet.`,
          `Die ${gs} für ${ez} (${m(amount)}, fällig am ${d(n.faellig)}) wird Ihnen nach § 222 AO bis auf Weiteres gestundet. Die Stundung wird unter der Bedingung gewährt, dass die folgenden Raten pünktlich eingehen.`,
          `Dem Antrag auf Stundung des Rückstands an ${gs} ${ez} wird entsprochen. Der Betrag von ${m(amount)} ist in ${rates} Raten zu zahlen.`,
        ]),
      );
      b.push({
        k: 'table',
        header: [p(['Rate', 'Nr.', 'Teilbetrag']), p(['fällig am', 'Fälligkeit', 'zahlbar bis']), 'Betrag'],
        rows: Array.from({ length: rates }, (_, i) => [
          String(i + 1),
          d(addDays(first, 30 * i)),
          m(i === rates - 1 ? amount - each * (rates - 1) : each),
        ]),
        widths: [0.2, 0.4, 0.4],
        align: ['l', 'l', 'r'],
      });
      const months = 4;
      const base = Math.floor(amount / 5000) * 5000;
      para(
        p([
          `Für die Dauer der Stundung werden Stundungszinsen nach § 234 AO erhoben (0,5 % für jeden vollen Monat). Sie werden nach Ablauf der Stundung gesondert festgesetzt.`,
          `Stundungszinsen (§§ 234, 238 AO): ${m(base)} x ${months} Monate x 0,5 % = ${m(Math.floor((base * months * 5) / 100000) * 100)}. Die Zinsen sind mit der letzten Rate zu zahlen.`,
          `Von der Erhebung von Stundungszinsen wird nach § 234 Abs. 2 AO abgesehen.`,
        ]),
      );
      para(
        p([
          `Wird eine Rate nicht fristgerecht entrichtet, ist die Stundung hinfällig; der gesamte Restbetrag wird sofort fällig und es entstehen Säumniszuschläge nach § 240 AO.`,
          `Bei nicht fristgerechter Zahlung einer Rate wird die Stundung widerrufen (§ 131 AO).`,
        ]),
      );
      break;
    }
    case 'aussetzung': {
      title(
        p([
          'Aussetzung der Vollziehung',
          `Verfügung über die Aussetzung der Vollziehung (§ 361 AO) - ${gs} ${ez}`,
          `${gs} ${ez}: Aussetzung der Vollziehung`,
          'Ihr Antrag auf Aussetzung der Vollziehung',
        ]),
      );
      const suspended = Math.floor(amount / 200);
      para(
        p([
          `die Vollziehung des Bescheides über ${gs} ${ez} vom ${notice} wird gemäß § 361 Abs. 2 AO in Höhe von ${m(suspended)} ab Fälligkeit (${d(n.faellig)}) bis einen Monat nach Bekanntgabe der Entscheidung über Ihren Widerspruch ausgesetzt.`,
          `Das Finanzamt ${c.fa} hat die Vollziehung des Gewerbesteuermessbescheides ${ez} ausgesetzt. Nach § 361 Abs. 3 AO ist deshalb auch die Vollziehung des Gewerbesteuerbescheides vom ${notice} in Höhe von ${m(suspended)} auszusetzen.`,
          `Auf Ihren Antrag wird die Vollziehung der mit Bescheid vom ${notice} festgesetzten ${gs} ${ez} teilweise ausgesetzt (§ 361 AO, § 69 FGO).`,
        ]),
      );
      b.push({
        k: 'kv',
        rows: [
          [p(['festgesetzte Gewerbesteuer', 'Steuer lt. Bescheid', 'Gewerbesteuer']), m(amount)],
          [p(['davon ausgesetzt', 'Aussetzungsbetrag', 'ausgesetzter Betrag']), m(suspended)],
          [p(['verbleibender Zahlbetrag', 'weiterhin zu zahlen', 'nicht ausgesetzt']), m(amount - suspended)],
        ],
      });
      para(
        p([
          `Der nicht ausgesetzte Betrag von ${m(amount - suspended)} bleibt am ${d(n.faellig)} fällig. Für den ausgesetzten Betrag entstehen keine Säumniszuschläge.`,
          `Soweit der Widerspruch erfolglos bleibt, sind Aussetzungszinsen nach § 237 AO zu entrichten (0,5 % je vollen Monat).`,
        ]),
      );
      break;
    }
    case 'eingang': {
      title(
        p([
          'Eingangsbestätigung',
          `Ihr Widerspruch gegen den Gewerbesteuerbescheid ${ez}`,
          `Bestätigung über den Eingang Ihres Einspruchs - ${gs} ${ez}`,
          'Eingangsbestätigung Rechtsbehelf',
        ]),
      );
      para(
        p([
          `wir bestätigen den Eingang Ihres Widerspruchs vom ${d(addDays(n.datum, -9))} gegen den Bescheid über ${gs} und Zinsen für ${ez} vom ${notice}, mit dem die ${gs} auf ${m(amount)} festgesetzt wurde.`,
          `Ihr Schreiben vom ${d(addDays(n.datum, -9))}, mit dem Sie gegen den Gewerbesteuerbescheid ${ez} (Steuer ${m(amount)}, Hebesatz ${c.p(n.hebesatz)}) Widerspruch eingelegt haben, ist am ${d(addDays(n.datum, -4))} bei uns eingegangen.`,
          `hiermit bestätigen wir, dass Ihr Einspruch gegen die Festsetzung der ${gs} ${ez} fristgerecht eingegangen ist. Der Vorgang wird unter dem Aktenzeichen ${n.kassenzeichen} geführt.`,
        ]),
      );
      para(
        p([
          `Bitte beachten Sie: Der Widerspruch hat keine aufschiebende Wirkung (§ 361 Abs. 1 AO). Der festgesetzte Betrag von ${m(amount)} ist weiterhin am ${d(n.faellig)} fällig; bei verspäteter Zahlung entstehen Säumniszuschläge nach § 240 AO.`,
          `Soweit sich Ihr Widerspruch gegen die Höhe des Gewerbesteuermessbetrags richtet, ist er beim Finanzamt ${c.fa} einzulegen (§ 351 Abs. 2 AO). Wir haben Ihr Schreiben dorthin weitergeleitet.`,
          `Über Ihren Widerspruch wird nach Abschluss der Prüfung entschieden. Sie erhalten hierzu gesonderte Nachricht.`,
        ]),
      );
      break;
    }
    case 'kontoauszug': {
      title(
        p([
          `Kontoauszug ${gs}`,
          'Kontenübersicht Steuerkonto',
          'Mitteilung über den Stand Ihres Abgabenkontos',
          `Kontoauszug zum Kassenzeichen ${n.kassenzeichen}`,
        ]),
      );
      para(
        p([
          `auf Ihre Anfrage übersenden wir Ihnen eine Übersicht der Buchungen auf Ihrem Steuerkonto (Stand ${d(n.datum)}):`,
          `Ihr Abgabenkonto weist zum ${d(n.datum)} folgende Buchungen aus:`,
          'nachstehend erhalten Sie den aktuellen Kontoauszug.',
        ]),
      );
      const vz = Math.floor(amount / 400) * 100;
      const rows = [
        [d(`${ez}-02-15`), `${gs} ${ez} Vorauszahlung I`, m(vz), ''],
        [d(`${ez}-02-14`), p(['Zahlung', 'Zahlungseingang', 'Überweisung']), '', m(vz)],
        [d(`${ez}-05-15`), `${gs} ${ez} Vorauszahlung II`, m(vz), ''],
        [d(`${ez}-05-16`), p(['Zahlung', 'Zahlungseingang', 'Lastschrift']), '', m(vz)],
        [notice, `${gs} ${ez} Abrechnung lt. Bescheid`, m(amount - 2 * vz), ''],
      ];
      b.push({
        k: 'table',
        header: ['Datum', p(['Buchungstext', 'Vorgang', 'Art']), 'Soll', 'Haben'],
        rows,
        widths: [0.18, 0.46, 0.18, 0.18],
        align: ['l', 'l', 'r', 'r'],
      });
      para(
        p([
          `Offener Saldo: ${m(amount - 2 * vz)}. Dieser Betrag ist am ${d(n.faellig)} fällig.`,
          `Saldo zu Ihren Lasten: ${m(amount - 2 * vz)}`,
          `Der Kontoauszug ist kein Bescheid; maßgebend sind allein die Festsetzungen in den Bescheiden.`,
        ]),
      );
      break;
    }
    case 'erstattung': {
      title(
        p([
          'Erstattungsmitteilung',
          `Mitteilung über eine Erstattung - ${gs} ${ez}`,
          'Auszahlung eines Guthabens',
          `Erstattung ${gs} ${ez}`,
        ]),
      );
      const refund = Math.floor(amount / 7);
      para(
        p([
          `aufgrund des Bescheides über ${gs} ${ez} vom ${notice} ergibt sich zu Ihren Gunsten ein Guthaben von ${m(refund)}. Der Betrag wird in den nächsten Tagen auf Ihr Konto überwiesen.`,
          `Nach Verrechnung mit den fälligen Vorauszahlungen (§ 226 AO) verbleibt ein Guthaben von ${m(refund)}, das wir auf das uns bekannte Konto erstatten.`,
          `Die Überzahlung von ${m(refund)} aus der Festsetzung der ${gs} ${ez} wird Ihnen erstattet. Erstattungszinsen nach § 233a AO sind im Bescheid vom ${notice} berücksichtigt.`,
        ]),
      );
      b.push({
        k: 'kv',
        rows: [
          [p(['Erstattungsbetrag', 'Auszahlungsbetrag', 'Guthaben']), m(refund)],
          [p(['Empfängerkonto', 'Auszahlung auf']), n.iban.replace(/(.{4})/g, '$1 ').trim()],
          ['Wertstellung', d(addDays(n.datum, 5))],
        ],
      });
      break;
    }
    case 'bankverbindung': {
      title(
        p([
          'Änderung der Bankverbindung',
          `Neue Bankverbindung der ${kasse(c)}`,
          'Wichtiger Hinweis zu Ihren Zahlungen',
        ]),
      );
      const vz = Math.floor(amount / 400) * 100;
      para(
        p([
          `ab dem ${d(`${ez}-01-01`)} ändert sich die Bankverbindung der ${kasse(c)}. Bitte überweisen Sie die Vorauszahlungen zur ${gs} (zum 15.02., 15.05., 15.08. und 15.11. je ${m(vz)}) nur noch auf das unten genannte Konto.`,
          `bitte beachten Sie, dass Zahlungen auf die ${gs} ab sofort nur noch auf unser neues Konto geleistet werden können. Die nächste Vorauszahlung über ${m(vz)} ist am ${d(`${ez}-05-15`)} fällig.`,
          `unser bisheriges Konto wird zum ${d(`${ez}-03-31`)} aufgelöst. Daueraufträge für die vierteljährlichen Vorauszahlungen (§ 19 GewStG) passen Sie bitte an.`,
        ]),
      );
      b.push({
        k: 'kv',
        rows: [
          ['Neue IBAN', n.iban.replace(/(.{4})/g, '$1 ').trim()],
          ['BIC', n.bic],
          ['Kreditinstitut', n.bank],
        ],
      });
      para(
        p([
          'Zahlungen auf das alte Konto werden noch bis zum Jahresende weitergeleitet.',
          'Bei verspäteter Zahlung entstehen Säumniszuschläge; bitte erteilen Sie uns am besten ein SEPA-Lastschriftmandat.',
        ]),
      );
      break;
    }
    case 'anhoerung': {
      title(
        p([
          `Anhörung zur beabsichtigten Festsetzung der Vorauszahlungen ${ez}`,
          'Anhörung gemäß § 91 AO',
          `${gs} ${ez} - Gelegenheit zur Stellungnahme`,
        ]),
      );
      para(
        p([
          `wir beabsichtigen, die Vorauszahlungen zur ${gs} ab ${ez} nach § 19 Abs. 3 GewStG anzupassen. Auf Grund des Messbetrags von ${m(n.mb * 100)} und des Hebesatzes von ${c.p(n.hebesatz)} ergäben sich Vorauszahlungen von ${m(amount)} jährlich.`,
          `da Ihre Gewerbesteuererklärung für ${ez} trotz Erinnerung nicht eingegangen ist, beabsichtigt das Finanzamt ${c.fa}, die Besteuerungsgrundlagen nach § 162 AO zu schätzen. Die ${gs} würde danach voraussichtlich ${m(amount)} betragen.`,
          `vor Erlass eines geänderten Gewerbesteuerbescheides ${ez} geben wir Ihnen nach § 91 AO Gelegenheit, sich zu den für die Entscheidung erheblichen Tatsachen zu äußern. Die ${gs} würde sich um ${m(Math.abs(amount - n.bisher))} ändern.`,
        ]),
      );
      para(
        p([
          `Bitte teilen Sie uns bis zum ${d(addDays(n.datum, 21))} mit, ob Sie Einwendungen haben. Nach Ablauf der Frist wird nach Aktenlage entschieden.`,
          `Ihre Stellungnahme erbitten wir bis zum ${d(addDays(n.datum, 14))}. Dieses Schreiben ist noch keine Festsetzung.`,
        ]),
      );
      break;
    }
    case 'erinnerung': {
      title(
        p([
          'Zahlungserinnerung',
          `Erinnerung an die Fälligkeit der ${gs}`,
          'Freundliche Zahlungserinnerung',
          `Zahlungshinweis ${gs} ${ez}`,
        ]),
      );
      const vz = Math.floor(amount / 400) * 100;
      const due = d(`${ez}-${p(['02', '05', '08', '11'])}-15`);
      para(
        p([
          `wir möchten Sie daran erinnern, dass die Vorauszahlung zur ${gs} ${ez} in Höhe von ${m(vz)} am ${due} fällig wird. Bitte sorgen Sie für rechtzeitige Zahlung, damit keine Säumniszuschläge entstehen.`,
          `sicher ist es Ihrer Aufmerksamkeit entgangen, dass der am ${due} fällige Betrag von ${m(vz)} zur ${gs} ${ez} bei uns noch nicht eingegangen ist. Bitte überweisen Sie den Betrag in den nächsten Tagen. Sollten Sie bereits gezahlt haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.`,
          `nach unseren Unterlagen ist die ${gs} ${ez} (${m(vz)}, fällig am ${due}) noch offen. Kosten sind bisher nicht entstanden. Wir bitten um Ausgleich bis zum ${d(addDays(n.datum, 10))}.`,
        ]),
      );
      b.push({
        k: 'kv',
        rows: [
          [p(['Betrag', 'offener Betrag', 'Zahlbetrag']), m(vz)],
          [p(['Fälligkeit', 'fällig am']), due],
          ['Kassenzeichen', n.kassenzeichen],
        ],
      });
      para(
        p([
          'Bei Zahlung nach Fälligkeit entstehen nach § 240 AO Säumniszuschläge von 1 % für jeden angefangenen Monat.',
          'Dieses Schreiben ist keine Mahnung.',
          'Zahlen Sie bequem per SEPA-Lastschrift.',
        ]),
      );
      break;
    }
    // Engineer `classify` (2026-11-25 morning): further acts that only cite a notice — some
    // name surcharges or fees with their amounts (a remission, a deferral of enforcement, a
    // decision on an appeal with its fee, a certificate with its fee, a reminder that warns
    // with the amount a surcharge would have) or repeat the assessment arithmetic.
    case 'erlass': {
      const base = Math.floor(amount / 5000) * 5000;
      const months = p([2, 3, 4]);
      const sz = (base / 100) * months;
      const part = p([sz, Math.floor(sz / 200) * 100]);
      title(
        p([
          'Erlass von Säumniszuschlägen',
          `Ihr Antrag auf Erlass - ${gs} ${ez}`,
          'Billigkeitsentscheidung nach § 227 AO',
          'Entscheidung über Ihren Erlassantrag',
        ]),
      );
      para(
        p([
          `auf Ihren Antrag vom ${d(addDays(n.datum, -25))} werden die wegen verspäteter Zahlung der ${gs} ${ez} verwirkten Säumniszuschläge in Höhe von ${m(sz)} aus Billigkeitsgründen gemäß § 227 AO in Höhe von ${m(part)} erlassen.`,
          `die für die ${gs} ${ez} (fällig am ${d(n.faellig)}) entstandenen Säumniszuschläge von ${m(sz)} werden nach § 227 der Abgabenordnung in Höhe von ${m(part)} erlassen, weil die Zahlung nur wegen einer Erkrankung verspätet war.`,
          `Ihrem Antrag, die Säumniszuschläge zur ${gs} ${ez} zu erlassen, wird teilweise entsprochen. Von den entstandenen Säumniszuschlägen (${m(sz)}) werden ${m(part)} erlassen.`,
        ]),
      );
      b.push({
        k: 'kv',
        rows: [
          [p(['Säumniszuschläge bisher', 'entstandene Säumniszuschläge', 'SZ lt. Konto']), m(sz)],
          [p(['davon erlassen', 'Erlassbetrag', 'erlassen']), m(part)],
          [p(['verbleibend', 'noch zu zahlen', 'Restbetrag']), m(sz - part)],
        ],
      });
      para(
        p([
          `Gegen diese Entscheidung kann innerhalb eines Monats nach Bekanntgabe Widerspruch erhoben werden.`,
          `Ein etwa verbleibender Betrag ist bis zum ${d(addDays(n.datum, 14))} zu zahlen. Die ${gs} selbst bleibt unverändert.`,
        ]),
      );
      break;
    }
    case 'vollstreckungsaufschub': {
      title(
        p([
          'Vollstreckungsaufschub',
          'Ratenzahlungsvereinbarung',
          `Einstweilige Einstellung der Vollstreckung - ${gs} ${ez}`,
          'Ihr Ratenzahlungsgesuch',
        ]),
      );
      const base = Math.floor(amount / 5000) * 5000;
      const sz = (base / 100) * 2;
      const total = amount + sz;
      const rates = 3;
      const each = Math.floor(total / rates / 100) * 100;
      para(
        p([
          `auf Ihr Gesuch vom ${d(addDays(n.datum, -12))} wird die Vollstreckung wegen der rückständigen ${gs} ${ez} gemäß § 258 AO einstweilen eingestellt, solange Sie die folgenden Raten pünktlich zahlen.`,
          `wir sind bereit, von Vollstreckungsmaßnahmen wegen des Rückstands an ${gs} ${ez} vorerst abzusehen (§ 258 AO), wenn Sie den Gesamtbetrag in ${rates} Raten tilgen.`,
        ]),
      );
      b.push({
        k: 'kv',
        rows: [
          [`${gs} ${ez}`, m(amount)],
          [p(['Säumniszuschläge bis heute', 'bisherige Säumniszuschläge']), m(sz)],
          [p(['Gesamtrückstand', 'Summe']), m(total)],
        ],
      });
      b.push({
        k: 'table',
        header: ['Rate', p(['zahlbar bis', 'fällig am']), 'Betrag'],
        rows: Array.from({ length: rates }, (_, i) => [
          String(i + 1),
          d(addDays(n.datum, 30 * (i + 1))),
          m(i === rates - 1 ? total - each * (rates - 1) : each),
        ]),
        widths: [0.2, 0.4, 0.4],
        align: ['l', 'l', 'r'],
      });
      para(
        p([
          'Für die Dauer des Aufschubs entstehen weiterhin Säumniszuschläge nach § 240 AO. Gerät eine Rate in Rückstand, wird die Vollstreckung ohne weitere Ankündigung fortgesetzt.',
          'Der Vollstreckungsaufschub kann jederzeit widerrufen werden, insbesondere wenn eine Rate nicht rechtzeitig gezahlt wird.',
        ]),
      );
      break;
    }
    case 'widerspruchsbescheid': {
      const fee = p([2500, 5000, 7500]);
      title(
        p([
          'Widerspruchsbescheid',
          `Entscheidung über Ihren Widerspruch gegen den Gewerbesteuerbescheid ${ez}`,
          `Widerspruch gegen die Festsetzung der ${gs} ${ez}`,
        ]),
      );
      para(
        p([
          `Ihr Widerspruch vom ${d(addDays(n.datum, -40))} gegen den Bescheid über ${gs} ${ez} vom ${notice} wird als unbegründet zurückgewiesen.`,
          `der Widerspruch vom ${d(addDays(n.datum, -40))} gegen die Festsetzung der ${gs} für ${ez} wird zurückgewiesen.`,
        ]),
      );
      para(
        p([
          `Gründe: Mit Bescheid vom ${notice} wurde die ${gs} ${ez} ausgehend vom Steuermessbetrag von ${m(n.mb * 100)} und dem Hebesatz von ${c.p(n.hebesatz)} auf ${m(amount)} festgesetzt. Die Gemeinde ist an den Messbescheid des Finanzamts gebunden (§ 184 Abs. 1 AO); Einwendungen gegen den Messbetrag sind dort zu erheben (§ 351 Abs. 2 AO).`,
          `Gründe: Der Hebesatz von ${c.p(n.hebesatz)} beruht auf der Hebesatzsatzung (§ 16 GewStG). Aus dem Messbetrag von ${m(n.mb * 100)} ergibt sich damit eine Steuer von ${m(amount)}. Der Bescheid vom ${notice} ist rechtmäßig.`,
        ]),
      );
      para(
        p([
          `Die Kosten des Verfahrens tragen Sie. Für diesen Widerspruchsbescheid wird eine Gebühr von ${m(fee)} festgesetzt.`,
          `Kosten: Sie tragen die Kosten des Widerspruchsverfahrens; die Verwaltungsgebühr beträgt ${m(fee)}.`,
        ]),
      );
      para(
        'Rechtsbehelfsbelehrung: Gegen den Bescheid in Gestalt dieses Widerspruchsbescheides kann innerhalb eines Monats nach Zustellung Klage beim Verwaltungsgericht erhoben werden.',
      );
      break;
    }
    case 'umbuchung': {
      const paid = Math.floor(amount / 400) * 100;
      title(p(['Umbuchungsmitteilung', 'Mitteilung über eine Umbuchung', 'Verrechnung Ihrer Zahlung']));
      para(
        p([
          `Ihre Zahlung vom ${d(addDays(n.datum, -6))} über ${m(paid)} ist ohne Kassenzeichen eingegangen. Wir haben sie auf die ${gs}-Vorauszahlung ${ez} umgebucht.`,
          `die am ${d(addDays(n.datum, -6))} eingegangene Zahlung von ${m(paid)} wurde versehentlich der Grundsteuer zugeordnet und nunmehr auf die ${gs} ${ez} umgebucht.`,
          `gemäß § 226 AO haben wir Ihr Guthaben von ${m(paid)} mit der fälligen ${gs} ${ez} verrechnet.`,
        ]),
      );
      b.push({
        k: 'table',
        header: ['Datum', p(['von', 'bisher gebucht auf']), p(['nach', 'umgebucht auf']), 'Betrag'],
        rows: [[d(n.datum), p(['Grundsteuer', 'Verwahrgeld', 'Guthaben']), `${gs} ${ez}`, m(paid)]],
        widths: [0.18, 0.3, 0.3, 0.22],
        align: ['l', 'l', 'l', 'r'],
      });
      para(`Der noch offene Betrag zur ${gs} ${ez} beläuft sich auf ${m(amount - paid)}.`);
      break;
    }
    case 'zahlungseingang': {
      title(p(['Bestätigung des Zahlungseingangs', 'Zahlungsbestätigung', `Quittung - ${gs} ${ez}`]));
      para(
        p([
          `wir bestätigen den Eingang Ihrer Zahlung von ${m(amount)} am ${d(addDays(n.datum, -3))} auf die ${gs} ${ez}. Die Forderung aus dem Bescheid vom ${notice} ist damit ausgeglichen.`,
          `Ihre Überweisung über ${m(amount)} ist am ${d(addDays(n.datum, -3))} bei der ${kasse(c)} eingegangen und auf die ${gs} ${ez} gebucht worden.`,
        ]),
      );
      para(
        p([
          'Säumniszuschläge sind nicht angefallen. Ihr Konto ist ausgeglichen.',
          'Der Saldo Ihres Kontos beträgt 0,00 EUR.',
        ]),
      );
      break;
    }
    case 'fristhinweis': {
      const vz = Math.floor(amount / 400) * 100;
      const due = `${ez}-${p(['02', '05', '08', '11'])}-15`;
      const permonth = Math.floor(vz / 5000) * 50;
      title(
        p(['Fälligkeitshinweis', `Hinweis auf die fällige ${gs}`, `Vorauszahlung ${gs} ${ez} - Hinweis`]),
      );
      para(
        `am ${d(due)} wird die Vorauszahlung zur ${gs} ${ez} in Höhe von ${m(vz)} fällig. Bitte überweisen Sie den Betrag rechtzeitig unter Angabe des Kassenzeichens ${n.kassenzeichen}.`,
      );
      para(
        p([
          `Geht die Zahlung verspätet ein, entstehen kraft Gesetzes (§ 240 AO) Säumniszuschläge von 1 % des auf 50 Euro abgerundeten Betrages je angefangenen Monat, hier also ${m(permonth)} monatlich.`,
          `Sollte der Betrag nicht fristgerecht eingehen, wären Säumniszuschläge in Höhe von ${m(permonth)} für jeden angefangenen Monat zu zahlen; für eine Mahnung würde zusätzlich eine Mahngebühr von ${m(500)} erhoben.`,
          `Bei Zahlung nach dem ${d(due)} würden Säumniszuschläge (${m(permonth)} je angefangenen Monat) und eine Mahngebühr von ${m(1000)} anfallen.`,
        ]),
      );
      break;
    }
    case 'bescheinigung': {
      title(
        p([
          'Unbedenklichkeitsbescheinigung',
          'Bescheinigung in Steuersachen',
          `Bescheinigung über die Zahlung der ${gs}`,
        ]),
      );
      para(
        p([
          `hiermit wird bescheinigt, dass ${n.company} ihren Zahlungsverpflichtungen aus der ${gs} bisher nachgekommen ist. Rückstände bestehen zum ${d(n.datum)} nicht.`,
          `auf Ihren Antrag bescheinigen wir, dass für ${n.company} zum ${d(n.datum)} keine Rückstände an ${gs} bestehen. Die für ${ez} festgesetzte ${gs} von ${m(amount)} ist vollständig gezahlt.`,
        ]),
      );
      para(
        p([
          `Für die Ausstellung dieser Bescheinigung wird eine Verwaltungsgebühr von ${m(p([1000, 1500, 2000]))} erhoben.`,
          `Gebühr für diese Bescheinigung: ${m(p([1000, 1500, 2000]))} (bitte unter Angabe des Kassenzeichens ${n.kassenzeichen} überweisen).`,
        ]),
      );
      para('Die Bescheinigung gilt drei Monate ab Ausstellung. Sie ist kein Bescheid.');
      break;
    }
    default:
      return [];
  }
  b.push({
    k: 'para',
    text: p([
      'Mit freundlichen Grüßen',
      'Für Rückfragen stehen wir Ihnen gerne zur Verfügung. Mit freundlichen Grüßen',
      'Im Auftrag',
    ]),
  });
  return b;
}

/** The figures of a development Mahnung in another real phrasing (null: the classic form). */
export function mahnungStyled(n: NoticeData, s: Style, c: Ctx): Block[] | null {
  const { m, d, ez, L } = c;
  const p = s.pick;
  const total = n.rueckstand + n.saeumnis + n.mahngebuehr;
  const since = d(n.urspruenglichFaellig);
  switch (s.mahn) {
    case 'mahnung-text':
      return [
        {
          k: 'para',
          text: p([
            `trotz Fälligkeit am ${since} ist die ${gs} ${ez} in Höhe von ${m(n.rueckstand)} bisher nicht bezahlt worden. Wir mahnen Sie hiermit nach § 259 AO. Für die verspätete Zahlung sind Säumniszuschläge nach § 240 AO von ${m(n.saeumnis)} verwirkt; für diese Mahnung wird eine Gebühr von ${m(n.mahngebuehr)} erhoben.`,
            `die nachstehend aufgeführte Forderung ist seit dem ${since} fällig und noch offen: ${gs} ${ez} ${m(n.rueckstand)}, zuzüglich Säumniszuschläge ${m(n.saeumnis)} und Mahngebühren ${m(n.mahngebuehr)}.`,
          ]),
        },
      ];
    case 'vollstreckung':
      return [
        {
          k: 'para',
          text: p([
            `Letzte Mahnung vor Einleitung der Zwangsvollstreckung: Die folgenden Beträge sind trotz Mahnung nicht eingegangen.`,
            `Vollstreckungsankündigung - bisher haben Sie auf unsere Zahlungsaufforderung nicht reagiert.`,
          ]),
        },
        {
          k: 'table',
          header: [
            p(['Forderungsart', 'Abgabe']),
            p(['fällig seit', 'Fälligkeit']),
            p(['Hauptforderung', 'Rückstand']),
            p(['Säumniszuschläge', 'Säumniszuschlag']),
            p(['Mahngebühr', 'Kosten']),
          ],
          rows: [[`${gs} ${ez}`, since, m(n.rueckstand), m(n.saeumnis), m(n.mahngebuehr)]],
          widths: [0.24, 0.16, 0.2, 0.2, 0.2],
          align: ['l', 'l', 'r', 'r', 'r'],
        },
        {
          k: 'para',
          text: `Gesamtbetrag ${m(total)}. Wenn der Betrag nicht bis zum ${d(n.faellig)} eingeht, werden ohne weitere Ankündigung Vollstreckungsmaßnahmen (Kontopfändung, Vollziehungsbeamter) eingeleitet. Hierdurch entstehen weitere Kosten.`,
        },
      ];
    case 'erinnerung-sz':
      return [
        {
          k: 'para',
          text: `bei Durchsicht Ihres Kontos haben wir festgestellt, dass folgende Beträge trotz Fälligkeit noch offen sind. Wegen der verspäteten Zahlung sind kraft Gesetzes Säumniszuschläge (§ 240 AO) entstanden.`,
        },
        {
          k: 'kv',
          rows: [
            [`${gs} ${ez} (${p(['fällig seit', 'fällig am'])} ${since})`, m(n.rueckstand)],
            [L.saeumnis, m(n.saeumnis)],
            [L.mahngebuehr, m(n.mahngebuehr)],
            [p(['Gesamtbetrag', 'Summe', 'zu zahlen']), m(total)],
          ],
        },
      ];
    case 'rueckstandsliste':
      return [
        {
          k: 'para',
          text: p([
            `Rückstandsaufstellung zum ${d(n.datum)}:`,
            `Folgende Forderungen der ${kasse(c)} sind rückständig:`,
          ]),
        },
        {
          k: 'table',
          header: ['Zeitraum', 'Abgabe', 'Soll', p(['Säumniszuschl.', 'SZ']), p(['Gebühr', 'Mahngeb.'])],
          rows: [[String(ez), gs, m(n.rueckstand), m(n.saeumnis), m(n.mahngebuehr)]],
          widths: [0.14, 0.3, 0.2, 0.18, 0.18],
          align: ['l', 'l', 'r', 'r', 'r'],
        },
        { k: 'para', text: `Fällig seit ${since}.` },
      ];
    case 'sz-berechnung': {
      // Engineer `classify`: the surcharge as its computation (§ 240 AO), no surcharge label in a table.
      const base = Math.floor(n.rueckstand / 5000) * 5000;
      const months = base ? Math.round(n.saeumnis / (base / 100)) : 1;
      return [
        {
          k: 'para',
          text: p([
            `folgender Betrag ist trotz Fälligkeit am ${since} noch nicht beglichen: ${gs} ${ez} ${m(n.rueckstand)}.`,
            `zu Ihrem Kassenzeichen ${n.kassenzeichen} ist die ${gs} ${ez} von ${m(n.rueckstand)} seit ${since} offen.`,
          ]),
        },
        {
          k: 'para',
          text: `Nach § 240 AO sind für jeden angefangenen Monat der Säumnis 1 % des abgerundeten rückständigen Betrags zu entrichten: 1 % von ${m(base)} x ${months} = ${m(n.saeumnis)}. ${p(['Mahngebühr', 'Kosten dieser Mahnung', 'Auslagen'])}: ${m(n.mahngebuehr)}. Bitte zahlen Sie insgesamt ${m(total)} bis zum ${d(n.faellig)}.`,
        },
      ];
    }
    default:
      return null;
  }
}
