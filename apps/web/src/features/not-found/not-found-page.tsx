import { SCREEN_TEXT } from '@tours/domain/messages';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Any path the router does not know (spec section 2, Page Not Found). */
export function NotFoundPage() {
  useDocumentTitle(SCREEN_TEXT.pageNotFound);
  return (
    <div className="page page--narrow">
      <Notice tone="warning" title={SCREEN_TEXT.pageNotFound} titleAs="h1" className="not-found">
        <p>The page you were looking for may have moved, or the address may have been mistyped.</p>
        <ButtonLink to="/">Home Page</ButtonLink>
      </Notice>
    </div>
  );
}
