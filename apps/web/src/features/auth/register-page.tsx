import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The spec keeps /register as a route that exists but is empty; the heading keeps the page navigable. */
export function RegisterPage() {
  useDocumentTitle('Register');
  return (
    <div className="page page--narrow">
      <h1>Register</h1>
    </div>
  );
}
