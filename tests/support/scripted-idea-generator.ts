import {
  AiGenerationError,
  type AiUsage,
  type IdeaGenerator,
  type IdeaPromptInput,
} from '../../backend/application/ports/idea-generator';

type Step = { error: Error } | { text: string };

export const scriptedUsage: AiUsage = { model: 'scripted-model', inputTokens: 120, outputTokens: 480, costUsd: 0.0051 };

/**
 * An IdeaGenerator for API tests: records every prompt it receives, answers with valid ideas
 * for the prompt's categories in a few chunks, or follows a script (fail, or answer a given
 * text) for the next calls.
 */
export class ScriptedIdeaGenerator implements IdeaGenerator {
  readonly kind = 'offline' as const;
  readonly calls: IdeaPromptInput[] = [];
  private readonly script: Step[] = [];

  failNext(error: Error = new AiGenerationError('timeout', 'Request timed out. Please try again.')) {
    this.script.push({ error });
    return this;
  }

  answerNext(text: string) {
    this.script.push({ text });
    return this;
  }

  get lastCall(): IdeaPromptInput {
    return this.calls[this.calls.length - 1];
  }

  async generateIdeas(input: IdeaPromptInput, onChunk: (text: string) => void): Promise<{ text: string; usage: AiUsage }> {
    this.calls.push(input);
    const step = this.script.shift();
    if (step && 'error' in step) {
      onChunk('{"categories": [');
      throw step.error;
    }
    const text = step?.text ?? JSON.stringify(ideasFor(input));
    const size = Math.ceil(text.length / 3);
    for (let at = 0; at < text.length; at += size) {
      onChunk(text.slice(at, at + size));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { text, usage: scriptedUsage };
  }
}

export function ideasFor(input: IdeaPromptInput) {
  return {
    categories: input.categories.map((c) => ({ id: c.key, name: c.label, color: 'green' })),
    ideas: input.categories.flatMap((c) =>
      Array.from({ length: input.ideasPerCategory }, (_, i) => ({
        id: `${c.key}-${i + 1}`,
        title: `${input.request.skill} idea ${i + 1} (${c.label})`,
        subtitle: 'Who pays and for what',
        description: `Use ${input.request.skill} to earn through ${c.label}.`,
        category: c.key,
        industry: 'Services',
        method: 'Direct sales',
        pricing: '$50-150 per project',
      })),
    ),
    personalized: input.personalized,
  };
}

/** The `data:` messages of an idea stream, in order. */
export function streamMessages(body: string): any[] {
  return body
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)));
}
