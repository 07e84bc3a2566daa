import { describe, expect, it } from 'vitest';
import { pdfEuros, startPdf } from './pdf';

describe('the PDFs the server writes', () => {
  it('prints amounts with the no-break space the standard fonts have, never the narrow one', () => {
    expect(pdfEuros(123450)).toBe('1\u00a0234,50\u00a0€');
    expect(pdfEuros(-500)).toBe('-5,00\u00a0€');
    expect(pdfEuros(123450)).not.toContain('\u202f');
  });

  it('becomes a whole PDF file once the writer ends it', async () => {
    const { pdf, bytes } = startPdf({ size: 'A5', info: { Title: 'Essai' } });
    pdf.text('Bonjour');
    pdf.end();
    const file = await bytes;
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.subarray(-6).toString('latin1')).toContain('%%EOF');
  });
});
