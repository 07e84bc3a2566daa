/**
 * The untrusted-file pool's own guarantees, on real files: the cap on a PDF's inflated bytes (what it
 * counts and what it lets through), a task stopped by the time limit answers `time` and the next one is
 * served by a fresh thread, and a full line answers `busy` at once.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWith } from '../../../test/documents-helpers';
import { deflatedRun, MiB, pdfWithContent } from '../../../test/hostile-files';
import { pdfInflatesPast } from './pdf-budget';
import { runUntrusted, UNTRUSTED_LIMITS } from './pool';
import type { pdfText, sniffType } from './tasks';

const dir = mkdtempSync(join(tmpdir(), 'union-untrusted-'));
let bomb: Buffer;
beforeAll(async () => {
  bomb = await deflatedRun(256 * MiB, 0x41, '%');
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pdfInflatesPast', () => {
  it('lets a real PDF through, and counts its streams', async () => {
    const pdf = await pdfWith('Compte rendu', 'Deuxième page');
    expect(await pdfInflatesPast(pdf, 64 * MiB)).toBe(false);
    // pdfkit deflates its page contents: a budget of a few bytes is passed.
    expect(await pdfInflatesPast(pdf, 10)).toBe(true);
  });

  it('stops a stream that inflates past the budget, also under a second zlib layer', async () => {
    expect(await pdfInflatesPast(pdfWithContent(bomb, '/FlateDecode'), 64 * MiB)).toBe(true);
    const { deflateSync } = await import('node:zlib');
    const twice = pdfWithContent(deflateSync(bomb), '[/FlateDecode /FlateDecode]');
    expect(await pdfInflatesPast(twice, 64 * MiB)).toBe(true);
  });

  it('counts nothing for data that is not zlib (a JPEG, a hexadecimal stream)', async () => {
    const hex = pdfWithContent(Buffer.from(bomb.subarray(0, 1000).toString('hex') + '>'), '/ASCIIHexDecode');
    expect(await pdfInflatesPast(hex, 1)).toBe(false);
  });
});

describe('runUntrusted', () => {
  it('answers `time` past the time limit, then serves the next task with a fresh thread', async () => {
    const path = join(dir, 'hex.pdf');
    writeFileSync(
      path,
      pdfWithContent(Buffer.from(bomb.toString('hex') + '>'), '[/ASCIIHexDecode /FlateDecode]'),
    );
    // pdf.js needs seconds and hundreds of MiB for this file (zlib cannot count it through the hexadecimal):
    // 2.8 s and +278 MiB measured on the main thread. The watchdog is lifted here so that only the timer can
    // stop it, whatever the machine's speed (on a quiet one pdf.js passes 192 MiB in well under a second,
    // and the watchdog would answer `memory` first: hostile-uploads.test.ts accepts either).
    const saved = { ...UNTRUSTED_LIMITS };
    UNTRUSTED_LIMITS.timeMs = 500;
    UNTRUSTED_LIMITS.rssGrowthBytes = Number.POSITIVE_INFINITY;
    try {
      // Only the timer answers `time`: pdf.js was stopped, not left to finish (it would answer a `value`).
      expect(await runUntrusted<typeof pdfText>('pdfText', { path, maxInflated: 64 * MiB })).toEqual({
        limit: 'time',
      });
    } finally {
      Object.assign(UNTRUSTED_LIMITS, saved);
    }
    const page = join(dir, 'page.pdf');
    writeFileSync(page, await pdfWith('Après la bombe'));
    expect(await runUntrusted<typeof pdfText>('pdfText', { path: page, maxInflated: 64 * MiB })).toEqual({
      value: { texte: expect.stringContaining('Après la bombe') },
    });
  }, 60_000);

  it('answers `busy` at once when the line is full', async () => {
    const saved = UNTRUSTED_LIMITS.queue;
    UNTRUSTED_LIMITS.queue = 0;
    try {
      expect(
        await runUntrusted<typeof sniffType>('sniffType', { path: join(dir, 'nothing'), name: 'a.pdf' }),
      ).toEqual({
        limit: 'busy',
      });
    } finally {
      UNTRUSTED_LIMITS.queue = saved;
    }
  });
});
