import type { CSSProperties } from 'react';

/** A spinner with a spoken label; `label` is what a screen reader hears while waiting. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A grey placeholder block; decorative, so the surrounding region announces the loading state. */
export function Skeleton({ width, height = '1em', className }: { width?: CSSProperties['width']; height?: CSSProperties['height']; className?: string }) {
  return <span className={['skeleton', className].filter(Boolean).join(' ')} style={{ width, height }} aria-hidden="true" />;
}
