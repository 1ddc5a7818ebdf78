import type { ReactNode } from 'react';
import { PlainButton, PlainTag } from '../plain/plain-ui';

/** The button that opens and closes the customization panel (`#customize-panel`), marked Pro only (plain elements: it is part of the landing page's island). */
export function CustomizeToggle({ open, onToggle, children }: { open: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <PlainButton minimal icon="settings" endIcon={open ? 'chevron-up' : 'chevron-down'} onClick={onToggle} aria-expanded={open} aria-controls="customize-panel">
      {children}{' '}
      <PlainTag intent="warning" className="pro-only-tag">
        Pro accounts only
      </PlainTag>
    </PlainButton>
  );
}
