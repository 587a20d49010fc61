/**
 * Fronleichnam (Corpus Christi, Easter Sunday + 60 days) in Saxony and Thuringia: there it is
 * a public holiday only in municipalities named by ordinance. feiertagejs knows it for
 * BW, BY, HE, NW, RP and SL (state-wide) and not at all for SN and TH; these lists add it.
 *
 * AGS and names as in the municipality reference data (apps/server/reference-data/gemeinden.csv,
 * Gebietsstand 31.08.2025; a test checks every entry against it). A municipality in which
 * the ordinance names only some Ortsteile (after mergers) carries `ortsteile`: the AGS
 * cannot tell whether an establishment lies in such a part, so it counts only with the
 * setting `calendar.holidays.fronleichnam_ortsteile` (default off — the conservative choice,
 * a due date never moves later than the law allows).
 */
export interface FronleichnamGemeinde {
  ags: string;
  name: string;
  /** Only these parts of the municipality observe Fronleichnam (null: all of it). */
  ortsteile: string | null;
}

/**
 * Sachsen: § 1 SächsSFG with the Verordnung des Sächsischen Staatsministeriums des Innern
 * über den regionalen Feiertag Fronleichnam (FronleichnamsVO) vom 4. Mai 1993 (SächsGVBl.
 * S. 417), geändert am 30. Mai 1995 (SächsGVBl. S. 160): the municipalities of its annex
 * (former Landkreise Bautzen, Hoyerswerda, Kamenz — today all Landkreis Bautzen); a listed
 * municipality merged into another keeps the holiday only as that Ortsteil (§ 1 Satz 2).
 */
export const FRONLEICHNAM_SACHSEN: readonly FronleichnamGemeinde[] = [
  { ags: '14625080', name: 'Crostwitz', ortsteile: null },
  { ags: '14625350', name: 'Nebelschütz', ortsteile: null },
  { ags: '14625440', name: 'Panschwitz-Kuckau', ortsteile: null },
  { ags: '14625460', name: 'Puschwitz', ortsteile: null },
  { ags: '14625470', name: 'Räckelwitz', ortsteile: null },
  { ags: '14625490', name: 'Radibor', ortsteile: null },
  { ags: '14625500', name: 'Ralbitz-Rosenthal', ortsteile: null },
  { ags: '14625640', name: 'Wittichenau', ortsteile: null },
  { ags: '14625020', name: 'Bautzen', ortsteile: 'Bolbritz, Salzenforst' },
  { ags: '14625150', name: 'Göda', ortsteile: 'Prischwitz' },
  { ags: '14625160', name: 'Großdubrau', ortsteile: 'Sdier' },
  { ags: '14625240', name: 'Hoyerswerda', ortsteile: 'Dörgenhausen' },
  { ags: '14625280', name: 'Königswartha', ortsteile: 'alle außer Wartha' },
  { ags: '14625360', name: 'Neschwitz', ortsteile: 'Neschwitz, Saritsch' },
];

/** Landkreis Eichsfeld (AGS 16061…): every municipality of the district. */
const EICHSFELD: readonly string[] = [
  '16061001',
  '16061002',
  '16061003',
  '16061012',
  '16061014',
  '16061015',
  '16061017',
  '16061018',
  '16061019',
  '16061021',
  '16061023',
  '16061024',
  '16061026',
  '16061027',
  '16061031',
  '16061032',
  '16061033',
  '16061034',
  '16061035',
  '16061036',
  '16061037',
  '16061041',
  '16061044',
  '16061045',
  '16061047',
  '16061048',
  '16061056',
  '16061057',
  '16061058',
  '16061062',
  '16061063',
  '16061066',
  '16061069',
  '16061074',
  '16061075',
  '16061076',
  '16061078',
  '16061082',
  '16061083',
  '16061085',
  '16061086',
  '16061089',
  '16061094',
  '16061098',
  '16061101',
  '16061102',
  '16061103',
  '16061105',
  '16061107',
  '16061113',
  '16061114',
  '16061115',
  '16061116',
  '16061117',
  '16061118',
  '16061119',
];

/**
 * Thüringen: § 2 Abs. 2 ThürFGtG (Thüringer Feier- und Gedenktagsgesetz) with the ordinance
 * of the ministry naming municipalities with a mainly Catholic population: all of Landkreis
 * Eichsfeld (which since the mergers of 2019–2024 also holds the former Anrode and Dünwald),
 * Buttlar, Geisa and Schleid (Wartburgkreis) entirely; Südeichsfeld (Unstrut-Hainich-Kreis)
 * and Dermbach (Wartburgkreis, former Brunnhartshausen and Zella/Rhön) only in some Ortsteile.
 */
export const FRONLEICHNAM_THUERINGEN: readonly FronleichnamGemeinde[] = [
  ...EICHSFELD.map((ags) => ({ ags, name: '', ortsteile: null })),
  { ags: '16063011', name: 'Buttlar', ortsteile: null },
  { ags: '16063032', name: 'Geisa', ortsteile: null },
  { ags: '16063068', name: 'Schleid', ortsteile: null },
  { ags: '16064074', name: 'Südeichsfeld', ortsteile: 'katholische Ortsteile laut Verordnung' },
  { ags: '16063015', name: 'Dermbach', ortsteile: 'Föhlritz, Steinberg, Zella' },
];

const BY_AGS = new Map([...FRONLEICHNAM_SACHSEN, ...FRONLEICHNAM_THUERINGEN].map((g) => [g.ags, g] as const));

/** AGS of every municipality in Saxony and Thuringia where Fronleichnam may be a holiday. */
export const FRONLEICHNAM_AGS: readonly string[] = [...BY_AGS.keys()];

/**
 * Whether Fronleichnam is a holiday in the Saxon or Thuringian municipality `ags`: always in
 * a municipality the ordinance names entirely; in one it names only some Ortsteile of, only
 * when `ortsteile` (the setting) is true.
 */
export function fronleichnamInGemeinde(ags: string | null | undefined, ortsteile: boolean): boolean {
  const g = ags ? BY_AGS.get(ags) : undefined;
  if (!g) return false;
  return g.ortsteile === null || ortsteile;
}
