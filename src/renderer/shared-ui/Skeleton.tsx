/** Placeholders the size of what will load, so nothing moves when it arrives. */
export function SkeletonRows({
  rows = 5,
  height = 44,
  label = 'Loading',
}: {
  rows?: number;
  height?: number;
  label?: string;
}) {
  return (
    <div className="skeleton-rows" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="skeleton" style={{ height }} />
      ))}
    </div>
  );
}

export function SkeletonBlock({ height, label = 'Loading' }: { height: number; label?: string }) {
  return <div className="skeleton" role="status" aria-label={label} style={{ height }} />;
}
