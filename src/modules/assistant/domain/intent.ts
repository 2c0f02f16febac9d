/**
 * What a message asks for, before any search: a person (hand-off), the agent's own figures (a
 * scoped read, never a search), small talk, or a question for the portal's pages.
 */
export type Intent = 'person' | 'my-balance' | 'my-tickets' | 'my-course' | 'greeting' | 'thanks' | 'question';

const PERSON =
  /\b(talk|speak|chat|get through)\s+(to|with)\s+(a|an|some|the)?\s*(real\s+|live\s+)?(person|human|someone|somebody|agent|admin|representative|rep|support)\b|\b(human|real person|live agent|representative)\b|\bopen\s+a\s+(ticket|help request)\b/i;
const MY_BALANCE =
  /\bmy (current |available |wallet )?balance\b|\bhow much (money )?(do i have|have i got|is (left )?in my (wallet|account))\b|\bwhat('s| is) in my wallet\b/i;
const MY_TICKETS =
  /\b(do i have|are there|have i got) (any )?(open |pending )?(tickets|help requests)\b|\bmy (open |pending )?(tickets?|help requests?)\b.*\b(status|open|pending|still|how many)\b|\bstatus of my (tickets?|help requests?)\b|^\s*my (tickets|help requests)\s*\??\s*$/i;
const MY_COURSE =
  /\b(am i|i am|i'm|was i)\b.*\b(registered|signed up|enrolled)\b|\bmy\b.*\b(prep )?(course|class|registration)\b.*\b(when|date|next)\b|\bwhen is my\b.*\b(course|class)\b/i;
const GREETING = /^\s*(hi|hello|hey|good (morning|afternoon|evening)|howdy)[\s!.,]*$/i;
const THANKS = /^\s*(thanks?|thank you|thx|ty|great|perfect|ok(ay)?|cool)[\s!.,]*(so much|a lot)?[\s!.,]*$/i;

export function intentOf(message: string): Intent {
  if (GREETING.test(message)) return 'greeting';
  if (THANKS.test(message)) return 'thanks';
  if (PERSON.test(message)) return 'person';
  if (MY_BALANCE.test(message)) return 'my-balance';
  if (MY_TICKETS.test(message)) return 'my-tickets';
  if (MY_COURSE.test(message)) return 'my-course';
  return 'question';
}
