import type { Command, Decider } from '../shared/decider';
import { DomainError, assertNever } from '../shared/domain-error';
import { defineStream } from '../shared/stream';

/**
 * The AI configuration (back-office §2 Model, Skilly AI and Skilly Prompts tabs) as one stream:
 * every save is a version, numbered from 1 (0 is the built-in defaults, never saved). The domain
 * treats the settings as an opaque JSON object: the application validates them (§5 ranges) and
 * hands over the whole configuration; here are the version numbers, what changed, and restores.
 *
 * A restore is the same event as a save (`AiConfigSaved` with `restoredFrom` set): either way
 * a new version holds the whole configuration in force from then on, and readers (the versions
 * list, the current configuration) need not tell them apart to fold them.
 */
export const aiConfigStreams = defineStream('ai-config');
/** The one stream of the configuration. */
export const AI_CONFIG_STREAM = aiConfigStreams.name('current');

export type AiConfigSettings = Record<string, unknown>;

export type AiConfigSavedData = {
  version: number;
  /** The whole configuration of this version. */
  settings: AiConfigSettings;
  /** Top-level fields that differ from the version before; `parent.child` inside nested objects. */
  changedFields: string[];
  /** The version this one copies, when it was made by a restore. */
  restoredFrom: number | null;
  reason: string | null;
  /** The admin's account id; null when the system saved it. */
  savedBy: string | null;
  at: string;
};
export type AiConfigSaved = { type: 'AiConfigSaved'; data: AiConfigSavedData };
export type AiConfigEvent = AiConfigSaved;
export const aiConfigEventTypes = ['AiConfigSaved'] as const satisfies readonly AiConfigEvent['type'][];

/**
 * `defaults` is what version 0 holds: the comparison base of the first save, and what restoring 0 brings back.
 * A save's `settings` is the whole configuration: the application lays the admin's fields over
 * `aiConfigInForce(state)` of the very state it is decided on, and validates the result, in the command cycle.
 */
export type SaveAiConfig = Command<'SaveAiConfig', { settings: AiConfigSettings; defaults: AiConfigSettings; reason: string | null }>;
export type RestoreAiConfig = Command<'RestoreAiConfig', { version: number; defaults: AiConfigSettings; reason: string | null }>;
/** The configuration kept before issue 33 in a plain table: becomes version 1, only while nothing was saved. */
export type ImportAiConfig = Command<'ImportAiConfig', { settings: AiConfigSettings; defaults: AiConfigSettings; savedBy: string | null }>;
export type AiConfigCommand = SaveAiConfig | RestoreAiConfig | ImportAiConfig;

export type AiConfigState =
  | { status: 'defaults' }
  | { status: 'saved'; version: number; current: AiConfigSettings; versions: Record<number, AiConfigSettings> };

export const AiConfigVersionNotFound = (version: number) => new DomainError('ai_config_version_not_found', 'not_found', { version });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with keys in order, so two equal configurations compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Fields that differ, in the order of `after` then any only in `before`; nested objects one level deep (`promptBuilderSettings.x`). */
export function changedFields(before: AiConfigSettings, after: AiConfigSettings): string[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.flatMap((key) => {
    const a = before[key];
    const b = after[key];
    if (isObject(a) && isObject(b)) {
      return [...new Set([...Object.keys(b), ...Object.keys(a)])]
        .filter((sub) => canonical(a[sub]) !== canonical(b[sub]))
        .map((sub) => `${key}.${sub}`);
    }
    return canonical(a) === canonical(b) ? [] : [key];
  });
}

/**
 * The configuration in force in `state` (the defaults before the first save). A save's command is
 * built from it inside the command cycle, so a save retried after another admin's save lays its
 * fields over that newer version instead of over what it read before.
 */
export const aiConfigInForce = (state: AiConfigState, defaults: AiConfigSettings): AiConfigSettings =>
  state.status === 'saved' ? state.current : defaults;
const currentOf = aiConfigInForce;
const versionOf = (state: AiConfigState) => (state.status === 'saved' ? state.version : 0);

function saved(
  state: AiConfigState,
  command: AiConfigCommand,
  settings: AiConfigSettings,
  extra: { restoredFrom: number | null; reason: string | null; savedBy: string | null },
): AiConfigEvent[] {
  const changed = changedFields(currentOf(state, command.data.defaults), settings);
  // Nothing differs from the configuration in force: no new version.
  if (changed.length === 0) return [];
  return [
    {
      type: 'AiConfigSaved',
      data: { version: versionOf(state) + 1, settings, changedFields: changed, ...extra, at: command.metadata.now.toISOString() },
    },
  ];
}

const actorId = (command: AiConfigCommand) => (command.metadata.actor.kind === 'user' ? command.metadata.actor.userId : null);

export function decideAiConfig(command: AiConfigCommand, state: AiConfigState): AiConfigEvent[] {
  switch (command.type) {
    case 'SaveAiConfig':
      return saved(state, command, command.data.settings, { restoredFrom: null, reason: command.data.reason, savedBy: actorId(command) });
    case 'RestoreAiConfig': {
      const { version } = command.data;
      const settings = version === 0 ? command.data.defaults : state.status === 'saved' ? state.versions[version] : undefined;
      if (!settings) throw AiConfigVersionNotFound(version);
      return saved(state, command, settings, { restoredFrom: version, reason: command.data.reason, savedBy: actorId(command) });
    }
    case 'ImportAiConfig':
      // Once: a configuration saved since (or an earlier import) wins.
      if (state.status === 'saved') return [];
      return saved(state, command, command.data.settings, { restoredFrom: null, reason: 'Imported from the configuration kept before versions', savedBy: command.data.savedBy });
    default:
      return assertNever(command);
  }
}

export function evolveAiConfig(state: AiConfigState, event: AiConfigEvent): AiConfigState {
  switch (event.type) {
    case 'AiConfigSaved': {
      const versions = state.status === 'saved' ? state.versions : {};
      return {
        status: 'saved',
        version: event.data.version,
        current: event.data.settings,
        versions: { ...versions, [event.data.version]: event.data.settings },
      };
    }
    default:
      return assertNever(event.type);
  }
}

export const aiConfigDecider: Decider<AiConfigCommand, AiConfigEvent, AiConfigState> = {
  initialState: { status: 'defaults' },
  decide: decideAiConfig,
  evolve: evolveAiConfig,
  schemaVersions: { AiConfigSaved: 1 },
};
