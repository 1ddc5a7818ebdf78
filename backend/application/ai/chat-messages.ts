/** One message of a chat completion request. */
export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * The messages the OpenAI adapter sends for a prompt: the system prompt (left out when blank),
 * then the user prompt. The admin's preview shows exactly these.
 */
export function chatMessages(input: { systemPrompt: string; userPrompt: string }): ChatMessage[] {
  const messages: ChatMessage[] = [];
  if (input.systemPrompt.trim() !== '') messages.push({ role: 'system', content: input.systemPrompt });
  messages.push({ role: 'user', content: input.userPrompt });
  return messages;
}
