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
  /** Changes the shown data at once (what the page just wrote, before the read model has it). */
  update: (change: (data: T | undefined) => T | undefined) => void;
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
      if (!expected) toastFailure(error, this.options.failure);
    }
  };

  readonly update = (change: (data: T | undefined) => T | undefined): void => this.set({ ...this.snapshot, data: change(this.snapshot.data) });

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

/** The one load-failure toast: a refusal (4xx) in the server's words, anything else in the page's. */
const toastFailure = (error: unknown, failure: string) =>
  toast({
    title: 'Error',
    description: error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : failure,
    variant: 'destructive',
  });

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
  return { ...snapshot, reload: runner.reload, update: runner.update };
}

/** One page of a list the server pages by cursor: its items and the cursor of the next (older) page, if any. */
export type ApiPage<TItem, TCursor> = { items: TItem[]; next: TCursor | null };

/**
 * A list paged by cursor ('Load more'): the first page is a useApiQuery (with its reloads),
 * older pages are added on `loadMore()` and dropped when the first page is loaded again.
 * `loadPage(null)` is the first page; it may carry more than the page (what the list needs beside it).
 */
export function useApiPages<TItem, TCursor, TPage extends ApiPage<TItem, TCursor>>(
  key: string,
  loadPage: (cursor: TCursor | null) => Promise<TPage>,
  options: ApiQueryOptions & { itemKey?: (item: TItem) => unknown },
) {
  const first = useApiQuery(key, () => loadPage(null), options);
  const [older, setOlder] = useState<{ after: TPage; items: TItem[]; next: TCursor | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const shown = older && older.after === first.data ? older : null;
  const items = first.data ? [...first.data.items, ...(shown?.items ?? [])] : undefined;
  const next = shown ? shown.next : (first.data?.next ?? null);

  const loadMore = async () => {
    const after = first.data;
    if (!after || next === null) return;
    setLoadingMore(true);
    try {
      const page = await loadPage(next);
      setOlder((current) => {
        const before = current?.after === after ? current.items : [];
        // A page boundary that moved meanwhile (a new entry on top) would repeat a row: each is kept once.
        const known = new Set([...after.items, ...before].map((item) => options.itemKey?.(item) ?? item));
        return { after, items: [...before, ...page.items.filter((item) => !known.has(options.itemKey?.(item) ?? item))], next: page.next };
      });
    } catch (error) {
      toastFailure(error, options.failure);
    } finally {
      setLoadingMore(false);
    }
  };

  return { ...first, items, next, loadMore, loadingMore };
}
