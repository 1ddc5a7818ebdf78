import { categoryColour } from '@contracts/platform-categories';
import type { PlatformLinkDto } from '@contracts/platforms';
import { useState } from 'react';
import { PlainButton } from '../../../components/plain/plain-ui';
import { categoryColor } from '../../../lib/category-color';
import { isWebLink } from '../../../lib/web-link';

const ALL = 'All Platforms';

/** The §9 colour of a category badge, as the screens draw it. */
export const badgeColour = (category: string) => categoryColor({ id: category, color: categoryColour(category) });

function luminance(hex: string): number {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two hex colours. */
export const contrastRatio = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

const DARK_TEXT = '#1c2127';
/** White or dark text on a category colour, whichever reads better (at least 4.5:1 for every §9 colour). */
export const badgeTextColour = (background: string) => (contrastRatio(background, '#ffffff') >= contrastRatio(background, DARK_TEXT) ? '#ffffff' : DARK_TEXT);

/** The distinct categories of the links, in the order they first appear. */
export const categoriesOf = (links: readonly PlatformLinkDto[]) => [...new Set(links.map((link) => link.category))];

function PlatformCard({ link }: { link: PlatformLinkDto }) {
  const colour = badgeColour(link.category);
  return (
    <div className="bp6-card bp6-elevation-0 platform-card" data-testid="platform-card">
      <div className="platform-card-head">
        {link.logoUrl ? (
          <img className="platform-card-logo" src={link.logoUrl} alt="" loading="lazy" />
        ) : (
          <span className="platform-card-initial" style={{ background: colour, color: badgeTextColour(colour) }} aria-hidden="true">
            {link.platformName.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <h3>{link.platformName}</h3>
      </div>
      <span className="platform-card-badge" style={{ background: colour, color: badgeTextColour(colour) }} data-testid="platform-category">
        {link.category}
      </span>
      {link.description ? <p>{link.description}</p> : null}
      {isWebLink(link.url) ? (
        <a className="bp6-button bp6-intent-primary platform-card-visit" href={link.url} target="_blank" rel="noopener noreferrer">
          Visit Platform
        </a>
      ) : null}
    </div>
  );
}

/**
 * The platform directory of /faqs: cards filtered by category chips ('All Platforms' and each
 * distinct category). Plain elements with Blueprint's classes, so a visitor's page hydrates it as
 * an island (faqs-islands.tsx) without Blueprint; the app draws the same view (platform-directory.tsx).
 */
export function PlatformDirectoryView({ links }: { links: readonly PlatformLinkDto[] }) {
  const [filter, setFilter] = useState(ALL);
  const categories = categoriesOf(links);
  const current = categories.includes(filter) ? filter : ALL;
  const shown = current === ALL ? links : links.filter((link) => link.category === current);
  return (
    <>
      <div className="platform-filters" role="group" aria-label="Filter platforms by category">
        {[ALL, ...categories].map((chip) => (
          <PlainButton key={chip} small active={chip === current} aria-pressed={chip === current} intent={chip === current ? 'primary' : undefined} onClick={() => setFilter(chip)}>
            {chip}
          </PlainButton>
        ))}
      </div>
      <ul className="platform-grid">
        {shown.map((link) => (
          <li key={link.id}>
            <PlatformCard link={link} />
          </li>
        ))}
      </ul>
    </>
  );
}
