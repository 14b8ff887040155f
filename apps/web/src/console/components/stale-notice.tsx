import { Button } from '../../components/ui/button.tsx';
import { Notice } from '../../components/ui/notice.tsx';

/**
 * A save refused with 412: someone else changed the record since this page
 * read it. Nothing was saved; the member reloads to see their change, then
 * tries again, so no one's work is overwritten silently.
 */
export function StaleNotice({ message, reloadLabel, onReload }: { message: string | null; reloadLabel: string; onReload: () => void }) {
  if (!message) return null;
  return (
    <Notice tone="warning" role="alert" title="Not saved">
      <p>{message}</p>
      <Button variant="secondary" onClick={onReload}>
        {reloadLabel}
      </Button>
    </Notice>
  );
}
