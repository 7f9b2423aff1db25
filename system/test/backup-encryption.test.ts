import { randomBytes } from 'node:crypto';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ConfigError } from '@crm/platform';
import {
  BackupDecryptionError,
  backupKeysFrom,
  CHUNK_BYTES,
  decryptBytes,
  decryptingStream,
  encryptBytes,
  encryptingStream,
  parseBackupKeys,
  type BackupKey,
} from '../src/backup/encryption';

/**
 * The encryption of backups at rest (docs/backup-restore.md §1): AES-256-GCM in authenticated chunks,
 * streamed. What it must refuse matters as much as what it opens: another key, a changed byte, chunks
 * dropped, reordered or cut off at the end, bytes added.
 */
const keyText = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const [KEY] = parseBackupKeys(keyText('2026-11')) as [BackupKey];
const [OTHER_KEY_SAME_ID] = parseBackupKeys(keyText('2026-11')) as [BackupKey];
const [OLD_KEY] = parseBackupKeys(keyText('2026-10')) as [BackupKey];

/** Writes `plaintext` through the encryption in pieces of `piece` bytes (a pipe's, a file's). */
async function encryptInPieces(plaintext: Buffer, key: BackupKey, piece = 10_000): Promise<Buffer> {
  const pieces = Array.from({ length: Math.ceil(plaintext.length / piece) }, (_, i) => plaintext.subarray(i * piece, (i + 1) * piece));
  return collect(Readable.from(pieces), encryptingStream(key));
}

async function collect(source: Readable, transform: Transform): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(source, transform, new Writable({ write: (chunk: Buffer, _encoding, done) => (chunks.push(chunk), done()) }));
  return Buffer.concat(chunks);
}

const HEADER_BYTES = 8 + 1 + '2026-11'.length + 32 + 4;
const SEALED_CHUNK = CHUNK_BYTES + 16;

describe('encrypted backups', () => {
  it.each([0, 1, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 3 * CHUNK_BYTES + 5])('when %i bytes are encrypted and decrypted, then they come back the same', async (size) => {
    const plaintext = randomBytes(size);
    const sealed = await encryptInPieces(plaintext, KEY);
    // One tag per chunk, the last chunk shorter than a whole one (empty on a chunk boundary).
    expect(sealed.length).toBe(HEADER_BYTES + size + 16 * (Math.floor(size / CHUNK_BYTES) + 1));
    expect((await decryptBytes(sealed, [OLD_KEY, KEY], 'test')).equals(plaintext)).toBe(true);
  });

  it('when the same plaintext is encrypted twice, then the files differ (a key of each file\'s own)', async () => {
    const plaintext = Buffer.from('the same dump');
    expect((await encryptBytes(plaintext, KEY)).equals(await encryptBytes(plaintext, KEY))).toBe(false);
  });

  it('holds no plaintext in the file', async () => {
    const plaintext = Buffer.from('PGDMP'.padEnd(CHUNK_BYTES * 2, ' Ada Lovelace, ada@example.com'));
    const sealed = await encryptInPieces(plaintext, KEY);
    expect(sealed.includes('PGDMP')).toBe(false);
    expect(sealed.includes('Lovelace')).toBe(false);
  });

  describe('refuses, before passing on what it cannot authenticate', () => {
    const plaintext = randomBytes(3 * CHUNK_BYTES + 100);
    let sealed: Buffer;
    beforeAll(async () => {
      sealed = await encryptInPieces(plaintext, KEY);
    });
    const decrypt = (bytes: Buffer, keys: BackupKey[] = [KEY]) => decryptBytes(bytes, keys, 'crm-x.dump.enc');

    it('a key it was not written with, naming the key id it was', async () => {
      await expect(decrypt(sealed, [OLD_KEY])).rejects.toThrow('crm-x.dump.enc: encrypted with the key "2026-11", which BACKUP_ENCRYPTION_KEY does not hold (it holds "2026-10")');
      await expect(decrypt(sealed, [OTHER_KEY_SAME_ID])).rejects.toThrow(/its first chunk does not decrypt with the key "2026-11"/);
    });

    it.each([
      ['a byte of the header (the salt)', HEADER_BYTES - 10],
      ['a byte of the first chunk', HEADER_BYTES + 5],
      ['a byte of a tag', HEADER_BYTES + SEALED_CHUNK - 1],
      ['a byte of the last chunk', HEADER_BYTES + 3 * SEALED_CHUNK + 50],
    ])('%s changed', async (_what, offset) => {
      const changed = Buffer.from(sealed);
      changed[offset]! ^= 0x01;
      await expect(decrypt(changed)).rejects.toBeInstanceOf(BackupDecryptionError);
    });

    it('the file cut short, on a chunk boundary too', async () => {
      await expect(decrypt(sealed.subarray(0, sealed.length - 1))).rejects.toThrow(/does not decrypt/);
      await expect(decrypt(sealed.subarray(0, HEADER_BYTES + 2 * SEALED_CHUNK))).rejects.toThrow(/chunk 2 \(the last\) does not decrypt/);
      await expect(decrypt(sealed.subarray(0, HEADER_BYTES + 8))).rejects.toThrow(/cut short: its last chunk is missing/);
      await expect(decrypt(sealed.subarray(0, 20))).rejects.toThrow(/cut short within its header/);
    });

    it('chunks swapped, or bytes added', async () => {
      const chunk = (i: number) => sealed.subarray(HEADER_BYTES + i * SEALED_CHUNK, HEADER_BYTES + (i + 1) * SEALED_CHUNK);
      const swapped = Buffer.concat([sealed.subarray(0, HEADER_BYTES), chunk(1), chunk(0), sealed.subarray(HEADER_BYTES + 2 * SEALED_CHUNK)]);
      await expect(decrypt(swapped)).rejects.toThrow(/its first chunk does not decrypt/);
      await expect(decrypt(Buffer.concat([sealed, Buffer.from('more')]))).rejects.toThrow(/does not decrypt/);
    });

    it('a file that is no encrypted backup (a dump in clear)', async () => {
      await expect(decrypt(Buffer.from('PGDMP\x01\x0e\x00'.padEnd(200, 'x')))).rejects.toThrow('crm-x.dump.enc: not an encrypted CRM backup (no CRMBAK1 header)');
    });

    it('passes on no plaintext of a chunk that does not decrypt', async () => {
      const changed = Buffer.from(sealed);
      changed[HEADER_BYTES + 2 * SEALED_CHUNK + 7]! ^= 0x01; // the third chunk
      const passed: Buffer[] = [];
      const source = Readable.from([changed]);
      const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (passed.push(chunk), done()) });
      await expect(pipeline(source, decryptingStream([KEY], 'x'), sink)).rejects.toThrow(/chunk 3 does not decrypt/);
      expect(Buffer.concat(passed).equals(plaintext.subarray(0, 2 * CHUNK_BYTES))).toBe(true);
    });
  });
});

