import './idea-sets.css';
import type { Idea } from '@contracts/ideas';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { IdeaSetPanel, type IdeaSetView } from './idea-set-panel';

/**
 * The accordion of idea sets. `focusId` (the `scroll` query) opens that set and scrolls to it;
 * otherwise the newest set starts open, and a newer set that arrives later opens too.
 */
export function IdeaSetAccordion({
  sets,
  focusId,
  badge,
  onGeneratePlan,
}: {
  sets: IdeaSetView[];
  focusId?: string | null;
  badge?: ReactNode;
  onGeneratePlan: (idea: Idea) => void;
}) {
  const initial = focusId && sets.some((set) => set.id === focusId) ? focusId : sets[0]?.id;
  const [open, setOpen] = useState<Set<string>>(() => new Set(initial ? [initial] : []));

  // A new focus (another `scroll` link, or the sets arriving after it) opens and shows that set.
  useEffect(() => {
    if (!focusId || !sets.some((set) => set.id === focusId)) return;
    setOpen((current) => (current.has(focusId) ? current : new Set(current).add(focusId)));
    const frame = requestAnimationFrame(() =>
      document.getElementById(`idea-set-${focusId}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    );
    return () => cancelAnimationFrame(frame);
    // Only a new focus or a set list that now contains it should scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusId, sets.length]);

  // A set that arrives on top after the first render (the list was read from the cache before
  // the refetch brought the set just generated) is the newest: open it.
  const known = useRef(new Set(sets.map((set) => set.id)));
  const newestId = sets[0]?.id;
  useEffect(() => {
    const arrived = sets.filter((set) => !known.current.has(set.id)).map((set) => set.id);
    for (const set of sets) known.current.add(set.id);
    if (!newestId || !arrived.includes(newestId)) return;
    if (focusId && sets.some((set) => set.id === focusId)) return;
    setOpen((current) => new Set(current).add(newestId));
    // Only a different newest set matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newestId]);

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="idea-sets">
      {sets.map((set) => (
        <IdeaSetPanel key={set.id} set={set} open={open.has(set.id)} onToggle={() => toggle(set.id)} badge={badge} onGeneratePlan={onGeneratePlan} />
      ))}
    </div>
  );
}
