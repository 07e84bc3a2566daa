/** How the documents screens write sizes, types and badges. */
import { DOCUMENT_MIME_TYPES, type DocumentType } from '@union/contract';
import { formatNumber } from '../../../lib/format';

/** 1536 → "1,5 Ko"; 2 500 000 → "2,4 Mo". */
export function formatSize(bytes: number): string {
  const number = (n: number) => formatNumber(n, 1);
  if (bytes < 1024) return `${bytes} octets`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024)} Ko`;
  return `${number(bytes / 1024 / 1024)} Mo`;
}

export const fileKind = (mime: string) => (DOCUMENT_MIME_TYPES as Record<string, string>)[mime] ?? 'Fichier';

/** One colour per type, so a list reads at a glance (darkened in the badge for contrast). */
export const TYPE_COLORS: Record<DocumentType, string> = {
  C: 'indigo',
  A: 'blue',
  B: 'cyan',
  D: 'grape',
  N: 'teal',
  I: 'gray',
  V: 'orange',
};

export const isPreviewable = (mime: string) => mime === 'application/pdf' || mime.startsWith('image/');
