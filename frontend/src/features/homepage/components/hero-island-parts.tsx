import type { ComponentProps } from 'react';
import { HeroCustomizePanel } from './hero-customize-panel';
import { HeroIdeas } from './hero-ideas';
import { FullLoadRouter } from '../../../lib/islands/full-load-router';

/** The hero's on-demand parts for the landing page's island, inside a router whose navigations load pages (loaded by a dynamic import only). */
export function IslandCustomizePanel(props: ComponentProps<typeof HeroCustomizePanel>) {
  return (
    <FullLoadRouter>
      <HeroCustomizePanel {...props} />
    </FullLoadRouter>
  );
}

export function IslandHeroIdeas(props: ComponentProps<typeof HeroIdeas>) {
  return (
    <FullLoadRouter>
      <HeroIdeas {...props} />
    </FullLoadRouter>
  );
}
