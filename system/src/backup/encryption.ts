import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable, Transform, Writable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ConfigError, weakSecretReason } from '@crm/platform';

/**
 * Backups at rest: AES-256-GCM over the stream, in chunks, so that a dump of any size is encrypted and
 * decrypted without being held in memory, and each chunk is authenticated before its plaintext goes on.
 * The construction is STREAM (Hoang, Reyhanitabar, Rogaway, Vizár, 2015), as age and Tink use it:
 *
 *   header  "CRMBAK1\n" | key id length (1 byte) | key id | salt (32 random bytes) | chunk size (4 bytes, BE)
 *   chunks  AES-256-GCM(chunk of plaintext) | tag (16 bytes), every chunk `chunk size` bytes but the last,
 *           which is shorter (empty when the plaintext ends on a chunk boundary)
 *
 * Each file has a key of its own, HKDF-SHA256 of the backup key and the file's salt, so nonces never repeat
 * across files; a chunk's nonce is its number and a last-chunk flag, so chunks cannot be reordered, dropped
 * or moved to the end (a truncated file fails on its last chunk); the header is every chunk's additional
 * data, so it cannot be changed either. Changing any of this changes the scheme: name it anew.
 */
export const BACKUP_ENCRYPTION_SCHEME = 'crm-backup-aes-256-gcm-stream/1';
const MAGIC = Buffer.from('CRMBAK1\n', 'latin1');
const SALT_BYTES = 32;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
export const CHUNK_BYTES = 64 * 1024;
/** Larger chunks in a header are refused: a forged header must not make the reader buffer gigabytes. */
const MAX_CHUNK_BYTES = 16 * 1024 * 1024;
const FILE_KEY_INFO = Buffer.from(BACKUP_ENCRYPTION_SCHEME, 'utf8');

/** The setting holding the backup keys. */
export const BACKUP_KEY_SETTING = 'BACKUP_ENCRYPTION_KEY';

/** One backup key: its id (recorded in every file it encrypts) and its 32 bytes. */
export interface BackupKey {
  id: string;
  key: Buffer;
}

const KEY_ID = /^[A-Za-z0-9._-]{1,64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/]{43}=$/;

/**
 * `BACKUP_ENCRYPTION_KEY`: `<key id>:<base64 of 32 bytes>`, e.g. `2026-11:$(openssl rand -base64 32)`. Old keys
 * may follow, comma-separated: the first encrypts, every one decrypts (a restore of a backup made before a
 * key was replaced). Throws on a malformed entry, naming it by its id only.
 */
export function parseBackupKeys(text: string): BackupKey[] {
  const keys = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry, index) => {
      const colon = entry.indexOf(':');
      const id = colon > 0 ? entry.slice(0, colon) : '';
      const encoded = entry.slice(colon + 1);
      const which = id ? `key "${id}"` : `entry ${index + 1}`;
      if (!KEY_ID.test(id)) throw new Error(`${BACKUP_KEY_SETTING}: ${which} is not <key id>:<base64 key> (a key id of letters, digits, '.', '_', '-')`);
      if (!BASE64_KEY.test(encoded)) throw new Error(`${BACKUP_KEY_SETTING}: ${which} is not 32 bytes in base64 (openssl rand -base64 32)`);
      return { id, key: Buffer.from(encoded, 'base64') };
    });
  if (keys.length === 0) throw new Error(`${BACKUP_KEY_SETTING}: no key`);
  const ids = keys.map((key) => key.id);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated) throw new Error(`${BACKUP_KEY_SETTING}: the key id "${repeated}" is given twice`);
  return keys;
}

/**
 * The backup keys of a process's environment, as a backup needs them: undefined when unset outside
 * production (the backup is then written in clear, and says so). Production refuses to back up without a
 * key, with a key id this repository publishes for development (`…not-for-production…`), or with a weak key
 * (the rule of every production secret, docs/configuration.md §1): a backup holds every tenant's data.
 */
