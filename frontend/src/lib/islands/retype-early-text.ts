/**
 * Text typed into a prerendered page before it was hydrated: hydration puts the app's own value
 * back into its (controlled) fields, so what was typed is kept here and typed again, as input
 * events the forms hear, by the function returned, once the page is live.
 */
export function retypeEarlyText(container: ParentNode): () => void {
  const typed = [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')]
    .filter((field) => field.type !== 'checkbox' && field.type !== 'radio' && field.value !== field.defaultValue)
    .map((field) => [field.id, field.value] as const);
  return () => {
    for (const [id, value] of typed) {
      const field = document.getElementById(id);
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
      // React notices a change by comparing the field with the value it last saw (set through the
      // field itself); the prototype's setter changes the text without telling it, so onChange runs.
      field.value = '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
}
