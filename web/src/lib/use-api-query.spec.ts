import { beforeEach, describe, expect, it } from 'vitest';

import { useToastStore } from '../components/ui/toast-store';
import { ApiRequestError } from './api-client';
import { ApiQueryRunner, type ApiQuerySnapshot } from './use-api-query';

/** A load the test answers when it likes. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const toasts = () => useToastStore.getState().toasts.map((t) => [t.title, t.description, t.variant]);

function runner<T>() {
  const seen: ApiQuerySnapshot<T>[] = [];
  const topics = new Map<string, () => void>();
  const query = new ApiQueryRunner<T>(
    (snapshot) => seen.push(snapshot),
    (topic, listener) => {
      topics.set(topic, listener);
      return () => topics.delete(topic);
    },
  );
  query.options = { failure: 'Failed to load groups' };
  return { query, seen, topics };
}

describe('useApiQuery: one way every page loads its data', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));

  it('loads when followed, is loading until the first answer, and reloads on its realtime topics', async () => {
    const { query, seen, topics } = runner<string[]>();
    let calls = 0;
    query.load = async () => [`answer ${++calls}`];
    expect(query.snapshot.loading).toBe(true);
    const stop = query.follow(['groups']);
    await settle();
    expect(seen.at(-1)).toEqual({ data: ['answer 1'], loading: false, error: undefined });
    topics.get('groups')!();
    await settle();
    expect(seen.at(-1)!.data).toEqual(['answer 2']);
    stop();
    expect(topics.size).toBe(0);
  });

  it('toasts a failure with the page’s text, keeps the data it had, and clears the error on the next success', async () => {
    const { query, seen } = runner<string>();
    query.load = async () => 'first';
    await query.reload();
    query.load = async () => {
      throw new ApiRequestError(0, 'NETWORK', 'The server could not be reached.');
    };
    await query.reload();
    expect(seen.at(-1)).toMatchObject({ data: 'first', loading: false });
    expect(toasts()).toEqual([['Error', 'Failed to load groups', 'destructive']]);
    query.load = async () => 'again';
    await query.reload();
    expect(seen.at(-1)).toEqual({ data: 'again', loading: false, error: undefined });
  });

  it('shows a refusal’s own message, and nothing for a refusal the page expects (its not-found state)', async () => {
    const { query, seen } = runner<string>();
    query.load = () => Promise.reject(new ApiRequestError(400, 'VALIDATION_FAILED', 'to: must be an e-mail address'));
    await query.reload();
    expect(toasts()).toEqual([['Error', 'to: must be an e-mail address', 'destructive']]);
    useToastStore.setState({ toasts: [] });
    query.options = { failure: 'Failed to load the group', expected: (error) => error.status === 404 };
    query.load = () => Promise.reject(new ApiRequestError(404, 'NOT_FOUND', 'No such group'));
    await query.reload();
    expect(toasts()).toEqual([]);
    expect((seen.at(-1)!.error as ApiRequestError).status).toBe(404);
  });

  it('drops an answer overtaken by a newer load, or arriving after the page stopped following', async () => {
    const { query, seen } = runner<string>();
    const slow = deferred<string>();
    const fast = deferred<string>();
    query.load = () => slow.promise;
    const stop = query.follow([]);
    query.load = () => fast.promise;
    void query.reload();
    fast.resolve('new');
    await settle();
    slow.resolve('old');
    await settle();
    expect(seen.map((s) => s.data)).toEqual(['new']);
    const late = deferred<string>();
    query.load = () => late.promise;
    void query.reload();
    stop();
    late.reject(new Error('gone'));
    await settle();
    expect(seen.map((s) => s.data)).toEqual(['new']);
    expect(toasts()).toEqual([]);
  });
});
