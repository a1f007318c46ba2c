/** The text an invoked actor's failure shows: the host's actors fail with it as their error's message. */
export function actorErrorText(event: { type: string }): string {
  const error = (event as { error?: unknown }).error;
  return error instanceof Error ? error.message : String(error);
}
