import { useEffect, useState } from 'react';

import { toast } from '../components/ui/toast-store';
import { ApiRequestError } from './api-client';
import { onRealtimeChange } from './realtime';

export type ApiQueryOptions = {
  /** The error toast's text when loading fails ('Failed to load groups'); a refusal (4xx) shows the server's own message. */
  failure: string;
  /** Realtime topics whose change reloads the data: the read model changed elsewhere (another tab, a job). */
  reloadOn?: readonly string[];
  /** Refusals the page shows itself (a 404 'not found'): kept in `error`, with no toast. */
  expected?: (error: ApiRequestError) => boolean;
  /** While false nothing is loaded (a dialog that is closed). */
  enabled?: boolean;
};

export type ApiQuerySnapshot<T> = {
  /** The last answer; kept while reloading and after a failed reload, so the page does not flicker. */
  data: T | undefined;
  /** True until the first answer (data or failure). */
  loading: boolean;
  /** The last load's failure, cleared by the next success. */
  error: unknown;
};

export type ApiQuery<T> = ApiQuerySnapshot<T> & {
  /** Loads again now (after a write of the page's own); resolves once the answer is shown (or toasted). */
  reload: () => Promise<void>;
};

type Subscribe = (topic: string, listener: () => void) => () => void;

/**
 * The state behind useApiQuery, without React: one load at a time counts (an answer that
 * arrives after a newer load started, or after the page stopped following, is dropped), and
 * a failure is toasted the same way on every page.
 */
export class ApiQueryRunner<T> {
  snapshot: ApiQuerySnapshot<T> = { data: undefined, loading: true, error: undefined };
  load: () => Promise<T> = () => Promise.reject(new Error('Nothing to load'));
  options: ApiQueryOptions = { failure: 'Failed to load' };
  private generation = 0;

  constructor(
    private readonly onChange: (snapshot: ApiQuerySnapshot<T>) => void,
    private readonly subscribe: Subscribe = onRealtimeChange,
  ) {}

  readonly reload = async (): Promise<void> => {
    const mine = ++this.generation;
    try {
      const data = await this.load();
      if (mine === this.generation) this.set({ data, loading: false, error: undefined });
    } catch (error) {
      if (mine !== this.generation) return;
      this.set({ data: this.snapshot.data, loading: false, error });
      const expected = error instanceof ApiRequestError && this.options.expected?.(error);
      if (!expected) toast({ title: 'Error', description: failureText(error, this.options.failure), variant: 'destructive' });
    }
  };

  /** Loads now and again on each change of the topics; the returned stop drops answers still on their way. */
  follow(topics: readonly string[]): () => void {
    void this.reload();
    const stops = topics.map((topic) => this.subscribe(topic, () => void this.reload()));
    return () => {
      this.generation++;
      stops.forEach((stop) => stop());
    };
  }

  private set(snapshot: ApiQuerySnapshot<T>): void {
    this.snapshot = snapshot;
    this.onChange(snapshot);
  }
}

const failureText = (error: unknown, failure: string) =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : failure;

/**
 * Every page's data: loaded when the page opens and whenever `key` changes (say the path with
 * its filters), again on the realtime topics in `reloadOn`, and on `reload()` after a write.
 * While `loading` a page shows its 'Loading...' status; a failure is an 'Error' toast with
 * `failure` as its text, and the last data stays shown (none yet: the page's empty state).
 */
export function useApiQuery<T>(key: string, load: () => Promise<T>, options: ApiQueryOptions): ApiQuery<T> {
  const [snapshot, setSnapshot] = useState<ApiQuerySnapshot<T>>({ data: undefined, loading: true, error: undefined });
  const [runner] = useState(() => new ApiQueryRunner<T>(setSnapshot));
  // The latest closure and options: a reload uses what this render saw.
  runner.load = load;
  runner.options = options;
  const enabled = options.enabled ?? true;
  const topics = (options.reloadOn ?? []).join(' ');
  useEffect(() => (enabled ? runner.follow(topics ? topics.split(' ') : []) : undefined), [runner, key, enabled, topics]);
  return { ...snapshot, reload: runner.reload };
}
