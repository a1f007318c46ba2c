/**
 * Reads a server-sent event stream in a test: `until(pattern)` waits (two seconds at most) for
 * the text read so far to match.
 */
export function eventStream(response: Response, waitMs = 2000) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  // One read at a time: a wait that ends before its chunk comes keeps the read for the next wait,
  // or that chunk would go to a read nobody awaits any more.
  let reading: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  const next = async (deadline: number) => {
    reading ??= reader.read();
    const chunk = await Promise.race([reading, new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now())))]);
    if (chunk !== null) reading = null;
    return chunk;
  };
  return {
    /** Whether the text read (from `from` on, when given) matches within the wait (the stream's, or `wait`). */
    async until(pattern: RegExp, from = 0, wait = waitMs): Promise<boolean> {
      const deadline = Date.now() + wait;
      while (!pattern.test(text.slice(from))) {
        const chunk = await next(deadline);
        if (chunk === null || chunk.done) break;
        text += decoder.decode(chunk.value);
      }
      return pattern.test(text.slice(from));
    },
    /** What was read so far. */
    text: () => text,
    /** Whether the server ends the stream within the wait. */
    async ended(): Promise<boolean> {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const chunk = await next(deadline);
        if (chunk === null) return false;
        if (chunk.done) return true;
        text += decoder.decode(chunk.value);
      }
    },
    close: () => reader.cancel(),
  };
}

/** The stream's event naming the order among those changed. */
export const changeOf = (orderId: number) => new RegExp(`event: change\\ndata: \\{"orders":\\[[0-9,]*\\b${orderId}\\b`);
