/**
 * What `agentwire/validate` shares inside the package beyond its public entry: the command line
 * checks its `--rule` flags as the configuration's rule keys are checked, and names how deep a
 * folder that holds nothing itself is looked into.
 * @module
 */
export { ruleKeyProblem } from './config/rule-keys';
export { DISCOVERY_DEPTH } from './discover';
