import './example-columns.css';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { CARDS_PER_SIDE, type ExampleCard, type FirstExamples, loadExamplePool, newCard } from './example-cards';

const FADE_MS = 300;

/** Spec §4: every `intervalMs` one random card fades out, is replaced, and fades back in. */
function useRotatingColumn(intervalMs: number, onScreen: Set<string>, first: ExampleCard[]) {
  // The first cards are the server's (the same in the browser); rotation is random, from the pool loaded once live.
  const [cards, setCards] = useState<ExampleCard[]>(first);
  const [fading, setFading] = useState<number | null>(null);
  const cardsRef = useRef(cards);
  useLayoutEffect(() => {
    cardsRef.current = cards;
  }, [cards]);

  useEffect(() => {
    let fadeTimer: ReturnType<typeof setTimeout> | undefined;
    let interval: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    void loadExamplePool().then((pool) => {
      if (stopped) return;
      interval = setInterval(() => {
        const index = Math.floor(Math.random() * CARDS_PER_SIDE);
        setFading(index);
        fadeTimer = setTimeout(() => {
          const current = cardsRef.current;
          onScreen.delete(current[index]!.prompt);
          const card = newCard(pool, onScreen, new Set(current.filter((_, i) => i !== index).map((c) => c.firstName)));
          onScreen.add(card.prompt);
          setCards(current.map((c, i) => (i === index ? card : c)));
          setFading(null);
        }, FADE_MS);
      }, intervalMs);
    });
    return () => {
      stopped = true;
      clearInterval(interval);
      clearTimeout(fadeTimer);
    };
  }, [intervalMs, onScreen]);

  return { cards, fading };
}

function Column({ side, cards, fading, onPick }: { side: 'left' | 'right'; cards: ExampleCard[]; fading: number | null; onPick?: (prompt: string) => void }) {
  return (
    <aside className={`examples examples-${side}`} aria-label={`Users recently asked (${side})`} data-testid={`examples-${side}`}>
      <h2 className="examples-title">Users recently asked</h2>
      <ul className="examples-list">
        {cards.map((card, index) => (
          // Keyed by slot so the same element fades out and back in around the swap.
          <li key={index} className={`example-card ${fading === index ? 'is-fading' : ''}`}>
            <button type="button" className="example-card-button" onClick={() => onPick?.(card.prompt)} disabled={!onPick}>
              <InitialsAvatar name={card.firstName} size={32} />
              <span className="example-card-body">
                <span className="example-card-meta">
                  <span className="example-card-name">{card.firstName}</span>
                  <span className="example-card-time">{card.timeAgo}</span>
                </span>
                <span className="example-card-prompt">“{card.prompt}”</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** The two "Users recently asked" columns: left swaps a card every 4 s, right every 5 s. */
export function useExampleColumns(first: FirstExamples) {
  const [onScreen] = useState(() => new Set([...first.left, ...first.right].map((card) => card.prompt)));
  const left = useRotatingColumn(4000, onScreen, first.left);
  const right = useRotatingColumn(5000, onScreen, first.right);
  return { left, right };
}

export function ExampleColumn(props: { side: 'left' | 'right'; column: ReturnType<typeof useRotatingColumn>; onPick?: (prompt: string) => void }) {
  return <Column side={props.side} cards={props.column.cards} fading={props.column.fading} onPick={props.onPick} />;
}
