import type { FastifyReply } from 'fastify';
import type { AllPosition } from '../../application/ports/event-store';
import type { ProjectionProgress } from '../../application/ports/projection-progress';

export const READ_YOUR_WRITES_TIMEOUT_MS = 5_000;

/**
 * Holds a mutation's response until the member-facing read models include its events, so
 * the next read shows the change. If they do not catch up in time the change is still
 * stored: answer 202 and say so rather than pretend.
 */
export async function awaitProjections(
  progress: ProjectionProgress,
  position: AllPosition | null,
  reply: FastifyReply,
): Promise<boolean> {
  if (!position) return true;
  if (await progress.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS)) return true;
  reply.status(202).send({
    message: 'Your change was saved and will show up in a moment. Please refresh shortly.',
    code: 'accepted_pending',
  });
  return false;
}
