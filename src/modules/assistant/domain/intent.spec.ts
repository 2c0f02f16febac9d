import { describe, expect, it } from 'vitest';

import { intentOf } from './intent.js';

describe('what a message asks for', () => {
  it.each([
    ['I want to talk to a real person', 'person'],
    ['Can I speak with someone from support?', 'person'],
    ['please open a ticket for me', 'person'],
    ["What's my balance?", 'my-balance'],
    ['how much money do I have', 'my-balance'],
    ['Do I have any open tickets?', 'my-tickets'],
    ['what is the status of my tickets', 'my-tickets'],
    ['Am I registered for the prep course?', 'my-course'],
    ['When is my prep course?', 'my-course'],
    ['Hello!', 'greeting'],
    ['thanks a lot', 'thanks'],
    ['How much does licensing cost?', 'question'],
    ['How do I add money to my wallet?', 'question'],
    ['How do I submit a help request?', 'question'],
  ])('%s → %s', (message, intent) => {
    expect(intentOf(message)).toBe(intent);
  });
});
