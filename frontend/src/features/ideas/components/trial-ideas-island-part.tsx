import type { PendingIdeas } from '../../../lib/pending-generation';
import { FullLoadRouter } from '../../../lib/islands/full-load-router';
import { TrialIdeas } from './trial-ideas';

/** The trial ideas for /ideas-trial's island, inside a router whose navigations load pages (loaded by a dynamic import only). */
export default function IslandTrialIdeas({ trial }: { trial: PendingIdeas }) {
  return (
    <FullLoadRouter>
      <TrialIdeas trial={trial} />
    </FullLoadRouter>
  );
}
