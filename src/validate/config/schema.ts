/**
 * The configuration of `agentwire validate` (`agentwire.config.json`, or the `agentwire` key of a
 * `package.json`): its type and its Valibot schema. The published JSON Schema
 * (`schema/agentwire.config.schema.json`) is generated from this schema.
 * @module
 */
import * as v from 'valibot';
import type { Severity } from '../../internal/diagnostic';
import { SKILL_PRESETS } from '../../skills/index';
import { PROFILES, type Profile, type ServiceVersion } from '../types';

/** What a rule (or a tag of rules) is set to: a severity, or `off` to drop its diagnostics. */
export type RuleSetting = 'off' | Severity;

/** Every {@link RuleSetting}, mildest first. */
export const RULE_SETTINGS: readonly RuleSetting[] = ['off', 'info', 'warning', 'error'];

/**
 * Rule settings by key: a rule code (`claude-code-marketplace-name-reserved`) or `tag:` and a tag
 * (`tag:claude-code`, `tag:hooks`): the profile that raised a diagnostic, or the section of the
 * rule reference its rule is in. A rule's own key wins over its tags.
 */
export type RuleSettings = Readonly<Record<string, RuleSetting>>;

/** Settings for some of the files: the later an override, the more it weighs. */
export interface ValidateConfigOverride {
  /** Globs, relative to the configuration file's folder; at least one. */
  files: readonly string[];
  /** Rule settings for diagnostics in those files, over the configuration's `rules`. */
  rules: RuleSettings;
}

/** The configuration of `agentwire validate`: every key is optional. */
export interface ValidateConfig {
  /** The JSON Schema the file follows, for editors; not read. */
  $schema?: string;
  /** Whose rules to judge by (the command's `--profile`). */
  profiles?: readonly Profile[];
  /** Folder and repository names: a preset's name (`--preset`). */
  preset?: string;
  /** The service version whose plugin loader to follow (`--service`). */
  service?: ServiceVersion;
  /** Rule settings by rule code or `tag:<tag>`. */
  rules?: RuleSettings;
  /** Globs of files to leave out, relative to the configuration file's folder. */
  ignore?: readonly string[];
  /** Rule settings for some of the files. */
  overrides?: readonly ValidateConfigOverride[];
}

const RuleSettingSchema = v.picklist(['off', 'info', 'warning', 'error']);

const RuleSettingsSchema = v.pipe(
  v.record(v.string(), RuleSettingSchema),
  v.description('Rule settings by rule code, or by tag written tag:<tag>: off, info, warning or error.'),
);

const GlobsSchema = v.array(v.pipe(v.string(), v.minLength(1, 'A glob cannot be empty.')));

const OverrideSchema = v.strictObject({
  files: v.pipe(
    GlobsSchema,
    v.minLength(1, 'An override needs at least one glob in "files".'),
    v.description("Globs of the files these settings are for, relative to the configuration file's folder."),
  ),
  rules: RuleSettingsSchema,
});

/** The Valibot schema of {@link ValidateConfig}; rule codes and tags are checked apart, against the rule catalog. */
export const ValidateConfigSchema = v.pipe(
  v.strictObject({
    $schema: v.optional(v.pipe(v.string(), v.description('The JSON Schema of this file, for editors.'))),
    profiles: v.optional(
      v.pipe(
        v.array(v.picklist(PROFILES)),
        v.minLength(1, 'Name at least one profile.'),
        v.description('Whose rules to judge by (default: openhands).'),
      ),
    ),
    preset: v.optional(v.pipe(v.picklist(Object.keys(SKILL_PRESETS)), v.description('Folder and repository names (default: neutral).'))),
    service: v.optional(
      v.pipe(v.picklist(['1.49', '1.43']), v.description('The service version whose plugin loader to follow (default: 1.49).')),
    ),
    rules: v.optional(RuleSettingsSchema),
    ignore: v.optional(v.pipe(GlobsSchema, v.description("Globs of files to leave out, relative to the configuration file's folder."))),
    overrides: v.optional(
      v.pipe(v.array(OverrideSchema), v.description('Rule settings for some of the files; a later override weighs more.')),
    ),
  }),
  v.title('agentwire validate configuration'),
  v.description('The configuration of `agentwire validate`: agentwire.config.json, or the "agentwire" key of package.json.'),
);
