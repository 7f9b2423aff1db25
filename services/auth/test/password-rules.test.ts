import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PASSWORD_IS_EMAIL, PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT, passwordProblems } from '../src/passwords/password-rules';

/** The rules of a new password (api-contract §10.3), on their own: no service, no database. */
const EMAIL = 'Ada.Lovelace@Example.test';

describe('password rules', () => {
  it('when a password has 10 characters or more, is not common and is not the e-mail, then nothing is wrong with it', () => {
    expect(passwordProblems('correct horse battery', EMAIL)).toEqual([]);
    expect(passwordProblems('x7#Kq!2vLp', EMAIL)).toEqual([]);
  });

  it('when a password has fewer than 10 characters, then "Use at least 10 characters."', () => {
    expect(passwordProblems('x7#Kq!2vL', EMAIL)).toEqual([PASSWORD_TOO_SHORT]);
    expect(PASSWORD_TOO_SHORT).toBe('Use at least 10 characters.');
  });

  it('when characters are counted, then one typed decomposed (e + combining accent) counts once, as people count it', () => {
    const decomposed = 'cafe\u0301s-au-lai'; // "cafés-au-lai": 12 code units, 11 characters composed
    expect(passwordProblems(decomposed, EMAIL)).toEqual([]);
    expect(passwordProblems('e\u0301'.repeat(9), EMAIL)).toEqual([PASSWORD_TOO_SHORT]);
  });

  it('when a password is in the common list, in any case, then it is too common', () => {
    for (const common of ['qwertyuiop', 'QwertyUIOP', '1234567890', 'password123', 'manchester']) {
      expect([common, passwordProblems(common, EMAIL)]).toEqual([common, [PASSWORD_TOO_COMMON]]);
    }
    expect(PASSWORD_TOO_COMMON).toBe('This password is too common: choose another.');
  });

  it('when a common password is also short, then both faults are named', () => {
    expect(passwordProblems('password', EMAIL)).toEqual([PASSWORD_TOO_SHORT, PASSWORD_TOO_COMMON]);
  });

  it('when a password is the e-mail address or its local part, in any case, then it may not be used', () => {
    expect(passwordProblems('ada.lovelace@example.test', EMAIL)).toEqual([PASSWORD_IS_EMAIL]);
    expect(passwordProblems('ADA.LOVELACE', EMAIL)).toEqual([PASSWORD_IS_EMAIL]);
    expect(passwordProblems('ada.lovelace!', EMAIL)).toEqual([]);
    expect(PASSWORD_IS_EMAIL).toBe('Your password must not be your e-mail address.');
  });

  it('ships a list of at least 10,000 common passwords, naming its source and licence', () => {
    const folder = join(__dirname, '../src/passwords');
    const list = readFileSync(join(folder, 'common-passwords.txt'), 'utf8').split('\n').filter(Boolean);
    expect(list.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(list).size).toBe(list.length);
    const readme = readFileSync(join(folder, 'README.md'), 'utf8');
    expect(readme).toMatch(/zxcvbn/);
    expect(readme).toMatch(/MIT/);
  });
});
