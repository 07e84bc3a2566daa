import { describe, expect, it } from 'vitest';
import { cleanFileName } from './files';

describe('cleanFileName', () => {
  it('removes bidirectional controls and invisible characters, so the name reads as it is', () => {
    expect(cleanFileName('facture\u202efdp.exe.pdf', 'application/pdf')).toBe('facturefdp.exe.pdf');
    // The override hid an executable's extension: the content's type decides the extension.
    expect(cleanFileName('photo\u202egpj.exe', 'image/jpeg')).toBe('photogpj.exe.jpg');
    expect(cleanFileName('Compte\u00ad rendu\u200b\ufeff.pdf', 'application/pdf')).toBe('Compte rendu.pdf');
  });

  it('keeps accented names, composed (NFC)', () => {
    expect(cleanFileName("Convocation d'e\u0301te\u0301.pdf", 'application/pdf')).toBe(
      "Convocation d'été.pdf",
    );
    expect(cleanFileName('Tenue d’été — Ζήτω.pdf', 'application/pdf')).toBe('Tenue d’été — Ζήτω.pdf');
  });

  it('a name of nothing but invisible characters is « document »', () => {
    expect(cleanFileName('\u202e\u200b\u2066', 'application/pdf')).toBe('document.pdf');
  });

  it('at most 140 characters before the extension, never half of one', () => {
    const name = cleanFileName(`${'😀'.repeat(200)}.pdf`, 'application/pdf');
    expect(name).toBe(`${'😀'.repeat(140)}.pdf`);
    // No lone surrogate: the name survives UTF-8 as it is.
    expect(Buffer.from(name, 'utf8').toString('utf8')).toBe(name);
  });
});
