import { aiCallDecider, aiCallStreams, type AiCallRecorded } from '../../domain/ai-usage/ai-call';
import type { Actor } from '../../domain/shared/actor';
import { handleCommand } from '../event-sourcing/command-handler';
import { commandContext } from '../event-sourcing/command-context';
import type { AllPosition, EventStore } from '../ports/event-store';
import type { Clock, IdGenerator } from '../ports/system';

export type AiCallRecord = Omit<AiCallRecorded['data'], 'callId'>;

/** Records one AI call as an event in its own stream (`ai-call-{id}`). */
export async function recordAiCall(
  deps: { eventStore: EventStore; ids: IdGenerator; clock: Clock },
  record: AiCallRecord,
  origin: { actor: Actor; requestId: string },
): Promise<AllPosition | null> {
  const callId = deps.ids.next();
  const outcome = await handleCommand(
    deps,
    aiCallDecider,
    aiCallStreams.name(callId),
    () => ({ type: 'RecordAiCall' as const, data: { callId, ...record } }),
    commandContext(deps.clock, origin, 'ai-calls'),
  );
  return outcome.position;
}
