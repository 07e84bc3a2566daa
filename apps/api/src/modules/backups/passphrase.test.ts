import { Decrypter, Encrypter } from 'age-encryption';
import { describe, expect, it } from 'vitest';
import { AGE_WORK_FACTOR, PassphraseIdentity, PassphraseRecipient } from './passphrase.js';

const PASSPHRASE = 'une phrase de passe de la trésorerie';
const text = 'Tenue du 12 mars : 42 frères présents.';
// A low work factor keeps the round trips quick; the server writes AGE_WORK_FACTOR.
const LOW = 10;

describe('the passphrase stanza derived with Node’s scrypt', () => {
  it('writes a file the library’s own passphrase opens', async () => {
    const encrypter = new Encrypter();
    encrypter.addRecipient(new PassphraseRecipient(PASSPHRASE, LOW));
    const file = await encrypter.encrypt(text);
    const decrypter = new Decrypter();
    decrypter.addPassphrase(PASSPHRASE);
    expect(await decrypter.decrypt(file, 'text')).toBe(text);
  });

  it('opens a file the library wrote with a passphrase, and refuses another passphrase', async () => {
    const encrypter = new Encrypter();
    encrypter.setPassphrase(PASSPHRASE);
    encrypter.setScryptWorkFactor(LOW);
    const file = await encrypter.encrypt(text);
    const good = new Decrypter();
    good.addIdentity(new PassphraseIdentity(PASSPHRASE));
    expect(await good.decrypt(file, 'text')).toBe(text);
    const wrong = new Decrypter();
    wrong.addIdentity(new PassphraseIdentity('pas la bonne'));
    await expect(wrong.decrypt(file, 'text')).rejects.toThrow(/no identity matched/);
  });

  it('refuses a stanza asking for more than age’s highest work factor (1 GiB of memory)', async () => {
    const encrypter = new Encrypter();
    encrypter.addRecipient(new PassphraseRecipient(PASSPHRASE, LOW));
    const file = await encrypter.encrypt(text);
    // The header's stanza line is `-> scrypt <salt> 10`; ask for 2^21 instead.
    const forged = Buffer.from(
      Buffer.from(file)
        .toString('latin1')
        .replace(/(-> scrypt \S+) 10\n/, '$1 21\n'),
      'latin1',
    );
    const decrypter = new Decrypter();
    decrypter.addIdentity(new PassphraseIdentity(PASSPHRASE));
    await expect(decrypter.decrypt(forged, 'text')).rejects.toThrow(/invalid scrypt stanza/);
  });

  it('derives age’s full-cost key while the main thread goes on with other work', async () => {
    // The library derives it synchronously: no other callback runs until it is done. Node's runs in
    // its thread pool, so the event loop turns meanwhile (the server keeps answering).
    let turns = 0;
    let deriving = true;
    const spin = () => {
      if (!deriving) return;
      turns += 1;
      setImmediate(spin);
    };
    setImmediate(spin);
    const [stanza] = await new PassphraseRecipient(PASSPHRASE, AGE_WORK_FACTOR).wrapFileKey(
      new Uint8Array(16),
    );
    deriving = false;
    expect(stanza?.args[2]).toBe(String(AGE_WORK_FACTOR));
    expect(turns).toBeGreaterThan(10);
  });
});
