import type { Kysely } from 'kysely';
import { systemActor, type Actor, type Role } from '../../domain/shared/actor';
import { DomainError } from '../../domain/shared/domain-error';
import type { Database } from '../ports/database';
import { comparePositions, type AllPosition, type EventStore } from '../ports/event-store';
import type { Clock, IdGenerator } from '../ports/system';
import type { ProjectionProgress } from '../ports/projection-progress';
import { AiGenerationError, type AiUsage, type IdeaGenerator, type IdeaPromptInput } from '../ports/idea-generator';
import type { GenerateIdeasRequest, GeneratedIdeas, IdeaStreamMessage } from '../contracts/ideas';
import { readAiConfig } from '../ai/ai-config-store';
import { buildIdeaPromptInput } from '../ai/idea-prompt';
import { parseGeneratedIdeas } from '../ai/parse-ideas';
import { recordAiCall } from '../ai-usage/ai-calls';
import type { CreditsService } from '../credits/credits-service';
import type { IdeaSetsService } from './idea-sets-service';
import { releaseTrialGeneration, reserveTrialGeneration, type TrialReservation } from './trial-allowance';
import { keepTrialResult } from './trial-results';

export interface IdeaGenerationDeps {
  db: Kysely<Database>;
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  generator: IdeaGenerator;
  progress: ProjectionProgress;
  credits: CreditsService;
  ideaSets: IdeaSetsService;
  /** Successful trial generations a visitor may make per UTC day. */
  trialGenerationsPerDay: number;
  /** How long `done` waits for the member's read models to include the new set. */
  readYourWritesTimeoutMs?: number;
  log?: { error(obj: object, msg: string): void; warn?(obj: object, msg: string): void };
}

/**
 * Who asks: a visitor (counted by IP address; `browser` is the random id of the browser's trial
 * cookie, whose results only that browser names without a token) or a signed-in member. A
 * request with a session is never a trial: a member without an idea credit is refused, and a
 * trial made signed out is saved only into an account created after it (`trial-results.ts`).
 */
export type GenerationCaller = { kind: 'visitor'; ip: string; browser: string } | { kind: 'member'; userId: string; role: Role };

export const generationFailedMessage = 'Failed to generate ideas. Please try again.';

/** Moderators and admins do not generate ideas (member-product §6); the route guard says so first. */
export const StaffCannotGenerate = () => new DomainError('forbidden', 'forbidden', { action: 'generate_ideas' });

/** A generation that passed its checks and holds its credit (or trial slot); `run` streams it. */
export interface IdeaGeneration {
  /**
   * Streams chunks, then `done` or an error. Never throws: every failure becomes a message.
   * `left` aborts when the client went away: a visitor's generation then stops and gives its
   * trial slot back (a member's carries on, and the set is on /ideas).
   */
  run(send: (message: IdeaStreamMessage) => void, left?: AbortSignal): Promise<void>;
}

/**
 * Idea generation (member-product §7). `start` does everything that may refuse the request
 * before anything streams: staff are refused, a member's idea credit is spent (naming the
 * idea set it pays for), a visitor's trial slot is taken. `run` calls the AI, and on failure
 * gives the credit or slot back; on success it records the idea set (members) and answers
 * `done` once the member's read models show it. Every AI call is recorded as an event.
 */
