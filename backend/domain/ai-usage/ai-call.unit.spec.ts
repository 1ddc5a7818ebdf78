import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/support/decider-spec';
import { systemActor } from '../shared/actor';
import { aiCallDecider, aiCallStreams, type AiCallRecorded, type RecordAiCall } from './ai-call';

const spec = deciderSpec(aiCallDecider);
const data: AiCallRecorded['data'] = {
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
  finishReason: 'stop',
  usageEstimated: false,
  configVersion: 4,
};
const record = (overrides: Partial<RecordAiCall['data']> = {}): RecordAiCall => ({
  type: 'RecordAiCall',
  data: { ...data, ...overrides },
  metadata: { actor: systemActor('visitor-trial'), now: new Date('2026-03-01T10:00:00Z') },
});

describe('AI call records', () => {
  it('live one per call in "ai-call-{id}" streams, so calls never contend', () => {
    expect(aiCallStreams.name('call-1')).toBe('ai-call-call-1');
  });

  it('record the model, tokens, cost, generator and who asked', () => {
    spec.given([]).when(record()).then([{ type: 'AiCallRecorded', data }]);
  });

  it('record why the answer ended and whether the tokens were estimated, with defaults when not given', () => {
    spec.given([]).when(record({ outcome: 'failed', errorType: 'parse_error', finishReason: 'length', usageEstimated: true })).then([
      { type: 'AiCallRecorded', data: { ...data, outcome: 'failed', errorType: 'parse_error', finishReason: 'length', usageEstimated: true } },
    ]);
    const { finishReason: _f, usageEstimated: _u, configVersion: _c, ...withoutNewFields } = data;
    spec
      .given([])
      .when({ ...record(), data: withoutNewFields })
      .then([{ type: 'AiCallRecorded', data: { ...withoutNewFields, finishReason: null, usageEstimated: false, configVersion: null } }]);
  });

  it('are written once: recording the same call again records nothing', () => {
    spec.given([{ type: 'AiCallRecorded', data }]).when(record()).thenNothingHappens();
  });

  it('record a call that used nothing (a failure before any answer): zero tokens, zero cost', () => {
    const nothing = { inputTokens: 0, outputTokens: 0, costUsd: 0 };
    spec.given([]).when(record(nothing)).then([{ type: 'AiCallRecorded', data: { ...data, ...nothing } }]);
  });

  it('refuse negative or fractional token counts and negative costs', () => {
    spec.given([]).when(record({ inputTokens: -1 })).thenThrows('invalid_usage', { kind: 'invalid' });
    spec.given([]).when(record({ outputTokens: 1.5 })).thenThrows('invalid_usage');
    spec.given([]).when(record({ costUsd: -0.01 })).thenThrows('invalid_usage');
  });
});
