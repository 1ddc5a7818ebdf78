import './streaming-ideas.css';
import { Tag } from '@blueprintjs/core';
import { Allow, parse } from 'partial-json';
import { useEffect, useMemo, useRef } from 'react';
import { useTypedText } from '../../../components/ui/typing-text';
import { categoryColor } from '../../../lib/category-color';

export type PartialIdea = { title: string; description: string; category?: string };
export type PartialIdeas = { categories: { id: string; name: string; color: string }[]; ideas: PartialIdea[] };

const empty: PartialIdeas = { categories: [], ideas: [] };
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What the streamed text says so far, read with an incremental JSON parser (partial-json): the
 * categories and, per idea, the title and description as far as they have arrived. Text before the
 * JSON (a code fence) is skipped; text that is not JSON gives nothing rather than an error.
 */
export function readPartialIdeas(text: string): PartialIdeas {
  const start = text.indexOf('{');
  if (start < 0) return empty;
  let value: unknown;
  try {
    value = parse(text.slice(start).replace(/```\s*$/, ''), Allow.ALL);
  } catch {
    return empty;
  }
  if (!isRecord(value)) return empty;
  const categories = (Array.isArray(value.categories) ? value.categories : [])
    .filter(isRecord)
    .filter((c) => typeof c.name === 'string' && c.name.length > 0)
    .map((c) => ({ id: String(c.id ?? c.name), name: String(c.name), color: typeof c.color === 'string' ? c.color : '' }));
  const ideas = (Array.isArray(value.ideas) ? value.ideas : [])
    .filter(isRecord)
    .filter((idea) => typeof idea.title === 'string' && idea.title.length > 0)
    .map((idea) => ({
      title: String(idea.title),
      description: typeof idea.description === 'string' ? idea.description : '',
      category: typeof idea.category === 'string' ? idea.category : undefined,
    }));
  return { categories, ideas };
}

/**
 * The generating screen's live view (spec §2): categories filling in and each idea's title and
 * description typing in as the stream brings them, never the JSON they travel in.
 */
export function StreamingIdeas({ text, complete }: { text: string; complete: boolean }) {
  const typed = useTypedText(text, complete);
  const { categories, ideas } = useMemo(() => readPartialIdeas(typed), [typed]);
  const box = useRef<HTMLDivElement>(null);

  // Follow the idea being written.
  useEffect(() => {
    const element = box.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [typed]);

  const nameOf = (id?: string) => categories.find((c) => c.id === id)?.name;

  return (
    <div ref={box} className="streaming-ideas" data-testid="streaming-ideas" aria-hidden="true">
      {categories.length > 0 ? (
        <div className="streaming-categories">
          {categories.map((category) => (
            <Tag key={category.id} round className="streaming-category" style={{ background: categoryColor(category) }}>
              {category.name}
            </Tag>
          ))}
        </div>
      ) : null}
      <ol className="streaming-idea-list">
        {ideas.map((idea, index) => {
          const writing = !complete && index === ideas.length - 1;
          return (
            <li key={index} className="streaming-idea" data-testid="streaming-idea">
              {nameOf(idea.category) ? <span className="streaming-idea-category">{nameOf(idea.category)}</span> : null}
              <strong className="streaming-idea-title">{idea.title}</strong>
              {idea.description ? <p className="streaming-idea-description">{idea.description}</p> : null}
              {writing ? <span className="typing-caret" /> : null}
            </li>
          );
        })}
      </ol>
      {ideas.length === 0 && !complete ? <span className="typing-caret" /> : null}
    </div>
  );
}
