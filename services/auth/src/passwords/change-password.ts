import { UnauthorizedError, ValidationError, type Caller, type FieldErrors } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { endCredentials } from '../credentials/end-credentials';
import { profileIdsOfUser } from '../users/email-holders.repository';
import { passwordProblems } from './password-rules';
import { changePasswordHash, endResetTokensOf, findPasswordHolder } from './passwords.repository';
import type { ChangePasswordInput } from './passwords.schemas';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';

/**
 * A user changes their password, proving the current one. The new hash is saved and, in the same
 * transaction, every credential issued before ends but the session the change was made from: access
 * tokens, the other sessions, open reset links (API tokens stay: they hold no password). Answers the
 * profiles whose credentials ended, for the gateway to hear of.
 */
export async function changePassword(deps: AuthDeps, caller: Caller, input: ChangePasswordInput): Promise<string[]> {
  const holder = await findPasswordHolder(deps.dataSource, caller.profileId);
  if (!holder) throw new UnauthorizedError('The account of these credentials no longer exists.');
  const problems = passwordProblems(input.new_password, holder.email);
  const { matches } = await deps.passwords.check(input.current_password, holder.passwordHash);
  const errors: FieldErrors = {
    ...(matches ? {} : { current_password: WRONG_CURRENT_PASSWORD }),
    ...(problems.length === 0 ? {} : { new_password: problems.length === 1 ? problems[0]! : problems }),
  };
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const newHash = await deps.passwords.hash(input.new_password);
  const now = deps.clock();
  return deps.dataSource.transaction(async (manager) => {
    // Changed since it was checked (another change won the race): the current password proven is no longer it.
    if (!(await changePasswordHash(manager, holder.userId, holder.passwordHash, newHash))) throw ValidationError.field('current_password', WRONG_CURRENT_PASSWORD);
    await endResetTokensOf(manager, holder.userId, now);
    const profileIds = await profileIdsOfUser(manager, holder.userId);
    for (const profileId of profileIds) {
      await endCredentials(manager, profileId, now, { keepSession: profileId === caller.profileId ? caller.sessionId : undefined, apiTokens: false });
    }
    return profileIds;
  });
}
