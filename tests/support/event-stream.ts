/**
 * Reads a server-sent event stream in a test: `until(pattern)` waits (two seconds at most) for
 * the text read so far to match.
 */
export function eventStream(response: Response, waitMs = 2000) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    async until(pattern: RegExp): Promise<boolean> {
      const deadline = Date.now() + waitMs;
      while (!pattern.test(text)) {
        const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now())))]);
        if (chunk === null || chunk.done) break;
        text += decoder.decode(chunk.value);
      }
      return pattern.test(text);
    },
    /** Whether the server ends the stream within the wait. */
    async ended(): Promise<boolean> {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now())))]);
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
