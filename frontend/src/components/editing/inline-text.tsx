import './editing.css';
import { type ElementType, type HTMLAttributes, type RefAttributes, useLayoutEffect, useRef } from 'react';
import { sanitizeRichText } from '../../lib/sanitize-html';

/**
 * A text an admin edits in place on a public page (company, contact): the DOM owns the text while
 * it is focused, each blur commits it to the page's local draft, and a new value from outside
 * (Cancel, a save) is written back when not focused. A rich text keeps the toolbar's formatting
 * (`RichTextToolbar` finds it by `data-rich`), sanitised.
 */
export function InlineText({
  value,
  onCommit,
  label,
  as = 'span',
  rich,
  className,
  id,
  field,
}: {
  value: string;
  onCommit: (value: string) => void;
  label: string;
  as?: keyof React.JSX.IntrinsicElements;
  rich?: boolean;
  className?: string;
  id?: string;
  /** The content path it edits (`data-field`), for the page's tests and toolbar. */
  field?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || document.activeElement === element) return;
    if (rich) {
      const html = sanitizeRichText(value);
      if (element.innerHTML !== html) element.innerHTML = html;
    } else if (element.textContent !== value) {
      element.textContent = value;
    }
  }, [value, rich]);

  const Tag = as as ElementType<HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement>>;
  return (
    <Tag
      ref={ref}
      id={id}
      className={`${className ?? ''} editable-field`}
      contentEditable={rich ? true : 'plaintext-only'}
      suppressContentEditableWarning
      spellCheck
      role="textbox"
      aria-label={label}
      data-field={field}
      data-rich={rich ? 'true' : undefined}
      onBlur={(event: React.FocusEvent<HTMLElement>) => {
        const element = event.currentTarget;
        onCommit(rich ? sanitizeRichText(element.innerHTML) : (element.textContent ?? ''));
      }}
      onKeyDown={(event: React.KeyboardEvent<HTMLElement>) => {
        // Enter commits (Shift+Enter is a line break in a rich text); Escape leaves.
        if (event.key === 'Escape' || (event.key === 'Enter' && !event.shiftKey)) {
          event.preventDefault();
          event.currentTarget.blur();
        }
      }}
    />
  );
}