export function backupKeysFrom(env: Record<string, string | undefined>): BackupKey[] | undefined {
  const value = env[BACKUP_KEY_SETTING]?.trim() || undefined;
  const production = env.NODE_ENV === 'production';
  if (value === undefined) {
    if (production) {
      throw new ConfigError([`${BACKUP_KEY_SETTING}: must be set in production: a backup holds every tenant's data and is written encrypted (e.g. "$(date +%Y-%m):$(openssl rand -base64 32)")`]);
    }
    return undefined;
  }
  let keys: BackupKey[];
  try {
    keys = parseBackupKeys(value);
  } catch (error) {
    throw new ConfigError([(error as Error).message]);
  }
  if (production) {
    const [current] = keys;
    const problems: string[] = [];
    if (/not-for-production/i.test(current!.id)) problems.push(`${BACKUP_KEY_SETTING}: must be set in production, to a key of its own (not a development value published with the code)`);
    const weak = weakSecretReason(current!.key.toString('base64'));
    if (weak) problems.push(`${BACKUP_KEY_SETTING}: key "${current!.id}" ${weak}`);
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return keys;
}

function fileKey(key: Buffer, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', key, salt, FILE_KEY_INFO, KEY_BYTES));
}

function nonce(chunk: bigint, last: boolean): Buffer {
  const bytes = Buffer.alloc(12);
  bytes.writeBigUInt64BE(chunk, 3);
  bytes[11] = last ? 1 : 0;
  return bytes;
}

/** A stream that encrypts what is written to it with `key` (the format above). */
export function encryptingStream(key: BackupKey): Transform {
  const salt = randomBytes(SALT_BYTES);
  const id = Buffer.from(key.id, 'utf8');
  const chunkSize = Buffer.alloc(4);
  chunkSize.writeUInt32BE(CHUNK_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([id.length]), id, salt, chunkSize]);
  const aesKey = fileKey(key.key, salt);
  let counter = 0n;
  let pending: Buffer = Buffer.alloc(0);
  const seal = (plaintext: Buffer, last: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', aesKey, nonce(counter, last)).setAAD(header);
    counter += 1n;
    return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  };
  let headerSent = false;
  const sendHeader = (stream: Transform) => {
    if (!headerSent) stream.push(header);
    headerSent = true;
  };
  return new Transform({
    transform(data: Buffer, _encoding, done: TransformCallback) {
      sendHeader(this);
      pending = pending.length === 0 ? data : Buffer.concat([pending, data]);
      // Full chunks go out as soon as they are complete: the last chunk is sealed only at the end.
      let offset = 0;
      while (pending.length - offset >= CHUNK_BYTES) {
        this.push(seal(pending.subarray(offset, offset + CHUNK_BYTES), false));
        offset += CHUNK_BYTES;
      }
      pending = pending.subarray(offset);
      done();
    },
    flush(done: TransformCallback) {
      sendHeader(this);
      this.push(seal(pending, true));
      done();
    },
  });
}

/** A file that does not decrypt: not an encrypted backup, a key not given, or a file changed or cut short. */
export class BackupDecryptionError extends Error {}

/**
 * A stream that decrypts a file written by `encryptingStream` with whichever of `keys` has its key id; it
 * fails (a BackupDecryptionError) at the first chunk that is not authentic, before passing it on, and at
 * the end when the last chunk is missing. `name` names the file in its errors.
 */
