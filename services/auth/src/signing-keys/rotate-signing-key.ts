import type { DataSource } from '@crm/platform';
import { signingKeyCipher, type SigningKeySecretSettings } from './signing-key-cipher';
import { generateSigningKey, sealClearTextKeys } from './signing-keys';
import { deleteRetiredSigningKeys, insertSigningKey, lockSigningKeys, retireSigningKeys } from './signing-keys.repository';

/**
 * How long past the expiry of the last token it signed a key stays published: replicas take up a new key
 * up to 5 s late, clocks differ by a little, and the gateway accepts a token 5 s past its `exp`.
 */
const RETIREMENT_MARGIN_SECONDS = 60;

export interface RotationSettings extends SigningKeySecretSettings {
  SIGNING_KEY_PUBLISH_AHEAD_SECONDS: number;
  ACCESS_TOKEN_TTL_SECONDS: number;
}

export interface SigningKeyRotation {
  kid: string;
  /** When the new key starts signing; it is published from now on. */
  activatesAt: Date;
  /** When the keys before it stop being published: every token they signed has expired by then. */
  previousKeysRetireAt: Date;
}

const secondsAfter = (time: Date, seconds: number) => new Date(time.getTime() + seconds * 1000);

/**
 * Makes the next signing key. It is published at once but signs only SIGNING_KEY_PUBLISH_AHEAD_SECONDS
 * later, so every verifier holds it by the time a token names it (the gateway refetches the key set on an
 * unknown `kid`, but at most once per 10 s). The keys before it stay published until the last token they
 * signed has expired; keys retired earlier are deleted.
 */
export async function rotateSigningKey(dataSource: DataSource, settings: RotationSettings, now: Date): Promise<SigningKeyRotation> {
  const cipher = await signingKeyCipher(settings);
  const activatesAt = secondsAfter(now, settings.SIGNING_KEY_PUBLISH_AHEAD_SECONDS);
  const previousKeysRetireAt = secondsAfter(activatesAt, settings.ACCESS_TOKEN_TTL_SECONDS + RETIREMENT_MARGIN_SECONDS);
  const key = await generateSigningKey(cipher, activatesAt);
  await dataSource.transaction(async (manager) => {
    await lockSigningKeys(manager);
    await sealClearTextKeys(manager, cipher);
    await deleteRetiredSigningKeys(manager, now);
    await retireSigningKeys(manager, previousKeysRetireAt);
    await insertSigningKey(manager, key);
  });
  return { kid: key.kid, activatesAt, previousKeysRetireAt };
}
