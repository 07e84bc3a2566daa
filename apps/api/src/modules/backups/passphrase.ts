/**
 * age's passphrase stanza (`scrypt`, age-encryption.org/v1) derived with Node's own scrypt.
 *
 * Why not the library's `setPassphrase`: age-encryption derives the key in JavaScript on the main
 * thread, and at age's work factor (N = 2^18) that is one to several seconds during which the server
 * answers no one (a backup taken by the server, from the screen or at night). Node's scrypt runs in its
 * thread pool. The file is unchanged: a standard age file that `age -d` opens, and that the library's
 * own passphrase reads (checked by passphrase.test.ts, both ways).
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { Stanza } from 'age-encryption';

/** age's default work factor, and the highest it reads (2^20 × 8 × 128 bytes = 1 GiB of memory). */
export const AGE_WORK_FACTOR = 18;
const HIGHEST_WORK_FACTOR = 20;
const LABEL = 'age-encryption.org/v1/scrypt';
const SALT_BYTES = 16;

function deriveKey(passphrase: string, salt: Uint8Array, logN: number): Promise<Buffer> {
  const N = 2 ** logN;
  const r = 8;
  return new Promise((resolve, reject) =>
    scrypt(
      passphrase,
      Buffer.concat([Buffer.from(LABEL, 'latin1'), salt]),
      32,
      // Node refuses above 32 MiB unless told: scrypt needs 128 × N × r bytes.
      { N, r, p: 1, maxmem: 128 * N * r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** The file key sealed under the derived key: ChaCha20-Poly1305 with a zero nonce, as age does. */
function seal(fileKey: Uint8Array, key: Buffer): Uint8Array {
  const cipher = createCipheriv('chacha20-poly1305', key, Buffer.alloc(12), { authTagLength: 16 });
  return Buffer.concat([cipher.update(fileKey), cipher.final(), cipher.getAuthTag()]);
}

function open(body: Uint8Array, key: Buffer): Uint8Array | null {
  if (body.length !== 32) throw new Error('invalid scrypt stanza');
  const decipher = createDecipheriv('chacha20-poly1305', key, Buffer.alloc(12), { authTagLength: 16 });
  decipher.setAuthTag(body.subarray(16));
  try {
    return Buffer.concat([decipher.update(body.subarray(0, 16)), decipher.final()]);
  } catch {
    return null; // another passphrase
  }
}

/** For `Encrypter.addRecipient`: the file can be opened with `passphrase`. */
export class PassphraseRecipient {
  constructor(
    private readonly passphrase: string,
    private readonly logN = AGE_WORK_FACTOR,
  ) {}

  async wrapFileKey(fileKey: Uint8Array): Promise<Stanza[]> {
    const salt = randomBytes(SALT_BYTES);
    const key = await deriveKey(this.passphrase, salt, this.logN);
    const args = ['scrypt', salt.toString('base64').replace(/=+$/, ''), String(this.logN)];
    return [new Stanza(args, seal(fileKey, key))];
  }
}

/** For `Decrypter.addIdentity`: opens a file written for `passphrase` (null when it is another one). */
export class PassphraseIdentity {
  constructor(private readonly passphrase: string) {}

  async unwrapFileKey(stanzas: Stanza[]): Promise<Uint8Array | null> {
    const stanza = stanzas.find((s) => s.args[0] === 'scrypt');
    if (!stanza) return null;
    // age's own rules: a passphrase file has that one stanza, a 16-byte salt and a bounded work factor.
    const [, saltText, factor] = stanza.args;
    if (stanzas.length !== 1 || stanza.args.length !== 3 || !saltText || !/^[1-9][0-9]*$/.test(factor ?? ''))
      throw new Error('invalid scrypt stanza');
    const salt = Buffer.from(saltText, 'base64');
    const logN = Number(factor);
    if (salt.length !== SALT_BYTES || logN > HIGHEST_WORK_FACTOR) throw new Error('invalid scrypt stanza');
    return open(stanza.body, await deriveKey(this.passphrase, salt, logN));
  }
}