export function decryptingStream(keys: readonly BackupKey[], name: string): Transform {
  let header: Buffer | undefined;
  let aesKey: Buffer | undefined;
  let keyId = '';
  let chunkBytes = 0;
  let counter = 0n;
  let pending: Buffer = Buffer.alloc(0);
  const fail = (why: string) => new BackupDecryptionError(`${name}: ${why}`);
  const readHeader = (): boolean => {
    const fixed = MAGIC.length + 1;
    if (pending.length < fixed) return false;
    if (!pending.subarray(0, MAGIC.length).equals(MAGIC)) throw fail('not an encrypted CRM backup (no CRMBAK1 header)');
    const idLength = pending[MAGIC.length]!;
    const length = fixed + idLength + SALT_BYTES + 4;
    if (pending.length < length) return false;
    keyId = pending.subarray(fixed, fixed + idLength).toString('utf8');
    const salt = pending.subarray(fixed + idLength, fixed + idLength + SALT_BYTES);
    chunkBytes = pending.readUInt32BE(length - 4);
    if (chunkBytes === 0 || chunkBytes > MAX_CHUNK_BYTES) throw fail(`a chunk size of ${chunkBytes} bytes: not a file this tool wrote`);
    const key = keys.find((each) => each.id === keyId);
    if (!key) {
      throw fail(`encrypted with the key "${keyId}", which ${BACKUP_KEY_SETTING} does not hold (it holds ${keys.map((each) => `"${each.id}"`).join(', ') || 'none'})`);
    }
    header = Buffer.from(pending.subarray(0, length));
    aesKey = fileKey(key.key, salt);
    pending = pending.subarray(length);
    return true;
  };
  const open = (sealed: Buffer, last: boolean): Buffer => {
    const decipher = createDecipheriv('aes-256-gcm', aesKey!, nonce(counter, last))
      .setAAD(header!)
      .setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      const plaintext = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
      counter += 1n;
      return plaintext;
    } catch {
      const where = counter === 0n ? 'its first chunk' : `chunk ${counter + 1n}${last ? ' (the last)' : ''}`;
      throw fail(
        `${where} does not decrypt with the key "${keyId}": the file was changed or cut short, or that key id names another key than the one it was written with`,
      );
    }
  };
  return new Transform({
    transform(data: Buffer, _encoding, done: TransformCallback) {
      try {
        pending = pending.length === 0 ? data : Buffer.concat([pending, data]);
        if (!header && !readHeader()) return done();
        // A full chunk followed by more is not the last one; the last one is known only at the end.
        let offset = 0;
        const sealedChunk = chunkBytes + TAG_BYTES;
        while (pending.length - offset > sealedChunk) {
          this.push(open(pending.subarray(offset, offset + sealedChunk), false));
          offset += sealedChunk;
        }
        pending = pending.subarray(offset);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (!header) throw fail(pending.length === 0 ? 'empty: not an encrypted CRM backup' : 'cut short within its header');
        if (pending.length < TAG_BYTES) throw fail('cut short: its last chunk is missing');
        this.push(open(pending, true));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** What a file holds once decrypted: its bytes and their SHA-256 (hex). */
export interface PlaintextDigest {
  bytes: number;
  sha256: string;
}

/** A stream that passes what it reads on unchanged and keeps its size and SHA-256. */
export function digestingStream(): Transform & { digest(): PlaintextDigest } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(data: Buffer, _encoding, done: TransformCallback) {
      hash.update(data);
      bytes += data.length;
      done(null, data);
    },
  }) as Transform & { digest(): PlaintextDigest };
  let sha256: string | undefined;
  stream.digest = () => ({ bytes, sha256: (sha256 ??= hash.digest('hex')) });
  return stream;
}

/**
 * Reads a whole backup file (decrypting it when `keys` is given) and answers its plaintext's size and
 * SHA-256, keeping nothing: the check made before a restore changes anything.
 */
export async function digestOfFile(path: string, keys: readonly BackupKey[] | undefined, name: string): Promise<PlaintextDigest> {
  const digest = digestingStream();
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  if (keys) await pipeline(createReadStream(path), decryptingStream(keys, name), digest, discard);
  else await pipeline(createReadStream(path), digest, discard);
  return digest.digest();
}

/** `plaintext` encrypted whole (a manifest: small), in the same format as a stream. */
export async function encryptBytes(plaintext: Buffer, key: BackupKey): Promise<Buffer> {
  return collect(Readable.from([plaintext]), encryptingStream(key));
}

/** A small encrypted file's plaintext (a manifest). */
export async function decryptBytes(sealed: Buffer, keys: readonly BackupKey[], name: string): Promise<Buffer> {
  return collect(Readable.from([sealed]), decryptingStream(keys, name));
}

async function collect(source: Readable, transform: Transform): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await pipeline(source, transform, sink);
  return Buffer.concat(chunks);
}
