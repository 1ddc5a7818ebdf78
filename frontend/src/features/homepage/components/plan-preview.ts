import type { Idea } from '@contracts/ideas';

const firstSentence = (text: string) => {
  const match = /^.*?[.!?](\s|$)/.exec(text.trim());
  return (match ? match[0] : text).trim();
};

const withPeriod = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The landing's 7-day preview (spec §4): a week of first steps built from the idea's own fields, not
 * an AI answer (the full plan comes from the plan generator once signed up). Null when the idea has
 * too little to build from.
 */
export function sevenDayPreview(idea: Idea, categoryName?: string): string[] | null {
  const title = idea.title.trim();
  const description = idea.description.trim();
  if (!title || !description) return null;
  const market = idea.industry.trim() || categoryName?.trim() || 'market';
  return [
    withPeriod(`Write your offer in one sentence a customer would understand: "${title}"${idea.subtitle.trim() ? `, ${idea.subtitle.trim()}` : ''}`),
    `Look at the ${market} around you: find five people or businesses already paying for something like this, and note what they pay.`,
    idea.pricing.trim()
      ? withPeriod(`Set your starting price from the idea's range (${idea.pricing.trim()}) and write down what each option includes`)
      : 'Set a simple starting price and write down what it includes.',
    idea.method.trim()
      ? withPeriod(`Set up where you will sell and deliver: ${idea.method.trim()}`)
      : 'Set up one place where people can find your offer and contact you.',
    withPeriod(`Make one sample that shows the result you promise: ${firstSentence(description)}`),
    'Share the offer with ten people who fit it, and ask each for honest feedback.',
    'Improve the offer with what you heard, then ask for your first paying customer.',
  ];
}
