import { describe, expect, it } from 'vitest';
import { retypeEarlyText } from './retype-early-text';

function form() {
  const container = document.createElement('form');
  container.innerHTML = '<input id="name" value=""><textarea id="message"></textarea><input id="agree" type="checkbox">';
  document.body.replaceChildren(container);
  const field = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement;
  const type = (id: string, value: string) => {
    field(id).value = value;
    field(id).dispatchEvent(new Event('input', { bubbles: true }));
  };
  return { container, field, type };
}

describe('retypeEarlyText: what was typed before a page was live is typed again', () => {
  it('types again the text typed before hydration began and the text typed while it ran, the latest of each field', () => {
    const { container, field, type } = form();
    field('name').value = 'Vera';
    const retype = retypeEarlyText(container);
    // Typed while hydration runs: a field first filled now, and a field changed again.
    type('message', 'A partnership');
    type('name', 'Vera Visitor');
    // Hydration puts the app's own (empty) values back, without an input event.
    field('name').value = '';
    field('message').value = '';
    const heard: string[] = [];
    container.addEventListener('input', (event) => heard.push((event.target as HTMLInputElement).id));
    retype();
    expect(field('name').value).toBe('Vera Visitor');
    expect(field('message').value).toBe('A partnership');
    expect(heard.sort()).toEqual(['message', 'name']);
  });

  it('stops following once the page is live, and leaves untouched fields alone', () => {
    const { container, field, type } = form();
    const retype = retypeEarlyText(container);
    retype();
    type('name', 'typed to the live form');
    field('name').value = 'what the app then shows';
    const heard: string[] = [];
    container.addEventListener('input', (event) => heard.push((event.target as HTMLInputElement).id));
    retype();
    expect(field('name').value).toBe('what the app then shows');
    expect(heard).toEqual([]);
  });
});
