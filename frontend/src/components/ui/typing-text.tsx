import './typing-text.css';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * Reveals `text` a few characters per frame, as if typed. The pace follows the backlog, so a fast
 * stream is never left far behind; with reduced motion (or once `complete`) it shows everything.
 */
export function useTypedText(text: string, complete: boolean): string {
  const [shown, setShown] = useState(0);
  const target = useRef(text.length);
  useLayoutEffect(() => {
    target.current = text.length;
  }, [text.length]);
  const reduced = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

  useEffect(() => {
    if (reduced || complete) return;
    let frame = 0;
    const tick = () => {
      setShown((current) => {
        const backlog = target.current - current;
        return backlog <= 0 ? current : current + Math.max(1, Math.ceil(backlog / 12));
      });
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [reduced, complete]);

  return reduced || complete ? text : text.slice(0, shown);
}

/** A block of streamed text with a blinking caret while it is still being written. */
export function TypingText({ text, complete, className }: { text: string; complete: boolean; className?: string }) {
  const typed = useTypedText(text, complete);
  const box = useRef<HTMLPreElement>(null);

  // Follow the newest line, like a terminal.
  useEffect(() => {
    const element = box.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [typed]);

  return (
    <pre ref={box} className={`typing-text ${className ?? ''}`} aria-hidden="true" data-testid="typing-text">
      {typed}
      {complete ? null : <span className="typing-caret" />}
    </pre>
  );
}
