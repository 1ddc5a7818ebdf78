import { Button, Card, Classes, NonIdealState } from '@blueprintjs/core';
import { categoryColour, type PlatformLinkDto } from '@contracts/platforms';
import { useState } from 'react';
import { LoadFailure } from '../../../components/ui/load-failure';
import { categoryColor } from '../../../lib/category-color';
import { isWebLink } from '../../../lib/web-link';
import { usePlatformLinks } from '../api/get-platform-links';

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
    <Card className="platform-card" data-testid="platform-card">
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
        <a className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} platform-card-visit`} href={link.url} target="_blank" rel="noopener noreferrer">
          Visit Platform
        </a>
      ) : null}
    </Card>
  );
}

/** The platform directory of /faqs: cards filtered by category chips ('All Platforms' and each distinct category). */
export function PlatformDirectory() {
  const links = usePlatformLinks();
  const [filter, setFilter] = useState(ALL);
  if (links.isPending) return <div className={Classes.SKELETON} style={{ height: 200 }} data-testid="platforms-loading" />;
  if (links.isError) return <LoadFailure title="Could not load the platforms" query={links} />;
  if (links.data.length === 0) return <NonIdealState icon="globe" title="No platforms yet" />;
  const categories = categoriesOf(links.data);
  const current = categories.includes(filter) ? filter : ALL;
  const shown = current === ALL ? links.data : links.data.filter((link) => link.category === current);
  return (
    <>
      <div className="platform-filters" role="group" aria-label="Filter platforms by category">
        {[ALL, ...categories].map((chip) => (
          <Button key={chip} small text={chip} active={chip === current} aria-pressed={chip === current} intent={chip === current ? 'primary' : 'none'} onClick={() => setFilter(chip)} />
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
