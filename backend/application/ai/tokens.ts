import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';

/**
 * Token counts with the model's own tokenizer (gpt-tokenizer bundles the encodings; nothing is
 * downloaded at run time): o200k for the gpt-4o / gpt-4.1 / o-series family and any model we do
 * not know, cl100k for gpt-4, gpt-4-turbo and gpt-3.5-turbo.
 */
export function encodingFor(model: string): 'o200k_base' | 'cl100k_base' {
  const name = model.toLowerCase().replace(/^.*\//, '');
  if (/^gpt-(4|3\.5)(-turbo)?(-\d|-preview|-\d{4}|$)/.test(name) && !name.startsWith('gpt-4o') && !name.startsWith('gpt-4.')) {
    return 'cl100k_base';
  }
  return 'o200k_base';
}

export function countTokens(text: string, model = 'gpt-4o'): number {
  if (text === '') return 0;
  return encodingFor(model) === 'cl100k_base' ? countCl100k(text) : countO200k(text);
}

/** Prompt tokens of a chat request: each message's text plus OpenAI's few tokens of framing. */
export function countPromptTokens(messages: { content: string }[], model = 'gpt-4o'): number {
  return messages.reduce((sum, m) => sum + countTokens(m.content, model) + 4, 3);
}
