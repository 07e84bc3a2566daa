import { describe, expect, it } from 'vitest';
import { firstCharacters, plainFileName, withoutInvisible } from './file-names';

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
