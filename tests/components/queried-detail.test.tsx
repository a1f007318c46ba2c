import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useQueriedDetail } from '@/ui/detail-tab';
import { deferred, type Deferred } from '../support/fakes';

/**
 * A detail shown for its host's query (issue 39: no remount key): the host gives another query and
 * the same chart reads it; an older read still on its way is never shown.
 */
function Shown({ query, reads }: { query: string; reads: { query: string; answer: Deferred<string> }[] }) {
  const tab = useQueriedDetail(({ query: asked }) => {
    const answer = deferred<string>();
    reads.push({ query: asked, answer });
    return answer.promise;
  }, query);
  return <p>{tab.state === 'loaded' ? `leído ${tab.data}` : tab.state}</p>;
}

describe('useQueriedDetail', () => {
  it("reads the host's query when shown, then each new one, and shows only the last answer", async () => {
    const reads: { query: string; answer: Deferred<string> }[] = [];
    const { rerender } = render(<Shown query="a" reads={reads} />);
    expect(reads.map((r) => r.query)).toEqual(['a']);
    reads[0]!.answer.resolve('a');
    expect(await screen.findByText('leído a')).toBeTruthy();

    rerender(<Shown query="b" reads={reads} />);
    rerender(<Shown query="c" reads={reads} />);
    expect(reads.map((r) => r.query)).toEqual(['a', 'b', 'c']);
    reads[2]!.answer.resolve('c');
    expect(await screen.findByText('leído c')).toBeTruthy();
    reads[1]!.answer.resolve('b');
    await Promise.resolve();
    expect(screen.queryByText('leído b')).toBeNull();

    // The same query again (a new object, the same value) is not read again.
    rerender(<Shown query="c" reads={reads} />);
    expect(reads).toHaveLength(3);
  });
});
