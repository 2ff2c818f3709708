/**
 * The typed error of a configuration of `agentwire validate` that cannot be used.
 * @module
 */
import { AgentwireError } from '../../internal/agentwire-error';

/**
 * A configuration file (or the configuration given to `validate()`) cannot be used: it is not
 * JSON, it breaks the schema, it names an unknown rule or tag, or two configurations found for
 * the paths disagree. The message names the file and the place in it:
 * `agentwire.config.json: rules["claude-code-name-invlid"]: unknown rule … (did you mean …?)`.
 */
export class ValidateConfigError extends AgentwireError {
  override readonly name = 'ValidateConfigError';
  constructor(
    message: string,
    /** The configuration file, when the problem is in one. */
    readonly file?: string,
  ) {
    super(message);
  }
}
