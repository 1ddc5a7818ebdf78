import './editing.css';
import { Button, ButtonGroup, Divider } from '@blueprintjs/core';
import { useEffect, useState } from 'react';

/** Spec §2 editor colours. */
export const EDITOR_COLORS = [
  { name: 'Black', value: '#000000' },
  { name: 'Red', value: '#dc2626' },
  { name: 'Orange', value: '#ea580c' },
  { name: 'Yellow', value: '#ca8a04' },
  { name: 'Green', value: '#16a34a' },
  { name: 'Blue', value: '#2563eb' },
  { name: 'Purple', value: '#9333ea' },
  { name: 'Pink', value: '#db2777' },
] as const;
const GREEN = '#16a34a';

function richFieldOfSelection(): HTMLElement | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const node = selection.getRangeAt(0).commonAncestorContainer;
  const element = node instanceof HTMLElement ? node : node.parentElement;
  return element?.closest<HTMLElement>('[data-rich="true"]') ?? null;
}

function run(command: string, value?: string) {
  document.execCommand('styleWithCSS', false, 'true');
  document.execCommand(command, false, value);
}

/** A decorative green underline around the selection (execCommand has no such style). */
function decorativeUnderline() {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return;
  const range = selection.getRangeAt(0);
  const span = document.createElement('span');
  span.style.textDecorationLine = 'underline';
  span.style.textDecorationColor = GREEN;
  span.style.textDecorationThickness = '3px';
  span.style.textUnderlineOffset = '4px';
  span.appendChild(range.extractContents());
  range.insertNode(span);
  selection.removeAllRanges();
  const after = document.createRange();
  after.selectNodeContents(span);
  selection.addRange(after);
}

function clearFormatting() {
  run('removeFormat');
  // removeFormat leaves our underline spans; unwrap the ones inside the selection's field.
  const field = richFieldOfSelection();
  field?.querySelectorAll('span[style]').forEach((span) => {
    const selection = window.getSelection();
    if (selection && selection.rangeCount > 0 && selection.getRangeAt(0).intersectsNode(span)) {
      span.replaceWith(...Array.from(span.childNodes));
    }
  });
}

/**
 * The pricing formatting popup: it appears 10 ms after text is selected inside a pricing text
 * (spec §9) and applies green colour, decorative underline, bold, clear formatting or an editor colour.
 */
export function RichTextToolbar() {
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onSelection = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const field = richFieldOfSelection();
        if (!field) return setPosition(null);
        const rect = window.getSelection()!.getRangeAt(0).getBoundingClientRect();
        setPosition({ top: rect.top + window.scrollY - 52, left: Math.max(8, rect.left + window.scrollX) });
      }, 10);
    };
    document.addEventListener('selectionchange', onSelection);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('selectionchange', onSelection);
    };
  }, []);

  if (!position) return null;
  const keepSelection = (event: React.MouseEvent) => event.preventDefault();
  return (
    <div className="rich-toolbar bp6-elevation-3" style={{ top: position.top, left: position.left }} role="toolbar" aria-label="Text formatting" onMouseDown={keepSelection}>
      <ButtonGroup>
        <Button size="small" onClick={() => run('foreColor', GREEN)} title="Green colour">
          <span style={{ color: GREEN, fontWeight: 700 }}>A</span>
        </Button>
        <Button size="small" onClick={decorativeUnderline} title="Decorative underline">
          <span style={{ textDecoration: `underline ${GREEN} 3px`, textUnderlineOffset: 3 }}>U</span>
        </Button>
        <Button size="small" icon="bold" onClick={() => run('bold')} title="Bold" />
        <Button size="small" icon="eraser" onClick={clearFormatting} title="Clear formatting" />
      </ButtonGroup>
      <Divider />
      <div className="rich-toolbar-colors">
        {EDITOR_COLORS.map((color) => (
          <button
            key={color.value}
            type="button"
            className="color-swatch"
            style={{ background: color.value }}
            title={color.name}
            aria-label={color.name}
            onClick={() => run('foreColor', color.value)}
          />
        ))}
      </div>
    </div>
  );
}
