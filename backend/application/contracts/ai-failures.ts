/**
 * Member-product §8: what a member reads when the AI's answer could not be used (an answer that
 * is not JSON, or JSON without what was asked: `parse_error`, `validation_error`). The one
 * place the sentence is written: the server sends it (ideas, plans, milestones) and the plan
 * screens fall back to it, through `@contracts/ai-failures`.
 */
export const aiAnswerInvalidMessage = 'AI response was invalid. Please try again.';
