import { describe, expect, it } from 'vitest';
import { aiCallDecider } from '../../domain/ai-usage/ai-call';
import type { RecordedEvent } from '../ports/event-store';
import { upcastEvent, upcasters } from './upcasting';

describe('AI call records written before v2', () => {
  it('are read with no finish reason and exact usage', () => {
    const v1 = {
      callId: 'call-1',
      kind: 'ideas',
      generator: 'openai',
      model: 'gpt-4o-mini',
      inputTokens: 812,
      outputTokens: 1490,
      costUsd: 0.016925,
      userId: null,
      audience: 'visitor',
      outcome: 'succeeded',
      errorType: null,
    };
    const stored = { type: 'AiCallRecorded', schemaVersion: 1, data: v1 } as unknown as RecordedEvent;
    const read = upcastEvent(stored, upcasters);
    expect(read.schemaVersion).toBe(aiCallDecider.schemaVersions.AiCallRecorded);
    expect(read.data).toEqual({ ...v1, finishReason: null, usageEstimated: false, configVersion: null });
  });
});

describe('AI call records written at v2', () => {
  it('are read with no configuration version (issue 33 added it)', () => {
    const v2 = { callId: 'call-2', kind: 'plan', model: 'gpt-4o-mini', finishReason: 'stop', usageEstimated: false };
    const read = upcastEvent({ type: 'AiCallRecorded', schemaVersion: 2, data: v2 } as unknown as RecordedEvent, upcasters);
    expect(read.schemaVersion).toBe(3);
    expect(read.data).toEqual({ ...v2, configVersion: null });
  });
});
