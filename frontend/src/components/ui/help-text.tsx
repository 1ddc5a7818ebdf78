/**
 * A task's AI help as the member reads it (spec §4) and the admin's plan modal shows it: the AI
 * marks key words with **double asterisks**, shown bold; everything else is plain text (never HTML).
 */
export function HelpText({ text }: { text: string }) {
  return text.split(/(\*\*[^*\n]+\*\*)/).map((part, index) =>
    /^\*\*[^*\n]+\*\*$/.test(part) ? <strong key={index}>{part.slice(2, -2)}</strong> : part,
  );
}
