/**
 * The errors of the agent server's operations beyond the status classes of `../errors`.
 * @module
 */
import { ConflictError } from '../errors';

/**
 * The 409 of `profiles.save` for a new profile past the server's limit (50 by default): delete a
 * profile before saving another. Overwriting an existing profile never hits it.
 */
export class ProfileLimitError extends ConflictError {
  override name = 'ProfileLimitError';
}
