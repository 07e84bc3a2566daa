import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hasValidSignature, sign, signedString } from './signature';

const KEY = '1122334455667788';

/** The form of Lyra's "Computing the signature" page (HMAC-SHA-256 example). */
const HMAC_EXAMPLE = {
  vads_action_mode: 'INTERACTIVE',
  vads_amount: '5124',
  vads_ctx_mode: 'TEST',
  vads_currency: '978',
  vads_page_action: 'PAYMENT',
  vads_payment_config: 'SINGLE',
  vads_site_id: '12345678',
  vads_trans_date: '20170129130025',
  vads_trans_id: '123456',
  vads_version: 'V2',
};

describe('the Lyra form signature', () => {
  it("matches the documentation's HMAC-SHA-256 vector", () => {
    expect(sign(HMAC_EXAMPLE, KEY)).toBe('ycA5Do5tNvsnKdc/eP1bj2xa19z9q3iWPy9/rpesfS0=');
  });

  it("builds the signed string of the documentation's SHA-1 example (same string, older hash)", () => {
    // The SHA-1 page's example: its documented signature proves the sorting and joining.
    const fields = {
      vads_version: 'V2',
      vads_trans_id: '654321',
      vads_amount: '1524',
      vads_ctx_mode: 'TEST',
      vads_currency: '978',
      vads_page_action: 'PAYMENT',
      vads_payment_config: 'SINGLE',
      vads_site_id: '12345678',
      vads_trans_date: '20090501193530',
      vads_action_mode: 'INTERACTIVE',
    };
    const text = signedString(fields, KEY);
    expect(text).toBe(
      'INTERACTIVE+1524+TEST+978+PAYMENT+SINGLE+12345678+20090501193530+654321+V2+1122334455667788',
    );
    expect(createHash('sha1').update(text).digest('hex')).toBe('606b369759fac4f0864144c803c73676cbe470ff');
  });

  it('ignores the fields that are not vads_ (the signature itself, buttons)', () => {
    const withExtras = { ...HMAC_EXAMPLE, signature: 'x', payer: 'Payer' };
    expect(sign(withExtras, KEY)).toBe(sign(HMAC_EXAMPLE, KEY));
  });

  it('a vector derived by hand: one field, the key appended', () => {
    // "A+KEY" keyed with KEY, computed independently of sign().
    const expected = createHmac('sha256', 'k').update('A+k').digest('base64');
    expect(sign({ vads_x: 'A', other: 'B' }, 'k')).toBe(expected);
  });

  it('accepts its own signature and refuses any change, another key, or a malformed one', () => {
    const signed = { ...HMAC_EXAMPLE, signature: sign(HMAC_EXAMPLE, KEY) };
    expect(hasValidSignature(signed, KEY)).toBe(true);
    expect(hasValidSignature({ ...signed, vads_amount: '5125' }, KEY)).toBe(false);
    expect(hasValidSignature(signed, '8877665544332211')).toBe(false);
    expect(hasValidSignature({ ...signed, signature: 'court' }, KEY)).toBe(false);
    expect(hasValidSignature(HMAC_EXAMPLE, KEY)).toBe(false);
  });
});
