import type { ButtonHTMLAttributes, CSSProperties, ReactNode } from 'react';

/**
 * The few controls the public pages' islands (lib/islands) need, as plain elements with
 * Blueprint's class names: the same look as Blueprint's Button, Tag, Card and Collapse, without
 * Blueprint's code in a visitor's first load. Icons are the handful those islands show.
 */
const iconPaths = {
  moon: 'M15 11.38A7.84 7.84 0 0 1 7.85 16C3.51 16 0 12.49 0 8.15 0 4.97 1.89 2.23 4.62 1c-.45.99-.7 2.08-.7 3.23a7.85 7.85 0 0 0 7.85 7.85c1.15 0 2.24-.25 3.23-.7',
  flash:
    'M4 8c0-.55-.45-1-1-1H1c-.55 0-1 .45-1 1s.45 1 1 1h2c.55 0 1-.45 1-1m4-4c.55 0 1-.45 1-1V1c0-.55-.45-1-1-1S7 .45 7 1v2c0 .55.45 1 1 1M3.79 5.21a1.003 1.003 0 0 0 1.42-1.42l-1.5-1.5a1.003 1.003 0 0 0-1.42 1.42zm.71 5.29c-.28 0-.53.11-.71.29l-1.5 1.5a1.003 1.003 0 0 0 1.42 1.42l1.5-1.5a1.003 1.003 0 0 0-.71-1.71m7-5c.28 0 .53-.11.71-.29l1.5-1.5a1.003 1.003 0 0 0-1.42-1.42l-1.5 1.5a1.003 1.003 0 0 0 .71 1.71m.71 5.29a1.003 1.003 0 0 0-1.42 1.42l1.5 1.5a1.003 1.003 0 0 0 1.42-1.42zM15 7h-2c-.55 0-1 .45-1 1s.45 1 1 1h2c.55 0 1-.45 1-1s-.45-1-1-1M8 5C6.34 5 5 6.34 5 8s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3m0 4c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1m0 3c-.55 0-1 .45-1 1v2c0 .55.45 1 1 1s1-.45 1-1v-2c0-.55-.45-1-1-1',
  menu: 'M1 4h14c.55 0 1-.45 1-1s-.45-1-1-1H1c-.55 0-1 .45-1 1s.45 1 1 1m14 8H1c-.55 0-1 .45-1 1s.45 1 1 1h14c.55 0 1-.45 1-1s-.45-1-1-1m0-5H1c-.55 0-1 .45-1 1s.45 1 1 1h14c.55 0 1-.45 1-1s-.45-1-1-1',
  cross:
    'm9.41 8 3.29-3.29c.19-.18.3-.43.3-.71a1.003 1.003 0 0 0-1.71-.71L8 6.59l-3.29-3.3a1.003 1.003 0 0 0-1.42 1.42L6.59 8 3.3 11.29c-.19.18-.3.43-.3.71a1.003 1.003 0 0 0 1.71.71L8 9.41l3.29 3.29c.18.19.43.3.71.3a1.003 1.003 0 0 0 .71-1.71z',
  settings:
    'M3 1c0-.55-.45-1-1-1S1 .45 1 1v3h2zm0 4H1c-.55 0-1 .45-1 1v2c0 .55.45 1 1 1h2c.55 0 1-.45 1-1V6c0-.55-.45-1-1-1m12-4c0-.55-.45-1-1-1s-1 .45-1 1v2h2zM9 1c0-.55-.45-1-1-1S7 .45 7 1v6h2zM1 15c0 .55.45 1 1 1s1-.45 1-1v-5H1zM15 4h-2c-.55 0-1 .45-1 1v2c0 .55.45 1 1 1h2c.55 0 1-.45 1-1V5c0-.55-.45-1-1-1m-2 11c0 .55.45 1 1 1s1-.45 1-1V9h-2zM9 8H7c-.55 0-1 .45-1 1v2c0 .55.45 1 1 1h2c.55 0 1-.45 1-1V9c0-.55-.45-1-1-1m-2 7c0 .55.45 1 1 1s1-.45 1-1v-2H7z',
  'chevron-down':
    'M12 5c-.28 0-.53.11-.71.29L8 8.59l-3.29-3.3a1.003 1.003 0 0 0-1.42 1.42l4 4c.18.18.43.29.71.29s.53-.11.71-.29l4-4A1.003 1.003 0 0 0 12 5',
  'chevron-up':
    'm12.71 9.29-4-4C8.53 5.11 8.28 5 8 5s-.53.11-.71.29l-4 4a1.003 1.003 0 0 0 1.42 1.42L8 7.41l3.29 3.29c.18.19.43.3.71.3a1.003 1.003 0 0 0 .71-1.71',
  clean: 'm12 8-1.2 2.796-2.8 1.2 2.8 1.197L12 16l1.2-2.807L16 12l-2.8-1.204zM5 0 3.5 3.5 0 4.995 3.5 6.5 5 10l1.5-3.5L10 5 6.5 3.5z',
} as const;

export type PlainIconName = keyof typeof iconPaths;

/** A 16 px Blueprint icon, drawn inline. */
export function PlainIcon({ icon }: { icon: PlainIconName }) {
  return (
    <span aria-hidden="true" className={`bp6-icon bp6-icon-${icon}`}>
      <svg data-icon={icon} height="16" role="img" viewBox="0 0 16 16" width="16">
        <path d={iconPaths[icon]} fillRule="evenodd" />
      </svg>
    </span>
  );
}

type Intent = 'primary' | 'warning' | 'danger' | 'success';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** Blueprint's Button look on a plain <button>. */
export function PlainButton({
  icon,
  endIcon,
  intent,
  minimal,
  large,
  fill,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  icon?: PlainIconName;
  endIcon?: PlainIconName;
  intent?: Intent;
  minimal?: boolean;
  large?: boolean;
  fill?: boolean;
}) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled}
      tabIndex={disabled ? -1 : rest.tabIndex}
      className={classes(
        'bp6-button',
        disabled && 'bp6-disabled',
        intent && `bp6-intent-${intent}`,
        minimal && 'bp6-minimal',
        large && 'bp6-large',
        fill && 'bp6-fill',
        className,
      )}
    >
      {icon ? <PlainIcon icon={icon} /> : null}
      {children === undefined || children === null ? null : <span className="bp6-button-text">{children}</span>}
      {endIcon ? <PlainIcon icon={endIcon} /> : null}
    </button>
  );
}

/** Blueprint's Tag look (minimal) on a plain <span>. */
export function PlainTag({ intent, className, children }: { intent?: Intent; className?: string; children: ReactNode }) {
  return (
    <span className={classes('bp6-tag', intent && `bp6-intent-${intent}`, 'bp6-minimal', className)}>
      <span className="bp6-text-overflow-ellipsis bp6-fill">{children}</span>
    </span>
  );
}

/** Blueprint's Collapse without its animation: the content is shown or hidden at once. */
export function PlainCollapse({
  isOpen,
  keepChildrenMounted,
  className,
  children,
}: {
  isOpen: boolean;
  keepChildrenMounted?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const open: CSSProperties = { height: 'auto', overflowY: 'visible' };
  return (
    <div className={classes('bp6-collapse', className)} style={isOpen ? open : undefined}>
      <div className="bp6-collapse-body" aria-hidden={!isOpen}>
        {isOpen || keepChildrenMounted ? children : null}
      </div>
    </div>
  );
}
