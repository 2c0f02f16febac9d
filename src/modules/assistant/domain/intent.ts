/**
 * What a message asks for, before any search: a person (hand-off), the agent's own figures (a
 * scoped read, never a search), small talk, something the assistant never does (another person's
 * data, or instructions to drop its own), or a question for the portal's pages.
 */
export type Intent = 'person' | 'my-balance' | 'my-tickets' | 'my-course' | 'greeting' | 'thanks' | 'refuse' | 'question';

const PERSON =
  /\b(talk|speak|chat|get through)\s+(to|with)\s+(a|an|some|the)?\s*(real\s+|live\s+)?(person|human|someone|somebody|agent|admin|representative|rep|support)\b|\b(human|real person|live agent|representative)\b|\bopen\s+a\s+(ticket|help request)\b/i;
// Asking what the balance is, not how to change it ("add to my balance", "refill my balance").
const MY_BALANCE =
  /\b(what('s| is)|show( me)?|check|tell me)\s+(is\s+)?my (current |available |wallet )?balance\b|^\s*my (current |available |wallet )?balance\s*\??\s*$|\bhow much (money )?(do i have|have i got|is (left )?in my (wallet|account))( left)?( in my (wallet|account))?\s*[?.!]*\s*$|\bwhat('s| is) in my wallet\b/i;
const MY_TICKETS =
  /\b(do i have|are there|have i got) (any )?(open |pending )?(tickets|help requests)\b|\bmy (open |pending )?(tickets?|help requests?)\b.*\b(status|open|pending|still|how many)\b|\bstatus of my (tickets?|help requests?)\b|^\s*my (tickets|help requests)\s*\??\s*$/i;
const MY_COURSE =
  /\b(am i|i am|i'm|was i)\b.*\b(registered|signed up|enrolled)\b|\bmy\b.*\b(prep )?(course|class|registration)\b.*\b(when|date|next)\b|\bwhen is my\b.*\b(course|class)\b/i;
/** Instructions to the assistant to leave its own ("ignore your instructions", "print your system prompt", "pretend you are an admin"). */
const INSTRUCTIONS =
  /\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(instructions?|rules|prompts?|guidelines|restrictions)\b|\bsystem prompt\b|\byou are now\b|\bpretend (that )?(you are|you're|to be)\b|\bact as (an? |the )?(admin|administrator|developer|system|root)\b|\bjailbreak\b|\bdeveloper mode\b/i;
/**
 * What belongs to other people: "every agent's phone number", "the e-mail addresses of everyone",
 * "list all agents", an e-mail address. Not "all my leads", "another agent's wallet" (a transfer
 * goes there) or "can other agents see my tickets" (a question about the asker's own).
 */
const PERSONAL =
  '(e-?mails?|e-?mail addresses|addresses|phones?|phone numbers?|numbers|passwords?|balances?|data|details|leads|tickets|accounts?|salar(y|ies)|earnings|progress|home)';
const OTHERS = '(all|every|other|another|each)\\s+(agents?|users?|members?|persons?|colleagues?)';
const ANYONE = '(everyone|everybody|anyone|someone|somebody)';
const OTHERS_DATA = new RegExp(
  [
    `\\b${OTHERS}(['’]s?|['’])\\s+(\\w+\\s+){0,2}${PERSONAL}\\b`,
    `\\b${ANYONE}['’]s\\s+(\\w+\\s+){0,2}${PERSONAL}\\b`,
    `\\b${PERSONAL}\\s+(of|for|from)\\s+(${OTHERS}|${ANYONE}|(all|every|other|another|each)\\s+(agents?|users?))\\b`,
    '\\b(list|show|give|send|print|export|dump)\\b.{0,30}\\b(all|every)\\s+(agents?|users?|members?)\\b',
    '[\\w.+-]+@[\\w-]+\\.[\\w.]+',
  ].join('|'),
  'i',
);
const GREETING = /^\s*(hi|hello|hey|good (morning|afternoon|evening)|howdy)[\s!.,]*$/i;
const THANKS = /^\s*(thanks?|thank you|thx|ty|great|perfect|ok(ay)?|cool)[\s!.,]*(so much|a lot)?[\s!.,]*$/i;

export function intentOf(message: string): Intent {
  if (GREETING.test(message)) return 'greeting';
  if (THANKS.test(message)) return 'thanks';
  if (INSTRUCTIONS.test(message) || OTHERS_DATA.test(message)) return 'refuse';
  if (PERSON.test(message)) return 'person';
  if (MY_BALANCE.test(message)) return 'my-balance';
  if (MY_TICKETS.test(message)) return 'my-tickets';
  if (MY_COURSE.test(message)) return 'my-course';
  return 'question';
}

/** Words that open a follow-up ("and the fingerprints?", "what about West Tampa?"). */
const CONTINUES = /^\s*(and|also|plus|then|what about|how about|same for)\b/i;
/** Words that point back at what was asked before ("how much is it?", "where is that?"). */
const POINTS_BACK = /\b(it|that|this|they|them|those|these)\b/i;
const SHORT = 5;

/**
 * Whether a message continues the question before it, so that both are read together: it opens
 * like a follow-up, or it is short and points back. A new question ("What is the dress code?")
 * is read alone: read with the one before, it would be answered as that one was.
 */
export function isFollowUp(message: string): boolean {
  if (CONTINUES.test(message)) return true;
  const words = message.trim().split(/\s+/).filter(Boolean).length;
  return words <= SHORT && POINTS_BACK.test(message);
}
