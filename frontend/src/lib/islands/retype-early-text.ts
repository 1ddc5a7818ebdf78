type TextField = HTMLInputElement | HTMLTextAreaElement;

const isTextField = (node: EventTarget | null): node is TextField =>
  (node instanceof HTMLInputElement && node.type !== 'checkbox' && node.type !== 'radio') || node instanceof HTMLTextAreaElement;

/**
 * Text typed into a prerendered page before it was live: hydration puts the app's own value
 * back into its (controlled) fields, so what was typed is kept here and typed again, as input
 * events the forms hear, by the function returned, once the page is live. What is typed while
 * hydration runs (it yields to the browser, and a visitor or a browser test keeps typing) is
 * followed until then, so the latest text of every field is the one typed again. Call the
 * function outside React's commit (not within an effect's own run): there a controlled field's
 * update is not rendered before React puts the field back to the value it last rendered.
 */
export function retypeEarlyText(container: ParentNode): () => void {
  const typed = new Map<string, string>();
  for (const field of container.querySelectorAll<TextField>('input[id], textarea[id]')) {
    if (isTextField(field) && field.value !== field.defaultValue) typed.set(field.id, field.value);
  }
  const follow = (event: Event) => {
    if (isTextField(event.target) && event.target.id) typed.set(event.target.id, event.target.value);
  };
  container.addEventListener('input', follow, true);
  return () => {
    container.removeEventListener('input', follow, true);
    for (const [id, value] of typed) {
      const field = document.getElementById(id);
      if (!isTextField(field)) continue;
      // React notices a change by comparing the field with the value it last saw (set through the
      // field itself); the prototype's setter changes the text without telling it, so onChange runs.
      field.value = '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
}
