/**
 * What `agentwire/validate` shares inside the package beyond its public entry: the command line
 * checks its `--rule` flags as the configuration's rule keys are checked.
 * @module
 */
export { ruleKeyProblem } from './config/rule-keys';
