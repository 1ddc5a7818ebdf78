import type { CountdownParts } from './billing-format';

const units: { key: keyof CountdownParts; one: string; many: string }[] = [
  { key: 'days', one: 'Day', many: 'Days' },
  { key: 'hours', one: 'Hour', many: 'Hours' },
  { key: 'minutes', one: 'Minute', many: 'Minutes' },
  { key: 'seconds', one: 'Second', many: 'Seconds' },
];

/**
 * Spec §2 Upsell: the time left on the welcome offer, in days, hours, minutes and seconds. Drawn
 * on the server at the time it renders, so the browser's first render (a little later) may show
 * other figures: those two texts are allowed to differ at hydration, and the clock's next tick
 * puts the browser's time in.
 */
export function OfferCountdown({ left }: { left: CountdownParts }) {
  return (
    <div className="offer-countdown" role="timer" aria-label="Offer ends in" data-testid="offer-countdown">
      {units.map(({ key, one, many }) => (
        <div key={key} className="offer-countdown-unit" data-unit={key}>
          <span className="offer-countdown-value" suppressHydrationWarning>{String(left[key]).padStart(2, '0')}</span>
          <span className="offer-countdown-label" suppressHydrationWarning>{left[key] === 1 ? one : many}</span>
        </div>
      ))}
    </div>
  );
}
