import './upsell-screen.css';
import { Button, Callout, Card, Classes, Tag } from '@blueprintjs/core';
import { proPrice } from '@contracts/billing';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailure } from '../../../components/ui/load-failure';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { useOffer } from '../api/get-offer';
import { useResetOnPageRestore } from '../use-reset-on-page-restore';
import { money, timeLeft } from './billing-format';
import { OfferCountdown } from './offer-countdown';
import { FeatureLists, PlanComparison } from './pro-features';
import { UpsellFaq } from './upsell-faq';

type Pressed = 'start' | 'claim';

/** The clock, ticking every second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The Pro upgrade page (spec §2 Upsell, §4 upsell checkout, §8, §9): the welcome offer's countdown,
 * $9.99/month against $19.99, what Pro includes, Free vs Pro, quick answers, and two ways into
 * checkout; "Continue with Free" goes back to the dashboard. Once the offer has ended the page says
 * so and shows the price checkout charges (the one Pro price, `offer.amount`) alone: with the offer
 * over, no crossed-out list price claims a discount; "Claim Welcome Offer" goes too.
 */
export function UpsellScreen() {
  const offer = useOffer();
  const now = useNow();
  // Rendered on the server for a member (contracts/page-routes.ts `memberPrerenderedPages`), the
  // countdown shows the time left when the page was drawn, and ticks once the app is live (it
  // starts when the member reaches for the page); its figures may differ at hydration.
  const checkout = useCreateCheckoutSession();
  const [pressed, setPressed] = useState<Pressed | null>(null);

  const price = offer.data ?? proPrice;
  const left = offer.data ? timeLeft(offer.data.endsAt, now) : null;
  const ended = offer.data !== undefined && left === null;
  const perInterval = `/${price.interval}`;
  // Waiting for the answer, or leaving for the checkout page: neither button can start another.
  const busy = checkout.isPending || checkout.isSuccess;
  // Back from the checkout page, restored as it was left: the buttons are idle again.
  useResetOnPageRestore(checkout.reset);

  const start = (which: Pressed) => {
    setPressed(which);
    checkout.mutate();
  };
  const label = (which: Pressed, text: string) => (busy && pressed === which ? 'Loading...' : text);

  return (
    <div className="page upsell">
      <header className="upsell-hero">
        <Tag intent="warning" icon="star" size="large" round>
          Skilly Pro
        </Tag>
        <h1 className="page-title">Upgrade to Pro</h1>
        <p className="upsell-lead muted">More ideas, more plans and more help every month, with the tools to make every idea yours.</p>
      </header>

      <Card className="upsell-offer" elevation={2} role="region" aria-labelledby="upsell-offer-title">
        <h2 id="upsell-offer-title" className="upsell-offer-title">
          {ended ? 'Skilly Pro' : 'Welcome Offer'}
        </h2>
        {offer.isPending ? (
          <div className={`${Classes.SKELETON} offer-countdown-skeleton`} data-testid="offer-loading" />
        ) : offer.isError ? (
          <LoadFailure title="Could not load the offer" query={offer} primary={false} />
        ) : ended ? (
          <Callout intent="none" icon="time" className="upsell-ended" title="The welcome offer has ended" />
        ) : left ? (
          <>
            <p className="upsell-countdown-caption">Offer ends in</p>
            <OfferCountdown left={left} />
          </>
        ) : null}

        <p className="upsell-price" data-testid="upsell-price">
          <strong>{money(price.amount, price.currency)}</strong>
          <span>{perInterval}</span>
          {ended ? null : (
            <s className="upsell-list-price" aria-label={`Regular price ${money(price.listAmount, price.currency)}`}>
              {money(price.listAmount, price.currency)}
            </s>
          )}
        </p>

        <div className="upsell-actions">
          <Button intent="primary" size="large" icon={busy && pressed === 'start' ? undefined : 'star'} disabled={busy} onClick={() => start('start')}>
            {label('start', 'Get Started with Pro')}
          </Button>
          {ended ? null : (
            <Button intent="success" size="large" variant="outlined" disabled={busy} onClick={() => start('claim')}>
              {label('claim', 'Claim Welcome Offer')}
            </Button>
          )}
        </div>
        <Link className="upsell-free-link" to="/dashboard">
          Continue with Free
        </Link>
        <p className="upsell-fine-print muted">Cancel any time. Refund within 7 days by contacting support.</p>
      </Card>

      <section className="upsell-section" aria-labelledby="upsell-features-title">
        <h2 id="upsell-features-title">What you get</h2>
        <FeatureLists />
      </section>

      <section className="upsell-section" aria-labelledby="upsell-compare-title">
        <h2 id="upsell-compare-title">Free vs Pro</h2>
        <PlanComparison proPrice={`${money(price.amount, price.currency)}${perInterval}`} />
      </section>

      <UpsellFaq />
    </div>
  );
}
