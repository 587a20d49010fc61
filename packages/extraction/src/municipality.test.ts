import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../../bench/notices/build-municipality-index.js';
import { extractFields } from './fields.js';
import { agsOfName, municipalitiesNamed, resolveSender, senderFields } from './municipality.js';
import { indexPage } from './textindex.js';
import { buildLines } from './layout.js';
import type { Page, Word } from './types.js';

const root = path.resolve(import.meta.dirname, '../../..');

function page(lines: string[]): Page {
  const words: Word[] = [];
  lines.forEach((line, row) => {
    let x = 60;
    for (const t of line.split(' ')) {
      words.push({ text: t, rect: [x, 60 + row * 14, t.length * 5, 10], confidence: 1 });
      x += t.length * 5 + 4;
    }
  });
  return { page: 1, width: 595, height: 842, words, lines: buildLines(words), source: 'text' };
}

describe('municipality reference data in the engine', () => {
  it('is the server reference data, derived (rerun build-municipality-index.ts when it changes)', () => {
    const csv = readFileSync(path.join(root, 'apps/server/reference-data/gemeinden.csv'), 'utf8');
    const tsv = readFileSync(path.join(root, 'packages/extraction/reference-data/gemeinden.tsv'), 'utf8');
    const rates = readFileSync(path.join(root, 'apps/server/reference-data/hebesaetze.csv'), 'utf8');
    expect(tsv).toBe(buildIndex(csv, rates));
  });

  it('finds names with or without prefix and suffix, in ß/ss and umlaut spellings', () => {
    expect(agsOfName('Landeshauptstadt München')).toBe('09162000');
    expect(agsOfName('Muenchen')).toBe('09162000');
    expect(agsOfName('Stadt Köln')).toBe('05315000');
    expect(municipalitiesNamed('Greimerath')).toHaveLength(2);
    expect(agsOfName('Greimerath')).toBeNull();
  });

  it('tells namesakes apart by the postcode of the sender address', () => {
    const ix = indexPage(
      page(['Gemeinde Greimerath', 'Gemeinde Greimerath · Postfach 12 · 54314 Greimerath']),
    );
    expect(resolveSender(ix, 'Greimerath', null)?.entry.ags).toBe('07235033');
  });

  it('tells namesakes sharing a postcode apart by the Hebesatz the notice applies', () => {
    const ix = indexPage(page(['Gemeindeverwaltung Hamfelde', 'Postfach 4711 · 22929 Hamfelde']));
    expect(resolveSender(ix, 'Hamfelde', null)).toBeNull();
    expect(resolveSender(ix, 'Hamfelde', null, 275)?.entry.ags).toBe('01062026');
    expect(resolveSender(ix, 'Hamfelde', null, 250)?.entry.ags).toBe('01053049');
    expect(resolveSender(ix, 'Hamfelde', null, 380)).toBeNull();
  });

  it('a city-state tax office: running text after "Gemeinde" is no name; the city state issues', () => {
    const p = page([
      'Finanzamt Bremen-Nord',
      'Gewerbesteuer-Sachgebiet · 28755 Bremen',
      'Vorauszahlungen zur Gewerbesteuer ab 2025',
      'Steuermessbetrag 1.200 EUR, Hebesatz 470 v. H.',
      'Hinweis: die berechtigte Gemeinde legt ihren Hebesatz selbst fest (§ 16 GewStG).',
    ]);
    const f = extractFields('vorauszahlungsbescheid', [p]);
    expect(f.gemeinde?.value).toBe('Bremen');
    expect(f.ags?.value).toBe('04011000');
  });

  it('a department word read as the letterhead name gives way to the resolved municipality', () => {
    const ix = indexPage(page(['Stadtkasse Stadtkämmerei', 'Postfach 4711 · 50667 Köln']));
    const resolved = resolveSender(ix, 'Stadtkämmerei', null)!;
    const field = {
      value: 'Stadtkämmerei',
      confidence: 0.9,
      page: 1,
      rect: [0, 0, 1, 1] as [number, number, number, number],
    };
    expect(senderFields(ix, resolved, field).gemeinde?.value).toBe('Köln');
  });

  it('resolves from the postcode and town alone when the letterhead names no municipality', () => {
    const ix = indexPage(page(['Steueramt', 'Postfach 4711 · 50667 Köln', 'Firma X', '99999 Nirgendwo']));
    expect(resolveSender(ix, null, null)?.entry.ags).toBe('05315000');
  });

  it('trusts a printed AGS only when it exists', () => {
    const ix = indexPage(page(['Stadt Köln']));
    expect(resolveSender(ix, 'Köln', '09162000')?.entry.ags).toBe('09162000');
    expect(resolveSender(ix, 'Köln', '99999999')?.entry.ags).toBe('05315000');
  });

  it('finds names printed in capitals, in another spelling of the suffix, without their "Markt", misread', () => {
    expect(agsOfName('OBERHAUSEN-RHEINHAUSEN')).toBe('08215107');
    expect(agsOfName('Oberhausen- Rheinhausen')).toBe('08215107');
    expect(agsOfName('Neuburg a. d. Donau')).toBe('09185149');
    expect(agsOfName('Haag i. OB')).toBe('09183119');
    expect(agsOfName('Gronau/Westf.')).toBe('05554020');
    expect(agsOfName('Indersdorf')).toBe('09174131');
    expect(agsOfName('Miinchen')).toBe('09162000');
    expect(agsOfName('K0ln')).toBe('05315000');
  });
});

