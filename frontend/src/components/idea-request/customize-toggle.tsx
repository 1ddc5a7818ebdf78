import { Button, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** The button that opens and closes the customization panel (`#customize-panel`), marked Pro only. */
export function CustomizeToggle({ open, onToggle, children }: { open: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <Button
      variant="minimal"
      icon="settings"
      endIcon={open ? 'chevron-up' : 'chevron-down'}
      onClick={onToggle}
      aria-expanded={open}
      aria-controls="customize-panel"
    >
      {children}{' '}
      <Tag minimal intent="warning" className="pro-only-tag">
        Pro accounts only
      </Tag>
    </Button>
  );
}
