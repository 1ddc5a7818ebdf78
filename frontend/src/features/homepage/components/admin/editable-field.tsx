import { createContext, type ElementType, type HTMLAttributes, type RefAttributes, useContext, useLayoutEffect, useRef } from 'react';
import { sanitizeRichText } from '../../../../lib/sanitize-html';
import type { FieldProps } from '../content-field';

export const FieldUpdateContext = createContext<(path: string, value: string) => void>(() => {});

/**
 * A text edited in place. The DOM owns the text while it is being edited; each blur stores it in the
 * local draft (spec §2), and a new value from outside (Cancel) is written back when not focused.
 */
export function EditableField({ path, value, as = 'span', rich, className, id }: FieldProps) {
  const update = useContext(FieldUpdateContext);
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

  // Any element the content asks for, treated as a plain HTML element (keeps the types small).
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
      aria-label={`Edit ${path}`}
      data-field={path}
      data-rich={rich ? 'true' : undefined}
      onBlur={(event: React.FocusEvent<HTMLElement>) => {
        const element = event.currentTarget;
        update(path, rich ? sanitizeRichText(element.innerHTML) : (element.textContent ?? ''));
      }}
      onKeyDown={(event: React.KeyboardEvent<HTMLElement>) => {
        if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          event.currentTarget.blur();
        }
        if (event.key === 'Escape') event.currentTarget.blur();
      }}
    />
  );
}
