import type { Locale } from './locales.ts';
import type { LegalRegion } from './regions.ts';

/** The legal documents (docs/product.md §2 Legal pages): page id → document. */
export const LEGAL_DOCS = {
  'private-policy': 'privacy',
  'public-agreement': 'agreement',
  'refund-policy': 'refund',
} as const;
export type LegalPageId = keyof typeof LEGAL_DOCS;
export type LegalDoc = (typeof LEGAL_DOCS)[LegalPageId];

export const isLegalDoc = (value: unknown): value is LegalDoc =>
  typeof value === 'string' && (Object.values(LEGAL_DOCS) as string[]).includes(value);

/** A legal document as a page shows it: sanitised HTML and its table of contents. */
export interface LegalDocument {
  doc: LegalDoc;
  region: LegalRegion;
  /** the language of the text (another than asked when this region has none in it) */
  lang: Locale;
  /** the language the reader asked for has no text of this region: this one stands in */
  fallback: boolean;
  title: string;
  /** YYYY-MM-DD */
  effective: string;
  html: string;
  toc: { id: string; text: string }[];
  /** the languages this region's text exists in */
  languages: Locale[];
}
