/**
 * Staging an upload that fails: whatever stops the upload, the temporary folder is gone and nothing is
 * left behind that could fail later with no one listening (an error nobody awaits ends the process).
 */
import { mkdtemp, readdir, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageUpload } from './files';

let dir: string;
const uncaught: unknown[] = [];
const record = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stage-upload-test-'));
  process.on('uncaughtException', record);
});
afterAll(async () => {
  process.off('uncaughtException', record);
  await rm(dir, { recursive: true, force: true });
});

/** The files this process holds open under `folder` (Linux's /proc). */
async function openFilesUnder(folder: string): Promise<string[]> {
  const fds = await readdir('/proc/self/fd');
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return targets.filter((target) => target.startsWith(folder));
}

describe('stageUpload refused', () => {
  it('by a part that fails at once, or is already cut short, leaves no folder and no late error', async () => {
    // The race was between the file's opening and the folder's removal: tried many times over.
    for (let i = 0; i < 200; i++) {
      // A part that fails once it is read: the pipeline refuses it.
      const failing = new Readable({
        read() {
          this.destroy(new Error('connexion coupée'));
        },
      });
      await expect(stageUpload(failing, 'a.pdf', 1024, dir)).rejects.toThrow('connexion coupée');

      const cut = new Readable({ read() {} });
      cut.destroy();
      await expect(stageUpload(cut, 'a.pdf', 1024, dir)).rejects.toMatchObject({
        code: 'upload_incomplete',
      });
    }
    // Late errors of a file opened after its folder was removed arrive on later turns.
    await sleep(200);
    expect(uncaught).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
    // Nor a file left open: a descriptor kept on a removed file is one an error may still come from.
    expect(await openFilesUnder(dir)).toEqual([]);
  });
});
