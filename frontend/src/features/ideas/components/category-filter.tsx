import { Button } from '@blueprintjs/core';
import type { Category, Idea } from '@contracts/ideas';
import { categoryColor } from '../../../lib/category-color';

/** Spec §2: one chip per category with its idea count; a chip filters the cards, "All" shows every idea. */
export function CategoryFilter({
  categories,
  ideas,
  selected,
  onSelect,
}: {
  categories: Category[];
  ideas: Idea[];
  selected: string | null;
  onSelect: (categoryId: string | null) => void;
}) {
  const counts = new Map<string, number>();
  for (const idea of ideas) counts.set(idea.category, (counts.get(idea.category) ?? 0) + 1);
  return (
    <div className="category-filter" role="group" aria-label="Filter by category">
      <Button size="small" className="category-chip" active={selected === null} aria-pressed={selected === null} onClick={() => onSelect(null)}>
        All ({ideas.length})
      </Button>
      {categories
        .filter((category) => (counts.get(category.id) ?? 0) > 0)
        .map((category) => (
          <Button
            key={category.id}
            size="small"
            className="category-chip"
            active={selected === category.id}
            aria-pressed={selected === category.id}
            onClick={() => onSelect(selected === category.id ? null : category.id)}
          >
            <span className="category-dot" style={{ background: categoryColor(category) }} aria-hidden="true" />
            {category.name} ({counts.get(category.id)})
          </Button>
        ))}
    </div>
  );
}
