import { defaultAiSettings } from '../../../application/ai/ai-settings';
import { buildIdeaPromptInput } from '../../../application/ai/idea-prompt';
import { parseGeneratedIdeas } from '../../../application/ai/parse-ideas';
import { OfflineIdeaGenerator } from '../offline-idea-generator';
import { classifySkill } from './skill-kinds';
import { reviewPanel } from './review-panel';

/**
 * Prints the offline ideas for the sentences of the review panel (issue 51), as a visitor sees them
 * on the embedded default (default AI settings, a visitor's request: the skill alone, not
 * personalized), one line per idea: category · title · subtitle · first sentence of the description.
 *
 *   node --import tsx backend/infrastructure/ai/offline-ideas/print-review-panel.ts [--full] [sentence …]
 *
 * Without sentences it prints every sentence of `reviewPanel`, numbered as in the panel. `--full`
 * prints whole descriptions (to read for a description about another channel, or two ideas that
 * share one). Deterministic: the offline generator is seeded by the request.
 */
async function main(args: string[]) {
  const full = args.includes('--full');
  const given = args.filter((a) => a !== '--full');
  const panel = given.length > 0 ? given.map((sentence) => ({ sentence, kind: undefined as string | undefined })) : reviewPanel;
  const generator = new OfflineIdeaGenerator({ chunkDelayMs: 0 });
  const out: string[] = ['# Offline ideas for the review panel, as a visitor sees them', ''];
  for (const [n, { sentence, kind }] of panel.entries()) {
    const input = buildIdeaPromptInput(defaultAiSettings, { skill: sentence }, { personalized: false });
    const { text } = await generator.generateIdeas(input, () => {});
    const ideas = parseGeneratedIdeas(text, input.categories);
    const reading = classifySkill(sentence);
    const skills = reading.skills.map((s) => `${s.name} [${s.kinds.join(', ')}] on "${s.matched ?? '(no lexicon term)'}"`).join('; ');
    out.push(`## ${n + 1}. "${sentence}"${kind ? ` (${kind})` : ''}`, '', `Read as: ${skills}${reading.market ? `; market: ${reading.market.phrase}` : ''}`, '');
    let i = 0;
    for (const category of ideas.categories) {
      for (const idea of ideas.ideas.filter((x) => x.category === category.id)) {
        const description = full ? idea.description : idea.description.split(/(?<=[.!?])\s/)[0];
        out.push(`${++i}. ${category.name} · ${idea.title} · ${idea.subtitle} · ${description}`);
      }
    }
    out.push('');
  }
  process.stdout.write(out.join('\n'));
}

void main(process.argv.slice(2));
