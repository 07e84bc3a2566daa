/**
 * The names of users' files as we store and show them. A name is text the user's system chose, so it
 * may carry characters that show nothing yet change what is seen: a right-to-left override turns
 * `facture‮fdp.exe.pdf` into a name that reads otherwise than it is, a zero-width space or a soft hyphen
 * makes two names look alike. They are removed, with the control characters.
 */
import { basename } from 'node:path';
import { create } from 'content-disposition';

/**
 * Control characters (Cc, C0 and C1), format characters (Cf: the bidirectional controls U+061C,
 * U+200E–U+200F, U+202A–U+202E, U+2066–U+2069, the zero-width U+200B–U+200D, U+2060, U+FEFF, the soft
 * hyphen U+00AD, the tags…) and the rest of Unicode's default-ignorable characters (Hangul fillers,
 * variation selectors): what a renderer draws as nothing.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** The text without its invisible characters. */
export const withoutInvisible = (text: string) => text.replace(INVISIBLE, '');

/** The first `max` characters, never half of one (a surrogate pair stays whole). */
export const firstCharacters = (text: string, max: number) => [...text].slice(0, max).join('');

/**
 * A file name as sent by the user, made plain: no folders, no invisible characters, none of the
 * characters Windows reserves, spaces collapsed, no leading dot, in NFC (after the removal, so that an
 * accent split from its letter by an invisible character is joined again). May be empty.
 */
export function plainFileName(raw: string): string {
  return withoutInvisible(basename(raw.replaceAll('\\', '/')))
    .replace(/[<>:"/\\|?*]/g, '')
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim();
}

/**
 * What old clients read when they ignore the UTF-8 form: accents dropped, any other character outside
 * printable ASCII, a quote or a backslash as « _ », and a « % » that would read as an escape too.
 */
function asciiFallback(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_')
    .replace(/%(?=[0-9A-Fa-f]{2})/g, '_');
}

/**
 * The Content-Disposition of a file we send, written by `content-disposition` (RFC 6266): the name
 * without its invisible characters (a name stored before they were removed, or one we compose, is
 * cleaned here too), in NFC, with our ASCII fallback; the RFC 8187 UTF-8 form is added when the fallback
 * differs from the name.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const clean = withoutInvisible(name).normalize('NFC');
  return create(clean, { type: kind, fallback: asciiFallback(clean) });
}
