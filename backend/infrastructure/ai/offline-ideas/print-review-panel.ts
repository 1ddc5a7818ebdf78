import { defaultAiSettings } from '../../../application/ai/ai-settings';
import { buildIdeaPromptInput } from '../../../application/ai/idea-prompt';
import { parseGeneratedIdeas } from '../../../application/ai/parse-ideas';
import { OfflineIdeaGenerator } from '../offline-idea-generator';
import { ideaPanel } from './idea-panel';
import { mechanicalFaults, type MechanicalRule } from './mechanical-rules';
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
 *
 *   node --import tsx backend/infrastructure/ai/offline-ideas/print-review-panel.ts --count [--faults]
 *
 * `--count` counts, over every sentence of both panels (this one and `ideaPanel`, issue 30), the
 * ideas that break each mechanical rule (mechanical-rules.ts); `--faults` lists each fault.
 */
async function count(listFaults: boolean) {
  const generator = new OfflineIdeaGenerator({ chunkDelayMs: 0 });
  const rules: MechanicalRule[] = ['channel', 'duplicate', 'case', 'wording'];
  const out: string[] = [];
  const panels = { 'review panel (issue 51)': reviewPanel.map((p) => p.sentence), 'idea panel (issue 30)': ideaPanel.map((p) => p.sentence) };
  for (const [name, sentences] of Object.entries(panels)) {
    const ideasAt = Object.fromEntries(rules.map((r) => [r, 0])) as Record<MechanicalRule, number>;
    const sentencesAt = { ...ideasAt };
    let total = 0;
    for (const sentence of sentences) {
      const input = buildIdeaPromptInput(defaultAiSettings, { skill: sentence }, { personalized: false });
      const { text } = await generator.generateIdeas(input, () => {});
      const { ideas } = parseGeneratedIdeas(text, input.categories);
      total += ideas.length;
      const faults = mechanicalFaults(sentence, ideas);
      for (const rule of rules) {
        const at = new Set(faults.filter((f) => f.rule === rule).map((f) => f.idea));
        ideasAt[rule] += at.size;
        if (at.size > 0) sentencesAt[rule]++;
      }
      if (listFaults) for (const f of faults) out.push(`${sentence} | ${f.rule} | ${f.detail}`);
    }
    out.push(`${name}: ${sentences.length} sentences, ${total} ideas; ideas breaking each rule (in how many sentences):`);
    out.push(`  ${rules.map((rule) => `${rule} ${ideasAt[rule]} (${sentencesAt[rule]})`).join(', ')}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

async function main(args: string[]) {
  if (args.includes('--count')) return count(args.includes('--faults'));
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