describe('the issuing municipality of a notice: its AGS and the reference spelling of its name', () => {
  const notice = (head: string[]) => {
    const f = extractFields('gewst_bescheid', [
      page([
        ...head,
        'Firma Muster GmbH',
        'Hauptstraße 1',
        '24103 Kiel',
        'Gewerbesteuerbescheid 2023',
        'Steuermessbetrag 1.000,00 €',
        'Hebesatz 400 %',
        'Gewerbesteuer 4.000,00 €',
      ]),
    ]);
    return [f.gemeinde?.value, f.ags?.value];
  };

  it('letterheads in capitals, with prefixes and suffixes', () => {
    expect(notice(['STADT KÖLN', 'Steueramt', 'Stadt Köln · Postfach 10 35 64 · 50475 Köln'])).toEqual([
      'Köln',
      '05315000',
    ]);
    expect(notice(['GEMEINDE OBERHAUSEN-RHEINHAUSEN', 'Steuerabteilung', 'Adlerstraße 3'])).toEqual([
      'Oberhausen-Rheinhausen',
      '08215107',
    ]);
    expect(notice(['MARKT INDERSDORF', 'Kämmerei', 'Marktplatz 1 · 85229 Markt Indersdorf'])).toEqual([
      'Markt Indersdorf',
      '09174131',
    ]);
    expect(notice(['Große Kreisstadt Neuburg a. d. Donau', 'Stadtkasse'])).toEqual([
      'Neuburg a.d.Donau',
      '09185149',
    ]);
    expect(notice(['Stadt Gronau (Westf)', 'Steueramt'])).toEqual(['Gronau (Westf.)', '05554020']);
  });

  it('a letterhead name broken at its hyphen, and a town misread by OCR in the sender line', () => {
    expect(notice(['Stadtverwaltung Oberhausen-', 'Rheinhausen', 'Kasse'])).toEqual([
      'Oberhausen-Rheinhausen',
      '08215107',
    ]);
    expect(notice(['Steueramt', 'Rathausplatz 1 · 50667 K0ln'])).toEqual(['Köln', '05315000']);
  });

  it('namesakes: the postcode of the sender line decides, not the recipient’s town', () => {
    expect(notice(['GEMEINDE EURASBURG', 'Kasse', 'Rathaus · 86495 Eurasburg'])).toEqual([
      'Eurasburg',
      '09771129',
    ]);
    expect(notice(['Gemeinde Eurasburg', 'Kasse', 'Rathaus · 82547 Eurasburg'])).toEqual([
      'Eurasburg',
      '09173123',
    ]);
  });
});
