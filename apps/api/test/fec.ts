/** The FEC as the tests read it back: its lines (18 fields each) and an account's balance over them. */
import { expect } from 'vitest';
import type { TestContext } from './helpers';

/** The FEC of the period, as downloaded by `token`, without its header line. */
export async function fecLines(t: TestContext, token: string, du: string, au: string): Promise<string[][]> {
  const file = await t.call({ method: 'GET', url: `/api/compta/fec?du=${du}&au=${au}`, token });
  expect(file.statusCode, file.body).toBe(200);
  return new TextDecoder('iso-8859-15')
    .decode(file.rawPayload)
    .slice(0, -2)
    .split('\r\n')
    .slice(1)
    .map((l) => l.split('\t'));
}

/** An amount of the FEC (« 12,50 ») in cents. */
export const fecCents = (s: string) => Number(s.replace(',', ''));

/** Debit less credit of an account (and auxiliary account) over the lines, in cents. */
export const fecBalance = (lines: string[][], compte: string, aux?: string) =>
  lines
    .filter((l) => l[4] === compte && (aux === undefined || l[6] === aux))
    .reduce((s, l) => s + fecCents(l[11]!) - fecCents(l[12]!), 0);
