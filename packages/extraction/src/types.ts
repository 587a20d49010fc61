/** Rectangle in PDF points, origin top-left of the page: [x, y, width, height]. */
export type Rect = [number, number, number, number];

export interface Word {
  text: string;
  rect: Rect;
  /** 0–1; 1 for words from a text layer, OCR word confidence otherwise. */
  confidence: number;
}

export interface Line {
  text: string;
  rect: Rect;
  words: Word[];
}

export interface Page {
  /** 1-based page number. */
  page: number;
  /** Page size in PDF points. */
  width: number;
  height: number;
  words: Word[];
  lines: Line[];
  /** How the words were obtained. */
  source: 'text' | 'ocr';
  /** Slope (dy/dx) of the text lines on a slightly rotated scan; 0 or absent otherwise. */
  skew?: number;
}

export { DOCUMENT_TYPES, type DocumentType } from '@gewst/domain';

export interface Vorauszahlung {
  jahr: number;
  quartal: number;
  betrag: string;
  faellig_am: string;
}

export interface Zerlegungsanteil {
  gemeinde: string;
  ags: string | null;
  anteil: string;
}

export type FieldValue = string | number | Vorauszahlung[] | Zerlegungsanteil[];

export interface ExtractedField<V extends FieldValue = FieldValue> {
  value: V;
  confidence: number;
  page: number;
  rect: Rect;
}

export type Fields = Record<string, ExtractedField>;

/** A layout hint: where a field was found on earlier notices of the same sender. */
export interface FieldHint {
  page: number;
  rect: Rect;
}
export type Hints = Record<string, FieldHint>;

/**
 * Resolves a municipality name (as printed) to its 8-digit AGS. The server passes one
 * backed by its reference data; extraction itself only reads an AGS that is printed.
 */
export type MunicipalityResolver = (name: string) => string | null | undefined;
