import { describe, expect, it } from 'vitest';
import { parse } from 'content-disposition';
import { contentDisposition, firstCharacters, plainFileName, withoutInvisible } from './file-names';

/** Every bidirectional control of Unicode: marks, embeddings, overrides, isolates. */
const BIDI = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e'].concat([
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
]);
/** Other characters drawn as nothing: zero-width ones, joiners, BOM, soft hyphen, tags, fillers, C1. */
const OTHER_INVISIBLE = [
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\u2064',
  '\ufeff',
  '\u00ad',
  '\u180e',
].concat(['\u{e0041}', '\u3164', '\u115f', '\ufe0f', '\u034f', '\u0085', '\u009b', '\u0000', '\u001b']);

describe('withoutInvisible', () => {
  it.each([...BIDI, ...OTHER_INVISIBLE].map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))(
    'removes %s',
    (_, c) => {
      expect(withoutInvisible(`fac${c}ture`)).toBe('facture');
    },
  );

  it('keeps what is seen: accents, other scripts, punctuation, emoji', () => {
    for (const text of [
      'Procès-verbal d’été',
      'Ζήτω',
      'תל אביב',
      'مرحبا',
      '東京',
      'ÆØÅ ß',
      'ok 👍',
      'a—b «c»',
    ])
      expect(withoutInvisible(text)).toBe(text);
  });
});

describe('plainFileName', () => {
  it('turns a right-to-left override back into the name it is', () => {
    expect(plainFileName('facture\u202efdp.exe.pdf')).toBe('facturefdp.exe.pdf');
    expect(plainFileName('\u2067photo\u2069\u200b.jpg')).toBe('photo.jpg');
  });

  it('is in NFC after the removal: an accent split from its letter by an invisible character joins it', () => {
    const name = plainFileName('Proce\u200b\u0300s-verbal.pdf');
    expect(name).toBe('Procès-verbal.pdf');
    expect(name).toBe(name.normalize('NFC'));
    expect(plainFileName('Conside\u0301rations.pdf')).toBe('Considérations.pdf');
  });

  it('still drops folders, reserved characters, leading dots, and collapses spaces', () => {
    expect(plainFileName('C:\\Mes documents\\a<b>:c"d|e?f*.pdf')).toBe('abcdef.pdf');
    expect(plainFileName('../../.cache/..\u00a0 x\t  y.pdf')).toBe('x y.pdf');
    expect(plainFileName('\u202e\u200b')).toBe('');
  });
});

describe('firstCharacters', () => {
  it('never cuts a character in half', () => {
    expect(firstCharacters('ab😀c', 3)).toBe('ab😀');
    expect(firstCharacters('😀'.repeat(200), 140)).toBe('😀'.repeat(140));
  });
});

describe('contentDisposition', () => {
  it('sends an ASCII fallback and the UTF-8 name, which a parser reads back whole', () => {
    const header = contentDisposition('inline', 'Procès-verbal d’été ישיבה.pdf');
    expect(header).toBe(
      `inline; filename="Proces-verbal d_ete _____.pdf"; filename*=UTF-8''Proc%C3%A8s-verbal%20d%E2%80%99%C3%A9t%C3%A9%20%D7%99%D7%A9%D7%99%D7%91%D7%94.pdf`,
    );
    expect(parse(header).parameters.filename).toBe('Procès-verbal d’été ישיבה.pdf');
  });

  it('keeps quotes, backslashes and escapes out of the fallback', () => {
    const header = contentDisposition('attachment', 'a "b" \\c 100%25.pdf');
    expect(header).toMatch(/^attachment; filename="a _b_ _c 100_25.pdf"; filename\*=UTF-8''/);
    expect(parse(header).parameters.filename).toBe('a "b" \\c 100%25.pdf');
  });

  it('drops the invisible characters of a name, in NFC', () => {
    expect(contentDisposition('attachment', 'avant\u202efdp.exe.pdf')).toBe(
      'attachment; filename=avantfdp.exe.pdf',
    );
    const header = contentDisposition('attachment', 'e\u0301te\u0301\u200b.pdf');
    expect(parse(header).parameters.filename).toBe('été.pdf');
  });
});
