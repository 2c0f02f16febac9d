/** How unanswered questions are counted together: the same words, whatever the case, spacing or final punctuation. */
export const questionKey = (question: string): string =>
  question
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s?!.]+$/, '')
    .trim()
    .slice(0, 300);
