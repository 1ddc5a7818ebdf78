/** True for an absolute http(s) address: the only links the app renders from stored or generated text (never javascript: or data:). */
export const isWebLink = (url: string) => /^https?:\/\/[^\s]+$/i.test(url.trim());
