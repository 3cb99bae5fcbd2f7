import { humanize } from '../../shared/humanize';

export type Tone = 'good' | 'bad' | 'fair' | 'neutral';

/**
 * A status the service sends, as a badge. A value Callscope knows keeps its tone; a value the
 * interface never showed (it closes few of its lists) reads as words in the neutral style, and
 * a missing one as a dash.
 */
export function StatusBadge({
  value,
  tones,
  label,
}: {
  value: string | null | undefined;
  tones: Readonly<Record<string, Tone>>;
  /** The words to show instead of the humanised value. */
  label?: string;
}) {
  if (!value) return label ? <span className="badge tone-neutral">{label}</span> : <span className="muted">—</span>;
  const tone = Object.hasOwn(tones, value) ? tones[value] : 'neutral';
  const text = label ?? humanize(value);
  return (
    <span className={`badge tone-${tone}`} title={text}>
      {text}
    </span>
  );
}
