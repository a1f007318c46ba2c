/**
 * A code shown as the spec shows it (an order's status: PENDING_PICKUP_CASH): where its text may
 * wrap, it breaks after an underscore, never inside a word, so a narrow column takes it on two
 * lines instead of widening the table; where its text does not wrap (`whitespace-nowrap`), it stays
 * on one line. Its text is the code's, unchanged.
 */
export function CodeText({ code }: { code: string }) {
  const parts = code.split('_');
  // Each piece with its underscore is one box: lines break between the boxes only.
  return (
    <>
      {parts.map((part, i) => (
        <span key={i} className="inline-block">
          {i < parts.length - 1 ? `${part}_` : part}
        </span>
      ))}
    </>
  );
}
