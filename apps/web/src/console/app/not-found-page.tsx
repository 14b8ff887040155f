import { Link } from 'react-router';
import { usePageHeading } from './use-page-title.ts';

export function NotFoundPage() {
  const heading = usePageHeading('Page not found');
  return (
    <>
      <h1 tabIndex={-1} ref={heading}>
        Page not found
      </h1>
      <p>
        There is no such page in the staff console. <Link to="/">Go to the home page</Link>.
      </p>
    </>
  );
}
