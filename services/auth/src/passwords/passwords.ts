import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { ServiceUnavailableError } from '@crm/platform';

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

/** How many hashes may wait by default (PASSWORD_HASH_QUEUE): a few logins' worth, not a flood's. */
export const DEFAULT_HASH_QUEUE = 8;

/**
 * A hash refused because `PASSWORD_HASH_QUEUE` hashes already wait for a slot: 503 with `Retry-After`,
 * at once and before any hashing, so a flood of logins costs auth neither memory nor a queue that
 * would make every later login wait behind it.
 */
export class HashQueueFullError extends ServiceUnavailableError {
  constructor() {
    super('Too many passwords are being checked at the moment; try again in a moment.');
  }
}

/** Work run `slots` at a time, up to `maxWaiting` more (given per call: each auth instance its own setting) waiting in order. */
interface Turns {
  /** Runs `work` in its turn; refused at once with `HashQueueFullError` when `maxWaiting` already wait. */
  run<T>(work: () => Promise<T>, maxWaiting: number): Promise<T>;
  /** Whether `run` would be refused now. */
  full(maxWaiting: number): boolean;
}

function takingTurns(slots: number): Turns {
  let running = 0;
  const waiting: Array<() => void> = [];
  const full = (maxWaiting: number) => running >= slots && waiting.length >= maxWaiting;
  return {
    full,
    async run(work, maxWaiting) {
      if (running < slots) running += 1;
      else if (full(maxWaiting)) throw new HashQueueFullError();
      else await new Promise<void>((resolve) => waiting.push(resolve)); // the finishing one hands its slot on
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}

/** One per process: the memory the slots bound is the process's. */
const turns = takingTurns(CONCURRENT_HASHES);

function derive(password: string, salt: Buffer, cost: ScryptCost, maxWaiting: number): Promise<Buffer> {
  return turns.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...cost, maxmem: memoryFor(cost) }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
    maxWaiting,
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
async function matches(password: string, stored: StoredHash | undefined, maxWaiting: number): Promise<boolean> {
  if (!stored) return false;
  const actual = await derive(password, stored.salt, stored.cost, maxWaiting);
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
 * rehashes one of a weaker cost (the only moment the password is at hand). Both methods throw
 * `HashQueueFullError` (503) at once when the hashing queue is full.
 */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  /**
   * Checks a password against an account's hash or, when there is no such account, against a dummy hash
   * of the same cost, so the answer takes as long either way and timing does not reveal which e-mail
   * addresses have accounts.
   */
  check(password: string, stored: string | undefined): Promise<PasswordCheck>;
  /** False while a hash asked for now would be refused: a request can stop before doing anything else. */
  hasRoom(): boolean;
}

/**
 * Hashing at `log2N` (PASSWORD_HASH_COST), with at most `maxWaiting` (PASSWORD_HASH_QUEUE) hashes waiting
 * for a slot; computes its dummy hash ahead of the first unknown address.
 */
export async function passwordHashing(log2N: number, maxWaiting = DEFAULT_HASH_QUEUE): Promise<PasswordHashing> {
  const cost: ScryptCost = { N: 2 ** log2N, r: 8, p: 1 };
  const hashWaiting = async (password: string, queue: number) => {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, cost, queue);
    return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  };
  // The start waits its turn whatever the queue: it is no request to refuse.
  const dummy = parseHash(await hashWaiting(randomBytes(16).toString('hex'), Infinity));
  return {
    hash: (password) => hashWaiting(password, maxWaiting),
    hasRoom: () => !turns.full(maxWaiting),
    async check(password, stored) {
      if (stored === undefined) {
        await matches(password, dummy, maxWaiting);
        return { matches: false, weakerThanConfigured: false };
      }
      const parsed = parseHash(stored);
      const matched = await matches(password, parsed, maxWaiting);
      return { matches: matched, weakerThanConfigured: matched && weakerThan(parsed!.cost, cost) };
    },
  };
}