describe('BACKUP_ENCRYPTION_KEY', () => {
  it('is <key id>:<base64 of 32 bytes>, old keys after the current one', () => {
    const keys = parseBackupKeys(`${keyText('2026-11')}, ${keyText('2026-10')}`);
    expect(keys.map((key) => [key.id, key.key.length])).toEqual([
      ['2026-11', 32],
      ['2026-10', 32],
    ]);
  });

  it.each([
    ['a key without its id', randomBytes(32).toString('base64'), 'entry 1 is not <key id>:<base64 key>'],
    ['16 bytes', `k:${randomBytes(16).toString('base64')}`, 'key "k" is not 32 bytes in base64'],
    ['hex', `k:${randomBytes(32).toString('hex')}`, 'key "k" is not 32 bytes in base64'],
    ['a key id twice', `${keyText('k')},${keyText('k')}`, 'the key id "k" is given twice'],
  ])('refuses %s', (_what, text, problem) => {
    expect(() => parseBackupKeys(text)).toThrow(`BACKUP_ENCRYPTION_KEY: ${problem}`);
  });

  it('is optional outside production: the backup is then in clear', () => {
    expect(backupKeysFrom({ NODE_ENV: 'development' })).toBeUndefined();
    expect(backupKeysFrom({ NODE_ENV: 'production', BACKUP_ENCRYPTION_KEY: keyText('2026-11') })?.[0]?.id).toBe('2026-11');
  });

  it.each([
    ['unset', undefined, /must be set in production: a backup holds every tenant's data/],
    ['a development key', keyText('dev-not-for-production'), /to a key of its own \(not a development value published with the code\)/],
    ['a weak key', `k:${Buffer.alloc(32).toString('base64')}`, /key "k" has 2 distinct characters/],
    ['malformed', 'k:short', /key "k" is not 32 bytes in base64/],
  ])('is refused in production when %s', (_what, value, problem) => {
    let error: unknown;
    try {
      backupKeysFrom({ NODE_ENV: 'production', BACKUP_ENCRYPTION_KEY: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([expect.stringMatching(problem)]);
  });
});