export function createIdeaGenerationService(deps: IdeaGenerationDeps) {
  const { db, eventStore, ids, clock, generator, progress, credits, ideaSets } = deps;
  const timeoutMs = deps.readYourWritesTimeoutMs ?? 5_000;
  const log = deps.log ?? { error: () => {} };

  return {
    async start(request: GenerateIdeasRequest, caller: GenerationCaller, requestId: string): Promise<IdeaGeneration> {
      if (caller.kind === 'member' && caller.role !== 'free' && caller.role !== 'pro') throw StaffCannotGenerate();
      const config = await readAiConfig(db);
      const configVersion = config.version;
      // Customization reaches the prompt only for pro members; for anyone else it is dropped here.
      const input = buildIdeaPromptInput(config.settings, request, { personalized: caller.kind === 'member' && caller.role === 'pro' });

      if (caller.kind === 'visitor') {
        const reservation = await reserveTrialGeneration(db, caller.ip, clock.now(), deps.trialGenerationsPerDay);
        return { run: (send, left) => runVisitor(input, configVersion, reservation, caller.browser, requestId, send, left) };
      }

      const member: Extract<Actor, { kind: 'user' }> = { kind: 'user', userId: caller.userId, role: caller.role };
      const ideaSetId = ids.next();
      const consumptionId = ids.next();
      const spent = await credits.consume(
        { userId: caller.userId, role: caller.role },
        { consumptionId, kind: 'idea', paidFor: { ideaSetId } },
        { actor: member, requestId },
      );
      return { run: (send) => runMember(input, configVersion, member, { ideaSetId, consumptionId, position: spent.position }, requestId, send) };
    },
  };

  type Outcome = ({ ideas: GeneratedIdeas; usage: AiUsage } | { error: AiGenerationError; usage: AiUsage | null; left?: true }) & {
    finishReason?: string | null;
  };

  /** Calls the AI, streaming its text, and parses the result; never throws. */
  async function generate(input: IdeaPromptInput, send: (message: IdeaStreamMessage) => void, left?: AbortSignal): Promise<Outcome> {
    let usage: AiUsage | null = null;
    let finishReason: string | null | undefined;
    let text: string | undefined;
    try {
      const result = await generator.generateIdeas(input, (chunk) => send({ content: chunk, generator: generator.kind }), left);
      ({ usage, finishReason, text } = result);
      const ideas = parseGeneratedIdeas(result.text, input.categories, { personalized: input.personalized });
      return { ideas, usage, finishReason };
    } catch (error) {
      if (left?.aborted) {
        // The client went away: nothing failed, and nothing is logged as an error.
        return { error: new AiGenerationError('unavailable', generationFailedMessage), usage, finishReason, left: true };
      }
      if (error instanceof AiGenerationError) {
        usage = error.detail.usage ?? usage;
        finishReason = error.detail.finishReason ?? finishReason;
        text = error.detail.text ?? text;
        if (error.type === 'parse_error' && finishReason !== 'length') {
          // Once, with the start of what came back, so an operator can see why.
          log.warn?.(
            { generator: generator.kind, finishReason: finishReason ?? null, answerStart: (text ?? '').slice(0, 200) },
            `the AI answer holds no usable JSON (${(text ?? '').length} characters)`,
          );
        }
        return { error, usage, finishReason };
      }
      log.error({ err: error }, 'idea generation failed unexpectedly');
      return { error: new AiGenerationError('unavailable', generationFailedMessage), usage, finishReason };
    }
  }

  async function record(input: IdeaPromptInput, configVersion: number, outcome: Outcome, who: { actor: Actor; userId: string | null; audience: 'visitor' | 'free' | 'pro' }, requestId: string) {
    const usage = outcome.usage ?? { model: input.model, inputTokens: 0, outputTokens: 0, costUsd: 0 };
    const failed = 'error' in outcome;
    try {
      return await recordAiCall(
        { eventStore, ids, clock },
        {
          kind: 'ideas',
          generator: generator.kind,
          model: usage.model,
          inputTokens: usage.inputTokens,
          outputTokens: usage.outputTokens,
          costUsd: usage.costUsd,
          userId: who.userId,
          audience: who.audience,
          outcome: failed ? 'failed' : 'succeeded',
          errorType: failed ? (outcome.left ? 'cancelled' : outcome.error.type) : null,
          finishReason: outcome.finishReason ?? null,
          usageEstimated: usage.estimated === true,
          configVersion,
        },
        { actor: who.actor, requestId },
      );
    } catch (error) {
      // Usage statistics must not cost the member their ideas.
      log.error({ err: error }, 'could not record the AI call');
      return null;
    }
  }

  function failure(error: AiGenerationError): IdeaStreamMessage {
    return { error: error.message, errorType: error.type };
  }

  async function runVisitor(
    input: IdeaPromptInput,
    configVersion: number,
    reservation: TrialReservation,
    browser: string,
    requestId: string,
    send: (m: IdeaStreamMessage) => void,
    left?: AbortSignal,
  ) {
    // A visitor who leaves mid-stream stops the generation: it does not count as a trial.
    const outcome = await generate(input, send, left);
    const who = { actor: systemActor('visitor-trial'), userId: null, audience: 'visitor' as const };
    await record(input, configVersion, outcome, who, requestId);
    if ('error' in outcome) {
      await releaseTrialGeneration(db, reservation).catch((error) => log.error({ err: error }, 'could not release a trial slot'));
      send(failure(outcome.error));
      return;
    }
    // Kept under a token: after sign-up the member saves exactly this result (save-pending).
    const trialToken = await keepTrialResult(db, { skill: input.request.skill, ideas: outcome.ideas }, browser, clock.now()).catch((error) => {
      log.error({ err: error }, 'could not keep a trial result');
      return undefined;
    });
    send({ done: true, ideas: outcome.ideas, generator: generator.kind, ...(trialToken ? { trialToken } : {}) });
  }

  async function runMember(
    input: IdeaPromptInput,
    configVersion: number,
    member: Extract<Actor, { kind: 'user' }>,
    spend: { ideaSetId: string; consumptionId: string; position: AllPosition | null },
    requestId: string,
    send: (m: IdeaStreamMessage) => void,
  ) {
    const audience = member.role === 'pro' ? 'pro' : 'free';
    let outcome = await generate(input, send);
    let saved: AllPosition | null = null;
    if (!('error' in outcome)) {
      try {
        const { ideas } = outcome;
        saved = (
          await ideaSets.create(
            member,
            { skill: input.request.skill, categories: ideas.categories, ideas: ideas.ideas, personalized: ideas.personalized, configVersion },
            'generated',
            { requestId },
            spend.ideaSetId,
          )
        ).position;
      } catch (error) {
        log.error({ err: error }, 'could not store a generated idea set');
        outcome = { error: new AiGenerationError('unavailable', generationFailedMessage), usage: outcome.usage };
      }
    }
    const recorded = await record(input, configVersion, outcome, { actor: member, userId: member.userId, audience }, requestId);

    if ('error' in outcome) {
      // The member paid for ideas they did not get: the credit goes back.
      const refunded = await credits
        .refund(member.userId, spend.consumptionId, `Idea generation failed (${outcome.error.type})`, { actor: null, requestId })
        .catch((error) => {
          log.error({ err: error }, 'could not refund an idea credit');
          return null;
        });
      if (refunded?.position) await progress.waitFor(refunded.position, timeoutMs);
      send(failure(outcome.error));
      return;
    }

    const last = [spend.position, saved, recorded]
      .filter((p): p is AllPosition => p !== null)
      .reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b));
    // If the read models are slow the set is still stored: it shows on the next poll.
    await progress.waitFor(last, timeoutMs);
    send({ done: true, ideaSetId: spend.ideaSetId, ideas: outcome.ideas, generator: generator.kind });
  }
}

export type IdeaGenerationService = ReturnType<typeof createIdeaGenerationService>;
