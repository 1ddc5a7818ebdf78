import './social-icons.css';
import type { ReactElement } from 'react';

/** Simple local glyphs: no icon font, no third-party requests. */
const glyphs: Record<SocialNetwork, ReactElement> = {
  facebook: <path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v7h4v-7H17l.6-4h-4.1V8.7c0-.4.2-.7.5-.7z" />,
  instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.2" cy="6.8" r="1.2" />
    </>
  ),
  tiktok: <path d="M15.5 3c.4 2.5 2 4.1 4.5 4.3v3.3c-1.7 0-3.2-.5-4.5-1.4V15a6 6 0 1 1-6-6v3.3a2.7 2.7 0 1 0 2.6 2.7V3z" />,
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="M10 9v6l5.2-3z" fill="var(--social-icon-contrast, #fff)" />
    </>
  ),
  twitter: <path d="M4 4h4.2l4.1 5.6L17.3 4H20l-6.4 7.3L20.5 20h-4.2l-4.5-6.1L6.4 20H3.7l6.8-7.7z" />,
};

export type SocialNetwork = 'facebook' | 'instagram' | 'tiktok' | 'youtube' | 'twitter';

const labels: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  twitter: 'Twitter',
};

const urls: Record<SocialNetwork, string> = {
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/',
  tiktok: 'https://www.tiktok.com/',
  youtube: 'https://www.youtube.com/',
  twitter: 'https://twitter.com/',
};

export function SocialLinks({ networks, className }: { networks: SocialNetwork[]; className?: string }) {
  return (
    <ul className={`social-links ${className ?? ''}`}>
      {networks.map((network) => (
        <li key={network}>
          <a href={urls[network]} target="_blank" rel="noopener noreferrer" aria-label={labels[network]} title={labels[network]}>
            <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true">
              {glyphs[network]}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
