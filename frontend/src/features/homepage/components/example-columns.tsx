import './example-columns.css';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { seededRandom } from '@contracts/seeded-random';
import { type ExampleCard, initialCards, newCard } from './example-cards';

const CARDS_PER_SIDE = 6;
const FADE_MS = 300;

/** Spec §4: every `intervalMs` one random card fades out, is replaced, and fades back in. */
function useRotatingColumn(intervalMs: number, onScreen: Set<string>, seed: number) {
  // The first cards are the same on the server's prerender and in the browser; rotation is random.
  const [cards, setCards] = useState<ExampleCard[]>(() => initialCards(CARDS_PER_SIDE, onScreen, seededRandom(seed)));
  const [fading, setFading] = useState<number | null>(null);
  const cardsRef = useRef(cards);
  useLayoutEffect(() => {
    cardsRef.current = cards;
  }, [cards]);

  useEffect(() => {
    let fadeTimer: ReturnType<typeof setTimeout> | undefined;
    const interval = setInterval(() => {
      const index = Math.floor(Math.random() * CARDS_PER_SIDE);
      setFading(index);
      fadeTimer = setTimeout(() => {
        const current = cardsRef.current;
        onScreen.delete(current[index]!.prompt);
        const card = newCard(onScreen, new Set(current.filter((_, i) => i !== index).map((c) => c.firstName)));
        onScreen.add(card.prompt);
        setCards(current.map((c, i) => (i === index ? card : c)));
        setFading(null);
      }, FADE_MS);
    }, intervalMs);
    return () => {
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
export function useExampleColumns() {
  const [onScreen] = useState(() => new Set<string>());
  const left = useRotatingColumn(4000, onScreen, 1);
  const right = useRotatingColumn(5000, onScreen, 2);
  return { left, right };
}

export function ExampleColumn(props: { side: 'left' | 'right'; column: ReturnType<typeof useRotatingColumn>; onPick?: (prompt: string) => void }) {
  return <Column side={props.side} cards={props.column.cards} fading={props.column.fading} onPick={props.onPick} />;
}
