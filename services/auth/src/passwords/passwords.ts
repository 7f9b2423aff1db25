import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's parameters, stored with each hash. */
interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1. */
export const OWASP_SCRYPT_LOG2_N = 17;

const KEY_LENGTH = 32;
const SALT_BYTES = 16;

/** What scrypt holds in memory (OpenSSL's bound, 128·r·(N + p + 2) bytes): node refuses more than 32 MiB unless told. */
const memoryFor = ({ N, r, p }: ScryptCost) => 128 * r * (N + p + 2);

/**
 * At most this many hashes at once per process, the others wait their turn: at OWASP's cost each holds
 * 128 MiB, and the four threads node would otherwise run them on need more than an auth pod's 384 MiB.
 */
const CONCURRENT_HASHES = 2;

function takingTurns(slots: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (work) => {
    if (running < slots) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the finishing one hands its slot on
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

const inTurn = takingTurns(CONCURRENT_HASHES);

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return inTurn(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...cost, maxmem: memoryFor(cost) }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

interface StoredHash {
  cost: ScryptCost;
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): StoredHash | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return undefined;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(cost).every((value) => Number.isInteger(value) && value > 0)) return undefined;
  return { cost, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

/** Timing-safe; an unreadable stored hash never matches. */
async function matches(password: string, stored: StoredHash | undefined): Promise<boolean> {
  if (!stored) return false;
  const actual = await derive(password, stored.salt, stored.cost);
  return actual.length === stored.hash.length && timingSafeEqual(actual, stored.hash);
}

const weakerThan = (stored: ScryptCost, wanted: ScryptCost) => stored.N < wanted.N || stored.r < wanted.r || stored.p < wanted.p;

export interface PasswordCheck {
  matches: boolean;
  /** It matches a hash made with a lower cost than the configured one: hash the password again. */
  weakerThanConfigured: boolean;
}

/**
 * Password hashes: scrypt with a random 16-byte salt, stored as `scrypt$N$r$p$salt$hash` (base64url). A
 * hash keeps the cost it was made with, so it still verifies after the cost is raised, and a login
 * rehashes one of a weaker cost (the only moment the password is at hand).
 */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  /**
   * Checks a password against an account's hash or, when there is no such account, against a dummy hash
   * of the same cost, so the answer takes as long either way and timing does not reveal which e-mail
   * addresses have accounts.
   */
  check(password: string, stored: string | undefined): Promise<PasswordCheck>;
}

/** Hashing at `log2N` (PASSWORD_HASH_COST); computes its dummy hash ahead of the first unknown address. */
export async function passwordHashing(log2N: number): Promise<PasswordHashing> {
  const cost: ScryptCost = { N: 2 ** log2N, r: 8, p: 1 };
  const hash = async (password: string) => {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, cost);
    return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  };
  const dummy = parseHash(await hash(randomBytes(16).toString('hex')));
  return {
    hash,
    async check(password, stored) {
      if (stored === undefined) {
        await matches(password, dummy);
        return { matches: false, weakerThanConfigured: false };
      }
      const parsed = parseHash(stored);
      const matched = await matches(password, parsed);
      return { matches: matched, weakerThanConfigured: matched && weakerThan(parsed!.cost, cost) };
    },
  };
}
