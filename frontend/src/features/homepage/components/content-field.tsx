import { type ComponentType, createContext, createElement, type JSX, useContext, useEffect, useState } from 'react';

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
  if (rich) return <RichText as={Tag} id={id} className={className} value={value} />;
  return (
    <Tag id={id} className={className}>
      {value}
    </Tag>
  );
}

type Sanitize = (html: string) => string;
let sanitizer: Promise<Sanitize> | undefined;
/** DOMPurify is loaded only when a field holds markup: rich fields sit below the fold (pricing). */
const loadSanitizer = () => (sanitizer ??= import('../../../lib/sanitize-html').then((m) => m.sanitizeRichText));
const hasMarkup = (html: string) => /[<&]/.test(html);

function RichText({ as: Tag, value, ...rest }: { as: keyof JSX.IntrinsicElements; value: string; id?: string; className?: string }) {
  const [sanitized, setSanitized] = useState<{ from: string; html: string } | null>(null);
  useEffect(() => {
    if (!hasMarkup(value)) return;
    let current = true;
    void loadSanitizer().then((sanitize) => current && setSanitized({ from: value, html: sanitize(value) }));
    return () => {
      current = false;
    };
  }, [value]);
  if (!hasMarkup(value)) return <Tag {...rest}>{value}</Tag>;
  // Until the sanitiser has run, markup is never injected: the field stays empty for that moment.
  const html = sanitized?.from === value ? sanitized.html : '';
  return <Tag {...rest} dangerouslySetInnerHTML={{ __html: html }} />;
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
