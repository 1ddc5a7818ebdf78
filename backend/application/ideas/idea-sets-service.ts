import { ideaSetDecider, ideaSetStreams, type IdeaSetSource } from '../../domain/ideas/idea-set';
import type { Actor } from '../../domain/shared/actor';
import type { Category, Idea } from '../contracts/ideas';
import { handleCommand } from '../event-sourcing/command-handler';
import { commandContext } from '../event-sourcing/command-context';
import type { AllPosition, EventStore } from '../ports/event-store';
import type { Clock, IdGenerator } from '../ports/system';

export interface IdeaSetsDeps {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
}

export interface IdeaSetContent {
  skill: string;
  categories: Category[];
  ideas: Idea[];
  personalized: boolean;
  /** The AI configuration version a generated set was made with. */
  configVersion?: number;
}

/** Keeps idea sets; each is recorded with the member who keeps it as the actor. */
export function createIdeaSetsService(deps: IdeaSetsDeps) {
  const { eventStore, ids, clock } = deps;
  return {
    async create(
      owner: Extract<Actor, { kind: 'user' }>,
      content: IdeaSetContent,
      source: IdeaSetSource,
      origin: { requestId: string },
      ideaSetId: string = ids.next(),
    ): Promise<{ ideaSetId: string; position: AllPosition }> {
      const outcome = await handleCommand(
        { eventStore, ids },
        ideaSetDecider,
        ideaSetStreams.name(ideaSetId),
        () => ({
          type: 'CreateIdeaSet' as const,
          data: {
            ideaSetId,
            ownerId: owner.userId,
            skill: content.skill,
            categories: content.categories.map((c) => ({ id: c.id, name: c.name, color: c.color })),
            ideas: content.ideas.map((i) => ({
              id: i.id,
              title: i.title,
              subtitle: i.subtitle,
              description: i.description,
              category: i.category,
              industry: i.industry,
              method: i.method,
              pricing: i.pricing,
            })),
            personalized: content.personalized,
            source,
            ...(content.configVersion !== undefined ? { configVersion: content.configVersion } : {}),
          },
        }),
        commandContext(clock, { actor: owner, requestId: origin.requestId }, 'idea-sets'),
      );
      return { ideaSetId, position: outcome.position! };
    },
  };
}

export type IdeaSetsService = ReturnType<typeof createIdeaSetsService>;
