/**
 * The SEPA credit transfer QR code (« GiroCode », EPC069-12 « Quick Response Code: guidelines to enable
 * data capture for the initiation of a SEPA credit transfer »): the text a banking app reads to fill in
 * a transfer. Lines separated by LF: service tag BCD, version, character set (1 = UTF-8), SCT, the BIC
 * (optional from version 002 inside the EEA), the beneficiary's name (≤ 70), the IBAN, the amount in euros
 * (EUR, « . » as decimal separator), the purpose code, the structured reference (none here), the free
 * remittance text (≤ 140: the invoice number, the reference the Union looks for), a note to the payer.
 * Empty lines at the end are left out; the whole payload is at most 331 bytes; the QR code's error
 * correction level is M.
 */

export interface EpcTransfer {
  /** 001 requires the BIC; 002 (default) makes it optional. */
  version?: '001' | '002';
  bic?: string | null;
  nom: string;
  iban: string;
  /** Cents; none when the amount is left to the payer. */
  montant?: number | null;
  /** Four-letter purpose code (CHAR for charity…); optional. */
  motif?: string;
  /** Unstructured remittance information (BT: the invoice number). */
  reference?: string;
  /** Beneficiary-to-originator information, shown by the app. */
  information?: string;
}

/** The standard's amount: « EUR » and euros, at most two decimals, no trailing « .00 » needed. */
function amountOf(cents: number): string {
  const euros = Math.trunc(cents / 100);
  const rest = cents % 100;
  return `EUR${euros}${rest ? `.${String(rest).padStart(2, '0').replace(/0$/, '')}` : ''}`;
}

export const EPC_MAX_BYTES = 331;

/** The QR code's text; throws if a field breaks the standard's bounds (the settings check the IBAN). */
export function epcPayload(t: EpcTransfer): string {
  const version = t.version ?? '002';
  if (version === '001' && !t.bic) throw new Error('EPC 001 requires a BIC');
  if (t.montant != null && (t.montant < 1 || t.montant > 99_999_999_999))
    throw new Error('EPC amount out of bounds');
  const lines = [
    'BCD',
    version,
    '1',
    'SCT',
    t.bic ?? '',
    t.nom.slice(0, 70),
    t.iban.replace(/\s+/g, '').toUpperCase(),
    t.montant != null ? amountOf(t.montant) : '',
    t.motif ?? '',
    '',
    (t.reference ?? '').slice(0, 140),
    (t.information ?? '').slice(0, 70),
  ];
  while (lines.at(-1) === '') lines.pop();
  const payload = lines.join('\n');
  if (Buffer.byteLength(payload, 'utf8') > EPC_MAX_BYTES) throw new Error('EPC payload too long');
  return payload;
}
