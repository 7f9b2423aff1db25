import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ValidationError } from '@crm/platform';

/** The rules a new password follows (api-contract §10.3), each fault worded for people. */
export const MIN_PASSWORD_LENGTH = 10;
export const PASSWORD_TOO_SHORT = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
export const PASSWORD_TOO_COMMON = 'This password is too common: choose another.';
export const PASSWORD_IS_EMAIL = 'Your password must not be your e-mail address.';

/**
 * The 30,000 most common passwords of zxcvbn 4.4.2's frequency list (npm `zxcvbn`, MIT, © Dan Wheeler and
 * Dropbox; README.md beside it), one a line, lower-case. Read from `src/` both when run from `src/`
 * (tests) and from `dist/` (the build copies no text files; the image keeps `services/` whole).
 */
const COMMON_PASSWORDS_FILE = join(__dirname, '../../src/passwords/common-passwords.txt');

let commonPasswords: ReadonlySet<string> | undefined;

/** Loaded once, on first use (a few milliseconds); a list that cannot be read stops the check loudly. */
function common(): ReadonlySet<string> {
  commonPasswords ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .filter((line) => line.length > 0),
  );
  return commonPasswords;
}

const folded = (text: string) => text.normalize('NFC').toLowerCase();

/**
 * What is wrong with `password` as a new password of the account with `email` (none: it may be used):
 * shorter than 10 characters, one of the common passwords (case-insensitively), or the account's e-mail
 * address or its local part (case-insensitively).
 */
export function passwordProblems(password: string, email: string): string[] {
  const problems: string[] = [];
  // Characters as people count them: "é" typed decomposed is one.
  if ([...password.normalize('NFC')].length < MIN_PASSWORD_LENGTH) problems.push(PASSWORD_TOO_SHORT);
  const candidate = folded(password);
  if (common().has(candidate)) problems.push(PASSWORD_TOO_COMMON);
  const address = folded(email);
  const localPart = address.slice(0, address.lastIndexOf('@'));
  if (candidate === address || candidate === localPart) problems.push(PASSWORD_IS_EMAIL);
  return problems;
}

/** A 400 naming `field` (`password`, `new_password`) when `password` breaks a rule. */
export function assertPasswordAllowed(field: string, password: string, email: string): void {
  const problems = passwordProblems(password, email);
  if (problems.length > 0) throw new ValidationError({ [field]: problems.length === 1 ? problems[0]! : problems });
}
