import { beforeEach, describe, expect, it } from 'vitest';

import { toast, useToastStore } from './toast-store';

describe('toasts', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));

  it('keeps the three newest, each with its own id and the default variant unless told', () => {
    for (const n of [1, 2, 3, 4]) toast({ title: `t${n}`, ...(n === 4 ? { variant: 'destructive' as const } : {}) });
    const shown = useToastStore.getState().toasts;
    expect(shown.map((t) => [t.title, t.variant])).toEqual([
      ['t2', 'default'],
      ['t3', 'default'],
      ['t4', 'destructive'],
    ]);
    expect(new Set(shown.map((t) => t.id)).size).toBe(3);
  });

  it('dismisses one toast by id and leaves the others', () => {
    toast({ title: 'a' });
    toast({ title: 'b' });
    const [first] = useToastStore.getState().toasts;
    useToastStore.getState().dismiss(first!.id);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['b']);
  });
});
