import { type ComponentType, createContext, createElement, type JSX, useContext } from 'react';
import { sanitizeRichText } from '../../../lib/sanitize-html';

export type FieldProps = {
  /** Dotted path into the homepage content, e.g. "pricing.tiers.1.price". */
  path: string;
  value: string;
  as?: keyof JSX.IntrinsicElements;
  /** Pricing texts may hold the toolbar's HTML (colour, underline, bold). */
  rich?: boolean;
  className?: string;
  id?: string;
};

/**
 * Admin edit mode swaps in an editable renderer (loaded lazily with the admin code); everyone else gets
 * plain text, and only this file is in the visitor's bundle.
 */
export const FieldRendererContext = createContext<ComponentType<FieldProps> | null>(null);

export const useIsEditing = () => useContext(FieldRendererContext) !== null;

export function Field(props: FieldProps) {
  const Editable = useContext(FieldRendererContext);
  if (Editable) return createElement(Editable, props);
  const { as: Tag = 'span', value, rich, className, id } = props;
  if (rich) return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: sanitizeRichText(value) }} />;
  return (
    <Tag id={id} className={className}>
      {value}
    </Tag>
  );
}

/** In edit mode a button's label is edited in place, so the button becomes an inert look-alike. */
export function EditableButtonLook({ children, primary, large }: { children: React.ReactNode; primary?: boolean; large?: boolean }) {
  return (
    <div
      className={`bp6-button ${primary ? 'bp6-intent-primary' : 'bp6-outlined'} ${large ? 'bp6-large' : ''} editable-button`}
    >
      <span className="bp6-button-text">{children}</span>
    </div>
  );
}
