import { useEffect, useState } from 'react';

/** False until `ms` have passed since the component mounted. */
export function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return;
    const handle = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(handle);
  }, [ms]);
  return elapsed;
}
