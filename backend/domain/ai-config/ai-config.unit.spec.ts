import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/actor';
import {
  AI_CONFIG_STREAM,
  aiConfigDecider,
  aiConfigStreams,
  changedFields,
  type AiConfigCommand,
  type AiConfigEvent,
  type AiConfigSettings,
  type AiConfigState,
} from './ai-config';

const admin: Actor = { kind: 'user', userId: 'admin-1', role: 'admin' };
const now = new Date('2026-11-25T10:00:00.000Z');
const defaults: AiConfigSettings = { modelName: 'gpt-4o-mini', temperature: 0.7, promptBuilderSettings: { ideasPerCategory: 3, milestonesCount: 6 } };
const warmer: AiConfigSettings = { ...defaults, temperature: 1.2 };
const fourIdeas: AiConfigSettings = { ...warmer, promptBuilderSettings: { ideasPerCategory: 4, milestonesCount: 6 } };

const fold = (events: AiConfigEvent[]): AiConfigState => events.reduce(aiConfigDecider.evolve, aiConfigDecider.initialState);
const decide = (history: AiConfigEvent[], command: Omit<AiConfigCommand, 'metadata'>, actor: Actor = admin) =>
  aiConfigDecider.decide({ ...command, metadata: { actor, now } } as AiConfigCommand, fold(history));
const save = (settings: AiConfigSettings, reason: string | null = null) =>
  ({ type: 'SaveAiConfig', data: { settings, defaults, reason } }) as const;

describe('AI configuration versions', () => {
  it('live in the one "ai-config-current" stream', () => {
    expect(AI_CONFIG_STREAM).toBe('ai-config-current');
    expect(aiConfigStreams.idOf(AI_CONFIG_STREAM)).toBe('current');
  });

  it('records the first save as version 1, with what changed from the defaults, who and when', () => {
    expect(decide([], save(warmer, 'Livelier ideas'))).toEqual([
      {
        type: 'AiConfigSaved',
        data: {
          version: 1,
          settings: warmer,
          changedFields: ['temperature'],
          restoredFrom: null,
          reason: 'Livelier ideas',
          savedBy: 'admin-1',
          at: '2026-11-25T10:00:00.000Z',
        },
      },
    ]);
  });

  it('numbers each next save one higher and names changed builder settings as promptBuilderSettings.x', () => {
    const history = decide([], save(warmer));
    const [next] = decide(history, save(fourIdeas));
    expect(next.data.version).toBe(2);
    expect(next.data.changedFields).toEqual(['promptBuilderSettings.ideasPerCategory']);
  });

  it('records nothing for a save that changes nothing, whatever the key order', () => {
    const history = decide([], save(warmer));
    const reordered = { promptBuilderSettings: { milestonesCount: 6, ideasPerCategory: 3 }, temperature: 1.2, modelName: 'gpt-4o-mini' };
    expect(decide(history, save(reordered))).toEqual([]);
    expect(decide([], save(defaults))).toEqual([]);
  });

  it('restores an earlier version as a new version that copies it', () => {
    const history = [...decide([], save(warmer))];
    history.push(...decide(history, save(fourIdeas)));
    const [restored] = decide(history, { type: 'RestoreAiConfig', data: { version: 1, defaults, reason: 'Back' } });
    expect(restored.data).toMatchObject({ version: 3, settings: warmer, restoredFrom: 1, reason: 'Back', changedFields: ['promptBuilderSettings.ideasPerCategory'] });
    expect(fold([...history, restored])).toMatchObject({ status: 'saved', version: 3, current: warmer });
  });

  it('restores the built-in defaults as version 0', () => {
    const history = decide([], save(warmer));
    const [restored] = decide(history, { type: 'RestoreAiConfig', data: { version: 0, defaults, reason: null } });
    expect(restored.data).toMatchObject({ version: 2, settings: defaults, restoredFrom: 0 });
  });

  it('refuses to restore a saved version before anything was saved (not found)', () => {
    expect(() => decide([], { type: 'RestoreAiConfig', data: { version: 1, defaults, reason: null } })).toThrow(
      expect.objectContaining({ code: 'ai_config_version_not_found', kind: 'not_found', data: { version: 1 } }),
    );
  });

  it('refuses to restore a version that was never saved (not found)', () => {
    const history = decide([], save(warmer));
    expect(() => decide(history, { type: 'RestoreAiConfig', data: { version: 7, defaults, reason: null } })).toThrow(
      expect.objectContaining({ code: 'ai_config_version_not_found', kind: 'not_found', data: { version: 7 } }),
    );
  });

  it('imports the configuration kept before versions once, as version 1 by its last editor, and never over a save', () => {
    const system: Actor = { kind: 'system', name: 'ai-config-import' };
    const [imported] = decide([], { type: 'ImportAiConfig', data: { settings: warmer, defaults, savedBy: 'admin-old' } }, system);
    expect(imported.data).toMatchObject({
      version: 1,
      settings: warmer,
      savedBy: 'admin-old',
      restoredFrom: null,
      reason: 'Imported from the configuration kept before versions',
    });
    expect(decide([imported], { type: 'ImportAiConfig', data: { settings: fourIdeas, defaults, savedBy: 'admin-old' } }, system)).toEqual([]);
  });

  it('names a system save with no account', () => {
    const [event] = decide([], save(warmer), { kind: 'system', name: 'test' });
    expect(event.data.savedBy).toBeNull();
  });
});

describe('changedFields', () => {
  it('lists fields added, removed or changed', () => {
    expect(changedFields({ a: 1, b: 2 }, { a: 1, c: 3 })).toEqual(['c', 'b']);
    expect(changedFields({ a: [1, 2] }, { a: [2, 1] })).toEqual(['a']);
  });

  it('names a changed text or number field, not its characters', () => {
    expect(changedFields(defaults, { ...defaults, modelName: 'gpt-4o' })).toEqual(['modelName']);
    expect(changedFields({ a: [1, 23] }, { a: [12, 3] })).toEqual(['a']);
  });

  it('names a nested object replaced by something else, or set where it was null, as the whole field', () => {
    expect(changedFields(defaults, { ...defaults, promptBuilderSettings: null })).toEqual(['promptBuilderSettings']);
    expect(changedFields({ ...defaults, promptBuilderSettings: null }, defaults)).toEqual(['promptBuilderSettings']);
    expect(changedFields(defaults, { ...defaults, promptBuilderSettings: 'none' })).toEqual(['promptBuilderSettings']);
  });

  it('compares deeper objects, also in lists, whatever their key order', () => {
    const tones = { promptBuilderSettings: { tones: { fiverr: 'warm', etsy: 'crisp' }, examples: [{ title: 'A', url: 'x' }] } };
    const reordered = { promptBuilderSettings: { examples: [{ url: 'x', title: 'A' }], tones: { etsy: 'crisp', fiverr: 'warm' } } };
    expect(changedFields(tones, reordered)).toEqual([]);
    const etsyWarmer = { promptBuilderSettings: { ...tones.promptBuilderSettings, tones: { fiverr: 'warm', etsy: 'warm' } } };
    expect(changedFields(tones, etsyWarmer)).toEqual(['promptBuilderSettings.tones']);
    const renamed = { promptBuilderSettings: { ...tones.promptBuilderSettings, examples: [{ title: 'B', url: 'x' }] } };
    expect(changedFields(tones, renamed)).toEqual(['promptBuilderSettings.examples']);
  });
});
