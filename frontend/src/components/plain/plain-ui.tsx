import type { ButtonHTMLAttributes, CSSProperties, InputHTMLAttributes, ReactNode } from 'react';

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
  'error':
    'M7.99-.01c-4.42 0-8 3.58-8 8s3.58 8 8 8 8-3.58 8-8-3.58-8-8-8m1 13h-2v-2h2zm0-3h-2v-7h2z',
  'tick-circle':
    'M8 16c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8m4-11c-.28 0-.53.11-.71.29L7 9.59l-2.29-2.3a1.003 1.003 0 0 0-1.42 1.42l3 3c.18.18.43.29.71.29s.53-.11.71-.29l5-5A1.003 1.003 0 0 0 12 5',
  'arrow-left':
    'M13.99 6.99H4.41L7.7 3.7a1.003 1.003 0 0 0-1.42-1.42l-5 5a1.014 1.014 0 0 0 0 1.42l5 5a1.003 1.003 0 0 0 1.42-1.42L4.41 8.99H14c.55 0 1-.45 1-1s-.46-1-1.01-1',
  'star':
    'm8 0 2.5 5.3 5.5.8-4 4.1.9 5.8L8 13.3 3.1 16l.9-5.8-4-4.1 5.5-.8z',
  'send-message':
    'M15.399 9.01 1.527 15.875c-.535.267-1.175.081-1.421-.427A.95.95 0 0 1 0 15v-5l8-2-8-2V1c0-.528.407-1 1.004-1 .169 0 .416.04.567.116L15.403 7.07a1.084 1.084 0 0 1-.005 1.939',
} as const;

/** Icons drawn at 20 px and over (Blueprint's larger glyphs). */
const largeIconPaths = {
  'tick-circle':
    'M10 20C4.48 20 0 15.52 0 10S4.48 0 10 0s10 4.48 10 10-4.48 10-10 10m5-14c-.28 0-.53.11-.71.29L8 12.59l-2.29-2.3a1.003 1.003 0 0 0-1.42 1.42l3 3c.18.18.43.29.71.29s.53-.11.71-.29l7-7A1.003 1.003 0 0 0 15 6',
  lightbulb:
    'M6.33 13.39c0 .34.27.61.6.61h6.13c.33 0 .6-.27.6-.61C14.03 9.78 16 9.4 16 6.09 16 2.72 13.31 0 10 0S4 2.72 4 6.09c0 3.31 1.97 3.69 2.33 7.3M13 15H7c-.55 0-1 .45-1 1s.45 1 1 1h6c.55 0 1-.45 1-1s-.45-1-1-1m-1 3H8c-.55 0-1 .45-1 1s.45 1 1 1h4c.55 0 1-.45 1-1s-.45-1-1-1',
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

/** A Blueprint icon drawn from its 20 px glyph at `size` px (a non-ideal state's 48). */
export function PlainLargeIcon({ icon, size, muted }: { icon: keyof typeof largeIconPaths; size: number; muted?: boolean }) {
  return (
    <span aria-hidden="true" className={classes('bp6-icon', `bp6-icon-${icon}`, muted && 'bp6-icon-muted')}>
      <svg data-icon={icon} height={size} role="img" viewBox="0 0 20 20" width={size}>
        <path d={largeIconPaths[icon]} fillRule="evenodd" />
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
  small,
  active,
  fill,
  className,
  disabled,
  children,
  type = 'button',
  loading,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Busy (a form being sent): disabled until it is done. */
  loading?: boolean;
  icon?: PlainIconName;
  endIcon?: PlainIconName;
  intent?: Intent;
  minimal?: boolean;
  large?: boolean;
  small?: boolean;
  /** Drawn pressed (a filter chip that is on). */
  active?: boolean;
  fill?: boolean;
}) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      tabIndex={disabled ? -1 : rest.tabIndex}
      className={classes(
        'bp6-button',
        (disabled || loading) && 'bp6-disabled',
        intent && `bp6-intent-${intent}`,
        minimal && 'bp6-minimal',
        large && 'bp6-large',
        small && 'bp6-small',
        active && 'bp6-active',
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

/** Blueprint's Callout look: an intent, an icon, and its message (`role` "alert" for a form's error). */
export function PlainCallout({
  intent,
  icon,
  className,
  role,
  children,
}: {
  intent: Intent;
  icon?: PlainIconName;
  className?: string;
  role?: 'alert' | 'status';
  children: ReactNode;
}) {
  return (
    <div className={classes('bp6-callout', `bp6-intent-${intent}`, className, 'bp6-callout-has-body-content', icon && 'bp6-callout-icon')} role={role}>
      {icon ? <PlainIcon icon={icon} /> : null}
      {children}
    </div>
  );
}

/** Blueprint's labelled large input (FormGroup with InputGroup) on a plain <input>, left uncontrolled. */
export function PlainTextField({
  label,
  name,
  invalid,
  type = 'text',
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> & { label: string; name: string; invalid?: boolean; type?: 'text' | 'email' | 'password' }) {
  const id = `field-${name}`;
  return (
    <div className="bp6-form-group">
      <label className="bp6-label" htmlFor={id}>
        {label}
      </label>
      <div className="bp6-form-content">
        <div className={classes('bp6-input-group', 'bp6-large', invalid && 'bp6-intent-danger')}>
          <input {...rest} id={id} name={name} type={type} className="bp6-input" aria-invalid={invalid || undefined} />
        </div>
      </div>
    </div>
  );
}
