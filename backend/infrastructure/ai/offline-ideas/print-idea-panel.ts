import { defaultAiSettings } from '../../../application/ai/ai-settings';
import { buildIdeaPromptInput } from '../../../application/ai/idea-prompt';
import { parseGeneratedIdeas } from '../../../application/ai/parse-ideas';
import { OfflineIdeaGenerator } from '../offline-idea-generator';
import { visitorSample } from './idea-panel';

/**
 * Prints the offline ideas for skill sentences as a visitor sees them (titles and one-line
 * descriptions, by category), in Markdown:
 *
 *   npx tsx backend/infrastructure/ai/offline-ideas/print-idea-panel.ts [sentence …] > ideas-panel.md
 *
 * Without arguments it prints the ten sentences of `visitorSample`.
 */
async function main(sentences: string[]) {
  const generator = new OfflineIdeaGenerator({ chunkDelayMs: 0 });
  const out: string[] = ['# Offline ideas, as a visitor sees them', ''];
  for (const skill of sentences) {
    const input = buildIdeaPromptInput(defaultAiSettings, { skill }, { personalized: false });
    const { text } = await generator.generateIdeas(input, () => {});
    const ideas = parseGeneratedIdeas(text, input.categories);
    out.push(`## "${skill}"`, '');
    for (const category of ideas.categories) {
      out.push(`**${category.name}**`, '');
      for (const idea of ideas.ideas.filter((i) => i.category === category.id)) {
        out.push(`- **${idea.title}**: ${idea.subtitle}. ${idea.description.split(/(?<=\.)\s/)[0]}`);
      }
      out.push('');
    }
  }
  process.stdout.write(out.join('\n'));
}

void main(process.argv.length > 2 ? process.argv.slice(2) : visitorSample);
