/** The municipal layouts: letterheads, label sets, formats and how figures are set out. */
export type KvMode = 'tabbed' | 'colon' | 'dotted' | 'stacked' | 'twocol' | 'ruled';

export interface Layout {
  id: string;
  font: 'Helvetica' | 'Times' | 'Courier';
  size: number;
  letterhead: 'left' | 'center' | 'right' | 'banner';
  /** How label/value pairs are set. */
  kv: KvMode;
  /** Main figures: label/value pairs, running text, or a table with the labels as header. */
  amounts: 'kv' | 'text' | 'transposed';
  vz: 'table' | 'text' | 'rows';
  money: '€' | 'EUR' | 'Euro';
  date: 'num' | 'long';
  pct: 'v. H.' | 'vom Hundert' | '%';
  /** Label variant index for the phrasing tables. */
  variant: number;
  belehrungPage2: boolean;
  /** Prints the municipality key (AGS). */
  printsAgs: boolean;
  iban: 'grouped' | 'plain';
}

export const LAYOUTS: Layout[] = [
  {
    id: 'L1-kaemmerei',
    font: 'Helvetica',
    size: 10,
    letterhead: 'left',
    kv: 'tabbed',
    amounts: 'kv',
    vz: 'table',
    money: '€',
    date: 'num',
    pct: 'v. H.',
    variant: 0,
    belehrungPage2: true,
    printsAgs: false,
    iban: 'grouped',
  },
  {
    id: 'L2-stadtkasse',
    font: 'Times',
    size: 10.5,
    letterhead: 'center',
    kv: 'colon',
    amounts: 'kv',
    vz: 'rows',
    money: 'EUR',
    date: 'long',
    pct: 'vom Hundert',
    variant: 1,
    belehrungPage2: false,
    printsAgs: false,
    iban: 'plain',
  },
  {
    id: 'L3-fliesstext',
    font: 'Helvetica',
    size: 9.5,
    letterhead: 'right',
    kv: 'colon',
    amounts: 'text',
    vz: 'text',
    money: 'Euro',
    date: 'long',
    pct: '%',
    variant: 2,
    belehrungPage2: true,
    printsAgs: false,
    iban: 'grouped',
  },
  {
    id: 'L4-zweispaltig',
    font: 'Helvetica',
    size: 9,
    letterhead: 'banner',
    kv: 'twocol',
    amounts: 'kv',
    vz: 'table',
    money: '€',
    date: 'num',
    pct: '%',
    variant: 3,
    belehrungPage2: false,
    printsAgs: true,
    iban: 'grouped',
  },
  {
    id: 'L5-grossrechner',
    font: 'Courier',
    size: 9.5,
    letterhead: 'left',
    kv: 'dotted',
    amounts: 'kv',
    vz: 'rows',
    money: 'EUR',
    date: 'num',
    pct: 'v. H.',
    variant: 4,
    belehrungPage2: true,
    printsAgs: true,
    iban: 'plain',
  },
  {
    id: 'L6-formular',
    font: 'Helvetica',
    size: 10,
    letterhead: 'center',
    kv: 'stacked',
    amounts: 'transposed',
    vz: 'table',
    money: '€',
    date: 'num',
    pct: 'v. H.',
    variant: 5,
    belehrungPage2: true,
    printsAgs: false,
    iban: 'grouped',
  },
  {
    id: 'L7-magistrat',
    font: 'Times',
    size: 11,
    letterhead: 'center',
    kv: 'tabbed',
    amounts: 'text',
    vz: 'table',
    money: 'Euro',
    date: 'long',
    pct: 'vom Hundert',
    variant: 6,
    belehrungPage2: true,
    printsAgs: false,
    iban: 'grouped',
  },
  {
    id: 'L8-tabelle',
    font: 'Helvetica',
    size: 9,
    letterhead: 'right',
    kv: 'ruled',
    amounts: 'kv',
    vz: 'text',
    money: 'EUR',
    date: 'num',
    pct: '%',
    variant: 7,
    belehrungPage2: false,
    printsAgs: true,
    iban: 'plain',
  },
];

/** Picks variant `v` of a list of phrasings. */
export const say = <T>(v: number, xs: readonly T[]): T => xs[v % xs.length] as T;
